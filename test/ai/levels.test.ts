import { describe, expect, it } from 'vitest';
import { apply, checkPlacement, prompt, result, type AiLevel, type GameState } from '../../src/game/index.js';
import { chooseAction, GameOverError, hint } from '../../src/ai/index.js';
import { advance, newGame, playOut, replaysExactly, SET_UPS } from './support.js';

const FAST_HARD = { timeMs: 30 };

describe('every level plays every set-up legally to the end', () => {
  for (const setUp of SET_UPS) {
    it(setUp.name, () => {
      const mixes: AiLevel[][] = [
        ['hard', 'normal', 'easy', 'normal'],
        ['easy', 'hard', 'normal', 'hard'],
      ];
      mixes.forEach((mix, g) => {
        const levels = mix.slice(0, setUp.players);
        const end = playOut(newGame(levels, `legal-${g}`, setUp.options), levels, FAST_HARD, g * 100);
        expect(prompt(end).kind).toBe('over');
        expect(result(end)?.winners.length).toBeGreaterThan(0);
        expect(replaysExactly(end)).toBe(true);
      });
    });
  }
});

describe('chooseAction', () => {
  it('throws a GameOverError once the game is over', () => {
    const end = playOut(newGame(['normal', 'normal'], 'over'), ['normal', 'normal']);
    expect(() => chooseAction(end, 'normal')).toThrow(GameOverError);
  });

  it('answers the prompt it is given: a claim for a claim, a placement or discard for a placement', () => {
    let s = newGame(['normal', 'normal', 'normal'], 'kinds');
    for (let i = 0; i < 12; i++) {
      const asked = prompt(s);
      const action = chooseAction(s, 'hard', { ...FAST_HARD, seed: i });
      if (asked.kind === 'claim') expect(action.type).toBe('claim');
      else expect(['place', 'discard']).toContain(action.type);
      const next = apply(s, action);
      expect(next.ok).toBe(true);
      if (next.ok) s = next.value;
    }
  });

  it('gives the same action for the same state and seed (hard with a fixed number of playouts)', () => {
    const s = advance(
      newGame(['normal', 'normal', 'normal', 'normal'], 'repeat'),
      ['normal', 'normal', 'normal', 'normal'],
      9,
    );
    const opts = { timeMs: 60_000, playouts: 48, seed: 7 };
    expect(chooseAction(s, 'hard', opts)).toEqual(chooseAction(s, 'hard', opts));
    expect(chooseAction(s, 'easy', { seed: 3 })).toEqual(chooseAction(s, 'easy', { seed: 3 }));
  });
});

describe('the hidden draw pile', () => {
  const levels: AiLevel[] = ['normal', 'normal', 'normal', 'normal'];
  const midGame = advance(newGame(levels, 'hidden'), levels, 14);

  /** The same state with the hidden parts shuffled differently. */
  function otherPileOrder(s: GameState): GameState {
    return { ...s, pile: [...s.pile].reverse(), removedAtSetup: [...s.removedAtSetup].reverse() };
  }

  /** The same state whose hidden fields throw when read. */
  function sealed(s: GameState): GameState {
    const copy = { ...s } as Record<string, unknown>;
    for (const key of ['pile', 'removedAtSetup']) {
      delete copy[key];
      Object.defineProperty(copy, key, {
        enumerable: false,
        get: () => {
          throw new Error(`the AI read ${key}`);
        },
      });
    }
    return copy as unknown as GameState;
  }

  it('is never read by any level, nor by hint', () => {
    const opts = { timeMs: 60_000, playouts: 24, seed: 1 };
    for (const level of ['easy', 'normal', 'hard'] as const)
      expect(() => chooseAction(sealed(midGame), level, opts)).not.toThrow();
    expect(() => hint(sealed(midGame), opts)).not.toThrow();
  });

  it('does not change any decision when its order changes', () => {
    const opts = { timeMs: 60_000, playouts: 48, seed: 5 };
    for (const level of ['easy', 'normal', 'hard'] as const) {
      expect(chooseAction(otherPileOrder(midGame), level, opts)).toEqual(chooseAction(midGame, level, opts));
    }
  });
});

describe('hint', () => {
  it('suggests a legal placement of the domino in hand', () => {
    const levels: AiLevel[] = ['normal', 'normal'];
    let s = newGame(levels, 'hint', { grid: 7 });
    while (prompt(s).kind !== 'place') s = advance(s, levels, 1);
    const suggestion = hint(s, { timeMs: 50, seed: 2 });
    expect(suggestion).not.toBeNull();
    if (suggestion) expect(checkPlacement(s, suggestion.a, suggestion.b)).toBeNull();
  });

  it('is null when the game waits for a claim', () => {
    const s = newGame(['normal', 'normal'], 'hint-claim');
    expect(prompt(s).kind).toBe('claim');
    expect(hint(s, { timeMs: 20 })).toBeNull();
  });
});

describe('strength', () => {
  it('normal beats three easy players in most seeded games', () => {
    let normalWins = 0;
    const games = 8;
    for (let g = 0; g < games; g++) {
      const levels: AiLevel[] = ['easy', 'easy', 'easy', 'easy'];
      levels[g % 4] = 'normal';
      const end = playOut(newGame(levels, `strength-${g}`), levels, {}, g);
      const winners = result(end)?.winners ?? [];
      if (winners.includes(g % 4)) normalWins += 1 / winners.length;
    }
    expect(normalWins).toBeGreaterThanOrEqual(6);
  });
});
