/**
 * What a table needs next without a click, and when (src/table/due.ts, `next`): every
 * pace, a pause, a locked thread, held computer moves, undo's grace, the thread's
 * close, and clocks that jump past several steps at once. `walk` is the driver
 * without Discord: it does each step due by a time, as the driver would, and says
 * which steps it took.
 */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { simpleMove } from '../support/table-moves.js';
import type { GameTable, HumanSeat, PlayingTable, Table, TableSeat, TableSettings } from '../../src/table/index.js';

const ana: HumanSeat = { kind: 'human', userId: 'ana', name: 'Ana' };
const ben: HumanSeat = { kind: 'human', userId: 'ben', name: 'Ben' };
const robot: TableSeat = { kind: 'ai', level: 'easy', name: 'Bot' };
const LIVE: TableSettings = { ...NO_VARIANTS, turnTimerS: 600 };
const DAY: TableSettings = table.withPace(LIVE, '1d');
const UNTIMED: TableSettings = { ...NO_VARIANTS, turnTimerS: 0 };
const timing = { undoGraceMs: 5_000 };
const HOUR = 3_600_000;
const T0 = 1_000_000;

function started(others: readonly TableSeat[], settings: TableSettings): PlayingTable {
  const lobby = table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host: ana, others, settings, now: 0 });
  const r = table.start(lobby, { userId: 'ana', moderator: false }, 'next', T0);
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
}

/** The table with every post it owes made (turn messages m<seq>). */
function posted<T extends Table>(t: T): T {
  let after = t;
  for (let post = table.pendingPosts(after)[0]; post; post = table.pendingPosts(after)[0])
    after = table.posted(after, post.seq, post.kind === 'turn' ? `m${post.seq}` : null);
  return after;
}

/** The move of whoever must play, by `mover` (default: the seat itself), with its posts owed, at `now`. */
function moved(t: GameTable, now: number, mover?: table.Mover, timedOut = false): GameTable {
  const turn = table.currentTurn(t)!;
  const by = mover ?? { kind: 'seat', player: turn.player };
  const out = table.playMove(t, by, t.game.turn, simpleMove(turn), now);
  if (!out.ok) throw new Error(out.refusal.code);
  const owed = table.postsForMove(out.value, table.noteOf(out.value, timedOut));
  return by.kind === 'user' && t.status === 'playing'
    ? table.undoable(owed, t, by.userId, now)
    : table.withoutUndo(owed);
}

/**
 * The driver without Discord: each step due by `now`, done in turn; the kinds of the
 * steps taken. As the driver does, a step that acts then saves (a post, a notice, a
 * close) sends a correspondence turn's DM due then with its save ('dm').
 */
function walk(start: Table, now: number, limit = 20): { readonly steps: string[]; readonly table: Table } {
  let t = start;
  const steps: string[] = [];
  for (let due = table.next(t, now, timing); due && due.at <= now && steps.length < limit;) {
    const step = due.step;
    steps.push(step.kind);
    t = doStep(t, step, now);
    if (['post', 'tell', 'strays', 'close'].includes(step.kind) && table.turnDmDue(t)) {
      steps.push('dm');
      t = table.notified(t as PlayingTable);
    }
    due = table.next(t, now, timing);
  }
  return { steps, table: t };
}

function doStep(t: Table, step: table.Step, now: number): Table {
  switch (step.kind) {
    case 'post':
      return table.posted(t, step.post.seq, step.post.kind === 'turn' ? `m${step.post.seq}` : null);
    case 'remind':
      return table.reminded(t as PlayingTable);
    case 'dm':
      return table.notified(t as PlayingTable);
    case 'tell':
      return table.told(t, step.player);
    case 'time-up':
      return moved(t as GameTable, now, { kind: 'seat', player: step.player, as: 'timer' }, true);
    case 'computer':
      return moved(t as GameTable, now, {
        kind: 'seat',
        player: step.player,
        ...(step.standIn ? { as: 'stand-in' as const } : {}),
      });
    case 'plan':
      throw new Error('no plans at these tables (test/table/plan.test.ts walks them)');
    case 'strays':
      return table.shownDone(t);
    case 'close':
      return table.threadClosed(t, now);
  }
}

describe('what a table needs next', () => {
  it('nothing for a lobby, a cancelled game, or a turn without a clock', () => {
    const lobby = table.newLobby({
      id: 't',
      guildId: 'g',
      channelId: 'c',
      host: ana,
      others: [ben],
      settings: LIVE,
      now: 0,
    });
    expect(table.next(lobby, T0, timing)).toBeNull();
    const untimed = posted(started([ben], UNTIMED));
    expect(table.next(untimed, T0, timing)).toBeNull();
    const cancelled = table.cancelGame(untimed, { userId: 'ana', moderator: false }, T0);
    expect(cancelled.ok && table.next(cancelled.value, T0, timing)).toBeNull();
  });

  it('posts owed first, at once: boards before the clearings of older buttons', () => {
    const t = started([ben], LIVE);
    expect(table.next(t, T0, timing)).toEqual({ step: { kind: 'post', post: table.pendingPosts(t)[0] }, at: T0 });
    const after = moved(posted(t), T0 + 10, {
      kind: 'user',
      userId:
        table.currentTurn(posted(t))!.seat.kind === 'human'
          ? (table.currentTurn(posted(t))!.seat as HumanSeat).userId
          : '',
    });
    expect(table.pendingPosts(after).map((p) => p.kind)).toEqual(['turn', 'clear']);
    expect(table.next(after, T0 + 10, timing)?.step).toMatchObject({ kind: 'post', post: { kind: 'turn' } });
    expect(walk(after, T0 + 10).steps).toEqual(['post', 'post']);
  });

  it('a live turn: the reminder at half time, then the move at the deadline; nothing while paused', () => {
    const t = posted(started([ben], LIVE));
    expect(table.next(t, T0, timing)).toMatchObject({
      step: { kind: 'remind', deadline: T0 + 600_000 },
      at: T0 + 300_000,
    });
    expect(table.next(table.reminded(t), T0, timing)).toMatchObject({ step: { kind: 'time-up' }, at: T0 + 600_000 });
    const paused = table.pauseClock(t, { userId: 'ana', moderator: false }, T0 + 1);
    expect(paused.ok && table.next(paused.value, T0 + HOUR, timing)).toBeNull();
  });

  it('a correspondence turn: the DM with its board, the reminder six hours before the day is up, then the move', () => {
    const first = walk(started([ben], DAY), T0);
    expect(first.steps).toEqual(['post', 'dm']);
    // A game waiting for its DM is not due: the DM goes with the save of the board.
    expect(table.next(posted(started([ben], DAY)), T0, timing)?.step.kind).toBe('remind');
    expect(table.next(first.table, T0, timing)).toMatchObject({ step: { kind: 'remind' }, at: T0 + 18 * HOUR });
    const reminded = walk(first.table, T0 + 18 * HOUR);
    expect(reminded.steps).toEqual(['remind']);
    expect(table.next(reminded.table, T0 + 18 * HOUR, timing)).toMatchObject({
      step: { kind: 'time-up' },
      at: T0 + 24 * HOUR,
    });
  });

  it('a clock jumping past the reminder still reminds, late, before the deadline', () => {
    const t = walk(started([ben], DAY), T0).table;
    const jumped = walk(t, T0 + 20 * HOUR, 2);
    expect(jumped.steps).toEqual(['remind']);
    expect(table.next(jumped.table, T0 + 20 * HOUR, timing)).toMatchObject({
      step: { kind: 'time-up' },
      at: T0 + 24 * HOUR,
    });
  });

  it('a clock jumping past the deadline still reminds, then makes the move; every step after once, in order', () => {
    const t = walk(started([ben], DAY), T0).table;
    // 25 hours on: the reminder, the move for the player, its board with the next player's DM, the clearing.
    const jumped = walk(t, T0 + 25 * HOUR, 6);
    expect(jumped.steps).toEqual(['remind', 'time-up', 'post', 'dm', 'post']);
    // Their day counts from then: two more days on, theirs too, once each.
    expect(walk(jumped.table, T0 + 73 * HOUR, 6).steps).toEqual(['remind', 'time-up', 'post', 'dm', 'post']);
  });

  it('a computer seat moves at once; after a human move it waits for undo’s grace; its moves are held, then told in one board', () => {
    let t: GameTable = posted(started([robot], UNTIMED));
    const anaThenRobot = (g: GameTable): boolean =>
      table.currentTurn(g)?.seat.kind === 'human' &&
      table.currentTurn(moved(g, T0, { kind: 'user', userId: 'ana' }))?.seat.kind === 'ai';
    while (!anaThenRobot(t)) t = posted(moved(t, T0));
    const afterAna = moved(t, T0 + 10, { kind: 'user', userId: 'ana' });
    expect(table.pendingPosts(afterAna)).toEqual([]);
    expect(table.heldMoves(afterAna)).toHaveLength(table.heldMoves(t).length + 1);
    expect(table.next(afterAna, T0 + 10, timing)).toMatchObject({
      step: { kind: 'computer', standIn: false },
      at: T0 + 10 + 5_000,
    });
    expect(walk(afterAna, T0 + 11).steps).toEqual([]);
    expect(walk(afterAna, T0 + 10 + 5_000, 1).steps).toEqual(['computer']);
  });

  it('the computer taking a seat is told first, then it plays the seat', () => {
    const t = posted(started([ben], LIVE));
    const turn = table.currentTurn(t)!;
    const replaced = table.replaceSeat(t, { userId: 'ana', moderator: false }, turn.player, T0, 'Bot');
    if (!replaced.ok || replaced.value.status !== 'playing') throw new Error('not replaced');
    expect(table.next(replaced.value, T0, timing)?.step).toEqual({ kind: 'tell', player: turn.player });
    expect(walk(replaced.value, T0, 2).steps).toEqual(['tell', 'computer']);
  });

  it('a locked thread: nothing, posts owed included, until it is unlocked', () => {
    const t = started([ben], LIVE);
    expect(table.next({ ...t, threadLocked: true }, T0, timing)).toBeNull();
  });

  it('a /kingdomino status board never tracked is looked for a minute after it was shown', () => {
    const t = table.showing(posted(started([ben], UNTIMED)), T0);
    expect(table.next(t, T0, timing)).toEqual({ step: { kind: 'strays' }, at: T0 + table.SHOWING_SETTLE_MS });
    const timed = table.showing(posted(started([ben], LIVE)), T0);
    expect(table.next(timed, T0, timing)?.step.kind).toBe('strays');
  });

  it('a finished game: its end posted, then its thread closed when due, later after a refusal', () => {
    let t: GameTable = posted(started([robot], UNTIMED));
    while (t.status === 'playing') t = posted(moved(t, T0));
    expect(table.next(t, T0, timing)).toBeNull();
    const closing = table.closeThreadAt(t, T0 + 600_000);
    expect(table.next(closing, T0, timing)).toEqual({ step: { kind: 'close' }, at: T0 + 600_000 });
    const refused = table.closeRefused(closing, T0 + 600_000).table;
    expect(table.next(refused, T0 + 600_000, timing)?.at).toBe(T0 + 600_000 + table.CLOSE_RETRY_MS);
    expect(walk(table.threadClosed(refused, T0), Infinity).steps).toEqual([]);
  });
});
