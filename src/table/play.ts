/**
 * A running table: who may act now, and a move applied to the game, Dynasty or
 * not; the table is finished when its last game ends.
 */
import {
  apply,
  applyDynasty,
  dynastyGame,
  dynastyGameNumber,
  dynastyResult,
  prompt,
  result,
  type Action,
  type DynastyState,
  type GameResult,
  type GameState,
} from '../game/index.js';
import { afterMove, attendanceProblem } from './absence.js';
import { applyAll, moveActions, type Move } from './move.js';
import { isHost, type Actor, type Mover } from './actor.js';
import { withoutPlanOf } from './plan.js';
import { notPlaying, refuse, type TableResult } from './refusal.js';
import { playerOf } from './seats.js';
import type { CancelledTable, FinishedTable, GameTable, PlayingTable, Table, Turn } from './types.js';

/** The turn to play, or null when the table has no game running. */
export function currentTurn(table: Table): Turn | null {
  if (table.status !== 'playing') return null;
  const p = prompt(table.game);
  if (p.kind === 'over') return null;
  const seat = table.seats[p.player];
  return seat ? { table, player: p.player, seat, prompt: p } : null;
}

/**
 * The one check of "may this mover act on this table at this turn": every game
 * click, computer move and timer move goes through it.
 */
export function mayAct(table: Table, mover: Mover, turn: number): TableResult<Turn> {
  const now = currentTurn(table);
  if (now === null) return refuse(notPlaying(table));
  const player = mover.kind === 'user' ? playerOf(table, mover.userId) : mover.player;
  if (player === null) return refuse({ code: 'not-seated' });
  if (turn !== now.table.game.turn) return refuse({ code: 'stale-turn' });
  if (now.player !== player) return refuse({ code: 'not-your-turn', player: now.player });
  const away = attendanceProblem(now, mover);
  if (away) return refuse(away);
  return { ok: true, value: now };
}

/** What a finished game (one of a Dynasty, or the only one) looked like. */
export interface GameEnd {
  readonly game: GameState;
  readonly result: GameResult;
  /** 1-based in a Dynasty, else null. */
  readonly number: number | null;
}

export interface MoveOutcome {
  /** Who moved, and the game as it was before the move. */
  readonly player: number;
  readonly before: GameState;
  readonly move: Move;
  readonly table: GameTable;
  /** The game the move was made in (the one that may have just ended). */
  readonly game: GameState;
  /** Set when the move ended a game. */
  readonly ended: GameEnd | null;
  /** The Dynasty's totals, once all three games are over. */
  readonly dynastyTotals: GameResult | null;
}

/** Check and apply one move (place or discard, then claim) to the table. */
export function playMove(table: Table, mover: Mover, turn: number, move: Move, now: number): TableResult<MoveOutcome> {
  const may = mayAct(table, mover, turn);
  if (!may.ok) return may;
  const { table: playing, player } = may.value;
  const actions = moveActions(player, move);
  const applied = playing.dynasty
    ? applyDynastyMove(playing, playing.dynasty, actions, now)
    : applyGameMove(playing, actions, now);
  if (!applied.ok) return refuse({ code: 'illegal-move', rejection: applied.error });
  // The seat's count of automatic moves (absence.ts) is saved with the move, which ends the player's plan.
  const counted = withoutPlanOf(afterMove(applied.value.table, player, mover, now), player);
  return { ok: true, value: { player, before: playing.game, move, ...applied.value, table: counted } };
}

type Applied = Pick<MoveOutcome, 'table' | 'game' | 'ended' | 'dynastyTotals'>;

function applyGameMove(table: PlayingTable, actions: readonly Action[], now: number) {
  const next = applyAll(table.game, actions, apply);
  if (!next.ok) return next;
  const game = next.value;
  const over = result(game);
  const ended = over ? { game, result: over, number: null } : null;
  const updated: GameTable = over ? finish(table, game, undefined, now) : { ...table, game, turnStartedAt: now };
  return { ok: true as const, value: { table: updated, game, ended, dynastyTotals: null } satisfies Applied };
}

function applyDynastyMove(table: PlayingTable, dynasty: DynastyState, actions: readonly Action[], now: number) {
  const number = dynastyGameNumber(dynasty);
  const next = applyAll(dynasty, actions, applyDynasty);
  if (!next.ok) return next;
  const d = next.value;
  // The game this move was played in: the same index, even if a new game has started after it.
  const game = d.games[number - 1] ?? dynastyGame(d);
  const over = result(game);
  const totals = dynastyResult(d);
  const ended = over ? { game, result: over, number } : null;
  const updated: GameTable = totals
    ? finish(table, dynastyGame(d), d, now)
    : { ...table, game: dynastyGame(d), dynasty: d, turnStartedAt: now };
  return { ok: true as const, value: { table: updated, game, ended, dynastyTotals: totals } satisfies Applied };
}

function finish(table: PlayingTable, game: GameState, dynasty: DynastyState | undefined, now: number): FinishedTable {
  const { turnStartedAt: _turnStartedAt, dynasty: _dynasty, undo: _undo, plans: _plans, ...rest } = table;
  return { ...rest, status: 'finished', game, ...(dynasty ? { dynasty } : {}), finishedAt: now };
}

/** "Game k of n" of a Dynasty, or null for a single game. */
export function dynastyProgress(table: GameTable): { readonly game: number; readonly of: number } | null {
  return table.dynasty ? { game: dynastyGameNumber(table.dynasty), of: table.dynasty.length } : null;
}

/** Did the user use their hint this turn? */
export function hintUsed(table: Table, userId: string, turn: number): boolean {
  return table.hintsUsed?.[String(turn)]?.includes(userId) ?? false;
}

/** The table with the user's hint of this turn used (older turns' entries dropped), or null if it already was. */
export function useHint(table: PlayingTable, userId: string): PlayingTable | null {
  const turn = table.game.turn;
  if (hintUsed(table, userId, turn)) return null;
  const key = String(turn);
  return { ...table, hintsUsed: { [key]: [...(table.hintsUsed?.[key] ?? []), userId] } };
}

/** A running game ended by its host or a moderator: nothing is counted. (A lobby has its own Cancel button.) */
export function cancelGame(table: Table, actor: Actor, now: number): TableResult<CancelledTable> {
  if (table.status === 'lobby') return refuse({ code: 'lobby-has-cancel' });
  if (table.status !== 'playing') return refuse(notPlaying(table));
  if (!isHost(table, actor)) return refuse({ code: 'host-only' });
  // A move still to be undone (undo.ts) is the running game's only.
  const { turnStartedAt: _turnStartedAt, dynasty: _dynasty, undo: _undo, plans: _plans, ...rest } = table;
  return { ok: true, value: { ...rest, status: 'cancelled', finishedAt: now } };
}

/** The thread is due to be archived and locked at `at` (the Discord side sets it with the game's last post). */
export function closeThreadAt(table: FinishedTable, at: number): FinishedTable {
  return table.closeAt !== undefined || table.closedAt !== undefined ? table : { ...table, closeAt: at };
}

/** The thread was archived (and locked): the table no longer needs the bot for it. */
export function threadClosed(table: Table, now: number): Table {
  if (table.status !== 'finished' || table.closeAt === undefined) return table;
  const { closeAt: _closeAt, closeRefusals: _closeRefusals, closeRetryAt: _retry, ...rest } = table;
  return { ...rest, closedAt: now };
}

/** When the table's thread is due to be archived, or null when it is not waiting for that. */
export function closeDue(table: Table): number | null {
  return table.status === 'finished' ? (table.closeAt ?? null) : null;
}
