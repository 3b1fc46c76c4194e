/**
 * The arena-only levels hard-baseline (the hard level frozen as it was before
 * issue 26) and hard-judged (the hard level with the learned evaluation mixed in):
 * seated by the arena, never offered to players, legal and blind to the hidden pile
 * like every level.
 */
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/ai/arena.js';
import { chooseArenaAction } from '../../src/ai/index.js';
import { ARENA_LEVELS, isArenaLevel } from '../../src/ai/types.js';
import { AI_LEVELS, apply, isAiLevel } from '../../src/game/index.js';
import { advance, newGame, SET_UPS } from './support.js';

/** Reproducible and quick: a fixed number of playouts, time enough never to cut them. */
const FIXED = { timeMs: 60_000, playouts: 24 } as const;

describe('hard-baseline', () => {
  it('is an arena level but not a level players can choose', () => {
    expect(isArenaLevel('hard-baseline')).toBe(true);
    expect(isAiLevel('hard-baseline')).toBe(false);
    expect(AI_LEVELS).not.toContain('hard-baseline');
    expect(ARENA_LEVELS).toEqual([...AI_LEVELS, 'hard-baseline', 'hard-judged']);
  });

  it('plays every set-up to the end, each decision legal (the arena checks every action and the record)', () => {
    for (const [g, setUp] of SET_UPS.entries()) {
      const seats = (['hard', 'hard-baseline', 'hard-judged', 'hard-baseline'] as const).slice(0, setUp.players);
      const outcome = playGame({ seats, options: setUp.options, seed: `baseline-${g}`, timeMs: 5, playouts: 8 });
      expect(outcome.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    }
  });

  it('stays frozen: seeded games with fixed playouts end as they did when it was frozen', () => {
    const game = (players: 2 | 4, options: object) =>
      playGame({
        seats: Array.from({ length: players }, () => 'hard-baseline' as const),
        options,
        seed: `pin-${players}`,
        ...FIXED,
        playouts: 16,
      }).scores;
    expect(game(2, {})).toEqual([22, 22]);
    expect(game(4, { harmony: true, middleKingdom: true })).toEqual([47, 35, 46, 54]);
  });

  it('decides from the public view: the same action whatever the hidden pile holds', () => {
    const levels = ['normal', 'normal', 'normal'] as const;
    const mid = advance(newGame(levels, 'baseline-hidden', { threePlayer: 'discard' }), levels, 10);
    const shuffled = { ...mid, pile: [...mid.pile].reverse() };
    const action = chooseArenaAction(mid, 'hard-baseline', { ...FIXED, seed: 3 });
    expect(chooseArenaAction(shuffled, 'hard-baseline', { ...FIXED, seed: 3 })).toEqual(action);
    expect(apply(mid, action).ok).toBe(true);
  });
});
