/**
 * The lobby from the live board: a new lobby posted in the instance's channel (the
 * same lobby as `/kingdomino start`'s, and its thread once started), a seat taken,
 * computer seats added and removed, the game started by its host. Each is the lobby
 * buttons' own edit (services/lobby.ts, src/table's lobby rules, under the table's
 * lock), with the same Discord side: the lobby message redrawn, the thread opened.
 * The page is no moderator: only the host acts as the host.
 */
import { variantsWhere, type AiLevel } from '../../game/index.js';
import { localeFor, t, type Locale } from '../../i18n/index.js';
import * as clock from '../../runtime/clock.js';
import {
  addAi,
  aiSeats,
  homeOf,
  join,
  leave,
  newLobby,
  NO_SERVER,
  removeAi,
  startSettings,
  type Home,
  type LobbyTable,
  type Table,
  type TableResult,
} from '../../table/index.js';
import type { NewGameChoice } from '../../web/protocol.js';
import type { Worded } from '../wire/answer.js';
import { FOR_GAME } from '../wire/permissions.js';
import type { Bot } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { closedLobbyView, lobbyView } from '../messages/lobby.js';
import { aiSeatName, humanSeatOf } from '../messages/seats.js';
import { editLobby, lackingIn, postLobby, startGame, type LobbyClick } from '../services/lobby.js';
import { pacedSeat } from '../services/notify.js';
import type { TokenUser } from './discord.js';

/** What a page asks of a lobby. */
export type LobbyAsk =
  { readonly type: 'join' | 'leave' | 'remove-ai' | 'start' } | { readonly type: 'add-ai'; readonly level: AiLevel };

/** The lobby message as it is now, redrawn for everyone (the pages were told by the edit). */
async function redrawn(bot: Bot, table: Table): Promise<void> {
  if (table.status === 'lobby')
    await bot.places.editLobby(
      table,
      inGameLocale(table, () => lobbyView(table)),
    );
  else if (table.status === 'playing' && homeOf(table) !== 'message')
    await bot.places.editLobby(
      table,
      inGameLocale(table, () => closedLobbyView(table, t('lobby.note.started'))),
    );
}

/**
 * A thread needs the bot's permissions in the channel. A one-message game's first board
 * takes its lobby's place in the message, through a token that may still edit it (a
 * click's there, the board's launch): without one, only the lobby's own Start button may.
 */
async function mayStartHere(bot: Bot, lobby: Table): Promise<string | null> {
  if (homeOf(lobby) === 'message')
    return bot.places.mayEdit(lobby.id)
      ? null
      : t('activity.lobby.startOnMessage', { button: t('lobby.button.start') });
  if (homeOf(lobby) !== 'thread') return null;
  return lackingIn(bot, lobby.messages.lobbyChannelId, FOR_GAME, 'activity.lobby.cannotPost');
}

function edit(bot: Bot, click: LobbyClick, ask: LobbyAsk): Promise<Worded<Table>> {
  if (ask.type === 'join')
    return pacedSeat(bot, humanSeatOf(click)).then((seat) =>
      editLobby(bot, click.tableId, (lobby) => join(lobby, seat)),
    );
  const change = (lobby: LobbyTable): TableResult<LobbyTable> => {
    if (ask.type === 'leave') return leave(lobby, click.userId);
    if (ask.type === 'remove-ai') return removeAi(lobby, click);
    if (ask.type === 'add-ai')
      return addAi(
        lobby,
        click,
        ask.level,
        inGameLocale(lobby, () => aiSeatName(ask.level)),
      );
    throw new Error(`not a lobby edit: ${ask.type}`);
  };
  return editLobby(bot, click.tableId, change);
}

/** A lobby edit or the start, as the lobby's buttons make them: the table after it, or the refusal in words. */
export async function lobbyFromBoard(bot: Bot, lobby: Table, user: TokenUser, ask: LobbyAsk): Promise<Worded<Table>> {
  const click: LobbyClick = { tableId: lobby.id, userId: user.id, userName: user.name, moderator: false };
  if (ask.type === 'start') {
    const lacking = await mayStartHere(bot, lobby);
    if (lacking !== null) return { ok: false, refusal: lacking };
  }
  const done = ask.type === 'start' ? await startGame(bot, click) : await edit(bot, click, ask);
  if (done.ok) await redrawn(bot, done.value);
  return done;
}

/** Where a page's instance runs, as Discord said: a channel, and its server (none: a DM or a group DM). */
export interface InstanceWhere {
  readonly channelId: string;
  readonly guildId: string | null;
}

const SERVER_WORDS = { settingUp: 'activity.lobby.settingUp', cannotPost: 'activity.lobby.cannotPost' } as const;
/** Where the bot cannot post on its own, it posts through the board's launch (its 🎲 button) there, for 15 minutes. */
const LAUNCH_WORDS = { settingUp: 'activity.lobby.settingUp', cannotPost: 'activity.lobby.noLaunch' } as const;

/** The home of a game started from the board here: a server channel's thread, the bot's DM, or its message. */
async function homeHere(bot: Bot, where: InstanceWhere, user: TokenUser): Promise<Worded<Home>> {
  if (where.guildId === null) {
    // The bot's DM with this user is the one place outside servers where it posts on its own.
    const dm = await bot.client.users.createDM(user.id).catch(() => null);
    return { ok: true, value: dm?.id === where.channelId ? 'dm' : 'message' };
  }
  const channel = await bot.client.channels.fetch(where.channelId).catch(() => null);
  if (channel?.isThread()) return { ok: false, refusal: t('command.notInThread') };
  return { ok: true, value: 'thread' };
}

/** The game's language by default, as `/kingdomino start`'s: the server's, else the host's. */
async function defaultLanguage(bot: Bot, where: InstanceWhere, locale: Locale): Promise<Locale> {
  if (where.guildId === null) return locale;
  const guild = await bot.client.guilds.fetch(where.guildId).catch(() => null);
  return localeFor(guild?.preferredLocale ?? locale);
}

/** `/kingdomino start` without options: no computer, standard rules, live at the bot's default timer. */
const DEFAULT_CHOICE: NewGameChoice = {
  aiSeats: 0,
  aiLevel: 'normal',
  variants: [],
  turnTimerMin: null,
  language: null,
  pace: null,
  planAhead: null,
};

/** What the page's user asks for a new game: their language (the default outside servers), and their choices. */
export interface NewGameAsk {
  readonly locale: Locale;
  readonly choice: NewGameChoice | undefined;
}

/** The lobby's settings and computer seats from the page's choices, as the command makes them from its options. */
async function choiceHere(bot: Bot, where: InstanceWhere, ask: NewGameAsk) {
  const choice = ask.choice ?? DEFAULT_CHOICE;
  const language = choice.language ?? (await defaultLanguage(bot, where, ask.locale));
  const variants = variantsWhere((v) => choice.variants.includes(v));
  const settings = startSettings({ ...choice, variants, language }, bot.config.turnTimerS);
  const name = inGameLocale({ settings }, () => aiSeatName(choice.aiLevel));
  return { settings, computers: aiSeats(choice.aiSeats, choice.aiLevel, name) };
}

/**
 * A new lobby where the page's instance runs, hosted by its user, with their choices,
 * posted there by the bot (in a server's channel as a rematch's is; in its DM with
 * the user) or, where it cannot post on its own (a group DM), as a follow-up of the
 * board's launch there.
 */
export async function openFromBoard(
  bot: Bot,
  where: InstanceWhere,
  user: TokenUser,
  ask: NewGameAsk,
): Promise<Worded<LobbyTable>> {
  const home = await homeHere(bot, where, user);
  if (!home.ok) return home;
  const { settings, computers } = await choiceHere(bot, where, ask);
  const seat = await pacedSeat(bot, humanSeatOf({ userId: user.id, userName: user.name }));
  const { channelId } = where;
  const guildId = where.guildId ?? NO_SERVER;
  const words = home.value === 'message' ? LAUNCH_WORDS : SERVER_WORDS;
  const opened = await postLobby(bot, { channelId, settings, home: home.value }, words, (id) =>
    newLobby({ id, guildId, channelId, host: seat, others: computers, settings, now: clock.now(), home: home.value }),
  );
  if (opened.ok)
    bot.log.info('lobby opened', { guild: guildId, channel: channelId, game: opened.value.id, user: user.id });
  return opened;
}
