/**
 * The places a game lives, on Discord: its home (the thread its lobby started), the
 * lobby's channel, and the players' DMs. Every write of the bot to them goes through
 * here (bot.ts, Places), so that a game's home can become something else than a
 * thread behind the same door.
 *
 * A board is posted exactly once in its thread: through the thread's webhook while
 * one is lent (wire/followups.ts: no global request), else on the channel with a
 * nonce Discord enforces (a repeat within a few minutes returns the first message).
 * A follow-up has no nonce: one that failed without a refusal may have been posted,
 * so it is looked for in the thread (by its picture's name) before posting again.
 */
import {
  DiscordAPIError,
  HTTPError,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  ButtonStyle,
  ChannelType,
  ComponentType,
  MessageFlags,
  ThreadAutoArchiveDuration,
  type AttachmentPayload,
  type Channel,
  type Client,
  type MessageCreateOptions,
  type MessageEditOptions,
  type SendableChannels,
  type ThreadChannel,
} from 'discord.js';
import { t } from '../../i18n/index.js';
import * as clock from '../../runtime/clock.js';
import { errorText, type Logger } from '../../runtime/log.js';
import {
  correspondencePace,
  homeOf,
  mentionsQuiet,
  threadIdOf,
  type FinishedTable,
  type GameTable,
  type PlayingTable,
  type Table,
  type TableSettings,
} from '../../table/index.js';
import type { Closed, DmOffer, Notice, OwnMessage, Places } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { threadLink } from '../messages/lobby.js';
import { planButtonAway, playButtonAway } from '../messages/games.js';
import { homeView } from '../messages/one-message.js';
import { gone, type AnsweredInteraction, type ThreadWebhooks } from '../wire/followups.js';
import { nonceOf } from '../wire/limits.js';

/** How many of a thread's last messages are looked through for posts of ours. */
const LOOKBACK = 50;

/** A follow-up that failed without a refusal: it may have been posted (wire/followups.ts). */
export class PostUnsure extends Error {
  /** No answer came at all (a 5xx is an answer): the request may still land, so the thread is looked at later. */
  readonly unanswered: boolean;

  constructor(cause: unknown) {
    super(`the board may have been posted: ${errorText(cause)}`, { cause });
    this.unanswered = !(cause instanceof HTTPError || cause instanceof DiscordAPIError);
  }
}

type Thread = SendableChannels & Pick<ThreadChannel, 'messages'>;

/**
 * The post's pictures named after it (`table-7.png`), so that a post made without
 * our knowing (no nonce on a follow-up) is recognised in the thread.
 */
function namedAfter(view: MessageCreateOptions, seq: number): MessageCreateOptions {
  const files = (view.files ?? []).map((file) => {
    const payload = file as AttachmentPayload;
    return { ...payload, name: (payload.name ?? 'picture.png').replace(/(\.[a-z]+)?$/, `-${seq}$1`) };
  });
  return { ...view, files };
}

/**
 * A message that would notify only players in their quiet hours (table/quiet.ts) goes
 * @silent: the mention stays (they see it when they look), no push or desktop notification.
 */
function quietly(table: Table, view: MessageCreateOptions): MessageCreateOptions {
  const mentioned = view.allowedMentions?.users ?? [];
  return mentionsQuiet(table, mentioned, clock.now()) ? { ...view, flags: MessageFlags.SuppressNotifications } : view;
}

function customIdsOf(components: readonly { toJSON(): unknown }[]): string[] {
  const json = JSON.stringify(components.map((c) => c.toJSON()));
  return [...json.matchAll(/"custom_id":"([^"]+)"/g)].map((m) => m[1] ?? '');
}

/** How long a game's thread stays in the list without a post: a game over days keeps it between moves (the longest Discord allows). */
function archiveAfter(settings: TableSettings): ThreadAutoArchiveDuration {
  return correspondencePace(settings) ? ThreadAutoArchiveDuration.OneWeek : ThreadAutoArchiveDuration.OneDay;
}

export class DiscordPlaces implements Places {
  /** Posts that may have been made without our knowing (by table and seq): looked for before posting again. */
  private readonly unsure = new Set<string>();

  constructor(
    private readonly client: Client,
    private readonly webhooks: ThreadWebhooks,
    private readonly log: Logger,
  ) {}

  lend(interaction: AnsweredInteraction): void {
    this.webhooks.lend(interaction);
  }

  takeFollowUp(channelId: string): boolean {
    return this.webhooks.takeFollowUp(channelId);
  }

  stop(): void {
    this.webhooks.stop();
  }

  async post(table: GameTable, seq: number, view: MessageCreateOptions, maybeMade: boolean): Promise<string | null> {
    const named = namedAfter(homeView(table, view), seq);
    // A one-message game shows it in its message while a click's token lasts; else at the next click there.
    if (homeOf(table) === 'message')
      return (await this.webhooks.editOriginal(table.id, named as MessageEditOptions)) ? table.id : null;
    const message = quietly(table, named);
    const thread = await this.thread(table);
    const key = `${table.id}/${seq}`;
    if (maybeMade || this.unsure.has(key)) {
      const found = await this.findPosted(table, message);
      if (found) return this.made(key, found);
    } else {
      // Until it is known to be made, a post tried as a follow-up is unsure: it has no nonce.
      this.unsure.add(key);
      const posted = await this.webhooks.post(thread.id, message).catch((error: unknown) => {
        throw new PostUnsure(error);
      });
      if (posted) return this.made(key, posted);
      // Declined (no webhook, its budget spent, or refused): nothing was posted, the nonce covers what follows.
      this.unsure.delete(key);
    }
    const sent = await thread.send({ ...message, nonce: nonceOf('', table.id, seq), enforceNonce: true });
    return this.made(key, sent.id);
  }

  private made(key: string, messageId: string): string {
    this.unsure.delete(key);
    return messageId;
  }

  async clearButtons(table: GameTable, messageId: string): Promise<void> {
    // A one-message game's next board is in the same message, with its own buttons.
    if (homeOf(table) === 'message' || (await this.webhooks.clearButtons(messageId))) return;
    await (await this.thread(table)).messages.edit(messageId, { components: [] });
  }

  async remove(table: GameTable, messageId: string): Promise<void> {
    if (homeOf(table) === 'message') return;
    await (await this.thread(table)).messages.delete(messageId);
  }

  async openHome(table: PlayingTable, name: string): Promise<void> {
    // A DM, or a one-message game: the game is played where its lobby is.
    if (homeOf(table) !== 'thread') return;
    const channel = await this.client.channels.fetch(table.messages.lobbyChannelId);
    if (channel?.type !== ChannelType.GuildText && channel?.type !== ChannelType.GuildAnnouncement)
      throw new Error('the lobby channel cannot hold threads');
    const thread = await channel.threads
      .create({ startMessage: table.id, name, autoArchiveDuration: archiveAfter(table.settings) })
      .catch((error: unknown) => {
        // Opened by a Start that did not go through (startGame): it is this game's home.
        if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.ThreadAlreadyCreatedForMessage)
          return null;
        throw error;
      });
    if (thread && thread.type !== ChannelType.PublicThread)
      this.log.warn('game thread is not public', { game: table.id });
  }

  async openThread(channelId: string, name: string, settings: TableSettings, ahead: boolean): Promise<string> {
    const channel = await this.client.channels.fetch(channelId);
    if (channel?.type !== ChannelType.GuildText) throw new Error('the channel cannot hold threads');
    const thread = await channel.threads.create({
      name,
      type: ChannelType.PublicThread,
      autoArchiveDuration: archiveAfter(settings),
    });
    // Out of the channel's list and of the server's active threads until its game's first post unarchives it.
    if (ahead) await thread.setArchived(true, 'opened ahead of its game');
    return thread.id;
  }

  async discardThread(threadId: string): Promise<void> {
    const thread = await this.client.channels.fetch(threadId).catch((error: unknown) => {
      if (gone(error)) return null;
      throw error;
    });
    const me = this.client.user;
    if (!thread?.isThread() || !me) return;
    // Without Manage Threads it stays as it was opened: archived, empty, out of sight.
    if (thread.permissionsFor(me)?.has(PermissionFlagsBits.ManageThreads))
      await thread.delete('a table that was not needed');
  }

  async say(channelId: string, view: MessageCreateOptions): Promise<string | null> {
    const channel = await this.client.channels.fetch(channelId).catch(() => null);
    if (!channel?.isSendable()) return null;
    return (await channel.send(view)).id;
  }

  mayEdit(messageId: string): boolean {
    return this.webhooks.mayEdit(messageId);
  }

  sayOnLaunch(channelId: string, view: MessageCreateOptions): Promise<string | null> {
    return this.webhooks.postOnLaunch(channelId, view);
  }

  async editIn(channelId: string, messageId: string, view: MessageEditOptions): Promise<void> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isTextBased() || !('messages' in channel)) return;
    await channel.messages.edit(messageId, view);
  }

  async editLobby(table: Table, view: MessageEditOptions): Promise<void> {
    // A league's game has no lobby message: it opened straight in its thread.
    if (table.messages.lobbyMessageId === null) return;
    if (homeOf(table) !== 'message') return this.editIn(table.messages.lobbyChannelId, table.id, view);
    // A one-message game's lobby is its board once it started: only a lobby is redrawn.
    if (table.status === 'lobby') await this.webhooks.editOriginal(table.id, view);
  }

  async notice(table: Table, words: () => string, notice: Notice = {}): Promise<boolean> {
    const content = inGameLocale(table, words);
    const options: MessageCreateOptions = quietly(table, {
      content,
      allowedMentions: { users: [...(notice.ping ?? [])] },
      ...(notice.nonce ? { nonce: notice.nonce, enforceNonce: true } : {}),
    });
    try {
      if (homeOf(table) === 'message') return await this.noticeBeside(table, options);
      const home = notice.in === 'lobby' || table.status === 'lobby';
      // A plain word may go through the thread's webhook (it may work where the channel's route is refused).
      const plain = !notice.nonce && (notice.ping ?? []).length === 0;
      if (!home && plain && (await this.webhooks.post(threadIdOf(table), options))) return true;
      const channel = await this.client.channels.fetch(home ? table.messages.lobbyChannelId : threadIdOf(table));
      if (!channel?.isSendable()) return false;
      await channel.send(options);
      return true;
    } catch (error) {
      this.log.warn('could not tell the game', { game: table.id, error: errorText(error) });
      return false;
    }
  }

  /** A one-message game's word: a follow-up through a click's token on its message, while one lasts (no ping there). */
  private noticeBeside(table: Table, options: MessageCreateOptions): Promise<boolean> {
    const { nonce: _nonce, enforceNonce: _enforce, ...plain } = options;
    return this.webhooks.followUpOn(table.id, plain);
  }

  async dm(
    table: PlayingTable,
    userId: string,
    words: () => string,
    offer: DmOffer,
  ): Promise<'sent' | 'refused' | 'failed'> {
    const message = inGameLocale(table, () => ({
      content: words(),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            ...(offer === 'turn' ? [playButtonAway(table, t('notify.dm.play'))] : []),
            ...(offer === 'plan' ? [planButtonAway(table)] : []),
            { type: ComponentType.Button, style: ButtonStyle.Link, label: t('notify.dm.open'), url: threadLink(table) },
          ],
        },
      ],
    }));
    try {
      await (await this.client.users.createDM(userId)).send(message);
      this.log.info('sent a DM', { game: table.id, user: userId });
      return 'sent';
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser)
        return 'refused';
      this.log.warn('could not send a DM', { game: table.id, user: userId, error: errorText(error) });
      return 'failed';
    }
  }

  async locked(table: GameTable): Promise<boolean> {
    if (homeOf(table) !== 'thread') return false;
    const channel = await this.client.channels.fetch(threadIdOf(table)).catch(() => null);
    return channel?.isThread() === true && channel.locked === true;
  }

  async reopen(table: GameTable): Promise<'open' | 'gone'> {
    if (homeOf(table) !== 'thread') return 'open';
    const id = threadIdOf(table);
    const context = { guild: table.guildId, channel: id, game: table.id };
    let thread: Channel | null;
    try {
      thread = await this.client.channels.fetch(id);
    } catch (error) {
      if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownChannel) {
        this.log.warn('the game thread no longer exists: game not resumed', context);
        return 'gone';
      }
      // Discord may be briefly unreachable: let the game try anyway, its own posts log what fails.
      this.log.warn('could not fetch the game thread', { ...context, error: errorText(error) });
      return 'open';
    }
    // A running game's thread a moderator locked is theirs to reopen: the game waits for it.
    if (thread?.isThread() && thread.archived && !(thread.locked === true && table.status === 'playing')) {
      await thread.setArchived(false, 'the game goes on').then(
        () => this.log.info('unarchived the game thread', context),
        (error: unknown) =>
          this.log.warn('could not unarchive the game thread', { ...context, error: errorText(error) }),
      );
    }
    return 'open';
  }

  async close(table: FinishedTable): Promise<Closed> {
    // Nothing to archive outside a thread (posts.ts does not ask).
    if (homeOf(table) !== 'thread') return 'gone';
    let thread: Channel | null;
    try {
      thread = await this.client.channels.fetch(threadIdOf(table));
    } catch (error) {
      if (gone(error)) return 'gone';
      throw error;
    }
    if (!thread?.isThread()) return 'gone';
    const me = this.client.user;
    const canLock = (me ? thread.permissionsFor(me)?.has(PermissionFlagsBits.ManageThreads) : false) ?? false;
    if (thread.archived && (thread.locked || !canLock)) return thread.locked ? 'locked' : 'archived';
    // Discord refuses to lock an archived thread (archived by hand, or by Discord while the bot was down): open it first.
    if (thread.archived) await thread.setArchived(false, 'to lock it');
    await thread.edit({ archived: true, ...(canLock ? { locked: true } : {}), reason: 'the game is over' });
    return canLock ? 'locked' : 'archived';
  }

  async ownMessages(table: GameTable): Promise<readonly OwnMessage[]> {
    if (homeOf(table) === 'message') return [];
    const thread = await this.client.channels.fetch(threadIdOf(table)).catch(() => null);
    const me = this.client.user;
    if (!me || !thread || !('messages' in thread)) return [];
    const readable = thread.isDMBased() || thread.permissionsFor(me)?.has(PermissionFlagsBits.ReadMessageHistory);
    if (!readable) return [];
    const recent = await thread.messages.fetch({ limit: LOOKBACK });
    return [...recent.values()]
      .filter((m) => m.author.id === me.id)
      .map((m) => ({
        id: m.id,
        createdTimestamp: m.createdTimestamp,
        customIds: customIdsOf(m.components),
        files: m.attachments.map((a) => a.name),
      }));
  }

  /** The id of a message of ours in the game's thread carrying the view's first picture (by its name), if any. */
  private async findPosted(table: GameTable, view: MessageCreateOptions): Promise<string | null> {
    const name = (view.files?.[0] as AttachmentPayload | undefined)?.name;
    if (!name) return null;
    return (await this.ownMessages(table)).find((m) => m.files.includes(name))?.id ?? null;
  }

  private async thread(table: GameTable): Promise<Thread> {
    const id = threadIdOf(table);
    const channel = this.client.channels.cache.get(id) ?? (await this.client.channels.fetch(id));
    if (!channel?.isSendable() || !('messages' in channel))
      throw new Error(`game thread ${id} is not a channel I can write in`);
    return channel as never;
  }
}
