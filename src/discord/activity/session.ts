/**
 * One page's connection: it says who it is once (Discord's token and the Activity's
 * instance, both checked with Discord), then watches the channel's games and moves
 * in them through the panel's own move code (services/move.ts), the table layer
 * checking who may act. Whatever it sends wrong is refused in words and counted;
 * nothing it says about itself is believed.
 */
import { inLocale, localeFor, t, type Locale } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import type { Table } from '../../table/index.js';
import type { ClientMessage, RefusalWhy, ServerMessage } from '../../web/protocol.js';
import type { Bot } from '../bot.js';
import type { Worded } from '../wire/answer.js';
import { makeMove, undoMove } from '../services/move.js';
import type { DiscordAuth, TokenUser } from './discord.js';
import { readMessage } from './input.js';
import { hintFromBoard } from './hint.js';
import { joinFromBoard } from './lobby.js';
import { inChannel, listing, pageWords, tableView } from './view.js';

/** What a page asks to be done at a table. */
type Acting = Extract<ClientMessage, { readonly type: 'move' | 'undo' | 'join' }>;

/** Who a page is, once Discord said so. */
export interface Known {
  readonly user: TokenUser;
  readonly locale: Locale;
  readonly channelId: string;
}

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
    const table = await this.tableHere(known, message.table);
    if (!table) return this.refuse('not-here');
    if (message.type === 'watch') {
      this.host.follow(table.id);
      return this.host.send({ type: 'table', table: tableView(table) });
    }
    if (message.type === 'hint') return this.hint(known, table.id, message.turn);
    const done = await inLocale(known.locale, () => this.act(known, table.id, message));
    if (!done.ok) return this.refuse('refused', done.refusal);
    this.host.send({ type: 'done', text: done.value });
  }

  private async hint(known: Known, tableId: string, turn: number): Promise<void> {
    const hint = await inLocale(known.locale, () => hintFromBoard(this.host.bot, tableId, known.user.id, turn));
    if (!hint.ok) return this.refuse('refused', hint.refusal);
    this.host.send({ type: 'hint', table: tableId, turn, at: hint.value });
  }

  /** A move, an undo or a seat taken, as the panel's and the lobby's buttons make them: what it did, in words. */
  private async act(known: Known, tableId: string, message: Acting): Promise<Worded<string>> {
    const { bot } = this.host;
    const userId = known.user.id;
    if (message.type === 'join') {
      const joined = await joinFromBoard(bot, tableId, { userId, userName: known.user.name });
      return joined.ok ? { ok: true, value: t('activity.joined') } : joined;
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
    const known: Known = { user, locale: localeFor(user.locale), channelId: place.channelId };
    this.known = known;
    this.hello = 'done';
    const games = (await this.channelTables(known)).map(listing).filter((g) => g !== null);
    this.host.bot.log.info('live board: page opened', { user: user.id, channel: place.channelId, games: games.length });
    this.host.send({
      type: 'welcome',
      user: { id: user.id, name: user.name },
      locale: known.locale,
      words: pageWords(known.locale),
      games,
    });
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
