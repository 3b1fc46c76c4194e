/**
 * The lobby: seats taken and left, AI seats added and removed, then Start (which
 * opens the game thread on the lobby message) or Cancel. Host-only actions also
 * accept anyone with Manage Threads (moderators). Rematch is in ./rematch.ts.
 */
import { randomBytes } from 'node:crypto';
import type { AiLevel } from '../../game/index.js';
import { keep, save, StoreError } from '../../store/index.js';
import * as lobbies from '../../table/index.js';
import type { LobbyTable, PlayingTable, Refusal, Table, TableResult } from '../../table/index.js';
import { t } from '../../i18n/index.js';
import { inGameLocale } from '../messages/locale.js';
import {
  answeredWith,
  privately,
  updating,
  type Answer,
  type ComponentInteraction,
  type Worded,
} from '../wire/answer.js';
import type { RepliableInteraction } from 'discord.js';
import type { Bot } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { botPermissions, FOR_GAME, missing, missingText } from '../wire/permissions.js';
import { aiSeatName, humanSeatOf } from '../messages/seats.js';
import { closedLobbyView, lobbyView, threadName } from '../messages/lobby.js';
import { currentView } from '../messages/one-message.js';
import { reachOf } from '../wire/context.js';
import { refusalText } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';
import { copyNotifyToSeats, pacedSeat } from '../services/notify.js';

export interface LobbyClick {
  readonly tableId: string;
  readonly userId: string;
  readonly userName: string;
  /** Has Manage Threads where the lobby is: may act as the host. */
  readonly moderator: boolean;
}

/** Why a table that is no lobby (any more) refuses lobby buttons. */
function notLobby(table: Table): Refusal {
  if (table.status === 'playing') return { code: 'already-started' };
  if (table.status === 'finished') return { code: 'over' };
  return { code: 'cancelled' };
}

/** Apply one lobby edit under the table's lock: the edited table, or the refusal in words. */
async function editLobby<T extends Table>(
  bot: Bot,
  tableId: string,
  edit: (lobby: LobbyTable) => TableResult<T>,
): Promise<Worded<T>> {
  try {
    const { value } = await bot.store.update<Worded<T>>(tableId, (table) => {
      const r: TableResult<T> = table.status === 'lobby' ? edit(table) : { ok: false, refusal: notLobby(table) };
      return r.ok
        ? save(r.value, { ok: true, value: r.value })
        : keep({ ok: false, refusal: refusalText(r.refusal, table.seats) });
    });
    return value;
  } catch (error) {
    if (error instanceof StoreError && error.code === 'missing') return { ok: false, refusal: t('table.missing') };
    throw error;
  }
}

/** Answer a lobby button by redrawing the lobby, or privately with the refusal. */
async function redraw(edited: Promise<Worded<Table>>): Promise<Answer> {
  const done = await edited;
  if (!done.ok) return privately(done.refusal);
  const table = done.value;
  return updating(
    inGameLocale(table, () =>
      table.status === 'lobby' ? lobbyView(table) : closedLobbyView(table, t('lobby.note.cancelled')),
    ),
  );
}

export function join(bot: Bot, click: LobbyClick): Promise<Answer> {
  return redraw(
    pacedSeat(bot, humanSeatOf(click)).then((seat) =>
      editLobby(bot, click.tableId, (lobby) => lobbies.join(lobby, seat)),
    ),
  );
}

export function leave(bot: Bot, click: LobbyClick): Promise<Answer> {
  return redraw(editLobby(bot, click.tableId, (lobby) => lobbies.leave(lobby, click.userId)));
}

export function addAi(bot: Bot, click: LobbyClick, level: AiLevel): Promise<Answer> {
  return redraw(
    editLobby(bot, click.tableId, (lobby) =>
      lobbies.addAi(
        lobby,
        click,
        level,
        inGameLocale(lobby, () => aiSeatName(level)),
      ),
    ),
  );
}

export function removeAi(bot: Bot, click: LobbyClick): Promise<Answer> {
  return redraw(editLobby(bot, click.tableId, (lobby) => lobbies.removeAi(lobby, click)));
}

export function cancelLobby(bot: Bot, click: LobbyClick): Promise<Answer> {
  return redraw(editLobby(bot, click.tableId, (lobby) => lobbies.cancel(lobby, click, clock.now())));
}

/**
 * A new lobby as the interaction's public answer (the start command; a rematch away from
 * threads, where the bot cannot post on its own): the message's id is the table's key, so
 * it comes from a deferred reply, the table is saved, and only then are the buttons shown
 * (no click can arrive before the table exists). Null when it could not be saved (said).
 */
export async function lobbyAsAnswer(
  bot: Bot,
  interaction: RepliableInteraction,
  lobbyOf: (messageId: string) => LobbyTable,
): Promise<LobbyTable | null> {
  const response = await interaction.deferReply({ withResponse: true });
  // Discord may leave the message out of a deferred callback's response: then ask for it.
  const messageId = response.resource?.message?.id ?? (await interaction.fetchReply()).id;
  // A one-message game's message is edited through its tokens, this interaction's first.
  answeredWith(interaction, messageId);
  const table = lobbyOf(messageId);
  try {
    await bot.store.create(messageId, table);
  } catch (error) {
    bot.log.error('could not save a new lobby', { game: messageId, error: errorText(error) });
    await interaction.editReply({ content: t('command.saveFailed'), components: [] });
    return null;
  }
  await interaction.editReply(inGameLocale(table, () => lobbyView(table)));
  return table;
}

/** Start: lobby -> game under the lock (so two Start clicks start one game), then open the thread. */
export async function start(bot: Bot, click: LobbyClick, interaction: ComponentInteraction): Promise<Answer> {
  // Only a thread needs the bot's permissions; elsewhere the game is answers to clicks.
  const lacking = reachOf(interaction) === 'server' ? missing(botPermissions(interaction), FOR_GAME) : [];
  if (lacking.length > 0) return privately(missingText(lacking, t('permission.where.here')));
  const started = await editLobby(bot, click.tableId, (lobby) => lobbies.start(lobby, click, newSeed(), clock.now()));
  if (!started.ok) return privately(started.refusal);
  const table = await copyNotifyToSeats(bot, started.value);
  const opened = await openThread(bot, table);
  if (!opened.ok) return privately(opened.refusal);
  bot.log.info('game started', {
    guild: table.guildId,
    channel: table.messages.lobbyChannelId,
    game: table.id,
    user: click.userId,
    seats: table.seats.length,
  });
  bot.driver.changed(table.id, table);
  // A one-message game shows its first board in its lobby's place; a thread's lobby says where the game went.
  if (lobbies.homeOf(table) === 'message') return updating(await currentView(table));
  return updating(inGameLocale(table, () => closedLobbyView(table, t('lobby.note.started'))));
}

function newSeed(): string {
  return randomBytes(8).toString('hex');
}

/** Open the game's home (its thread on the lobby message); if Discord refuses, the table goes back to being a lobby. */
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
    await bot.store.update(table.id, (current) => {
      const lobby = current.status === 'playing' ? lobbies.unstart(current) : null;
      return lobby ? save(lobby) : keep();
    });
    return { ok: false, refusal: t('lobby.threadFailed', { reason: errorText(error).replace(/^\w+: /, '') }) };
  }
}
