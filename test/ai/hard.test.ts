/**
 * The hard level's search (hard.ts): what it spends and what it answers. Its
 * decisions' legality in every set-up and its blindness to the hidden pile are
 * checked for every level in levels.test.ts; its strength is measured by the arena.
 */
import { describe, expect, it } from 'vitest';
import { hardSearch, HARD_POLICY } from '../../src/ai/hard.js';
import type { Decision } from '../../src/ai/levels.js';
import { makeRng } from '../../src/ai/rng.js';
import { apply, prompt, publicView, type AiLevel, type GameState } from '../../src/game/index.js';
import { advance, newGame, SET_UPS } from './support.js';

/** Time enough never to cut a fixed number of playouts. */
const NO_CLOCK = 60_000;

function search(state: GameState, playouts: number, seed = 1) {
  const view = publicView(state);
  return hardSearch(view, prompt(view) as Decision, { timeMs: NO_CLOCK, playouts }, makeRng(seed), HARD_POLICY);
}

/** The first state, from `from` on, whose prompt `wanted` accepts. */
function until(from: GameState, levels: readonly AiLevel[], wanted: (s: GameState) => boolean): GameState {
  let s = from;
  while (!wanted(s)) s = advance(s, levels, 1);
  return s;
}

describe('the hard search', () => {
  const levels: AiLevel[] = ['normal', 'normal'];

  it('spends no playout on a forced decision (the last domino left to claim)', () => {
    const s = until(newGame(levels, 'forced'), levels, (x) => {
      const asked = prompt(x);
      return asked.kind === 'claim' && asked.choices.length === 1;
    });
    const found = search(s, 64);
    expect(found.samples).toBe(0);
    expect(apply(s, found.action).ok).toBe(true);
  });

  it('keeps to a fixed number of playouts, and repeats itself with the same seed', () => {
    for (const [g, setUp] of SET_UPS.entries()) {
      const seats: AiLevel[] = Array.from({ length: setUp.players }, () => 'normal');
      const s = until(advance(newGame(seats, `cap-${g}`, setUp.options), seats, 5), seats, (x) => {
        const asked = prompt(x);
        return asked.kind === 'place' && asked.canPlace;
      });
      const found = search(s, 96, g);
      // The probe playout comes on top of the halving's.
      expect(found.samples).toBeGreaterThan(1);
      expect(found.samples).toBeLessThanOrEqual(97);
      expect(search(s, 96, g)).toEqual(found);
      expect(apply(s, found.action).ok).toBe(true);
    }
  });

  it('answers each prompt in kind: a placement with its claim to follow, or a claim', () => {
    const s = until(newGame(levels, 'kinds'), levels, (x) => prompt(x).kind === 'place');
    const placed = search(s, 48).action;
    expect(placed.type).toBe('place');
    const after = apply(s, placed);
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(prompt(after.value).kind).toBe('claim');
    expect(search(after.value, 48).action.type).toBe('claim');
  });
});
