import { describe, expect, it } from 'vitest';
import { Board, MAX_PLACEMENTS } from '../../src/game/index.js';
import { bonusGain, Territories } from '../../src/ai/gain.js';
import { makeRng } from '../../src/ai/rng.js';

/** The engine's own score of the board after the placement, minus before. */
function engineGain(board: Board, n: number, code: number, harmony: boolean, middle: boolean): number {
  const after = board.clone();
  after.placeCode(n, code);
  return after.score(harmony, middle).total - board.score(harmony, middle).total;
}

describe("the AI's incremental gain", () => {
  it("equals the engine's score difference for every legal placement along random kingdoms", () => {
    const codes = new Int32Array(MAX_PLACEMENTS);
    const t = new Territories();
    const rng = makeRng(42);
    let checked = 0;
    for (const grid of [5, 7]) {
      for (let game = 0; game < 40; game++) {
        const board = new Board(grid);
        for (let move = 0; move < 30; move++) {
          const n = 1 + rng.int(48);
          const count = board.legal(n, codes);
          if (count === 0) continue;
          t.load(board);
          for (let i = 0; i < count; i++) {
            const code = codes[i] as number;
            for (const [h, m] of [
              [false, false],
              [true, true],
            ] as const) {
              expect(t.gain(n, code) + bonusGain(board, code, h, m)).toBe(engineGain(board, n, code, h, m));
              checked++;
            }
          }
          board.placeCode(n, codes[rng.int(count)] as number);
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});
