/**
 * Undo of one's own move, until the next player acts (as on Board Game Arena): a
 * misclick is not final. Pure.
 *
 * A move a player makes by clicking keeps the table as it was before it (its undo
 * point). Taking it back puts that table back whole: the game (so the record never
 * shows the move), the seats' counts, the moves held for the thread; the board the
 * move posted is withdrawn and the board of the player's turn posted again. The
 * point is gone as soon as anyone else acts: the next move (a computer player's
 * waits the bot's UNDO_GRACE_MS after a human's move), the next human's
 * first click, or the move's own end of a game (a finished game is never undone).
 */
import { boardsOwed, owe } from './outbox.js';
import { refuse, type TableResult } from './refusal.js';
import type { GameTable, PlayingTable, Table, UndoPoint } from './types.js';

/** The table without its undo point. */
export function withoutUndo<T extends Table>(table: T): T {
  if (table.undo === undefined) return table;
  const { undo: _undo, ...rest } = table;
  return rest as T;
}

/**
 * The table after `userId`'s move (`after`, its posts owed), with the point to take it
 * back to (`before`, the table the move was made on); none when the move ended a game.
 */
export function undoable(after: GameTable, before: PlayingTable, userId: string, now: number): GameTable {
  const cleared = withoutUndo(after);
  // A move that ended a game (the table finished, or a Dynasty's next game begun) is final.
  const gamesPlayed = (table: GameTable) => table.dynasty?.games.length ?? 0;
  if (cleared.status !== 'playing' || gamesPlayed(cleared) !== gamesPlayed(before)) return cleared;
  const board = boardsOwed(cleared).find((post) => post.seq > (before.postSeq ?? 0))?.seq ?? null;
  const point: UndoPoint = {
    by: userId,
    turn: cleared.game.turn,
    at: now,
    game: before.game,
    ...(before.dynasty ? { dynasty: before.dynasty } : {}),
    seats: before.seats,
    turnStartedAt: before.turnStartedAt,
    ...(before.held ? { held: before.held } : {}),
    board,
  };
  return { ...cleared, undo: point };
}

/** Is `table`'s undo point still good: nobody moved since, and the move's board is not still being posted? */
function stillUndoable(table: PlayingTable, point: UndoPoint): boolean {
  return point.turn === table.game.turn && !boardsOwed(table).some((post) => post.seq === point.board);
}

/** Take back `userId`'s last move: the table as before it, its board withdrawn and the turn's board posted again. */
export function takeBack(table: Table, userId: string): TableResult<PlayingTable> {
  const point = table.status === 'playing' ? table.undo : undefined;
  if (table.status !== 'playing' || !point || point.by !== userId || !stillUndoable(table, point))
    return refuse({ code: 'undo-too-late' });
  const { undo: _undo, held: _held, dynasty: _dynasty, ...rest } = table;
  const back: PlayingTable = {
    ...rest,
    game: point.game,
    ...(point.dynasty ? { dynasty: point.dynasty } : {}),
    seats: point.seats,
    turnStartedAt: point.turnStartedAt,
    ...(point.held ? { held: point.held } : {}),
  };
  if (point.board === null) return { ok: true, value: back };
  // The board the move posted is the live turn message (nobody acted since): withdrawn, and the turn's posted again.
  const live = table.messages.turnMessageId;
  const unposted = { ...back, messages: { ...back.messages, turnMessageId: null } };
  return {
    ok: true,
    value: owe(unposted, [
      ...(live ? [{ kind: 'withdraw' as const, messageId: live }] : []),
      { kind: 'turn', move: null, occasion: 'again' },
    ]),
  };
}

/** Someone else than the mover acts on the table (a first click on their turn): the move can no longer be undone. */
export function actedBy<T extends Table>(table: T, userId: string): T {
  return table.undo && table.undo.by !== userId ? withoutUndo(table) : table;
}

/** How long a computer player still waits before moving, for the move before it to be undone (0: move now). */
export function undoGraceLeft(table: Table, now: number, graceMs: number): number {
  return table.undo ? Math.max(0, table.undo.at + graceMs - now) : 0;
}
