/** Undo of one's own move until the next player acts (table/undo.ts). */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { simpleMove } from '../support/table-moves.js';
import type { GameTable, HumanSeat, PlayingTable, TableSeat } from '../../src/table/index.js';

const ana: HumanSeat = { kind: 'human', userId: 'ana', name: 'Ana' };
const ben: HumanSeat = { kind: 'human', userId: 'ben', name: 'Ben' };
const bot: TableSeat = { kind: 'ai', level: 'easy', name: 'Bot' };

function started(others: readonly TableSeat[]): PlayingTable {
  const lobby = table.newLobby({
    id: 't',
    guildId: 'g',
    channelId: 'c',
    host: ana,
    others,
    settings: { ...NO_VARIANTS, turnTimerS: 0 },
    now: 0,
  });
  const r = table.start(lobby, { userId: 'ana', moderator: false }, 'undo', 0);
  if (!r.ok) throw new Error(r.refusal.code);
  return table.posted(r.value, 1, 'm1');
}

/** The move whoever is to play makes, as makeMove saves it: by a click for a human seat, else by the seat. */
function move(t: GameTable, now = 10): GameTable {
  if (t.status !== 'playing') throw new Error('over');
  const turn = table.currentTurn(t)!;
  const user = turn.seat.kind === 'human' ? turn.seat.userId : null;
  const mover: table.Mover = user ? { kind: 'user', userId: user } : { kind: 'seat', player: turn.player };
  const out = table.playMove(t, mover, t.game.turn, simpleMove(turn), now);
  if (!out.ok) throw new Error(out.refusal.code);
  const owed = table.postsForMove(out.value, table.noteOf(out.value, false));
  return user ? table.undoable(owed, t, user, now) : table.withoutUndo(owed);
}

/** Make every post owed, the turn posts as messages m2, m3... */
function postAll(t: GameTable): GameTable {
  let n = 1;
  for (let post = table.boardsOwed(t)[0]; post; post = table.boardsOwed(t)[0])
    t = table.posted(t, post.seq, post.kind === 'turn' ? `m${++n}` : null);
  return t;
}

const mover = (t: GameTable): string | null => {
  const turn = table.currentTurn(t);
  return turn?.seat.kind === 'human' ? turn.seat.userId : null;
};

describe('undo', () => {
  it('puts the table back as before the move, withdraws its board and posts the turn again', () => {
    const before = started([ben]);
    const who = mover(before)!;
    const after = postAll(move(before));
    const back = table.takeBack(after, who);
    if (!back.ok) throw new Error(back.refusal.code);
    expect(back.value.game).toEqual(before.game);
    expect(back.value.seats).toEqual(before.seats);
    expect(back.value.undo).toBeUndefined();
    const owed = table.boardsOwed(back.value);
    expect(owed.map((p) => p.kind)).toEqual(['withdraw', 'turn']);
    expect(owed[0]).toMatchObject({ messageId: after.messages.turnMessageId });
    // Once is all: the second press finds nothing to take back.
    expect(table.takeBack(back.value, who)).toEqual({ ok: false, refusal: { code: 'undo-too-late' } });
  });

  it('a move held for the computer player after it is taken back with nothing to withdraw', () => {
    let t: GameTable = started([bot]);
    while (mover(t) !== 'ana') t = postAll(move(t));
    const before = t;
    const after = move(before);
    expect(table.heldMoves(after).length).toBe(table.heldMoves(before).length + 1);
    const back = table.takeBack(after, 'ana');
    if (!back.ok) throw new Error(back.refusal.code);
    expect(back.value.game).toEqual(before.game);
    expect(table.heldMoves(back.value)).toEqual(table.heldMoves(before));
    expect(table.pendingPosts(back.value)).toEqual(table.pendingPosts(before));
  });

  it('is refused to anyone else, after the next move, and after the next player first clicked', () => {
    const before = started([ben]);
    const who = mover(before)!;
    const other = who === 'ana' ? 'ben' : 'ana';
    const after = postAll(move(before));
    expect(table.takeBack(after, other).ok).toBe(false);
    expect(table.takeBack(table.actedBy(after, other), who).ok).toBe(false);
    expect(table.takeBack(table.actedBy(after, who), who).ok).toBe(true);
    const next = postAll(move(after));
    expect(table.takeBack(next, who).ok).toBe(mover(after) === who);
  });

  it('is refused while the board of the move is still being posted', () => {
    const before = started([ben]);
    const after = move(before);
    expect(table.takeBack(after, mover(before)!).ok).toBe(false);
  });

  it('a cancelled game keeps no move to take back', () => {
    const after = postAll(move(started([ben])));
    const cancelled = table.cancelGame(after, { userId: 'ana', moderator: false }, 20);
    if (!cancelled.ok) throw new Error(cancelled.refusal.code);
    expect(cancelled.value.undo).toBeUndefined();
  });

  it('never takes back the move that ended the game', () => {
    let t: GameTable = started([ben]);
    while (t.status === 'playing') t = postAll(move(t));
    expect(t.undo).toBeUndefined();
  });

  it('a computer player waits out the grace after a human move, from when it was made', () => {
    const after = postAll(move(started([bot]), 1_000));
    expect(table.undoGraceLeft(after, 1_000, 5_000)).toBe(after.undo ? 5_000 : 0);
    expect(table.undoGraceLeft(after, 7_000, 5_000)).toBe(0);
  });
});
