/** Seating a league's rounds (src/table/pairing.ts): the properties players rely on. */
import { describe, expect, it } from 'vitest';
import { historyOf, rematches, seatRound, tableSizes } from '../../src/table/index.js';
import { fewestRematches, ids, simulateLeague as league } from '../support/league-sim.js';

describe('seating a round', () => {
  it('seats every player exactly once, at tables of the allowed sizes', () => {
    for (const size of [2, 3, 4, '3or4'] as const) {
      for (let n = 3; n <= 41; n += 2) {
        if (!tableSizes(n, size)) continue;
        const { past, entrants } = league(n, size, 3, 'swiss', `${size}/${n}`);
        for (const round of past) {
          const seen = [...round.tables.flat(), ...round.byes];
          expect([...seen].sort()).toEqual([...entrants].sort());
          for (const table of round.tables) {
            expect(size === '3or4' ? [3, 4] : [size]).toContain(table.length);
          }
          const leftOver = size === '3or4' ? (n === 5 ? 1 : 0) : n % size;
          expect(round.byes).toHaveLength(leftOver);
        }
      }
    }
  });

  it('fills tables of 4 and uses tables of 3 only for the rest', () => {
    expect(tableSizes(12, '3or4')).toEqual([4, 4, 4]);
    expect(tableSizes(13, '3or4')).toEqual([4, 3, 3, 3]);
    expect(tableSizes(14, '3or4')).toEqual([4, 4, 3, 3]);
    expect(tableSizes(15, '3or4')).toEqual([4, 4, 4, 3]);
    expect(tableSizes(5, '3or4')).toEqual([4]);
    expect(tableSizes(2, '3or4')).toBeUndefined();
    expect(tableSizes(3, 4)).toBeUndefined();
  });

  it('gives a bye at most once per player while others have had none', () => {
    // 10 players at tables of 4: 2 byes a round, so 5 rounds give everyone exactly one.
    const { past, entrants } = league(10, 4, 5);
    const byes = past.flatMap((r) => r.byes);
    expect([...byes].sort()).toEqual([...entrants].sort());
    // 7 players at tables of 2, 9 rounds: 9 byes, nobody a third before all have two.
    const counts = new Map<string, number>();
    for (const b of league(7, 2, 9).past.flatMap((r) => r.byes)) counts.set(b, (counts.get(b) ?? 0) + 1);
    expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
  });

  it('gives the bye to the lowest in the standings among those without one', () => {
    const contenders = ids(5).map((id, i) => ({ id, points: 10 - i }));
    const round = seatRound({ contenders, entrants: ids(5), past: [], size: 2, format: 'swiss', seed: 's' })!;
    expect(round.byes).toEqual(['p5']);
  });

  it('is the same for the same seed and history, and drawn differently for another seed', () => {
    const a = league(16, 4, 3, 'swiss', 'one').past;
    expect(league(16, 4, 3, 'swiss', 'one').past).toEqual(a);
    expect(league(16, 4, 3, 'swiss', 'two').past[0]).not.toEqual(a[0]);
  });

  it('seats players of similar standing together when no rematch stands in the way', () => {
    const contenders = ids(12).map((id, i) => ({ id, points: 30 - 2 * i }));
    const round = seatRound({ contenders, entrants: ids(12), past: [], size: 4, format: 'swiss', seed: 's' })!;
    expect(round.tables).toEqual([ids(12).slice(0, 4), ids(12).slice(4, 8), ids(12).slice(8)]);
  });

  it('avoids a rematch even at the cost of a wider gap in points', () => {
    const contenders = ids(4).map((id, i) => ({ id, points: 9 - 3 * i }));
    const past = [
      {
        tables: [
          ['p1', 'p2'],
          ['p3', 'p4'],
        ],
        byes: [],
      },
    ];
    const round = seatRound({ contenders, entrants: ids(4), past, size: 2, format: 'swiss', seed: 's' })!;
    expect(rematches(round.tables, historyOf(past))).toBe(0);
  });

  it('repeats no more meetings than the best possible seating, on small leagues', () => {
    let cases = 0;
    for (const size of [2, 3, 4, '3or4'] as const) {
      for (const n of [6, 8, 9, 10, 12]) {
        const sizes = tableSizes(n, size);
        if (!sizes || sizes.length < 2) continue;
        for (const seed of ['a', 'b', 'c', 'd', 'e']) {
          const { past, points, entrants } = league(n, size, 3 + (seed.charCodeAt(0) % 3), 'swiss', seed);
          const history = historyOf(past);
          const contenders = entrants
            .map((id) => ({ id, points: points.get(id)! }))
            .sort((x, y) => y.points - x.points);
          const round = seatRound({ contenders, entrants, past, size, format: 'swiss', seed })!;
          const seated = round.tables.flat();
          expect(rematches(round.tables, history)).toBe(fewestRematches(seated, sizes, history));
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(60);
  });
});

describe('round robin', () => {
  it('at 2 seats, every pair meets once and each gets one bye (5 players, 5 rounds)', () => {
    const { past, entrants } = league(5, 2, 5, 'round-robin');
    const history = historyOf(past);
    for (const a of entrants) for (const b of entrants) if (a < b) expect(history.met(a, b)).toBe(1);
    expect(past.flatMap((r) => r.byes).sort()).toEqual([...entrants].sort());
  });

  it('at 2 seats with an even count, everyone meets everyone in n - 1 rounds', () => {
    const { past, entrants } = league(8, 2, 7, 'round-robin');
    const history = historyOf(past);
    for (const a of entrants) for (const b of entrants) if (a < b) expect(history.met(a, b)).toBe(1);
    expect(past.flatMap((r) => r.byes)).toEqual([]);
  });

  it("gives a withdrawn player's opponent the round off", () => {
    const entrants = ids(4);
    const contenders = entrants.filter((id) => id !== 'p2').map((id) => ({ id, points: 0 }));
    const rounds = [0, 1, 2].map((r) => {
      const past = Array.from({ length: r }, () => ({ tables: [], byes: [] }));
      return seatRound({ contenders, entrants, past, size: 2, format: 'round-robin', seed: 's' })!;
    });
    for (const round of rounds) {
      expect(round.tables).toHaveLength(1);
      expect(round.byes).toHaveLength(1);
    }
  });

  it('at 4 seats, plans the rounds together: 16 players meet everyone exactly once in 5 rounds', () => {
    for (const seed of ['a', 'b', 'c']) {
      const { past, entrants } = league(16, 4, 5, 'round-robin', seed);
      const history = historyOf(past);
      for (const a of entrants) for (const b of entrants) if (a < b) expect(history.met(a, b)).toBe(1);
    }
  });

  it('at 3 seats, 9 players meet everyone exactly once in 4 rounds', () => {
    const { past, entrants } = league(9, 3, 4, 'round-robin');
    const history = historyOf(past);
    for (const a of entrants) for (const b of entrants) if (a < b) expect(history.met(a, b)).toBe(1);
  });

  it('at 4 seats, seats new opponents round after round (16 players, 3 rounds, no repeat)', () => {
    for (const seed of ['a', 'b', 'c']) {
      const { past } = league(16, 4, 3, 'round-robin', seed);
      expect(past.every((round) => rematches(round.tables, historyOf(past.filter((p) => p !== round))) === 0)).toBe(
        true,
      );
    }
  });
});
