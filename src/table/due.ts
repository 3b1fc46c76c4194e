/**
 * What a table needs from the bot next without a click, and when: the one decision
 * behind the driver's timers (src/discord/services/driver.ts) and the store's due
 * index (what start-up and the poll load). Pure.
 *
 * In order: the posts owed (boards and ends first, then withdrawals and clearings);
 * a finished game's thread to archive; the thread told that the computer took a
 * seat; a computer's move (an AI seat or a stand-in, after undo's grace for the move
 * before it); a move planned ahead (plan.ts, after the same grace); the turn's
 * reminder; its time up. Nothing
 * (null): a lobby, a game over and closed, a thread a moderator locked (the game
 * waits for the unlock), a paused clock, a turn without a clock.
 *
 * A clock that jumps past several steps still gets each once, in order: every step
 * changes the table, so the next call says the next one (a jump past a deadline
 * sends its reminder, then makes the move).
 */
import type { AiLevel, GameState } from '../game/index.js';
import { computerLevel, turnLimitS, untold } from './absence.js';
import { boardsOwed, pendingPosts } from './outbox.js';
import { correspondencePace, deadlineOf, isPaused, reminderAtMs } from './pace.js';
import { currentPlan, planDue } from './plan.js';
import { afterQuiet, quietOf, quietSince } from './quiet.js';
import { closeDue, currentTurn } from './play.js';
import { homeOf, type PlayingTable, type Post, type Table } from './types.js';

/** The bot loads (at start-up, then at each poll) the tables due within this: the poll's period, with room. */
export const DUE_HORIZON_MS = 2 * 60_000;
/** How often the bot looks for the tables due. */
export const DUE_POLL_MS = 30_000;
/**
 * A /kingdomino status board whose message the store does not know this long after
 * it was shown: the process showing it died; its button is looked for and cleared.
 */
export const SHOWING_SETTLE_MS = 60_000;

/** One thing the bot does for a table without a click. */
export type Step =
  /** Make the post owed (outbox.ts): a board, an end, a withdrawal, a clearing. */
  | { readonly kind: 'post'; readonly post: Post }
  /** Tell the thread that the computer plays `player`'s seat now (absence.ts). */
  | { readonly kind: 'tell'; readonly player: number }
  /** A computer's move for `player`: an AI seat, or the stand-in of an absent or replaced player. */
  | { readonly kind: 'computer'; readonly player: number; readonly level: AiLevel; readonly standIn: boolean }
  /** The turn's reminder to `userId`, meant for `remindAt`, the move due by `deadline`. */
  | {
      readonly kind: 'remind';
      readonly player: number;
      readonly userId: string;
      readonly remindAt: number;
      readonly deadline: number;
    }
  /** The player to move planned it (plan.ts): played, or found not to apply (then the player is asked). */
  | { readonly kind: 'plan'; readonly player: number }
  /** The turn's DM, held by its player's quiet hours (quiet.ts) until they ended. */
  | { readonly kind: 'dm' }
  /** The turn's time is up: a move is made for `player` (counted towards absence). */
  | { readonly kind: 'time-up'; readonly player: number }
  /** A status board whose message was never tracked: its button to find and clear (outbox.ts, showing). */
  | { readonly kind: 'strays' }
  /** Archive the finished game's thread (and lock it). */
  | { readonly kind: 'close' };

export interface Due {
  readonly step: Step;
  /** When (ms since the epoch): now or earlier means at once. */
  readonly at: number;
}

/** The bot's settings the decision depends on. */
export interface Timing {
  /** How long a computer waits after a human's move, for it to be taken back (undo.ts). */
  readonly undoGraceMs: number;
}

/** The one thing due next for the table, and when; null: nothing before a click. */
export function next(table: Table, now: number, timing: Timing): Due | null {
  // A locked thread: the game waits for the THREAD_UPDATE that unlocks it.
  if (table.status === 'playing' && table.threadLocked === true) return null;
  const post = boardsOwed(table)[0] ?? pendingPosts(table)[0];
  if (post) return { step: { kind: 'post', post }, at: now };
  if (table.status === 'finished') {
    const at = closeDue(table);
    return at === null ? null : { step: { kind: 'close' }, at: Math.max(at, table.closeRetryAt ?? at) };
  }
  if (table.status !== 'playing') return null;
  return earliest(turnStep(table, now, timing), straysStep(table));
}

function earliest(a: Due | null, b: Due | null): Due | null {
  return a === null || (b !== null && b.at < a.at) ? b : a;
}

/** No undo grace: a computer's move is then due a little early, never late (what an index may assume). */
const NO_GRACE: Timing = { undoGraceMs: 0 };

/** When the table next needs the bot (ms since the epoch), or null: what the store's due index keeps. */
export function dueAt(table: Table, now: number, timing = NO_GRACE): number | null {
  return next(table, now, timing)?.at ?? null;
}

function turnStep(table: PlayingTable, now: number, timing: Timing): Due | null {
  const told = untold(table)[0];
  if (told !== undefined) return { step: { kind: 'tell', player: told }, at: now };
  const turn = currentTurn(table);
  if (!turn) return null;
  // The move before may still be taken back (undo.ts): a computer or a plan waits for it.
  const afterGrace = table.undo ? table.undo.at + timing.undoGraceMs : now;
  const level = computerLevel(turn.seat);
  if (level !== null) {
    const step = { kind: 'computer', player: turn.player, level, standIn: turn.seat.kind === 'human' } as const;
    return { step, at: afterGrace };
  }
  // A player's plan is their own move: played even while the clock is paused, as they may move then.
  if (planDue(table)) return { step: { kind: 'plan', player: turn.player }, at: afterGrace };
  if (turn.seat.kind !== 'human' || isPaused(table)) return null;
  return earliest(clockStep(table, turn.player, turn.seat.userId), heldDmStep(table));
}

/** The turn's DM when the player's quiet hours held it back: due when they end. */
function heldDmStep(table: PlayingTable): Due | null {
  const dm = turnDmDue(table);
  return dm && dm.at > table.turnStartedAt ? { step: { kind: 'dm' }, at: dm.at } : null;
}

/**
 * Correspondence: the player to move, who has not had the DM that their turn came
 * (sent with the save of what began it, the board most often; once per move; none
 * while the clock is paused, the resume sends it; none while their plan is about to
 * be played; none for a game in the bot's DM, whose board there tells them), and when it
 * may go: at once, or when their quiet hours end (quiet.ts).
 * A step of its own only when quiet hours held it back: a game waiting for its
 * player's DM otherwise is not due.
 */
export function turnDmDue(
  table: Table,
): { readonly userId: string; readonly deadline: number; readonly at: number } | null {
  if (table.status !== 'playing' || isPaused(table) || !correspondencePace(table.settings)) return null;
  if (homeOf(table) === 'dm') return null;
  if (table.notifiedTurn === table.game.turn || table.threadLocked === true || planDue(table)) return null;
  const turn = currentTurn(table);
  const deadline = deadlineOf(table, turnLimitS(table));
  if (turn?.seat.kind !== 'human' || computerLevel(turn.seat) !== null || deadline === null) return null;
  return { userId: turn.seat.userId, deadline, at: afterQuiet(quietOf(turn.seat), table.turnStartedAt) };
}

/**
 * Correspondence: the player who moves after the one to move now, in this round, when
 * they asked for the on-deck DM (/kingdomino notify, a copy on their seat) and have not
 * planned that move: told once per move, with the save of what began it (as the turn's
 * DM). Their quiet hours are the sender's matter (none is sent inside them).
 */
export function onDeckDue(table: Table): { readonly userId: string; readonly player: number } | null {
  if (table.status !== 'playing' || isPaused(table) || !correspondencePace(table.settings)) return null;
  if (table.onDeckTurn === table.game.turn || table.threadLocked === true) return null;
  const turn = currentTurn(table);
  const next = turn ? nextPlayer(table.game, turn.prompt.king) : null;
  const seat = next === null ? undefined : table.seats[next];
  if (!turn || next === null || next === turn.player || seat?.kind !== 'human' || !seat.notify?.onDeck) return null;
  if (seat.standIn || currentPlan(table, next)) return null;
  return { userId: seat.userId, player: next };
}

/** Who plays the king after `king` in this round (the claims' order in the first), or null: the round's last. */
function nextPlayer(game: GameState, king: number): number | null {
  if (game.current.length === 0) return game.kings[king + 1] ?? null;
  const index = game.current.findIndex((s) => s.king === king);
  const next = game.current[index + 1]?.king;
  return next === undefined || next === null ? null : (game.kings[next] ?? null);
}

/** The next player had the on-deck DM of this move. */
export function onDeckTold(table: PlayingTable): PlayingTable {
  return { ...table, onDeckTurn: table.game.turn };
}

/** The turn's reminder, once (late, if the clock jumped past it), then its time up. */
function clockStep(table: PlayingTable, player: number, userId: string): Due | null {
  const limitS = turnLimitS(table);
  const deadline = deadlineOf(table, limitS);
  if (deadline === null) return null;
  const remindAt = reminderOutOfQuiet(table, player, table.turnStartedAt + reminderAtMs(table.settings, limitS));
  if (!remindedNow(table)) return { step: { kind: 'remind', player, userId, remindAt, deadline }, at: remindAt };
  return { step: { kind: 'time-up', player }, at: deadline };
}

/**
 * A correspondence reminder due in its player's quiet hours comes before they begin
 * (the deadline stays); if the turn began inside those same hours, when they end, if
 * that is still before the deadline; else at its time.
 */
function reminderOutOfQuiet(table: PlayingTable, player: number, at: number): number {
  const quiet = correspondencePace(table.settings) ? quietOf(table.seats[player]) : undefined;
  const began = quietSince(quiet, at);
  if (began === null) return at;
  if (began - QUIET_MARGIN_MS >= table.turnStartedAt) return began - QUIET_MARGIN_MS;
  const ended = afterQuiet(quiet, at);
  const deadline = deadlineOf(table, turnLimitS(table));
  return deadline !== null && ended < deadline ? ended : at;
}

/** A reminder moved before quiet hours comes this long before they begin. */
const QUIET_MARGIN_MS = 60_000;

function straysStep(table: PlayingTable): Due | null {
  return table.showingSince === undefined
    ? null
    : { step: { kind: 'strays' }, at: table.showingSince + SHOWING_SETTLE_MS };
}

/** Whether the player to move has had this move's reminder already. */
export function remindedNow(table: PlayingTable): boolean {
  return table.remindedTurn === table.game.turn;
}

/** The player to move was reminded of this move (once per move, even across a restart). */
export function reminded(table: PlayingTable): PlayingTable {
  return { ...table, remindedTurn: table.game.turn };
}

/** The player to move had the DM that their turn came (once per move, even across a restart). */
export function notified(table: PlayingTable): PlayingTable {
  return { ...table, notifiedTurn: table.game.turn };
}
