/**
 * Plans ahead shorten a game at one day a move (test/support/days.ts: four players who
 * look once a day at a random hour, on the table's own driver decisions). The bench
 * (bench/correspondence-plans.bench.ts) measures the medians over many games.
 */
import { describe, expect, it } from 'vitest';
import { playDays } from '../support/days.js';

describe('a game at one day a move, with plans ahead', () => {
  it('the same players at the same hours finish in far fewer days when they may plan', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      const planned = playDays(seed, { plans: true, lowest: true });
      const asked = playDays(seed, { plans: false, lowest: true });
      expect(planned.planned, seed).toBeGreaterThan(10);
      expect(asked.planned, seed).toBe(0);
      expect(planned.days, seed).toBeLessThan(0.7 * asked.days);
    }
  });
});
