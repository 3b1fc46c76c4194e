/**
 * The lobby: seats taken and left, AI seats added and removed, then Start (which
 * opens the game thread on the lobby message) or Cancel. Host-only actions also
 * accept anyone with Manage Threads (moderators). Rematch is in ./rematch.ts.
 */
import type { AiLevel } from '../../game/index.js';
import * as lobbies from '../../table/index.js';
import type { LobbyTable, Table } from '../../table/index.js';
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
import { editLobby, startGame, type LobbyClick } from '../services/lobby.js';
import { botPermissions, FOR_GAME, missing, missingText } from '../wire/permissions.js';
import { aiSeatName, humanSeatOf } from '../messages/seats.js';
import { closedLobbyView, lobbyView } from '../messages/lobby.js';
import { currentView } from '../messages/one-message.js';
import { reachOf } from '../wire/context.js';
import * as clock from '../../runtime/clock.js';
import { pacedSeat } from '../services/notify.js';

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
  // A new lobby: the live board's pages in the channel list it.
  bot.driver.told(table);
  await interaction.editReply(inGameLocale(table, () => lobbyView(table)));
  return table;
}

/** Start, once the bot may open a thread here; the lobby redrawn saying where the game went. */
export async function start(bot: Bot, click: LobbyClick, interaction: ComponentInteraction): Promise<Answer> {
  // Only a thread needs the bot's permissions; elsewhere the game is answers to clicks.
  const lacking = reachOf(interaction) === 'server' ? missing(botPermissions(interaction), FOR_GAME) : [];
  if (lacking.length > 0) return privately(missingText(lacking, t('permission.where.here')));
  const started = await startGame(bot, click);
  if (!started.ok) return privately(started.refusal);
  const table = started.value;
  // A one-message game shows its first board in its lobby's place; a thread's lobby says where the game went.
  if (lobbies.homeOf(table) === 'message') return updating(await currentView(table));
  return updating(inGameLocale(table, () => closedLobbyView(table, t('lobby.note.started'))));
}
