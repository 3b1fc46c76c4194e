/**
 * The moves a search weighs at a turn, read off a Sim: the legal placements of
 * the domino in hand ranked by a prior (immediate points, terrain fit, the cells
 * they wall in), the best few kept, each paired with every domino the player could
 * then claim, so a placement is judged together with the pick it allows; or the
 * claims alone in the opening picks. The hard level's root, its round tree and the
 * review all weigh these.
 */
import {
  Board,
  codeCellA,
  codeCellB,
  HALF_A_CROWNS,
  HALF_A_TERRAIN,
  HALF_B_CROWNS,
  HALF_B_TERRAIN,
  MAX_PLACEMENTS,
  PLACE,
  type Sim,
} from '../game/index.js';
import { bonusGain, Territories } from './gain.js';
import { pickValues, type Bonuses, type Weights } from './policy.js';

/** A move to search: what to do now, and (after a placement) the claim that follows. */
export interface Candidate {
  readonly code: number; // -1: discard, or no placement (claim prompt)
  readonly claim: number; // domino to claim, or -1
  /** Static estimate, higher first: the search's order and tie-break. */
  readonly prior: number;
}

/** Placements kept for the search after ranking by the prior. */
const PLACEMENT_WIDTH = 8;

/** Every move worth searching for the player to act, best prior first. */
export function turnMoves(sim: Sim, bonuses: Bonuses, policy: Weights): Candidate[] {
  const board = sim.boards[sim.player] as Board;
  const claims = Array.from({ length: sim.freeCount() }, (_, k) => sim.nxt[sim.freeSlot(k)] as number);
  if (sim.phase !== PLACE) return withClaims(board, { code: -1, prior: 0 }, claims, bonuses, policy).sort(byPrior);
  const domino = sim.domino;
  const placements = sim.canPlace() ? rankedPlacements(board, domino, bonuses, policy) : [{ code: -1, prior: 0 }];
  if (claims.length === 0) return placements.map((p) => ({ ...p, claim: -1 }));
  const after = scratchBoard(board.grid);
  return placements
    .flatMap((p) => {
      after.copyFrom(board);
      if (p.code >= 0) after.placeCode(domino, p.code);
      return withClaims(after, p, claims, bonuses, policy);
    })
    .sort(byPrior);
}

/** Plays a move on the sim: the placement (or discard) if one is due, then the claim if any. */
export function playMove(sim: Sim, c: Candidate): void {
  if (sim.phase === PLACE) {
    if (c.code < 0) sim.discard();
    else sim.place(c.code);
  }
  if (c.claim >= 0) sim.claim(c.claim);
}

function byPrior(x: Candidate, y: Candidate): number {
  return y.prior - x.prior;
}

const scratchBoards = new Map<number, Board>();

/** A board to try placements on, one per grid size (one decision at a time per thread). */
function scratchBoard(grid: number): Board {
  let board = scratchBoards.get(grid);
  if (board === undefined) {
    board = new Board(grid);
    scratchBoards.set(grid, board);
  }
  return board;
}

/** A placement (or none) followed by each claim, the claim's prior being the greedy pick's value of that domino. */
function withClaims(
  board: Board,
  p: { code: number; prior: number },
  claims: readonly number[],
  bonuses: Bonuses,
  policy: Weights,
): Candidate[] {
  const values = pickValues(board, claims, bonuses, policy);
  return claims.map((claim, i) => ({ code: p.code, claim, prior: p.prior + (values[i] as number) }));
}

const scratchCodes = new Int32Array(MAX_PLACEMENTS);
const territories = new Territories();

/**
 * The best PLACEMENT_WIDTH distinct placements by prior (immediate points, half a point
 * per terrain fit, the policy's hole weight off per dead cell), best first.
 */
function rankedPlacements(
  board: Board,
  n: number,
  bonuses: Bonuses,
  policy: Weights,
): { code: number; prior: number }[] {
  const count = board.legal(n, scratchCodes);
  const t = territories.load(board);
  const mirror = HALF_A_TERRAIN[n] === HALF_B_TERRAIN[n] && HALF_A_CROWNS[n] === HALF_B_CROWNS[n];
  const seen = new Set<number>();
  const ranked: { code: number; prior: number }[] = [];
  for (let i = 0; i < count; i++) {
    const code = scratchCodes[i] as number;
    if (mirror) {
      const key = Math.min(codeCellA(code), codeCellB(code)) * 1024 + Math.max(codeCellA(code), codeCellB(code));
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const prior =
      t.gain(n, code) +
      bonusGain(board, code, bonuses.harmony, bonuses.middleKingdom) +
      0.5 * t.matches(n, code) -
      policy.hole * t.holes(code);
    ranked.push({ code, prior });
  }
  ranked.sort((x, y) => y.prior - x.prior);
  return ranked.slice(0, PLACEMENT_WIDTH);
}
