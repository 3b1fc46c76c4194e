/**
 * Move policies on the engine's Board kernel, shared by the easy and normal
 * levels and by the hard level's playouts. A policy only ranks the legal
 * placements the Board lists; legality and scoring stay the engine's.
 */
import { Board, DOMINO_COUNT, MAX_PLACEMENTS, MAX_PLAYERS, OVER, PLACE, type Sim } from '../game/index.js';
import { bonusGain, Territories } from './gain.js';
import type { Rng } from './rng.js';

export interface Bonuses {
  readonly harmony: boolean;
  readonly middleKingdom: boolean;
}

/** The placement codes a policy ranks, reused between calls (one decision at a time per thread). */
const codes = new Int32Array(MAX_PLACEMENTS);
const scratchTerritories = new Territories();

/** Immediate points (territories and bonuses) of placing domino n at code on the board `t` has loaded. */
export function placementPoints(t: Territories, board: Board, n: number, code: number, bonuses: Bonuses): number {
  return t.gain(n, code) + bonusGain(board, code, bonuses.harmony, bonuses.middleKingdom);
}

/** Terrain fit counts at most 8 same-terrain neighbours: scaled below one point. */
export const FIT_SCALE = 16;

/** What a greedy policy values in a placement besides its immediate points, in points. */
export interface Weights {
  /** Per same-terrain neighbour (the castle counts). */
  readonly fit: number;
  /** Taken off per cell the placement leaves dead (Territories.holes). */
  readonly hole: number;
  /**
   * Playouts of 2 players: added to a pick's value per point the domino would be
   * worth to the opponent (its best placement's value in their kingdom, if positive).
   */
  readonly denial: number;
}

/** The normal level's: points first, terrain fit only to break ties, no look at holes. */
export const GREEDY: Weights = { fit: 1 / FIT_SCALE, hole: 0, denial: 0 };

/**
 * A placement's value under `w`, in points; or, when its points and fit alone fall
 * below `floor` (the best value so far), those: holes can only lower it further, and
 * counting them is the costly part, so most placements are never looked at for holes.
 */
function greedyValue(
  t: Territories,
  board: Board,
  n: number,
  code: number,
  bonuses: Bonuses,
  w: Weights,
  floor: number,
): number {
  const value = placementPoints(t, board, n, code, bonuses) + w.fit * t.matches(n, code);
  return w.hole === 0 || value < floor ? value : value - w.hole * t.holes(code);
}

/** The value of a domino that fits nowhere: below any placement's (at most 6 cells die around one). */
function noFit(w: Weights): number {
  return -1 / FIT_SCALE - 6 * w.hole;
}

/**
 * Full greedy: the legal placement with the best immediate score; among equal
 * scores the best terrain fit (same-terrain neighbours), then at random; -1 when
 * the domino fits nowhere. (Without the fit tie-break, most early placements tie
 * at 0 points and greedy kingdoms become a random patchwork.)
 */
export function greedyPlacement(board: Board, n: number, bonuses: Bonuses, rng: Rng, w: Weights = GREEDY): number {
  scanPlacements(scratchTerritories.load(board), board, n, bonuses, w, rng);
  return scannedCode;
}

/** The code scanPlacements found (-1: none fits): an out-parameter, as this is the playouts' inner loop. */
let scannedCode = -1;

/**
 * greedyPlacement's choice of a placement for domino n on the board `t` has loaded:
 * returns its value (noFit when it fits nowhere) and leaves its code in scannedCode.
 */
function scanPlacements(t: Territories, board: Board, n: number, bonuses: Bonuses, w: Weights, rng: Rng): number {
  scannedCode = -1;
  const count = board.legal(n, codes);
  if (count === 0) return noFit(w);
  const best = bestPlacement.reset();
  for (let i = 0; i < count; i++) {
    const code = codes[i] as number;
    if (best.offer(greedyValue(t, board, n, code, bonuses, w, best.value), rng)) scannedCode = code;
  }
  return best.value;
}

/**
 * The best of values offered one at a time, ties broken at random: the k-th value
 * equal to the best so far takes its place with chance 1/k, so each of the tied is
 * kept alike.
 */
class Best {
  value = -Infinity;
  private ties = 0;

  reset(): this {
    this.value = -Infinity;
    this.ties = 0;
    return this;
  }

  /** True when `value` is now the one kept. */
  offer(value: number, rng: Rng): boolean {
    if (value > this.value) {
      this.value = value;
      this.ties = 1;
      return true;
    }
    return value === this.value && rng.int(++this.ties) === 0;
  }
}

/** Reused, as these run in the playouts' inner loop (a pick scans each domino's placements: two at once). */
const bestPlacement = new Best();
const bestPick = new Best();

/** The best greedyValue of domino n on the board `t` has loaded (noFit when it fits nowhere). */
function bestPlacementValue(t: Territories, board: Board, n: number, bonuses: Bonuses, w: Weights): number {
  const count = board.legal(n, codes);
  if (count === 0) return noFit(w);
  let best = -Infinity;
  for (let i = 0; i < count; i++) best = Math.max(best, greedyValue(t, board, n, codes[i] as number, bonuses, w, best));
  return best;
}

/**
 * How much each domino of `choices` is worth to me, as the greedy pick sees it:
 * the best greedyValue of its placements in my kingdom as it stands (in points;
 * noFit when it fits nowhere).
 */
export function pickValues(board: Board, choices: readonly number[], bonuses: Bonuses, w: Weights = GREEDY): number[] {
  const t = scratchTerritories.load(board);
  return choices.map((n) => bestPlacementValue(t, board, n, bonuses, w));
}

/**
 * Greedy pick: the domino whose best placement in my kingdom, as it stands,
 * gains the most points; ties go to the better terrain fit, then at random.
 * Returns an index into `choices`.
 */
export function greedyPick(
  board: Board,
  choices: readonly number[],
  bonuses: Bonuses,
  rng: Rng,
  w: Weights = GREEDY,
): number {
  const best = bestPick.reset();
  let index = 0;
  pickValues(board, choices, bonuses, w).forEach((value, i) => {
    if (best.offer(value, rng)) index = i;
  });
  return index;
}

/**
 * Easy placement: a beginner's move. It fits terrains together (a placement
 * touching matching terrain or the castle, preferably with two sides) but
 * ignores points and crowns, and noise makes it miss the better fits.
 */
export function casualPlacement(board: Board, n: number, rng: Rng): number {
  const count = board.legal(n, codes);
  if (count === 0) return -1;
  const t = scratchTerritories.load(board);
  let best = -1,
    bestValue = -Infinity;
  for (let i = 0; i < count; i++) {
    const code = codes[i] as number;
    const value = Math.min(t.matches(n, code), 2) + rng.int(3000) / 1000;
    if (value > bestValue) {
      best = code;
      bestValue = value;
    }
  }
  return best;
}

/** Easy pick: any free domino (a beginner does not yet judge them). Returns an index into `choices`. */
export function casualPick(choices: readonly number[], rng: Rng): number {
  return rng.int(choices.length);
}

/**
 * What a playout has found of each domino's best placement in each kingdom: the
 * value and code scanPlacements gave, kept while that kingdom stays as it was
 * (nothing placed or discarded in it since). A pick weighs every free domino in the
 * picker's kingdom (with the denial, in the opponent's too); the claimed domino is
 * placed a turn later in the same kingdom, unchanged in 3 and 4 players; in 2 players
 * the next pick weighs the same dominoes in the same two kingdoms, one of which has
 * not changed. So most placements cost nothing, and a 2-player pick scans one kingdom
 * instead of two. Ties were broken at random when the scan was made: the same policy.
 */
class ScanCache {
  private readonly value = new Float64Array(MAX_PLAYERS * (DOMINO_COUNT + 1));
  private readonly code = new Int32Array(MAX_PLAYERS * (DOMINO_COUNT + 1));
  /** The playout and kingdom state each entry was found in (floats: a bot's threads play billions). */
  private readonly found = new Float64Array(MAX_PLAYERS * (DOMINO_COUNT + 1)).fill(-1);
  private readonly territories = Array.from({ length: MAX_PLAYERS }, () => new Territories());
  private readonly loaded = new Float64Array(MAX_PLAYERS).fill(-1);
  private playout = 0;

  /** Forgets everything: a new playout. */
  clear(): void {
    this.playout++;
  }

  /**
   * The policy's best placement of domino n in `player`'s kingdom: returns its value
   * (noFit when it fits nowhere) and leaves its code (-1: none) in scannedCode.
   */
  best(sim: Sim, player: number, n: number, bonuses: Bonuses, w: Weights, rng: Rng): number {
    const board = sim.boards[player] as Board;
    // A kingdom only grows and its discards only add up, so the two tell its states apart
    // (at most 49 squares and fewer than 64 discards: one number with the playout).
    const state = this.playout * 4096 + board.filled * 64 + board.discards;
    const at = player * (DOMINO_COUNT + 1) + n;
    if (this.found[at] === state) {
      scannedCode = this.code[at] as number;
      return this.value[at] as number;
    }
    const t = this.territories[player] as Territories;
    if (this.loaded[player] !== state) {
      t.load(board);
      this.loaded[player] = state;
    }
    const value = scanPlacements(t, board, n, bonuses, w, rng);
    this.value[at] = value;
    this.code[at] = scannedCode;
    this.found[at] = state;
    return value;
  }
}

const scans = new ScanCache();
/** The free dominoes of the playout's claim at hand (reused: no array per pick in the inner loop). */
const freeDominoes: number[] = [];

/**
 * Everyone plays the greedy policy `w` to the end (GREEDY: the normal level), or until
 * round `stopRound` begins: each claim is greedyPick's (with w.denial in 2 players,
 * cachedPick), each placement greedyPlacement's, both read from what the playout has
 * already found where the kingdoms have not changed since (ScanCache).
 */
export function playOut(sim: Sim, bonuses: Bonuses, rng: Rng, w: Weights = GREEDY, stopRound = Infinity): void {
  scans.clear();
  while (sim.phase !== OVER && sim.round < stopRound) {
    if (sim.phase === PLACE) {
      scans.best(sim, sim.player, sim.domino, bonuses, w, rng);
      if (scannedCode < 0) sim.discard();
      else sim.place(scannedCode);
    } else {
      freeDominoes.length = 0;
      for (let k = 0; k < sim.freeCount(); k++) freeDominoes.push(sim.nxt[sim.freeSlot(k)] as number);
      sim.claim(
        freeDominoes.length === 1 ? (freeDominoes[0] as number) : cachedPick(sim, freeDominoes, bonuses, rng, w),
      );
    }
  }
}

/**
 * greedyPick's choice among `choices`, with w.denial in 2 players: what each domino
 * would be worth to the opponent counts too.
 */
function cachedPick(sim: Sim, choices: readonly number[], bonuses: Bonuses, rng: Rng, w: Weights): number {
  const opponent = w.denial > 0 && sim.players === 2 ? 1 - sim.player : -1;
  const best = bestPick.reset();
  let domino = -1;
  for (const n of choices) {
    let value = scans.best(sim, sim.player, n, bonuses, w, rng);
    if (opponent >= 0) value += w.denial * Math.max(0, scans.best(sim, opponent, n, bonuses, w, rng));
    if (best.offer(value, rng)) domino = n;
  }
  return domino;
}
