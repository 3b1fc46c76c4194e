/**
 * Cell notation: how players name the squares of a kingdom. Every kingdom is named
 * on one fixed window of (2*grid-1) x (2*grid-1) cells centred on the castle: 9x9
 * (columns A-I, rows 1-9) for 5x5 kingdoms, 13x13 (A-M, 1-13) for the Mighty Duel.
 * Whatever way a kingdom grows, it stays inside that window, so a square keeps its
 * name for the whole game and the castle is always E5 (G7 in the duel). The pictures
 * label their cells with these same names.
 */
import type { GameOptions, Pos } from './types.js';

export type Grid = GameOptions['grid'];

/** A rectangle of cells, inclusive bounds, in kingdom coordinates (castle at 0,0). */
export interface CellWindow {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

export function windowCols(w: CellWindow): number {
  return w.maxX - w.minX + 1;
}

export function windowRows(w: CellWindow): number {
  return w.maxY - w.minY + 1;
}

export function inWindow(w: CellWindow, [x, y]: Pos): boolean {
  return x >= w.minX && x <= w.maxX && y >= w.minY && y <= w.maxY;
}

/** The naming window: every cell any kingdom of this grid can ever use. */
export function namingWindow(grid: Grid): CellWindow {
  const r = grid - 1;
  return { minX: -r, minY: -r, maxX: r, maxY: r };
}

/**
 * The cells this kingdom may still use: those that keep it inside its frame.
 * `cells` are the occupied cells (the castle counts; it is added if missing).
 */
export function reachableWindow(grid: Grid, cells: Iterable<Pos>): CellWindow {
  const { minX, minY, maxX, maxY } = occupiedWindow(cells);
  const r = grid - 1;
  return { minX: maxX - r, minY: maxY - r, maxX: minX + r, maxY: minY + r };
}

/** The smallest window holding these cells and the castle. */
export function occupiedWindow(cells: Iterable<Pos>): CellWindow {
  let minX = 0;
  let minY = 0;
  let maxX = 0;
  let maxY = 0;
  for (const [x, y] of cells) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

export function columnLetter(grid: Grid, x: number): string {
  return String.fromCharCode(65 + x + grid - 1);
}

export function rowNumber(grid: Grid, y: number): number {
  return y + grid;
}

/** "E5" for the castle of a 5x5 kingdom; "?" for a cell outside the naming window. */
export function nameCell(grid: Grid, pos: Pos): string {
  if (!inWindow(namingWindow(grid), pos)) return '?';
  return `${columnLetter(grid, pos[0])}${rowNumber(grid, pos[1])}`;
}

/** The cell a name like "c4" or "C4" stands for, or null when it names no cell of the window. */
export function parseCellName(grid: Grid, name: string): Pos | null {
  const m = /^\s*([A-Za-z])\s*(\d{1,2})\s*$/.exec(name);
  if (!m || !m[1] || !m[2]) return null;
  const pos: Pos = [m[1].toUpperCase().charCodeAt(0) - 65 - (grid - 1), Number(m[2]) - grid];
  return inWindow(namingWindow(grid), pos) ? pos : null;
}

/**
 * "E6-F6": the two cells a domino covers, read as the picture is (left to right, top
 * to bottom), whichever half is where: "C5-B5" read backwards. Which terrain goes on
 * which cell is the picture's (and the panel's menu says it half by half).
 */
export function placementName(grid: Grid, a: Pos, b: Pos): string {
  const [first, second] = a[1] < b[1] || (a[1] === b[1] && a[0] <= b[0]) ? [a, b] : [b, a];
  return `${nameCell(grid, first)}-${nameCell(grid, second)}`;
}
