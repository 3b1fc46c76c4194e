/**
 * The lobby: seats taken and left, AI seats added and removed, then Start (which
 * opens the game thread on the lobby message) or Cancel. Host-only actions also
 * accept anyone with Manage Threads (moderators). Rematch is in ./rematch.ts.
 */
import { ChannelType, ThreadAutoArchiveDuration } from 'discord.js';
import type { ButtonInteraction, Message } from 'discord.js';
import { keep, save, StoreError, type AiLevel, type Change, type Table, type TableSeat } from '../../store/index.js';
import { privately, updating, type Answer } from '../answer.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { botPermissions, FOR_GAME, missing, missingText } from '../permissions.js';
import { aiSeat, newSeed, seatDisplayName, startGame, type LobbyTable, type PlayingTable } from '../tables.js';
import { closedLobbyView, lobbyView } from '../views/lobby.js';
import { maxSeats } from '../views/text.js';
import { postTurn } from './post.js';

export interface LobbyClick {
  readonly tableId: string;
  readonly userId: string;
  readonly userName: string;
  /** Has Manage Threads where the lobby is: may act as the host. */
  readonly moderator: boolean;
}

type Edited = { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly refusal: string };
type Edit = (lobby: LobbyTable) => Edited;

const HOST_ONLY = 'Only the host (or a moderator with Manage Threads) can do that.';

function notLobby(table: Table): string {
  if (table.status === 'playing') return 'This game has already started: follow it in its thread.';
  if (table.status === 'finished') return 'This game is over.';
  return 'This table was cancelled.';
}

/** Apply one change to a lobby under its lock; answer by redrawing the lobby, or privately with the refusal. */
async function editLobby(bot: Bot, tableId: string, edit: Edit): Promise<Answer> {
  try {
    const { value } = await bot.store.update<Edited>(tableId, (table) => {
      if (table.status !== 'lobby') return keep({ ok: false, refusal: notLobby(table) });
      const r = edit(table);
      return r.ok ? save(r.table, r) : keep(r);
    });
    if (!value.ok) return privately(value.refusal);
    const table = value.table;
    return updating(table.status === 'lobby' ? lobbyView(table) : closedLobbyView(table, 'this table was cancelled.'));
  } catch (error) {
    if (error instanceof StoreError && error.code === 'missing') return privately('This table no longer exists.');
    throw error;
  }
}

const isHost = (lobby: LobbyTable, click: LobbyClick) => lobby.hostId === click.userId || click.moderator;
const seated = (seats: readonly TableSeat[], userId: string) => seats.some((s) => s.kind === 'human' && s.userId === userId);

export function join(bot: Bot, click: LobbyClick): Promise<Answer> {
  return editLobby(bot, click.tableId, (lobby) => {
    if (seated(lobby.seats, click.userId)) return { ok: false, refusal: 'You already have a seat at this table.' };
    if (lobby.seats.length >= maxSeats(lobby.settings)) return { ok: false, refusal: 'This table is full.' };
    const seat: TableSeat = { kind: 'human', userId: click.userId, name: seatDisplayName(click.userName) };
    return { ok: true, table: { ...lobby, seats: [...lobby.seats, seat] } };
  });
}

export function leave(bot: Bot, click: LobbyClick): Promise<Answer> {
  return editLobby(bot, click.tableId, (lobby) => {
    if (!seated(lobby.seats, click.userId)) return { ok: false, refusal: 'You do not have a seat at this table.' };
    if (lobby.hostId === click.userId) return { ok: false, refusal: 'You host this table: use Cancel to close it.' };
    return { ok: true, table: { ...lobby, seats: lobby.seats.filter((s) => !(s.kind === 'human' && s.userId === click.userId)) } };
  });
}

export function addAi(bot: Bot, click: LobbyClick, level: AiLevel): Promise<Answer> {
  return editLobby(bot, click.tableId, (lobby) => {
    if (!isHost(lobby, click)) return { ok: false, refusal: HOST_ONLY };
    if (lobby.seats.length >= maxSeats(lobby.settings)) return { ok: false, refusal: 'This table is full.' };
    return { ok: true, table: { ...lobby, seats: [...lobby.seats, aiSeat(lobby.seats, level)] } };
  });
}

export function removeAi(bot: Bot, click: LobbyClick): Promise<Answer> {
  return editLobby(bot, click.tableId, (lobby) => {
    if (!isHost(lobby, click)) return { ok: false, refusal: HOST_ONLY };
    const last = lobby.seats.map((s) => s.kind).lastIndexOf('ai');
    if (last < 0) return { ok: false, refusal: 'There is no AI seat to remove.' };
    return { ok: true, table: { ...lobby, seats: lobby.seats.filter((_, i) => i !== last) } };
  });
}

export function cancelLobby(bot: Bot, click: LobbyClick): Promise<Answer> {
  return editLobby(bot, click.tableId, (lobby) => {
    if (!isHost(lobby, click)) return { ok: false, refusal: HOST_ONLY };
    return { ok: true, table: { ...lobby, status: 'cancelled', finishedAt: Date.now() } };
  });
}

function threadName(table: Table): string {
  const name = `Kingdomino · ${table.seats.map((s) => s.name).join(', ')}`;
  return name.length > 100 ? `${name.slice(0, 99)}…` : name;
}

type Started = { ok: true; table: PlayingTable } | { ok: false; refusal: string };

/** Start: lobby -> game under the lock (so two Start clicks start one game), then open the thread. */
export async function start(bot: Bot, click: LobbyClick, interaction: ButtonInteraction): Promise<Answer> {
  const lacking = missing(botPermissions(interaction), FOR_GAME);
  if (lacking.length > 0) return privately(missingText(lacking, 'in this channel'));
  let started: Started;
  try {
    ({ value: started } = await bot.store.update(click.tableId, (table): Change<Started> => {
      if (table.status !== 'lobby') return keep({ ok: false, refusal: notLobby(table) });
      if (!isHost(table, click)) return keep({ ok: false, refusal: 'Only the host (or a moderator with Manage Threads) can start the game.' });
      const game = startGame(table, newSeed(), Date.now());
      if (!game.ok) return keep({ ok: false, refusal: game.error });
      const playing: PlayingTable = { ...game.value, messages: { ...game.value.messages, threadId: table.id } };
      return save(playing, { ok: true, table: playing });
    }));
  } catch (error) {
    if (error instanceof StoreError && error.code === 'missing') return privately('This table no longer exists.');
    throw error;
  }
  if (!started.ok) return privately(started.refusal);
  const opened = await openThread(bot, interaction.message, started.table);
  if (!opened.ok) return privately(opened.refusal);
  const table = started.table;
  bot.log.info('game started', { guild: table.guildId, channel: table.messages.lobbyChannelId, game: table.id, user: click.userId, seats: table.seats.length });
  void postTurn(bot, table, `The game begins! The kings were drawn in a random order.`)
    .catch((error: unknown) => bot.log.error('could not post the first turn', { game: table.id, error: errorText(error) }))
    .finally(() => bot.scheduler.kick(table.id));
  return updating(closedLobbyView(table, 'the game is on! Follow it in the thread below.'));
}

/** Open the public thread on the lobby message; if Discord refuses, the table goes back to being a lobby. */
async function openThread(bot: Bot, message: Message, table: PlayingTable): Promise<{ ok: true } | { ok: false; refusal: string }> {
  try {
    const thread = await message.startThread({ name: threadName(table), autoArchiveDuration: ThreadAutoArchiveDuration.OneDay });
    if (thread.type !== ChannelType.PublicThread) bot.log.warn('game thread is not public', { game: table.id });
    return { ok: true };
  } catch (error) {
    bot.log.warn('could not open the game thread', { game: table.id, channel: message.channelId, error: errorText(error) });
    await bot.store.update(table.id, (t) => {
      if (t.status !== 'playing' || t.game.turn !== 0) return keep();
      const { game: _game, dynasty: _dynasty, ...rest } = t;
      return save({ ...rest, status: 'lobby', messages: { ...t.messages, threadId: null } });
    });
    return { ok: false, refusal: `I could not open the game thread (${errorText(error).replace(/^\w+: /, '')}). Check that I have **Create Public Threads**, **Send Messages in Threads** and **Attach Files** here, then press Start again.` };
  }
}
