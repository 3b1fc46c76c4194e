/**
 * One page's connection: it says who it is once (Discord's token and the Activity's
 * instance, both checked with Discord), then watches the channel's games and moves
 * in them through the panel's own move code (services/move.ts), or opens and runs
 * lobbies as their buttons do (./lobby.ts), the table layer checking who may act.
 * Before each message, the user is checked to be still in the instance (PRESENCE_TTL_MS). Whatever it sends wrong is refused in words and counted;
 * nothing it says about itself is believed.
 */
import { inLocale, localeFor, t, type Locale } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import * as clock from '../../runtime/clock.js';
import { homeOf, type Table } from '../../table/index.js';
import type { ClientMessage, GameListing, NewGameChoice, RefusalWhy, ServerMessage } from '../../web/protocol.js';
import type { Bot } from '../bot.js';
import type { Worded } from '../wire/answer.js';
import { makeMove, undoMove } from '../services/move.js';
import type { DiscordAuth, TokenUser } from './discord.js';
import { readMessage } from './input.js';
import { hintFromBoard } from './hint.js';
import { replayFromBoard, reviewFromBoard } from './end.js';
import { lobbyFromBoard, openFromBoard, type LobbyAsk } from './lobby.js';
import { inChannel, listing, newGameChoices, pageWords, tableView } from './view.js';

/** What a page asks to be done at a table. */
type Acting = Extract<ClientMessage, { readonly type: 'move' | 'undo' | LobbyAsk['type'] }>;

/** Who a page is, once Discord said so. */
export interface Known {
  readonly user: TokenUser;
  readonly locale: Locale;
  readonly instanceId: string;
  readonly channelId: string;
  /** The instance's server; null in a DM or a group DM. */
  readonly guildId: string | null;
}

/**
 * How long Discord's word that the user is in the instance holds: a page asks again
 * (the instance's users, from Discord) before what it sends after that. Discord
 * closes the page of a user who leaves the Activity; this bounds what a token kept
 * after leaving may still do, at one question to Discord per page and half minute.
 */
export const PRESENCE_TTL_MS = 30_000;

/** What each lobby action from a page says once done (a computer added or removed shows in the seats). */
const LOBBY_DONE = {
  join: 'activity.joined',
  leave: 'activity.left',
  start: 'activity.started',
  'add-ai': null,
  'remove-ai': null,
} as const;

/** What a session needs of the server around it. */
export interface SessionHost {
  readonly bot: Bot;
  readonly auth: DiscordAuth;
  send(message: ServerMessage): void;
  /** Close the page's connection: 1008 when it is refused for good, 1011 when it may try again. */
  close(code: 1008 | 1011): void;
  /** Count a refusal (the operators' and the tests' figure). */
  refused(why: RefusalWhy): void;
  /** Whether this user may send one more message now (per user: all their pages together). */
  allow(key: string): boolean;
  /** Send this table's changes to this session from now on. */
  follow(tableId: string): void;
}

const REFUSAL_KEY = {
  unauthenticated: 'activity.refused.unauthenticated',
  elsewhere: 'activity.refused.elsewhere',
  'bad-input': 'activity.refused.badInput',
  'rate-limited': 'activity.refused.rateLimited',
  'not-here': 'activity.refused.notHere',
  unavailable: 'activity.refused.unavailable',
} as const;

export class Session {
  private known: Known | null = null;
  private hello: 'waiting' | 'checking' | 'done' = 'waiting';
  /** When Discord last said the user is in the instance (the runtime clock's ms). */
  private presentAt = 0;

  constructor(
    private readonly host: SessionHost,
    private readonly address: string,
  ) {}

  /** One message from the page, in the order they came. */
  async receive(text: string): Promise<void> {
    if (!this.host.allow(this.known?.user.id ?? `address:${this.address}`)) return this.refuse('rate-limited');
    const message = readMessage(text);
    if (!message) return this.refuse('bad-input');
    try {
      await this.handle(message);
    } catch (error) {
      this.host.bot.log.warn('live board: message failed', { error: errorText(error) });
      this.refuse('unavailable');
      // Discord could not be asked who the page is: the page connects again, a little later.
      if (this.hello === 'checking') this.host.close(1011);
    }
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (message.type === 'hello') return this.greet(message.token, message.instance);
    const known = this.known;
    if (!known) return this.refuse('unauthenticated');
    if (!(await this.stillThere(known))) return this.refuse('elsewhere', undefined, true);
    if (message.type === 'games') return this.sendGames();
    if (message.type === 'open') return this.open(known, message.choice);
    const table = await this.tableHere(known, message.table);
    if (!table) return this.refuse('not-here');
    if (message.type === 'watch') {
      this.host.follow(table.id);
      return this.host.send({ type: 'table', table: tableView(table) });
    }
    if (message.type === 'hint') return this.hint(known, table.id, message.turn);
    if (message.type === 'replay' || message.type === 'review') return this.end(known, table, message);
    const done = await inLocale(known.locale, () => this.act(known, table, message));
    if (!done.ok) return this.refuse('refused', done.refusal);
    this.host.send({ type: 'done', text: done.value });
  }

  /** The replay or the player's review of a game that is over, in the user's language. */
  private async end(known: Known, table: Table, message: Extract<ClientMessage, { type: 'replay' | 'review' }>) {
    const { game } = message;
    if (message.type === 'replay') {
      const replay = inLocale(known.locale, () => replayFromBoard(table, game));
      if (!replay.ok) return this.refuse('refused', replay.refusal);
      return this.host.send({ type: 'replay', table: table.id, game, ...replay.value });
    }
    const review = await inLocale(known.locale, () => reviewFromBoard(this.host.bot, table, known.user.id, game));
    if (!review.ok) return this.refuse('refused', review.refusal);
    this.host.send({ type: 'review', table: table.id, game, lines: review.value });
  }

  /** Whether the user is still in the instance, as Discord said at most PRESENCE_TTL_MS ago (asked again if longer). */
  private async stillThere(known: Known): Promise<boolean> {
    if (clock.now() - this.presentAt < PRESENCE_TTL_MS) return true;
    const place = await this.host.auth.instance(known.instanceId);
    if (!place || place.channelId !== known.channelId || !place.users.includes(known.user.id)) return false;
    this.presentAt = clock.now();
    return true;
  }

  /** A new lobby in the instance's channel: the page shows it at once. */
  private async open(known: Known, choice: NewGameChoice | undefined): Promise<void> {
    const opened = await inLocale(known.locale, () =>
      openFromBoard(this.host.bot, known, known.user, { locale: known.locale, choice }),
    );
    if (!opened.ok) return this.refuse('refused', opened.refusal);
    this.host.send({ type: 'opened', table: opened.value.id });
    this.host.send({ type: 'done', text: t('activity.opened', {}, known.locale) });
  }

  private async hint(known: Known, tableId: string, turn: number): Promise<void> {
    const hint = await inLocale(known.locale, () => hintFromBoard(this.host.bot, tableId, known.user.id, turn));
    if (!hint.ok) return this.refuse('refused', hint.refusal);
    this.host.send({ type: 'hint', table: tableId, turn, at: hint.value });
  }

  /** A move, an undo or a lobby's action, as the panel's and the lobby's buttons make them: what it did, in words. */
  private async act(known: Known, table: Table, message: Acting): Promise<Worded<string>> {
    const { bot } = this.host;
    const userId = known.user.id;
    const tableId = table.id;
    if (message.type !== 'move' && message.type !== 'undo') {
      const done = await lobbyFromBoard(bot, table, known.user, message);
      // Away from threads (a DM, a group DM), the game is played where its lobby was.
      const here = message.type === 'start' && done.ok && homeOf(done.value) !== 'thread';
      const key = here ? 'activity.startedHere' : LOBBY_DONE[message.type];
      return done.ok ? { ok: true, value: key ? t(key) : '' } : done;
    }
    if (message.type === 'undo') {
      const undone = await undoMove(bot, tableId, userId);
      return undone.ok ? { ok: true, value: t('activity.undone') } : undone;
    }
    const moved = await makeMove(bot, tableId, {
      turn: message.turn,
      mover: { kind: 'user', userId },
      move: message.move,
    });
    return moved.ok ? { ok: true, value: moved.value.text } : moved;
  }

  /** The token's user, in the instance Discord says, at the instance's channel: or the page is refused and closed. */
  private async greet(token: string, instanceId: string): Promise<void> {
    if (this.hello !== 'waiting') return this.refuse('bad-input');
    this.hello = 'checking';
    const { auth } = this.host;
    const [user, place] = await Promise.all([auth.user(token), auth.instance(instanceId)]);
    if (!user) return this.refuse('unauthenticated', undefined, true);
    if (!place || !place.users.includes(user.id)) return this.refuse('elsewhere', undefined, true);
    const known: Known = {
      user,
      locale: localeFor(user.locale),
      instanceId,
      channelId: place.channelId,
      guildId: place.guildId,
    };
    this.known = known;
    this.hello = 'done';
    this.presentAt = clock.now();
    const games = await this.listings(known);
    this.host.bot.log.info('live board: page opened', { user: user.id, channel: place.channelId, games: games.length });
    this.host.send({
      type: 'welcome',
      user: { id: user.id, name: user.name },
      locale: known.locale,
      words: pageWords(known.locale),
      games,
      choices: newGameChoices(known.locale),
    });
  }

  /** The channel this page's instance runs in, once Discord said so. */
  channelId(): string | null {
    return this.known?.channelId ?? null;
  }

  /** The channel's games, sent to the page. */
  async sendGames(): Promise<void> {
    if (this.known) this.host.send({ type: 'games', games: await this.listings(this.known) });
  }

  private async listings(known: Known): Promise<GameListing[]> {
    return (await this.channelTables(known)).map(listing).filter((g) => g !== null);
  }

  /** The running tables of the channel the instance runs in (the store's live tables, read one by one). */
  private async channelTables(known: Known): Promise<Table[]> {
    const { store } = this.host.bot;
    const loaded = await Promise.all((await store.liveTables()).map((id) => store.get(id)));
    return loaded.flatMap((l) => (l.kind === 'found' && inChannel(l.table, known.channelId) ? [l.table] : []));
  }

  /** The table, if it is one of the channel's: a page sees nothing of other channels. */
  private async tableHere(known: Known, tableId: string): Promise<Table | null> {
    const loaded = await this.host.bot.store.get(tableId);
    return loaded.kind === 'found' && inChannel(loaded.table, known.channelId) ? loaded.table : null;
  }

  private refuse(why: RefusalWhy, text?: string, close = false): void {
    this.host.refused(why);
    const locale = this.known?.locale ?? 'en';
    const words = text ?? (why === 'refused' ? '' : t(REFUSAL_KEY[why], {}, locale));
    this.host.bot.log.info('live board: refused', { why, user: this.known?.user.id ?? null });
    this.host.send({ type: 'refused', why, text: words });
    if (close) this.host.close(1008);
  }
}
