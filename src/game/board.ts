/**
 * The kingdom kernel: one mutable bitboard per kingdom, used both by the JSON engine
 * (engine.ts, score.ts, which rebuild a Board from a state's placements) and by the
 * playout simulator (sim.ts), so placement legality and scoring are written once.
 *
 * Layout: a 13x13 window of coordinates x, y in [-6, 6] (castle at 0,0) padded by one
 * empty row above and below. Each row is a bit mask (bit c = column x+6). `near` holds,
 * per terrain t, the cells orthogonally next to a square of terrain t or to the castle
 * (the castle is wild), kept up to date as squares are added: "may this half go
 * here?" is one bit test, and listing placements is a few mask operations per row.
 * Scoring reads the byte grids `cell`/`crowns`, where the castle is its own kind and
 * joins nothing.
 */
import { DIRECTIONS } from './direction.js';
import { HALF_A_CROWNS, HALF_A_TERRAIN, HALF_B_CROWNS, HALF_B_TERRAIN } from './dominoes.js';
import type { IllegalPlacementReason, Pos } from './types.js';

export const ROWS = 15;
/** Cells are indexed r * 16 + c: row r = y + 7, column c = x + 6. */
export const CELLS = ROWS * 16;
const ROW_OFFSET = 7;
const COL_OFFSET = 6;
const TERRAIN_COUNT = 6;
/** `cell` value of the castle; land squares hold terrain index + 1, empty cells 0. */
export const CASTLE = 7;
const CASTLE_INDEX = ROW_OFFSET * 16 + COL_OFFSET;

/** Where half b lies from half a, by direction (direction.ts), as a cell index difference; also a cell's four neighbours. */
export const CELL_STEPS = Int32Array.from(DIRECTIONS, ([dx, dy]) => dx + 16 * dy);
/** The most placements one domino can have: every cell of the window, four directions. */
export const MAX_PLACEMENTS = 13 * 13 * 4;

export function cellIndex(x: number, y: number): number {
  return ((y + ROW_OFFSET) << 4) | (x + COL_OFFSET);
}
export function cellX(index: number): number {
  return (index & 15) - COL_OFFSET;
}
export function cellY(index: number): number {
  return (index >> 4) - ROW_OFFSET;
}

/*
 * A placement as one integer: (cell of half a) * 4 + the direction of half b
 * (direction.ts: 0 right, 1 down, 2 left, 3 up). Lists of placements are
 * Int32Arrays of these codes, so listing them allocates nothing.
 */
export function codeCellA(code: number): number {
  return code >> 2;
}
export function codeCellB(code: number): number {
  return (code >> 2) + CELL_STEPS[code & 3]!;
}
export function codeAx(code: number): number {
  return cellX(codeCellA(code));
}
export function codeAy(code: number): number {
  return cellY(codeCellA(code));
}
export function codeBx(code: number): number {
  return cellX(codeCellB(code));
}
export function codeBy(code: number): number {
  return cellY(codeCellB(code));
}

/** Scratch space of the scoring flood fill (single-threaded and never re-entered). */
const fillStack = new Int32Array(CELLS);
const fillLabel = new Int16Array(CELLS);
/** fillSeen[i] === fillStamp: cell i is labelled in the current labelling. */
const fillSeen = new Uint32Array(CELLS);
let fillStamp = 0;
const regionTerrain = new Uint8Array(CELLS);
const regionSquares = new Uint8Array(CELLS);
const regionCrowns = new Uint8Array(CELLS);
const scratchCodes = new Int32Array(MAX_PLACEMENTS);
const scratchScore = new Int32Array(3);
export const HARMONY_BONUS = 5;
export const MIDDLE_KINGDOM_BONUS = 10;

/** The score of a kingdom as numbers (see Board.score); territory details come from Board.territories. */
export interface BoardScore {
  total: number;
  harmony: number;
  middleKingdom: number;
  largestTerritory: number;
  crowns: number;
}

export interface TerritoryCells {
  terrain: number;
  squares: number;
  crowns: number;
  cells: number[];
}

export class Board {
  readonly grid: number;
  /**
   * All the masks and grids below are views of this one buffer, so copying a Board
   * is a single memcpy (playouts copy their boards once a game).
   */
  private readonly bytes: Uint8Array;
  /** Occupied cells (castle included), one mask per row. */
  readonly occ: Uint16Array;
  /** Per terrain t: near[t * ROWS + r] = cells of row r next to a square of terrain t or to the castle. */
  readonly near: Uint16Array;
  readonly cell: Uint8Array;
  readonly crowns: Uint8Array;
  minX = 0;
  maxX = 0;
  minY = 0;
  maxY = 0;
  /** Occupied cells, castle included. */
  filled = 1;
  discards = 0;

  constructor(grid: number) {
    this.grid = grid;
    const maskBytes = 2 * ROWS * (1 + TERRAIN_COUNT);
    const buffer = new ArrayBuffer(maskBytes + 2 * CELLS);
    this.bytes = new Uint8Array(buffer);
    this.occ = new Uint16Array(buffer, 0, ROWS);
    this.near = new Uint16Array(buffer, 2 * ROWS, TERRAIN_COUNT * ROWS);
    this.cell = new Uint8Array(buffer, maskBytes, CELLS);
    this.crowns = new Uint8Array(buffer, maskBytes + CELLS, CELLS);
    this.reset();
  }

  reset(): void {
    this.bytes.fill(0);
    this.occ[ROW_OFFSET] = 1 << COL_OFFSET;
    for (let t = 0; t < TERRAIN_COUNT; t++) this.markNear(t, ROW_OFFSET, 1 << COL_OFFSET);
    this.cell[CASTLE_INDEX] = CASTLE;
    this.minX = this.maxX = this.minY = this.maxY = 0;
    this.filled = 1;
    this.discards = 0;
  }

  copyFrom(o: Board): void {
    this.bytes.set(o.bytes);
    this.minX = o.minX;
    this.maxX = o.maxX;
    this.minY = o.minY;
    this.maxY = o.maxY;
    this.filled = o.filled;
    this.discards = o.discards;
  }

  clone(): Board {
    const b = new Board(this.grid);
    b.copyFrom(this);
    return b;
  }

  isEmpty(x: number, y: number): boolean {
    return this.cell[cellIndex(x, y)] === 0;
  }

  /** Does the cell (x, y) touch, orthogonally, a square of terrain t or the castle? */
  private touches(t: number, x: number, y: number): boolean {
    return ((this.near[t * ROWS + y + ROW_OFFSET]! >>> (x + COL_OFFSET)) & 1) === 1;
  }

  /** Records that the cells around `bit` of row r now touch terrain t. */
  private markNear(t: number, r: number, bit: number): void {
    const base = t * ROWS + r;
    const near = this.near;
    near[base] = near[base]! | (bit << 1) | (bit >>> 1);
    near[base - 1] = near[base - 1]! | bit;
    near[base + 1] = near[base + 1]! | bit;
  }

  /** Why domino n cannot go with half a at (ax, ay) and half b at (bx, by), or null when it can. */
  check(n: number, ax: number, ay: number, bx: number, by: number): IllegalPlacementReason | null {
    if (Math.abs(ax - bx) + Math.abs(ay - by) !== 1) return 'not-adjacent';
    const g = this.grid;
    const w = Math.max(this.maxX, ax, bx) - Math.min(this.minX, ax, bx) + 1;
    const h = Math.max(this.maxY, ay, by) - Math.min(this.minY, ay, by) + 1;
    if (w > g || h > g) return 'out-of-frame';
    if (!this.isEmpty(ax, ay) || !this.isEmpty(bx, by)) return 'occupied';
    const ta = HALF_A_TERRAIN[n] ?? 0;
    const tb = HALF_B_TERRAIN[n] ?? 0;
    if (!this.touches(ta, ax, ay) && !this.touches(tb, bx, by)) return 'no-connection';
    return null;
  }

  /**
   * Writes the code of every legal placement of domino n into `out` and returns how
   * many. Order: rows top to bottom, then half b right, left, below, above, then
   * columns left to right.
   */
  legal(n: number, out: Int32Array): number {
    const g = this.grid;
    const xlo = this.maxX - g + 1;
    const xhi = this.minX + g - 1;
    const rlo = this.maxY - g + 1 + ROW_OFFSET;
    const rhi = this.minY + g - 1 + ROW_OFFSET;
    const colMask = ((1 << (xhi - xlo + 1)) - 1) << (xlo + COL_OFFSET);
    const near = this.near;
    const occ = this.occ;
    const aBase = HALF_A_TERRAIN[n]! * ROWS;
    const bBase = HALF_B_TERRAIN[n]! * ROWS;
    // A legal domino touches the kingdom, so half a lies at most two rows beyond it.
    const r0 = Math.max(rlo, this.minY - 2 + ROW_OFFSET);
    const r1 = Math.min(rhi, this.maxY + 2 + ROW_OFFSET);
    let count = 0;
    // Empty cells inside the frame of rows r-1, r and r+1 (0 outside the frame).
    let above = r0 > rlo ? ~occ[r0 - 1]! & colMask : 0;
    let here = ~occ[r0]! & colMask;
    // near[b] of rows r-1, r, r+1, rolled along like the empty masks.
    let nearBAbove = near[bBase + r0 - 1]!;
    let nearB = near[bBase + r0]!;
    for (let r = r0; r <= r1; r++) {
      const below = r < rhi ? ~occ[r + 1]! & colMask : 0;
      const nearBBelow = near[bBase + r + 1]!;
      if (here !== 0) {
        const nearA = near[aBase + r]!;
        const rowBits = r << 6;
        for (let m = here & (here >>> 1) & (nearA | (nearB >>> 1)); m !== 0; m &= m - 1) {
          out[count++] = rowBits | ((31 - Math.clz32(m & -m)) << 2); // right: 0
        }
        for (let m = here & (here << 1) & (nearA | (nearB << 1)); m !== 0; m &= m - 1) {
          out[count++] = rowBits | ((31 - Math.clz32(m & -m)) << 2) | 2; // left
        }
        for (let m = here & below & (nearA | nearBBelow); m !== 0; m &= m - 1) {
          out[count++] = rowBits | ((31 - Math.clz32(m & -m)) << 2) | 1; // down
        }
        for (let m = here & above & (nearA | nearBAbove); m !== 0; m &= m - 1) {
          out[count++] = rowBits | ((31 - Math.clz32(m & -m)) << 2) | 3; // up
        }
      }
      above = here;
      here = below;
      nearBAbove = nearB;
      nearB = nearBBelow;
    }
    return count;
  }

  canPlace(n: number): boolean {
    return this.legal(n, scratchCodes) > 0;
  }

  /** Puts domino n down without any check (callers check first). */
  place(n: number, ax: number, ay: number, bx: number, by: number): void {
    this.placeCells(n, cellIndex(ax, ay), cellIndex(bx, by));
  }

  placeCode(n: number, code: number): void {
    const a = code >> 2;
    this.placeCells(n, a, a + CELL_STEPS[code & 3]!);
  }

  private placeCells(n: number, a: number, b: number): void {
    this.setCell(a, HALF_A_TERRAIN[n]!, HALF_A_CROWNS[n]!);
    this.setCell(b, HALF_B_TERRAIN[n]!, HALF_B_CROWNS[n]!);
    this.filled += 2;
  }

  private setCell(i: number, t: number, crowns: number): void {
    const r = i >> 4;
    const bit = 1 << (i & 15);
    this.occ[r] = this.occ[r]! | bit;
    this.markNear(t, r, bit);
    this.cell[i] = t + 1;
    this.crowns[i] = crowns;
    const x = (i & 15) - COL_OFFSET;
    const y = r - ROW_OFFSET;
    if (x < this.minX) this.minX = x;
    if (x > this.maxX) this.maxX = x;
    if (y < this.minY) this.minY = y;
    if (y > this.maxY) this.maxY = y;
  }

  /**
   * Labels the territories (fillLabel over the bounding box, region* tables) and
   * returns how many there are. Shared by score() and territories().
   */
  private label(): number {
    const cell = this.cell;
    const crowns = this.crowns;
    const r0 = this.minY + ROW_OFFSET;
    const r1 = this.maxY + ROW_OFFSET;
    const c0 = this.minX + COL_OFFSET;
    const c1 = this.maxX + COL_OFFSET;
    // A new stamp marks this call's labels: no clearing pass needed. (Kept below 2^30
    // so V8 keeps it a small integer.)
    if (fillStamp === 0x3fffffff) {
      fillSeen.fill(0);
      fillStamp = 0;
    }
    const stamp = ++fillStamp;
    let regions = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const start = (r << 4) | c;
        const kind = cell[start]!;
        if (kind === 0 || kind === CASTLE || fillSeen[start] === stamp) continue;
        let squares = 0;
        let crownSum = 0;
        let top = 0;
        fillStack[top++] = start;
        fillSeen[start] = stamp;
        fillLabel[start] = regions;
        while (top > 0) {
          const i = fillStack[--top]!;
          squares++;
          crownSum += crowns[i]!;
          top = joinRegion(cell, i + 1, kind, regions, top, stamp);
          top = joinRegion(cell, i - 1, kind, regions, top, stamp);
          top = joinRegion(cell, i + 16, kind, regions, top, stamp);
          top = joinRegion(cell, i - 16, kind, regions, top, stamp);
        }
        regionTerrain[regions] = kind - 1;
        regionSquares[regions] = squares;
        regionCrowns[regions] = crownSum;
        regions++;
      }
    }
    return regions;
  }

  /** Squares of the frame still empty: what keeps Harmony away, with the discards. */
  emptySquares(): number {
    return this.grid * this.grid - this.filled;
  }

  harmonyEarned(): boolean {
    return this.filled === this.grid * this.grid && this.discards === 0;
  }

  /** The castle is the exact centre of the frame: the kingdom reaches (grid-1)/2 cells in all four directions. */
  middleKingdomEarned(): boolean {
    const h = (this.grid - 1) >> 1;
    return this.minX === -h && this.maxX === h && this.minY === -h && this.maxY === h;
  }

  /**
   * Writes [total with bonuses, largest territory, crowns] at out[at..at+2]: what the
   * ranking needs, without allocating (the playouts' hot path).
   */
  scoreInto(harmony: boolean, middleKingdom: boolean, out: Int32Array, at: number): void {
    const regions = this.label();
    let total = 0;
    let largest = 0;
    let crowns = 0;
    for (let k = 0; k < regions; k++) {
      const squares = regionSquares[k] ?? 0;
      const c = regionCrowns[k] ?? 0;
      total += squares * c;
      crowns += c;
      if (squares > largest) largest = squares;
    }
    if (harmony && this.harmonyEarned()) total += HARMONY_BONUS;
    if (middleKingdom && this.middleKingdomEarned()) total += MIDDLE_KINGDOM_BONUS;
    out[at] = total;
    out[at + 1] = largest;
    out[at + 2] = crowns;
  }

  score(harmony: boolean, middleKingdom: boolean): BoardScore {
    this.scoreInto(harmony, middleKingdom, scratchScore, 0);
    return {
      total: scratchScore[0] ?? 0,
      harmony: harmony && this.harmonyEarned() ? HARMONY_BONUS : 0,
      middleKingdom: middleKingdom && this.middleKingdomEarned() ? MIDDLE_KINGDOM_BONUS : 0,
      largestTerritory: scratchScore[1] ?? 0,
      crowns: scratchScore[2] ?? 0,
    };
  }

  /** Every territory, scoring or not, with its cells (as cell indices), in reading order of their first cell. */
  territories(): TerritoryCells[] {
    const regions = this.label();
    const list: TerritoryCells[] = [];
    for (let k = 0; k < regions; k++) {
      list.push({
        terrain: regionTerrain[k] ?? 0,
        squares: regionSquares[k] ?? 0,
        crowns: regionCrowns[k] ?? 0,
        cells: [],
      });
    }
    for (let r = this.minY + ROW_OFFSET; r <= this.maxY + ROW_OFFSET; r++) {
      for (let c = this.minX + COL_OFFSET; c <= this.maxX + COL_OFFSET; c++) {
        const i = (r << 4) | c;
        const k = this.cell[i] === 0 || this.cell[i] === CASTLE ? -1 : (fillLabel[i] ?? -1);
        if (k >= 0) list[k]?.cells.push(i);
      }
    }
    return list;
  }
}

/** Flood-fill step: cell j joins `region` (and the stack) when it is unlabelled land of `kind`. */
function joinRegion(cell: Uint8Array, j: number, kind: number, region: number, top: number, stamp: number): number {
  if (cell[j] === kind && fillSeen[j] !== stamp) {
    fillSeen[j] = stamp;
    fillLabel[j] = region;
    fillStack[top++] = j;
  }
  return top;
}

/** A placement code as the positions of an Action or a Placement. */
export function placementOf(code: number): { a: Pos; b: Pos } {
  return { a: [codeAx(code), codeAy(code)], b: [codeBx(code), codeBy(code)] };
}
