/**
 * When a table next needs the bot, without a click: what the store indexes so that
 * start-up and the poll read only the tables due soon, not every open game. Pure.
 *
 * Now: posts owed, a computer's move (an AI seat, a stand-in, the thread to be told
 * of one), a board /kingdomino status was showing when the process may have died (its
 * button to be tracked or cleared). Later: the turn's reminder, then its deadline; a
 * finished game's thread to archive. Never (null): a lobby, a turn without a clock,
 * a game over and closed.
 */
import { computerLevel, turnLimitS, untold } from './absence.js';
import { pendingPosts } from './outbox.js';
import { deadlineOf, isPaused, reminderAtMs } from './pace.js';
import { closeDue, currentTurn } from './play.js';
import type { PlayingTable, Table } from './types.js';

/** The bot loads (at start-up, then at each poll) the tables due within this: the poll's period, with room. */
export const DUE_HORIZON_MS = 2 * 60_000;
/** How often the bot looks for the tables due. */
export const DUE_POLL_MS = 30_000;

/** When the table next needs the bot (ms since the epoch), or null: not before a click. */
export function dueAt(table: Table, now: number): number | null {
  // A locked thread: the game waits for the THREAD_UPDATE that unlocks it.
  if (table.status === 'playing' && table.threadLocked === true) return null;
  if (pendingPosts(table).length > 0) return now;
  if (table.status === 'finished') return closeDue(table);
  if (table.status !== 'playing') return null;
  if (table.showingSince !== undefined || untold(table).length > 0) return now;
  const turn = currentTurn(table);
  if (!turn || computerLevel(turn.seat) !== null) return now;
  return isPaused(table) ? null : clockDue(table, now);
}

/** The turn's reminder while it is to come, else its deadline; null without a clock. */
function clockDue(table: PlayingTable, now: number): number | null {
  const limitS = turnLimitS(table);
  const deadline = deadlineOf(table, limitS);
  if (deadline === null) return null;
  const remindAt = table.turnStartedAt + reminderAtMs(table.settings, limitS);
  return !remindedNow(table) && remindAt > now ? remindAt : deadline;
}

/** Whether the player to move has had this move's reminder already. */
export function remindedNow(table: PlayingTable): boolean {
  return table.remindedTurn === table.game.turn;
}

/** The player to move was reminded of this move (once per move, even across a restart). */
export function reminded(table: PlayingTable): PlayingTable {
  return { ...table, remindedTurn: table.game.turn };
}
