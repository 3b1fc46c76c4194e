/**
 * Carrying out the posts a table owes (table/outbox.ts), in order, exactly once in
 * the thread: each post is sent with a nonce Discord enforces (a repeat within a
 * few minutes returns the first message instead of posting again), then marked
 * done in the store. A failure is retried with backoff; a restart resumes every
 * table that still owes a post (flows/resume.ts). The next prompt being a post,
 * its player is pinged exactly once.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type MessageCreateOptions, type SendableChannels } from 'discord.js';
import { dynastyResult, result } from '../../game/index.js';
import { keep, save } from '../../store/index.js';
import {
  closeThreadAt,
  dynastyProgress,
  pendingPosts,
  posted,
  type GameTable,
  type Post,
  type Table,
} from '../../table/index.js';
import type { Bot } from '../context.js';
import { inGameLocale } from '../locale.js';
import { errorText } from '../log.js';
import {
  describeDynastySheet,
  describeScoreSheet,
  describeTable,
  renderDynastySheet,
  renderScoreSheet,
  renderTable,
} from '../pictures.js';
import { endView } from '../views/end.js';
import { describeMove, dynastyHeader, occasionText } from '../views/text.js';
import { turnView } from '../views/turn.js';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** A nonce Discord accepts (at most 25 characters), unique per table and post. */
export function postNonce(tableId: string, seq: number): string {
  const table = /^\d+$/.test(tableId) ? BigInt(tableId).toString(36) : tableId;
  return `${table.slice(-18)}.${seq.toString(36)}`.slice(-25);
}

/** Discord answers that will not change by trying again: the thread or the message is gone. */
function gone(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    (error.code === RESTJSONErrorCodes.UnknownChannel || error.code === RESTJSONErrorCodes.UnknownMessage)
  );
}

/** The game's last post made: its thread is due to be archived ARCHIVE_AFTER_S from now, saved with it (flows/archive.ts). */
function closing(bot: Bot, table: Table): Table {
  const last = table.status === 'finished' && pendingPosts(table).length === 0 && bot.config.archiveAfterS > 0;
  return last ? closeThreadAt(table, Date.now() + bot.config.archiveAfterS * 1000) : table;
}

export class Outbox {
  /** Deliveries running now, per table: a second caller waits for the same one. */
  private readonly running = new Map<string, Promise<boolean>>();
  private readonly retries = new Map<string, { readonly timer: NodeJS.Timeout; readonly delayMs: number }>();
  private stopped = false;

  constructor(private readonly bot: () => Bot) {}

  /** Deliver what the table owes, now; true when nothing is left owed. A failure is retried later on its own. */
  flush(tableId: string): Promise<boolean> {
    const running = this.running.get(tableId);
    if (running) return running;
    const delivery = this.deliver(tableId).finally(() => this.running.delete(tableId));
    this.running.set(tableId, delivery);
    return delivery;
  }

  /** Deliver in the background. */
  kick(tableId: string): void {
    void this.flush(tableId);
  }

  stop(): void {
    this.stopped = true;
    for (const { timer } of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }

  /** Deliveries under way (a graceful stop waits for them; posts waiting for a retry resume at the next start). */
  pending(): number {
    return this.running.size;
  }

  private async deliver(tableId: string): Promise<boolean> {
    const bot = this.bot();
    try {
      for (;;) {
        if (this.stopped) return false;
        const loaded = await bot.store.get(tableId);
        if (loaded.kind !== 'found') return true;
        const owed = pendingPosts(loaded.table);
        if (owed.length === 0) break;
        // Boards and ends in order; clearings (edits, in their own rate-limit bucket) once
        // the board is up, all at once, while the game goes on.
        const next = owed.find((p) => p.kind !== 'clear');
        if (!next) bot.scheduler.kick(tableId);
        await Promise.all((next ? [next] : owed).map((post) => this.make(bot, loaded.table, post)));
      }
      this.retries.delete(tableId);
      bot.scheduler.kick(tableId);
      return true;
    } catch (error) {
      this.retryLater(tableId, error);
      return false;
    }
  }

  /** Make one post and mark it done; a post whose thread or message is gone is dropped. */
  private async make(bot: Bot, table: Table, post: Post): Promise<void> {
    const messageId = await inGameLocale(table, () => this.send(bot, table, post)).catch((error: unknown) => {
      if (!gone(error)) throw error;
      bot.log.warn('a post found its thread or message gone: skipped', {
        game: table.id,
        post: post.kind,
        error: errorText(error),
      });
      return null;
    });
    await bot.store.update(table.id, (current) => {
      const after = closing(bot, posted(current, post.seq, messageId));
      return after === current ? keep() : save(after);
    });
  }

  private retryLater(tableId: string, error: unknown): void {
    if (this.stopped) return;
    const delayMs = Math.min(LAST_RETRY_MS, 2 * (this.retries.get(tableId)?.delayMs ?? FIRST_RETRY_MS / 2));
    this.bot().log.warn('could not post in the game thread: will try again', {
      game: tableId,
      retry_ms: delayMs,
      error: errorText(error),
    });
    const timer = setTimeout(() => this.kick(tableId), delayMs);
    timer.unref();
    this.retries.set(tableId, { timer, delayMs });
  }

  /** Make one post; the id of the message it made, if any. */
  private async send(bot: Bot, table: Table, post: Post): Promise<string | null> {
    if (table.status === 'lobby' || !table.game) return null;
    const gameTable = table as GameTable;
    const thread = await threadOf(bot, gameTable);
    if (post.kind === 'clear') {
      await thread.messages.edit(post.messageId, { components: [] });
      return null;
    }
    const nonce = { nonce: postNonce(table.id, post.seq), enforceNonce: true };
    const grid = table.game.options.grid;
    const happened = post.move ? describeMove(post.move, table.seats, grid) : null;
    if (post.kind === 'turn') {
      const png = await renderTable(table.game, { dynasty: gameTable.dynasty ?? null });
      const lines = [happened, post.occasion ? occasionText(post.occasion) : null].filter(
        (l): l is string => l !== null,
      );
      const alt = describeTable(table.game, { dynasty: gameTable.dynasty ?? null });
      const view = turnView({
        game: table.game,
        seats: table.seats,
        happened: lines.join('\n') || null,
        header: dynastyHeader(dynastyProgress(gameTable)),
        png,
        alt,
      });
      return (await thread.send({ ...(view as MessageCreateOptions), ...nonce })).id;
    }
    const game = post.game === null ? table.game : (gameTable.dynasty?.games[post.game - 1] ?? table.game);
    const over = result(game);
    if (!over) return null;
    const final = table.status === 'finished' && (post.game === null || post.game === gameTable.dynasty?.length);
    const totals = final && gameTable.dynasty ? dynastyResult(gameTable.dynasty) : null;
    const header = dynastyHeader(
      post.game === null || !gameTable.dynasty ? null : { game: post.game, of: gameTable.dynasty.length },
    );
    const png = await renderScoreSheet(game);
    const dynastyPng = gameTable.dynasty ? await renderDynastySheet(gameTable.dynasty) : null;
    const alts = {
      alt: describeScoreSheet(game),
      dynastyAlt: gameTable.dynasty ? describeDynastySheet(gameTable.dynasty) : null,
    };
    const view = endView({
      result: over,
      seats: table.seats,
      happened,
      header,
      final,
      totals,
      png,
      dynastyPng,
      ...alts,
    });
    return (await thread.send({ ...(view as MessageCreateOptions), ...nonce })).id;
  }
}

async function threadOf(
  bot: Bot,
  table: GameTable,
): Promise<SendableChannels & { messages: { edit: (id: string, o: { components: [] }) => Promise<unknown> } }> {
  const id = table.messages.threadId ?? table.id;
  const channel = bot.client.channels.cache.get(id) ?? (await bot.client.channels.fetch(id));
  if (!channel?.isSendable() || !('messages' in channel))
    throw new Error(`game thread ${id} is not a channel I can write in`);
  return channel as never;
}
