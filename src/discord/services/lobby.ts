/**
 * A lobby's life as the lobby's buttons, `/kingdomino start`, rematch and the live board
 * all make it: one edit under the table's lock (src/table's lobby rules), a game
 * started and its thread opened on the lobby message, a lobby posted by the bot in a
 * channel, its DM, or a group DM through the live board's launch. Each caller only says it its own way (a redrawn message, words on a page).
 */
import { randomBytes } from 'node:crypto';
import type { MessageEditOptions } from 'discord.js';
import { t, type MessageKey } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import * as clock from '../../runtime/clock.js';
import { keep, save, StoreError } from '../../store/index.js';
import * as lobbies from '../../table/index.js';
import type { Home, LobbyTable, PlayingTable, Refusal, Table, TableResult, TableSettings } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { lobbyView, threadName } from '../messages/lobby.js';
import { refusalText } from '../messages/text.js';
import { FOR_REMATCH, missing, missingText, type Needed } from '../wire/permissions.js';
import type { Worded } from '../wire/answer.js';
import { copyNotifyToSeats } from './notify.js';

/** Who acts on a lobby: a seat's user, or a moderator (Manage Threads) acting as the host. */
export interface LobbyClick {
  readonly tableId: string;
  readonly userId: string;
  readonly userName: string;
  /** Has Manage Threads where the lobby is: may act as the host. */
  readonly moderator: boolean;
}

/** Why a table that is no lobby (any more) refuses lobby actions. */
function notLobby(table: Table): Refusal {
  if (table.status === 'playing') return { code: 'already-started' };
  if (table.status === 'finished') return { code: 'over' };
  return { code: 'cancelled' };
}

/** A lobby edit tried on the table as it is: the edited table, or the refusal in words. */
function onLobby<T extends Table>(current: Table, edit: (lobby: LobbyTable) => TableResult<T>): Worded<T> {
  const r: TableResult<T> = current.status === 'lobby' ? edit(current) : { ok: false, refusal: notLobby(current) };
  return r.ok ? { ok: true, value: r.value } : { ok: false, refusal: refusalText(r.refusal, current.seats) };
}

/** Apply one lobby edit under the table's lock: the edited table as saved, or the refusal in words. */
export async function editLobby<T extends Table>(
  bot: Bot,
  tableId: string,
  edit: (lobby: LobbyTable) => TableResult<T>,
): Promise<Worded<T>> {
  try {
    const { value, table } = await bot.store.update<Worded<T>>(tableId, (current) => {
      const edited = onLobby(current, edit);
      return edited.ok ? save(edited.value, edited) : keep(edited);
    });
    if (!value.ok) return value;
    // The edited table as saved (its version bumped by the store), told to whoever follows it (the live board);
    // a game started is told by startGame, with its home open (its first board goes there).
    if (table.status !== 'playing') bot.driver.told(table);
    return { ok: true, value: table as T };
  } catch (error) {
    if (error instanceof StoreError && error.code === 'missing') return { ok: false, refusal: t('table.missing') };
    throw error;
  }
}

/**
 * Start: the game's home opened first, then lobby -> game under the table's lock (so
 * two Start clicks start one game) and the driver told. A started game's first board
 * is due at once, and the driver's poll may post it before the click is done: its
 * thread must be there by then, or the board would find it missing and be dropped (a
 * game never shown). A thread Discord refuses leaves the lobby as it was; one opened
 * for a start that then fails (the lobby changed meanwhile) serves the next Start.
 * The caller checked the bot may open a thread there.
 */
export async function startGame(bot: Bot, click: LobbyClick): Promise<Worded<PlayingTable>> {
  const ready = await startable(bot, click);
  if (!ready.ok) return ready;
  const opened = await openThread(bot, ready.value);
  if (!opened.ok) return opened;
  const started = await editLobby(bot, click.tableId, (lobby) =>
    lobbies.start(lobby, click, randomBytes(8).toString('hex'), clock.now()),
  );
  if (!started.ok) return started;
  const table = await copyNotifyToSeats(bot, started.value);
  bot.log.info('game started', {
    guild: table.guildId,
    channel: table.messages.lobbyChannelId,
    game: table.id,
    user: click.userId,
    seats: table.seats.length,
  });
  bot.driver.changed(table.id, table);
  return { ok: true, value: table };
}

/** The game a Start would begin, as the lobby is now (nothing saved): its home is opened from it. */
async function startable(bot: Bot, click: LobbyClick): Promise<Worded<PlayingTable>> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return { ok: false, refusal: t('error.gameCorrupt') };
  if (loaded.kind !== 'found') return { ok: false, refusal: t('table.missing') };
  return onLobby(loaded.table, (lobby) => lobbies.start(lobby, click, 'not-saved', clock.now()));
}

/** Open the game's home (its thread on the lobby message); Discord's refusal in words. */
async function openThread(bot: Bot, table: PlayingTable): Promise<Worded<null>> {
  try {
    await bot.places.openHome(
      table,
      inGameLocale(table, () => threadName(table)),
    );
    return { ok: true, value: null };
  } catch (error) {
    bot.log.warn('could not open the game thread', {
      game: table.id,
      channel: table.messages.lobbyChannelId,
      error: errorText(error),
    });
    return { ok: false, refusal: t('lobby.threadFailed', { reason: errorText(error).replace(/^\w+: /, '') }) };
  }
}

/** What a lobby posted by the bot says while it is set up, and when it cannot be posted. */
export interface PostWords {
  readonly settingUp: MessageKey;
  readonly cannotPost: MessageKey;
}

/** What the bot lacks of `needed` in a server's channel, as it knows it; null where it cannot post at all. */
export async function lackedIn(
  bot: Bot,
  channelId: string,
  needed: readonly Needed[],
): Promise<readonly Needed[] | null> {
  const channel = await bot.client.channels.fetch(channelId).catch(() => null);
  if (!channel?.isSendable() || channel.isDMBased()) return null;
  return missing(bot.client.user ? channel.permissionsFor(bot.client.user) : null, needed);
}

/** What the bot lacks of `needed` in a server's channel (in words), or null when it has it all. */
export async function lackingIn(
  bot: Bot,
  channelId: string,
  needed: readonly Needed[],
  cannotPost: MessageKey,
): Promise<string | null> {
  const lacking = await lackedIn(bot, channelId, needed);
  if (lacking === null) return t(cannotPost);
  return lacking.length > 0 ? missingText(lacking, t('permission.where.channel', { channelId })) : null;
}

/** Where the bot posts a lobby on its own: a channel, the game's home there (a thread when not said), its settings. */
export interface LobbyPlace {
  readonly channelId: string;
  readonly settings: TableSettings;
  readonly home?: Home;
}

/**
 * The lobby's first message: in a server's channel, where the bot needs to send and
 * open threads; in its DM with the player; or, where it cannot post on its own (a group
 * DM), as a follow-up of the live board's launch there. Null when it could not post.
 */
async function firstMessage(bot: Bot, place: LobbyPlace, words: PostWords): Promise<Worded<string>> {
  const home = place.home ?? 'thread';
  if (home === 'thread') {
    const lacking = await lackingIn(bot, place.channelId, FOR_REMATCH, words.cannotPost);
    if (lacking !== null) return { ok: false, refusal: lacking };
  }
  const view = { content: inGameLocale(place, () => t(words.settingUp)) };
  const messageId =
    home === 'message'
      ? await bot.places.sayOnLaunch(place.channelId, view)
      : await bot.places.say(place.channelId, view);
  return messageId === null ? { ok: false, refusal: t(words.cannotPost) } : { ok: true, value: messageId };
}

/**
 * A lobby the bot posts on its own (a rematch, the live board): a message first, whose
 * id is the table's key, then the table saved, and only then the buttons (no click
 * can come before the table exists).
 */
export async function postLobby(
  bot: Bot,
  place: LobbyPlace,
  words: PostWords,
  lobbyOf: (messageId: string) => LobbyTable,
): Promise<Worded<LobbyTable>> {
  const posted = await firstMessage(bot, place, words);
  if (!posted.ok) return posted;
  const table = lobbyOf(posted.value);
  await bot.store.create(posted.value, table);
  bot.driver.told(table);
  await bot.places.editLobby(table, inGameLocale(table, () => lobbyView(table)) as MessageEditOptions);
  return { ok: true, value: table };
}
