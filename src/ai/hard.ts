/**
 * The hard level: flat Monte-Carlo search with successive halving.
 *
 * - Candidates: at a placement, the legal placements (mirror duplicates of
 *   single-terrain dominoes merged) ranked by a prior (immediate points plus
 *   terrain fit, less the cells they wall in); the best few are kept, each
 *   paired with every domino I could then claim, so a placement is judged
 *   together with the pick it allows.
 * - Each sample guesses the hidden deck (the unseen dominoes of the public view,
 *   shuffled again with a seed of ours each sweep), plays the candidate, then
 *   plays the game out for everyone with a greedy policy that avoids walling in
 *   cells (HARD_POLICY; the frozen hard-baseline plays out with the normal
 *   level's plain greedy), and scores the end: a win (shared wins as fractions)
 *   plus a small term for the margin over the best opponent, which separates
 *   candidates long before win counts do.
 * - Candidates are ordered by a prior (placement: points, terrain fit and dead
 *   cells; claim: the playout policy's value of the domino in the kingdom after
 *   the placement). One probe playout estimates how many samples the budget
 *   affords; a small budget searches only the best candidates by prior.
 * - Successive halving spends the time budget in rounds and keeps the better
 *   half each round; samples in one sweep share the guessed deck. Ties go to
 *   the better prior.
 */
import {
  Board,
  boardOf,
  codeCellA,
  codeCellB,
  HALF_A_CROWNS,
  HALF_A_TERRAIN,
  HALF_B_CROWNS,
  HALF_B_TERRAIN,
  MAX_PLACEMENTS,
  openClaims,
  OVER,
  PLACE,
  Rng,
  Sim,
  type Action,
  type GameState,
  type RngState,
} from '../game/index.js';
import { Territories, bonusGain } from './gain.js';
import { successiveHalving } from './halving.js';
import { bonusesOf, placeAction, type Decision } from './levels.js';
import { FIT_SCALE, GREEDY, greedyPick, greedyPlacement, pickValues, type Bonuses, type Weights } from './policy.js';
import { makeRng, mixSeed } from './rng.js';
import { credit, walkRound, type Step, type TurnNode } from './tree.js';
import type { ChooseOptions } from './types.js';

export const DEFAULT_TIME_MS = 1000;

/** Placements kept for the search after ranking by the prior. */
const PLACEMENT_WIDTH = 8;
/** Weight of the score margin (per point) next to a win worth 1. */
const MARGIN_WEIGHT = 0.01;

/**
 * The hard level's playout policy: greedy, but a placement that walls in a cell
 * loses 2 points per dead cell. Every set-up's box ends full (each player has
 * dominoes for every square), so a dead cell is half a domino discarded later;
 * greedy playouts that ignore this see kingdoms grow that never do, and a search
 * guided by them walls in cells itself. The frozen baseline (hard-baseline) plays
 * out with GREEDY, the normal level's policy.
 */
export const HARD_POLICY: Weights = { fit: 1 / FIT_SCALE, hole: 2 };

/** A move to search: what to do now, and (after a placement) the claim that follows. */
export interface Candidate {
  readonly code: number; // -1: discard, or no placement (claim prompt)
  readonly claim: number; // domino to claim, or -1
  /** Static estimate, higher first: the search's order and tie-break. */
  readonly prior: number;
}

/**
 * Samples each candidate should get in the first round: with fewer, halving
 * on one or two noisy playouts throws good moves away, so a small budget
 * searches fewer (the best by prior) candidates instead.
 */
const FIRST_ROUND_SAMPLES = 3;

export function hardAction(
  view: GameState,
  asked: Decision,
  opts: ChooseOptions,
  rng: Rng,
  policy: Weights = HARD_POLICY,
): Action {
  return hardSearch(view, asked, opts, rng, policy).action;
}

/** What a search chose, and how many playouts it took (the benchmarks report them). */
export interface SearchResult {
  readonly action: Action;
  readonly samples: number;
}

export function hardSearch(
  view: GameState,
  asked: Decision,
  opts: ChooseOptions,
  rng: Rng,
  policy: Weights,
): SearchResult {
  const candidates = candidatesOf(view, asked, policy);
  const first = (c: Candidate): Action => firstAction(asked, c);
  if (candidates.length === 1) return { action: first(candidates[0] as Candidate), samples: 0 };
  const budget = {
    deadline: performance.now() + (opts.timeMs ?? DEFAULT_TIME_MS),
    samples: opts.playouts ?? Infinity,
  };
  const me = asked.player;
  const bonuses = bonusesOf(view);
  const salt = rng.int(2 ** 32);
  // One Sim built from the view; each sweep reshuffles its unseen dominoes (a new
  // guess at the hidden pile) instead of building a Sim again, and seeds its playout
  // randomness once: building Sims and seeding from strings per sample took a fifth
  // of the search's time.
  const root = Sim.fromState(view, salt);
  const guess = root.clone();
  const work = root.clone();
  let guessed = -1;
  let playoutSeed: RngState = [0, 0, 0, 0];
  const round = root.round;
  const subtrees: (TurnNode | null)[] = candidates.map(() => null);
  const path: Step[] = [];
  const values = new Float64Array(root.players);
  const sample = (i: number, sweep: number): number => {
    if (sweep !== guessed) {
      // One guess at the hidden deck per sweep, shared by every candidate.
      guess.copyFrom(root);
      guess.redeterminize(makeRng(mixSeed(salt, sweep)));
      playoutSeed = makeRng(mixSeed(salt, sweep, 1)).state();
      guessed = sweep;
    }
    work.copyFrom(guess);
    play(work, candidates[i] as Candidate);
    path.length = 0;
    if (TREE) walkRound(work, round, subtrees, i, bonuses, policy, path, play);
    playOut(work, bonuses, new Rng(playoutSeed), policy);
    outcomes(work, values);
    credit(path, values);
    return values[me] as number;
  };
  const probeStart = performance.now();
  sample(0, 0);
  const probeMs = Math.max(performance.now() - probeStart, 1e-3);
  const affordable = Math.min(budget.samples, (budget.deadline - performance.now()) / probeMs);
  const found = successiveHalving(searchWidth(candidates.length, affordable), sample, budget);
  return { action: first(candidates[found.best] as Candidate), samples: found.samples + 1 };
}

/** The most candidates (at least 2) whose halving gives each FIRST_ROUND_SAMPLES samples in its first round. */
export function searchWidth(count: number, affordableSamples: number): number {
  let width = count;
  while (width > 2 && width * FIRST_ROUND_SAMPLES * Math.ceil(Math.log2(width)) > affordableSamples) width--;
  return width;
}

function firstAction(asked: Decision, c: Candidate): Action {
  if (asked.kind === 'claim') return { type: 'claim', player: asked.player, domino: c.claim };
  return c.code < 0 ? { type: 'discard', player: asked.player } : placeAction(asked.player, c.code);
}

/** Every candidate worth searching, best prior first (the review weighs these too). */
export function candidatesOf(view: GameState, asked: Decision, policy: Weights): Candidate[] {
  const bonuses = bonusesOf(view);
  const board = boardOf(view, asked.player);
  if (asked.kind === 'claim') return withClaims(board, { code: -1, prior: 0 }, asked.choices, bonuses, policy);
  const claims = openClaims(view);
  const placements = asked.canPlace ? rankedPlacements(board, asked.domino, bonuses, policy) : [{ code: -1, prior: 0 }];
  const list = placements.flatMap((p) => {
    if (claims.length === 0) return [{ ...p, claim: -1 }];
    const after = board.clone();
    if (p.code >= 0) after.placeCode(asked.domino, p.code);
    return withClaims(after, p, claims, bonuses, policy);
  });
  return list.sort((x, y) => y.prior - x.prior);
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
export function rankedPlacements(
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

function play(sim: Sim, c: Candidate): void {
  if (sim.phase === PLACE) {
    if (c.code < 0) sim.discard();
    else sim.place(c.code);
  }
  if (c.claim >= 0) sim.claim(c.claim);
}

const choices: number[] = [];

/** Everyone plays full greedy (the normal level) to the end. */
export function playOut(sim: Sim, bonuses: Bonuses, rng: Rng, w: Weights = GREEDY): void {
  while (sim.phase !== OVER) {
    const board = sim.boards[sim.player] as Board;
    if (sim.phase === PLACE) {
      const code = greedyPlacement(board, sim.domino, bonuses, rng, w);
      if (code < 0) sim.discard();
      else sim.place(code);
    } else {
      choices.length = 0;
      for (let k = 0; k < sim.freeCount(); k++) choices.push(sim.nxt[sim.freeSlot(k)] as number);
      sim.claim(choices[greedyPick(board, choices, bonuses, rng, w)] as number);
    }
  }
}

const shares = new Float64Array(4);
const totals = new Int32Array(4);

const TREE = process.env.KD_TREE !== '0';

/** Each player's: a win (shared: a fraction) plus a little for the margin over the best opponent. */
function outcomes(sim: Sim, out: Float64Array): void {
  sim.outcome(shares);
  sim.totals(totals);
  for (let me = 0; me < sim.players; me++) {
    // Solo, no opponent: the score itself is the margin.
    let best = sim.players === 1 ? 0 : -Infinity;
    for (let p = 0; p < sim.players; p++) if (p !== me) best = Math.max(best, totals[p] as number);
    out[me] = (shares[me] as number) + MARGIN_WEIGHT * ((totals[me] as number) - best);
  }
}
