/** Cell notation: the names players read on the pictures and in the texts. */
import { describe, expect, it } from 'vitest';
import {
  columnLetter,
  inWindow,
  nameCell,
  namingWindow,
  parseCellName,
  placementName,
  reachableWindow,
  rowNumber,
  windowCols,
  windowRows,
  type Grid,
  type Pos,
} from '../../src/game/index.js';
import { play } from '../support/play.js';
import { newGame } from './engine-kit.js';

describe('cell names', () => {
  it('name the castle E5 (G7 in the duel) and every placed square on the same frame all game', () => {
    const four = play(newGame(4, 'render'));
    expect(nameCell(5, [0, 0])).toBe('E5');
    expect(nameCell(7, [0, 0])).toBe('G7');
    expect(placementName(5, [0, 1], [1, 1])).toBe('E6-F6');
    // Read as the picture is, whichever half is where.
    expect(placementName(5, [1, 1], [0, 1])).toBe('E6-F6');
    expect(placementName(5, [0, 1], [0, 0])).toBe('E5-E6');
    for (const k of four.kingdoms) {
      for (const pl of k.placements) {
        for (const pos of [pl.a, pl.b]) {
          const name = nameCell(5, pos);
          expect(name).toMatch(/^[A-I][1-9]$/);
          expect(parseCellName(5, name)).toEqual(pos);
        }
      }
    }
  });

  it('parse names loosely and reject names off the frame', () => {
    expect(parseCellName(5, ' c4 ')).toEqual([-2, -1]);
    expect(parseCellName(5, 'J1')).toBeNull();
    expect(parseCellName(5, 'A10')).toBeNull();
    expect(parseCellName(5, 'hello')).toBeNull();
    expect(parseCellName(7, 'M13')).toEqual([6, 6]);
  });

  it.each([5, 7] as const)('round trip over the whole %ix%i naming window, and "?" outside it', (grid: Grid) => {
    const w = namingWindow(grid);
    expect([windowCols(w), windowRows(w)]).toEqual([2 * grid - 1, 2 * grid - 1]);
    const names = new Set<string>();
    for (let y = w.minY - 1; y <= w.maxY + 1; y++) {
      for (let x = w.minX - 1; x <= w.maxX + 1; x++) {
        const pos: Pos = [x, y];
        const name = nameCell(grid, pos);
        if (!inWindow(w, pos)) {
          expect(name).toBe('?');
          continue;
        }
        expect(name).toBe(`${columnLetter(grid, x)}${rowNumber(grid, y)}`);
        expect(parseCellName(grid, name)).toEqual(pos);
        expect(parseCellName(grid, name.toLowerCase())).toEqual(pos);
        names.add(name);
      }
    }
    expect(names.size).toBe((2 * grid - 1) ** 2);
  });
});

describe('reachableWindow', () => {
  it('is the whole naming window around a lone castle', () => {
    expect(reachableWindow(5, [])).toEqual(namingWindow(5));
    expect(reachableWindow(7, [[0, 0]])).toEqual(namingWindow(7));
  });

  it('shrinks to the frame a kingdom may still fill, castle included', () => {
    const w = reachableWindow(5, [
      [1, 0],
      [2, 0],
      [0, -1],
      [0, -2],
    ]);
    expect(w).toEqual({ minX: -2, minY: -4, maxX: 4, maxY: 2 });
    expect(windowCols(w)).toBe(7);
    expect(inWindow(w, [-2, 2])).toBe(true);
    expect(inWindow(w, [-3, 0])).toBe(false);
  });
});
