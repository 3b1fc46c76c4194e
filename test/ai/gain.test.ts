import { describe, expect, it } from 'vitest';
import {
  Board,
  CELL_STEPS,
  cellIndex,
  cellX,
  cellY,
  codeCellA,
  codeCellB,
  MAX_PLACEMENTS,
} from '../../src/game/index.js';
import { bonusGain, Territories } from '../../src/ai/gain.js';
import { makeRng } from '../../src/ai/rng.js';

/** The engine's own score of the board after the placement, minus before. */
function engineGain(board: Board, n: number, code: number, harmony: boolean, middle: boolean): number {
  const after = board.clone();
  after.placeCode(n, code);
  return after.score(harmony, middle).total - board.score(harmony, middle).total;
}

/**
 * Grows `games` random kingdoms of each size (random dominoes at random legal
 * places) and shows `visit` every legal placement along the way, with the
 * Territories loaded on the board before it.
 */
function eachPlacement(
  seed: number,
  games: number,
  visit: (t: Territories, board: Board, n: number, code: number) => void,
): void {
  const codes = new Int32Array(MAX_PLACEMENTS);
  const t = new Territories();
  const rng = makeRng(seed);
  for (const grid of [5, 7]) {
    for (let game = 0; game < games; game++) {
      const board = new Board(grid);
      for (let move = 0; move < 30; move++) {
        const n = 1 + rng.int(48);
        const count = board.legal(n, codes);
        if (count === 0) continue;
        t.load(board);
        for (let i = 0; i < count; i++) visit(t, board, n, codes[i] as number);
        board.placeCode(n, codes[rng.int(count)] as number);
      }
    }
  }
}

describe("the AI's incremental gain", () => {
  it("equals the engine's score difference for every legal placement along random kingdoms", () => {
    let checked = 0;
    eachPlacement(42, 40, (t, board, n, code) => {
      for (const [h, m] of [
        [false, false],
        [true, true],
      ] as const) {
        expect(t.gain(n, code) + bonusGain(board, code, h, m)).toBe(engineGain(board, n, code, h, m));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(10_000);
  });
});

/** Empty cells next to the placement, inside the frame of the kingdom after it, without an empty neighbour there: by the Board's own fields. */
function deadAfter(board: Board, n: number, code: number): number {
  const after = board.clone();
  after.placeCode(n, code);
  const g = after.grid;
  const inFrame = (i: number): boolean =>
    cellX(i) >= after.maxX - g + 1 &&
    cellX(i) <= after.minX + g - 1 &&
    cellY(i) >= after.maxY - g + 1 &&
    cellY(i) <= after.minY + g - 1;
  const open = (i: number): boolean => after.cell[i] === 0 && inFrame(i);
  const around = new Set(
    [codeCellA(code), codeCellB(code)].flatMap((c) => [...CELL_STEPS].map((d) => c + d)).filter(open),
  );
  return [...around].filter((i) => ![...CELL_STEPS].some((d) => open(i + d))).length;
}

describe('dead cells', () => {
  it('counts the cell a placement walls in', () => {
    const board = new Board(5);
    board.place(1, 1, 0, 2, 0);
    board.place(1, 0, 1, 0, 2);
    board.place(1, 2, 1, 3, 1);
    const t = new Territories().load(board);
    // (1,1) is left with no empty neighbour by a domino on (1,2)-(2,2).
    expect(t.holes(cellIndex(1, 2) * 4 + 0)).toBe(1);
    expect(t.holes(cellIndex(1, 3) * 4 + 0)).toBe(0);
  });

  it('agrees with a count on the board after the placement along random kingdoms', () => {
    let dead = 0;
    eachPlacement(7, 20, (t, board, n, code) => {
      expect(t.holes(code)).toBe(deadAfter(board, n, code));
      dead += t.holes(code);
    });
    expect(dead).toBeGreaterThan(100);
  });
});
