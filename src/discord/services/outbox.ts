/**
 * Carrying out the posts a table owes (table/outbox.ts), in order, exactly once in
 * the thread: each post is sent with a nonce Discord enforces (a repeat within a
 * few minutes returns the first message instead of posting again), then marked
 * done in the store. A failure is retried with backoff; a restart resumes every
 * table that still owes a post (resume.ts). The next prompt being a post,
 * its player is pinged exactly once.
 */
import {
  DiscordAPIError,
  HTTPError,
  PermissionFlagsBits,
  type AttachmentPayload,
  type BaseMessageOptions,
  type Channel,
  type Message,
  type MessageCreateOptions,
  type SendableChannels,
  type ThreadChannel,
} from 'discord.js';
import { keep, save } from '../../store/index.js';
import {
  boardsOwed,
  clearRefused,
  closeThreadAt,
  pendingPosts,
  posted,
  type GameTable,
  type Post,
  type Refused,
  type Table,
  threadIdOf,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import { gone, refused, type AnsweredInteraction, type ThreadWebhooks } from '../wire/followups.js';
import { t } from '../../i18n/index.js';
import { inGameLocale } from '../messages/locale.js';
import { errorText } from '../../runtime/log.js';
import { boardMessage, endMessage } from '../messages/board.js';
import { describeMove, occasionText } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';
import { nonceOf } from '../wire/limits.js';
import { waitForUnlock } from './locked.js';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;
/**
 * How long after a follow-up whose answer never came the thread is looked at for it:
 * the request was given up at the REST client's timeout, and may land a little later.
 */
const UNANSWERED_SETTLE_MS = 3_000;
/** How many of a thread's last messages are looked through for posts of ours. */
const LOOKBACK = 50;

/** A follow-up that failed without a refusal: it may have been posted (wire/followups.ts). */
class PostUnsure extends Error {
  /** No answer came at all (a 5xx is an answer): the request may still land, so the thread is looked at later. */
  readonly unanswered: boolean;

  constructor(cause: unknown) {
    super(`the board may have been posted: ${errorText(cause)}`, { cause });
    this.unanswered = !(cause instanceof HTTPError || cause instanceof DiscordAPIError);
  }
}

/**
 * The post's pictures named after it (`table-7.png`), so that a post made without
 * our knowing (no nonce on a follow-up) is recognised in the thread.
 */
function namedAfter(view: BaseMessageOptions, seq: number): MessageCreateOptions {
  const files = (view.files ?? []).map((file) => {
    const payload = file as AttachmentPayload;
    return { ...payload, name: postFileName(payload.name ?? 'picture.png', seq) };
  });
  return { ...(view as MessageCreateOptions), files };
}

function postFileName(name: string, seq: number): string {
  return name.replace(/(\.[a-z]+)?$/, `-${seq}$1`);
}

function postKey(tableId: string, seq: number): string {
  return `${tableId}/${seq}`;
}

/** The game's last post made: its thread is due to be archived ARCHIVE_AFTER_S from now, saved with it (archive.ts). */
function closing(bot: Bot, table: Table): Table {
  const last = table.status === 'finished' && pendingPosts(table).length === 0 && bot.config.archiveAfterS > 0;
  return last ? closeThreadAt(table, clock.now() + bot.config.archiveAfterS * 1000) : table;
}

export class Outbox {
  /** Deliveries running now, per table: a second caller waits for the same one. */
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly retries = new Map<string, { readonly timer: clock.Timer; readonly delayMs: number }>();
  /** Posts that may have been made without our knowing (by key): looked for in the thread before posting again. */
  private readonly unsure = new Set<string>();
  /** Tables resumed at start-up whose owed posts the previous process may have made. */
  private readonly resumed = new Set<string>();
  /** Clearings under way (by key): a delivery meanwhile leaves them be. */
  private readonly clearing = new Set<string>();
  private stopped = false;

  constructor(
    private readonly bot: () => Bot,
    private readonly webhooks: ThreadWebhooks,
  ) {}

  /** An interaction made in a thread was answered: the thread's posts may go through its webhook (wire/followups.ts). */
  lend(interaction: AnsweredInteraction): void {
    this.webhooks.lend(interaction);
  }

  /**
   * At start-up: deliver what the table owes, after looking in the thread for the
   * boards the previous process may have posted without saving it.
   */
  resume(tableId: string): Promise<boolean> {
    this.resumed.add(tableId);
    return this.flush(tableId);
  }

  /**
   * Deliver what the table owes: its boards and ends now, in order, true once they
   * are all made (a failure is retried later on its own); then, in the background,
   * the clearings of older turn messages, which nobody waits for. `known`: the table
   * as its caller has just saved it, so that it is not read again.
   */
  flush(tableId: string, known?: Table): Promise<boolean> {
    const running = this.running.get(tableId);
    if (running) return running;
    const delivery = this.deliver(tableId, known).finally(() => this.running.delete(tableId));
    this.running.set(tableId, delivery);
    return delivery;
  }

  /** Deliver in the background. */
  kick(tableId: string): void {
    void this.flush(tableId);
  }

  stop(): void {
    this.stopped = true;
    this.webhooks.stop();
    for (const { timer } of this.retries.values()) timer.cancel();
    this.retries.clear();
  }

  /** Deliveries under way (a graceful stop waits for them; posts waiting for a retry resume at the next start). */
  pending(): number {
    return this.running.size;
  }

  private async deliver(tableId: string, known?: Table): Promise<boolean> {
    const bot = this.bot();
    try {
      let table = known ?? (await this.load(tableId));
      if (table && this.resumed.delete(tableId))
        for (const post of boardsOwed(table)) this.unsure.add(postKey(tableId, post.seq));
      for (;;) {
        if (this.stopped) return false;
        const next = table && boardsOwed(table)[0];
        if (!table || !next) break;
        // A thread a moderator locked is not reopened: the game waits for it (locked.ts).
        if (table.status === 'playing' && (await isLocked(bot, table))) {
          await waitForUnlock(bot, table);
          return false;
        }
        table = await this.make(bot, table, next);
      }
      this.retries.delete(tableId);
      bot.scheduler.kick(tableId);
      if (table) this.clearLater(bot, table);
      return true;
    } catch (error) {
      this.retryLater(tableId, error);
      return false;
    }
  }

  private async load(tableId: string): Promise<Table | null> {
    const loaded = await this.bot().store.get(tableId);
    return loaded.kind === 'found' ? loaded.table : null;
  }

  /** Take the buttons off older turn messages (edits, in their own rate-limit bucket), all at once, while the game goes on. */
  private clearLater(bot: Bot, table: Table): void {
    const clears = pendingPosts(table).filter(
      (post) => post.kind === 'clear' && !this.clearing.has(postKey(table.id, post.seq)),
    );
    if (clears.length === 0) return;
    const keys = clears.map((post) => postKey(table.id, post.seq));
    keys.forEach((key) => this.clearing.add(key));
    void Promise.all(clears.map((post) => this.make(bot, table, post)))
      .then(() => {
        // A finished game's last clearing sets when its thread closes: the scheduler arms that.
        if (table.status === 'finished') bot.scheduler.kick(table.id);
      })
      .catch((error: unknown) => this.retryLater(table.id, error))
      .finally(() => keys.forEach((key) => this.clearing.delete(key)));
  }

  /** Make one post and mark it done (the table as saved then; null once it is gone); a post whose thread or message is gone is dropped. */
  private async make(bot: Bot, table: Table, post: Post): Promise<Table | null> {
    const messageId = await inGameLocale(table, () => this.send(bot, table, post)).catch((error: unknown) => {
      if (!gone(error)) return this.unlessGivenUp(bot, table, post, error);
      bot.log.warn('a post found its thread or message gone: skipped', {
        game: table.id,
        post: post.kind,
        error: errorText(error),
      });
      return null;
    });
    const marked = await bot.store.update(table.id, (current) => {
      const after = closing(bot, posted(current, post.seq, messageId));
      return after === current ? keep() : save(after);
    });
    this.unsure.delete(postKey(table.id, post.seq));
    return marked.table;
  }

  /**
   * A clearing Discord refused for a reason trying again will not change (a permission
   * taken away, a thread locked by hand): counted on the table, and at the limit given
   * up (giveup.ts), logged, and the thread told the first time. Anything else is thrown
   * on, to be tried again.
   */
  private async unlessGivenUp(bot: Bot, table: Table, post: Post, error: unknown): Promise<null> {
    if (post.kind !== 'clear' || !refused(error)) throw error;
    const counted: { refused?: Refused<Table> } = {};
    await bot.store.update(table.id, (current) => {
      counted.refused = clearRefused(current, post.seq, clock.now());
      return counted.refused.table === current ? keep() : save(counted.refused.table);
    });
    if (!counted.refused?.gaveUp) throw error;
    bot.log.warn("Discord keeps refusing to clear an old board's buttons: given up", {
      game: table.id,
      message: post.messageId,
      refusals: counted.refused.refusals,
      error: errorText(error),
    });
    // Its buttons stay: they only answer that they are from an earlier turn, which the thread hears once.
    if (counted.refused.firstOfKind)
      await this.tell(
        table,
        inGameLocale(table, () => t('refusal.buttonsStay')),
      );
    return null;
  }

  /** A word to the thread: through its webhook while one is lent (it may work where the channel's route is refused). */
  async tell(table: Table, content: string): Promise<void> {
    const bot = this.bot();
    const notice = { content, allowedMentions: { parse: [] } };
    try {
      if (table.status === 'lobby' || (await this.webhooks.post(threadIdOf(table), notice))) return;
      await (await threadOf(bot, table as GameTable)).send(notice);
    } catch (error) {
      bot.log.warn('could not tell the game thread', { game: table.id, error: errorText(error) });
    }
  }

  private retryLater(tableId: string, error: unknown): void {
    if (this.stopped) return;
    const backoff = Math.min(LAST_RETRY_MS, 2 * (this.retries.get(tableId)?.delayMs ?? FIRST_RETRY_MS / 2));
    const delayMs = error instanceof PostUnsure && error.unanswered ? Math.max(backoff, UNANSWERED_SETTLE_MS) : backoff;
    this.bot().log.warn('could not post in the game thread: will try again', {
      game: tableId,
      retry_ms: delayMs,
      error: errorText(error),
    });
    const timer = clock.after(delayMs, () => this.kick(tableId));
    this.retries.set(tableId, { timer, delayMs });
  }

  /** Make one post; the id of the message it made, if any. */
  private async send(bot: Bot, table: Table, post: Post): Promise<string | null> {
    if (table.status === 'lobby' || !table.game) return null;
    const gameTable = table as GameTable;
    const thread = await threadOf(bot, gameTable);
    if (post.kind === 'clear') {
      if (!(await this.webhooks.clearButtons(post.messageId)))
        await thread.messages.edit(post.messageId, { components: [] });
      return null;
    }
    if (post.kind === 'withdraw') {
      // A board whose move was taken back (table/undo.ts): a message gone already is skipped (make()).
      await thread.messages.delete(post.messageId);
      return null;
    }
    const told = [...(post.held ?? []), ...(post.move ? [post.move] : [])];
    const happened = told.map((move) => describeMove(move, table.seats, gameTable.game.options.grid));
    if (post.kind === 'turn') {
      const view = await boardMessage(gameTable, [
        ...happened,
        ...(post.occasion ? [occasionText(post.occasion)] : []),
      ]);
      return this.create(bot, table.id, thread, post.seq, namedAfter(view, post.seq));
    }
    const view = await endMessage(gameTable, post.game, happened.join('\n') || null);
    if (!view) return null;
    return this.create(bot, table.id, thread, post.seq, namedAfter(view, post.seq));
  }

  /**
   * Post a board or an end of game: through the thread's webhook when one is lent
   * (no global request), else on the channel with a nonce Discord enforces. A post
   * that may have been made already is first looked for in the thread.
   */
  private async create(bot: Bot, tableId: string, thread: Thread, seq: number, view: MessageCreateOptions) {
    const key = postKey(tableId, seq);
    if (this.unsure.has(key)) {
      const found = await findPosted(bot, thread, view);
      if (found) return found;
    } else {
      // Until the store knows it was made (make()), a post tried as a follow-up is unsure: it has no nonce.
      this.unsure.add(key);
      const posted = await this.webhooks.post(thread.id, view).catch((error: unknown) => {
        throw new PostUnsure(error);
      });
      if (posted) return posted;
      // Declined (no webhook, its budget spent, or refused): nothing was posted, the nonce covers what follows.
      this.unsure.delete(key);
    }
    return (await thread.send({ ...view, nonce: nonceOf('', tableId, seq), enforceNonce: true })).id;
  }
}

/** The id of a message of ours in the thread carrying the view's first picture (by its name), if any. */
async function findPosted(bot: Bot, thread: Thread, view: MessageCreateOptions): Promise<string | null> {
  const name = (view.files?.[0] as AttachmentPayload | undefined)?.name;
  if (!name) return null;
  const mine = (await ourRecentMessages(bot, thread)).find((m) => m.attachments.some((a) => a.name === name));
  return mine?.id ?? null;
}

/** The bot's own messages among a thread's last ones (none without Read Message History: Discord shows none). */
export async function ourRecentMessages(bot: Bot, thread: Channel | null): Promise<Message[]> {
  const me = bot.client.user;
  if (!me || !thread?.isThread() || !thread.permissionsFor(me)?.has(PermissionFlagsBits.ReadMessageHistory)) return [];
  const recent = await thread.messages.fetch({ limit: LOOKBACK });
  return [...recent.values()].filter((m) => m.author.id === me.id);
}

/** Whether the game's thread is locked now (a thread Discord cannot give is for the posts to find out). */
async function isLocked(bot: Bot, table: GameTable): Promise<boolean> {
  const channel = await bot.client.channels.fetch(threadIdOf(table)).catch(() => null);
  return channel?.isThread() === true && channel.locked === true;
}

type Thread = SendableChannels & Pick<ThreadChannel, 'messages'>;

async function threadOf(bot: Bot, table: GameTable): Promise<Thread> {
  const id = threadIdOf(table);
  const channel = bot.client.channels.cache.get(id) ?? (await bot.client.channels.fetch(id));
  if (!channel?.isSendable() || !('messages' in channel))
    throw new Error(`game thread ${id} is not a channel I can write in`);
  return channel as never;
}
