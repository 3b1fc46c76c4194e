/**
 * The immediate score gain of a placement, in O(1) per candidate: the territories
 * of a kingdom are labelled once per decision, then a candidate's gain only looks
 * at the territories its two halves would join. This is the greedy players'
 * inner loop (normal level, playout policies), where re-scoring a whole kingdom
 * per candidate would cost ten times more. The engine's Board stays the
 * authority: test/ai/gain.test.ts checks every gain against Board.score().
 */
import {
  Board,
  CASTLE,
  CELL_STEPS,
  CELLS,
  cellIndex,
  cellX,
  cellY,
  codeCellA,
  codeCellB,
  HALF_A_CROWNS,
  HALF_A_TERRAIN,
  HALF_B_CROWNS,
  HALF_B_TERRAIN,
  HARMONY_BONUS,
  MIDDLE_KINGDOM_BONUS,
} from '../game/index.js';

export class Territories {
  /** Territory label of each cell, -1 for none. */
  private readonly label = new Int16Array(CELLS).fill(-1);
  private readonly squares = new Int16Array(CELLS);
  private readonly crowns = new Int16Array(CELLS);
  private readonly stack = new Int32Array(CELLS);
  /** Labels met by the candidate being scored, deduplicated. */
  private readonly met = new Int16Array(8);
  board: Board | null = null;

  load(board: Board): this {
    this.board = board;
    const { cell, crowns } = board;
    // Only occupied cells are ever looked up, and they all lie in the bounding box.
    const width = board.maxX - board.minX;
    for (let y = board.minY; y <= board.maxY; y++) {
      const from = cellIndex(board.minX, y);
      this.label.fill(-1, from, from + width + 1);
    }
    let regions = 0;
    for (let y = board.minY; y <= board.maxY; y++) {
      const from = cellIndex(board.minX, y);
      for (let i = from; i <= from + width; i++) {
        const kind = cell[i] as number;
        if (kind === 0 || kind === CASTLE || (this.label[i] as number) >= 0) continue;
        this.fill(i, kind, regions, crowns);
        regions++;
      }
    }
    return this;
  }

  private fill(start: number, kind: number, region: number, crowns: Uint8Array): void {
    const cell = (this.board as Board).cell;
    let sq = 0,
      cr = 0,
      top = 0;
    this.stack[top++] = start;
    this.label[start] = region;
    while (top > 0) {
      const j = this.stack[--top] as number;
      sq++;
      cr += crowns[j] as number;
      for (let d = 0; d < 4; d++) {
        const k = j + (CELL_STEPS[d] as number);
        if (cell[k] === kind && this.label[k] === -1) {
          this.label[k] = region;
          this.stack[top++] = k;
        }
      }
    }
    this.squares[region] = sq;
    this.crowns[region] = cr;
  }

  /** Territory points gained by placing domino n at `code` (no bonuses). */
  gain(n: number, code: number): number {
    const ia = codeCellA(code),
      ib = codeCellB(code);
    const ta = (HALF_A_TERRAIN[n] as number) + 1,
      tb = (HALF_B_TERRAIN[n] as number) + 1;
    const ca = HALF_A_CROWNS[n] as number,
      cb = HALF_B_CROWNS[n] as number;
    if (ta === tb) return this.merge(ta, 2, ca + cb, ia, ib);
    return this.merge(ta, 1, ca, ia, -1) + this.merge(tb, 1, cb, ib, -1);
  }

  /** New points of the territory formed by `sq` squares of terrain kind at ia (and ib), minus those it absorbs. */
  private merge(kind: number, sq: number, cr: number, ia: number, ib: number): number {
    this.count = 0;
    this.sq = sq;
    this.cr = cr;
    this.before = 0;
    this.absorb(kind, ia);
    if (ib >= 0) this.absorb(kind, ib);
    return this.sq * this.cr - this.before;
  }

  private count = 0;
  private sq = 0;
  private cr = 0;
  private before = 0;

  /** Adds the territories of terrain kind around cell `at` to the merge in progress, each once. */
  private absorb(kind: number, at: number): void {
    const cell = (this.board as Board).cell;
    for (let d = 0; d < 4; d++) {
      const k = at + (CELL_STEPS[d] as number);
      if (cell[k] !== kind) continue;
      const l = this.label[k] as number;
      let seen = false;
      for (let m = 0; m < this.count; m++) if (this.met[m] === l) seen = true;
      if (seen) continue;
      this.met[this.count++] = l;
      const sq = this.squares[l] as number,
        cr = this.crowns[l] as number;
      this.sq += sq;
      this.cr += cr;
      this.before += sq * cr;
    }
  }

  /**
   * Empty cells next to the placement that it leaves dead: inside the frame the
   * kingdom may still grow to, but with no empty neighbour in it, so no domino can
   * ever cover them. The box of the whole game is full in every set-up (players
   * place grid * grid - 1 squares' worth of dominoes at most), so each dead cell is
   * half a domino discarded later.
   */
  holes(code: number): number {
    const board = this.board as Board;
    const ia = codeCellA(code),
      ib = codeCellB(code);
    const g = board.grid;
    // The frame: where the kingdom's box, the placement included, may still grow to.
    this.frameX0 = Math.max(board.maxX, cellX(ia), cellX(ib)) - g + 1;
    this.frameX1 = Math.min(board.minX, cellX(ia), cellX(ib)) + g - 1;
    this.frameY0 = Math.max(board.maxY, cellY(ia), cellY(ib)) - g + 1;
    this.frameY1 = Math.min(board.minY, cellY(ia), cellY(ib)) + g - 1;
    // A cell next to both halves of a domino does not exist on a square grid: none is counted twice.
    let dead = 0;
    for (let d = 0; d < 8; d++) {
      const k = (d < 4 ? ia : ib) + (CELL_STEPS[d & 3] as number);
      if (this.open(k, ia, ib) && !this.hasOpenNeighbour(k, ia, ib)) dead++;
    }
    return dead;
  }

  private frameX0 = 0;
  private frameX1 = 0;
  private frameY0 = 0;
  private frameY1 = 0;

  /** An empty cell inside the frame, the placement's two cells counted as taken. */
  private open(i: number, ia: number, ib: number): boolean {
    if (i === ia || i === ib || (this.board as Board).cell[i] !== 0) return false;
    const x = cellX(i),
      y = cellY(i);
    return x >= this.frameX0 && x <= this.frameX1 && y >= this.frameY0 && y <= this.frameY1;
  }

  private hasOpenNeighbour(k: number, ia: number, ib: number): boolean {
    for (let e = 0; e < 4; e++) if (this.open(k + (CELL_STEPS[e] as number), ia, ib)) return true;
    return false;
  }

  /**
   * Crowns of the distinct territories next to empty cell i: what each square of
   * their terrain placed there would add, so where a kingdom's squares still pay.
   */
  crownsAround(i: number): number {
    const cell = (this.board as Board).cell;
    this.count = 0;
    let sum = 0;
    for (let d = 0; d < 4; d++) {
      const k = i + (CELL_STEPS[d] as number);
      const l = this.label[k] as number;
      if (cell[k] === 0 || cell[k] === CASTLE || l < 0) continue;
      let seen = false;
      for (let m = 0; m < this.count; m++) if (this.met[m] === l) seen = true;
      if (seen) continue;
      this.met[this.count++] = l;
      sum += this.crowns[l] as number;
    }
    return sum;
  }

  /** Same-terrain neighbours of both halves (the castle counts): how well a placement fits. */
  matches(n: number, code: number): number {
    const cell = (this.board as Board).cell;
    const ia = codeCellA(code),
      ib = codeCellB(code);
    const ta = (HALF_A_TERRAIN[n] as number) + 1,
      tb = (HALF_B_TERRAIN[n] as number) + 1;
    let m = 0;
    for (let i = 0; i < 4; i++) {
      // The other half's cell is still empty, so it never counts.
      const d = CELL_STEPS[i] as number;
      const ka = cell[ia + d],
        kb = cell[ib + d];
      if (ka === ta || ka === CASTLE) m++;
      if (kb === tb || kb === CASTLE) m++;
    }
    return m;
  }
}

/**
 * Bonus points (Harmony, Middle Kingdom) this placement would add: what the
 * engine's Board.score() would count after it, minus what it counts now.
 */
export function bonusGain(board: Board, code: number, harmony: boolean, middleKingdom: boolean): number {
  let gain = 0;
  if (harmony && board.discards === 0 && board.filled + 2 === board.grid * board.grid) gain += HARMONY_BONUS;
  if (middleKingdom) {
    const before = board.middleKingdomEarned();
    const h = (board.grid - 1) >> 1;
    const ax = cellX(codeCellA(code)),
      ay = cellY(codeCellA(code)),
      bx = cellX(codeCellB(code)),
      by = cellY(codeCellB(code));
    const after =
      Math.min(board.minX, ax, bx) === -h &&
      Math.max(board.maxX, ax, bx) === h &&
      Math.min(board.minY, ay, by) === -h &&
      Math.max(board.maxY, ay, by) === h;
    gain += (after ? MIDDLE_KINGDOM_BONUS : 0) - (before ? MIDDLE_KINGDOM_BONUS : 0);
  }
  return gain;
}
