/** One direction code: the panel's cursor digits and the kernel's placement codes. */
import { describe, expect, it } from 'vitest';
import {
  boardOf,
  codeCellA,
  codeCellB,
  DIRECTIONS,
  directionOf,
  MAX_PLACEMENTS,
  placementFrom,
  placementOf,
  prompt,
  Rng,
  type Direction,
  type Pos,
} from '../../src/game/index.js';
import { newGame, playUntil } from './engine-kit.js';

const ALL: readonly Direction[] = [0, 1, 2, 3];

describe('DIRECTIONS', () => {
  it('keeps the digits of buttons already posted: 0 right, 1 down, 2 left, 3 up', () => {
    expect(DIRECTIONS).toEqual([
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ]);
  });

  it('placementFrom and directionOf are inverse', () => {
    const a: Pos = [-2, 3];
    for (const d of ALL) {
      const p = placementFrom(a, d);
      expect(p.a).toEqual(a);
      expect(Math.abs(p.b[0] - a[0]) + Math.abs(p.b[1] - a[1])).toBe(1);
      expect(directionOf(p.a, p.b)).toBe(d);
    }
    expect(placementFrom([0, 0], 1)).toEqual({ a: [0, 0], b: [0, 1] });
  });

  it('directionOf is null for cells that are not neighbours', () => {
    expect(directionOf([0, 0], [0, 0])).toBeNull();
    expect(directionOf([0, 0], [1, 1])).toBeNull();
    expect(directionOf([0, 0], [2, 0])).toBeNull();
  });

  it('is the code of the kernel: a placement code ends in the direction of its half b', () => {
    const rng = Rng.fromSeed('directions');
    const state = playUntil(newGame(4, 'directions'), rng, (s) => s.round === 6 && prompt(s).kind === 'place');
    const asked = state && prompt(state);
    if (!state || asked?.kind !== 'place') throw new Error('no placement in round 6');
    const board = boardOf(state, asked.player);
    const codes = new Int32Array(MAX_PLACEMENTS);
    const n = board.legal(asked.domino, codes);
    expect(n).toBeGreaterThan(0);
    const seen = new Set<number>();
    for (const code of codes.subarray(0, n)) {
      const { a, b } = placementOf(code);
      expect(directionOf(a, b)).toBe(code & 3);
      expect(placementFrom(a, (code & 3) as Direction)).toEqual({ a, b });
      const [dx, dy] = DIRECTIONS[(code & 3) as Direction];
      expect(codeCellB(code) - codeCellA(code)).toBe(dx + 16 * dy);
      seen.add(code & 3);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
