/** forget-me on one table: the seat's name in the table and every game it holds, games still valid. */
import { describe, expect, it } from 'vitest';
import { applyDynasty, checkRecord, createDynasty, toRecord, type DynastyState } from '../../src/game/index.js';
import { forgetSeat } from '../../src/store/forget.js';
import { checkTable } from '../../src/store/schema.js';
import { gameSeats, type Table, type TableSeat } from '../../src/table/index.js';
import { simpleAction } from '../support/play.js';
import { finished, humans, lobby, newGame, play, playing } from './fixtures.js';

const stored = (t: ReturnType<typeof lobby>): Table => ({ ...t, version: 2, updatedAt: 1 }) as Table;
const LABEL = 'Former player';

function playedDynasty(seats: readonly TableSeat[]): DynastyState {
  const created = createDynasty({ seats: gameSeats(seats), seed: 'forget' });
  if (!created.ok) throw new Error(created.error.message);
  let d = created.value;
  for (let guard = 0; guard < 1000; guard++) {
    const action = simpleAction(d.games[d.games.length - 1]!);
    if (!action) break;
    const next = applyDynasty(d, action);
    if (!next.ok) throw new Error(next.error.message);
    d = next.value;
  }
  return d;
}

describe('forgetting a seat', () => {
  const seats = humans('ann', 'bob');

  it('renames the seat in the table and its game; the table and the record stay valid', () => {
    const table = stored({ ...finished(lobby('t', seats), play(newGame(seats))), hintsUsed: { '12': ['ann', 'bob'] } });
    const renamed = forgetSeat(table, 'ann', LABEL)!;
    expect(renamed.seats).toEqual([{ kind: 'human', userId: 'ann', name: LABEL }, seats[1]]);
    expect(renamed.game!.seats.map((s) => s.name)).toEqual([LABEL, 'name-bob']);
    expect(renamed.hintsUsed).toEqual({ '12': ['bob'] });
    expect(checkTable(renamed)).toMatchObject({ ok: true });
    expect(checkRecord(JSON.parse(JSON.stringify(toRecord(renamed.game!)))).ok).toBe(true);
    expect(forgetSeat(renamed, 'ann', LABEL)).toBeNull();
  });

  it('renames every game of a Dynasty', () => {
    const d = playedDynasty(seats);
    const table = stored({ ...finished(lobby('t', seats), d.games[2]!), dynasty: d } as never);
    const renamed = forgetSeat(table, 'bob', LABEL)!;
    if (renamed.status !== 'finished') throw new Error('finished expected');
    expect(renamed.dynasty!.games.map((g) => g.seats[1]!.name)).toEqual([LABEL, LABEL, LABEL]);
    expect(renamed.game.seats[1]!.name).toBe(LABEL);
    expect(checkTable(renamed)).toMatchObject({ ok: true });
  });

  it('keeps seats apart when another seat already has the label', () => {
    const clash: TableSeat[] = [...humans('ann'), { kind: 'ai', level: 'easy', name: LABEL }];
    const renamed = forgetSeat(stored(finished(lobby('t', clash), play(newGame(clash)))), 'ann', LABEL)!;
    expect(renamed.seats.map((s) => s.name)).toEqual([`${LABEL} 2`, LABEL]);
  });

  it('leaves lobbies, running games and tables without the user alone', () => {
    expect(forgetSeat(stored(lobby('t', seats)), 'ann', LABEL)).toBeNull();
    expect(forgetSeat(stored(playing(lobby('t', seats), newGame(seats))), 'ann', LABEL)).toBeNull();
    expect(forgetSeat(stored(finished(lobby('t', seats), play(newGame(seats)))), 'cy', LABEL)).toBeNull();
    const cancelled = stored({ ...lobby('t', seats), status: 'cancelled', finishedAt: 1 } as never);
    expect(forgetSeat(cancelled, 'ann', LABEL)!.seats[0]!.name).toBe(LABEL);
  });
});
