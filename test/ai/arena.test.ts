import { describe, expect, it } from 'vitest';
import { arenaGames, playGame, rotateSeats, summarize, wilson, type GameOutcome } from '../../src/ai/arena.js';

describe('arena statistics', () => {
  it('Wilson interval matches known values', () => {
    const [low, high] = wilson(75, 100);
    expect(low).toBeCloseTo(0.6569, 3);
    expect(high).toBeCloseTo(0.8245, 3);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('rotates the seat order so each level sits in each seat', () => {
    const seats = [0, 1, 2, 3].map((g) => rotateSeats(['hard', 'normal', 'normal', 'normal'], g).indexOf('hard'));
    expect(new Set(seats).size).toBe(4);
  });

  it('counts a shared victory as a fraction and measures the margin to the best opponent', () => {
    const outcomes: GameOutcome[] = [
      { seed: 'a', seats: ['hard', 'normal'], scores: [40, 40], shares: [0.5, 0.5], hardMs: [] },
      { seed: 'b', seats: ['normal', 'hard'], scores: [30, 50], shares: [0, 1], hardMs: [] },
    ];
    const hard = summarize(outcomes).find((s) => s.level === 'hard');
    expect(hard?.winRate).toBe(0.75);
    expect(hard?.avgMargin).toBe(10);
    expect(hard?.avgScore).toBe(45);
  });

  it('a paired arena deals each deck once per seat order', () => {
    const plan = { levels: ['hard', 'normal', 'normal'] as const, count: 6, seed: 's', options: {}, timeMs: 1 };
    const paired = arenaGames({ ...plan, paired: true });
    expect(paired.map((g) => g.seed)).toEqual(['s-0', 's-0', 's-0', 's-1', 's-1', 's-1']);
    expect(paired.slice(0, 3).map((g) => g.seats.indexOf('hard'))).toEqual([0, 2, 1]);
    expect(new Set(arenaGames({ ...plan, paired: false }).map((g) => g.seed)).size).toBe(6);
  });

  it('the interval between decks cancels the luck of the deal: the first seat always wins', () => {
    const outcomes: GameOutcome[] = ['d1', 'd1', 'd2', 'd2'].map((seed, g) => ({
      seed,
      seats: g % 2 === 0 ? ['hard', 'normal'] : ['normal', 'hard'],
      scores: [40, 30],
      shares: [1, 0],
      hardMs: [],
    }));
    const hard = summarize(outcomes).find((s) => s.level === 'hard');
    expect(hard?.winRate).toBe(0.5);
    expect(hard?.byDeck).toEqual({ decks: 2, low: 0.5, high: 0.5 });
  });

  it('plays a checked game to the end', () => {
    const outcome = playGame({
      seats: ['normal', 'easy', 'hard'],
      options: { threePlayer: 'classic' },
      seed: 'arena-test',
      timeMs: 20,
    });
    expect(outcome.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(outcome.hardMs.length).toBeGreaterThan(10);
  });
});
