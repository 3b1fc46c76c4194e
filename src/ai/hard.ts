/**
 * The hard level: flat Monte-Carlo search with successive halving.
 *
 * - Candidates: at a placement, the legal placements (mirror duplicates of
 *   single-terrain dominoes merged) ranked by a prior (immediate points plus
 *   terrain fit); the best few are kept, each paired with every domino I could
 *   then claim, so a placement is judged together with the pick it allows.
 * - Each sample guesses the hidden deck (Sim.fromState shuffles the unseen
 *   dominoes of the public view with a seed of ours), plays the candidate, then
 *   plays the game out with the greedy policy (the normal level) for everyone,
 *   and scores the end: a win (shared wins as fractions) plus a small term for
 *   the margin over the best opponent, which separates candidates long before
 *   win counts do.
 * - Successive halving spends the time budget in rounds and keeps the better
 *   half each round; samples in one sweep share the guessed deck.
 */
import { Board, MAX_PLACEMENTS } from '../game/board.js';
import { HALF_A_CROWNS, HALF_A_TERRAIN, HALF_B_CROWNS, HALF_B_TERRAIN } from '../game/dominoes.js';
import { boardOf } from '../game/engine.js';
import { OVER, PLACE, Sim } from '../game/sim.js';
import type { Action, GameState } from '../game/types.js';
import { halfA, halfB, Territories, bonusGain } from './gain.js';
import { successiveHalving } from './halving.js';
import { bonusesOf, placeAction, type Decision } from './levels.js';
import { greedyPick, greedyPlacement, type Bonuses } from './policy.js';
import { makeRng, mixSeed, type Rng } from './rng.js';
import type { ChooseOptions } from './types.js';

export const DEFAULT_TIME_MS = 1000;
/** Placements kept for the search after ranking by the prior. */
const PLACEMENT_WIDTH = 8;
/** Weight of the score margin (per point) next to a win worth 1. */
const MARGIN_WEIGHT = 0.01;

/** A move to search: what to do now, and (after a placement) the claim that follows. */
interface Candidate {
  readonly code: number; // -1: discard, or no placement (claim prompt)
  readonly claim: number; // domino to claim, or -1
}

export function hardAction(view: GameState, asked: Decision, opts: ChooseOptions, rng: Rng): Action {
  const candidates = candidatesOf(view, asked);
  const first = (c: Candidate): Action => firstAction(asked, c);
  if (candidates.length === 1) return first(candidates[0] as Candidate);
  const budget = {
    deadline: performance.now() + (opts.timeMs ?? DEFAULT_TIME_MS),
    samples: opts.playouts ?? Infinity,
  };
  const me = asked.player;
  const bonuses = bonusesOf(view);
  const salt = rng.int(2 ** 32);
  let root: Sim | null = null;
  let rootSweep = -1;
  let work: Sim | null = null;
  const sample = (i: number, sweep: number): number => {
    if (sweep !== rootSweep) {
      // One guess at the hidden deck per sweep, shared by every candidate.
      root = Sim.fromState(view, mixSeed(salt, sweep));
      rootSweep = sweep;
    }
    work ??= (root as Sim).clone();
    work.copyFrom(root as Sim);
    play(work, candidates[i] as Candidate);
    playOut(work, bonuses, makeRng(mixSeed(salt, sweep, 1)));
    return outcome(work, me);
  };
  const found = successiveHalving(candidates.length, sample, budget);
  return first(candidates[found.best] as Candidate);
}

function firstAction(asked: Decision, c: Candidate): Action {
  if (asked.kind === 'claim') return { type: 'claim', player: asked.player, domino: c.claim };
  return c.code < 0 ? { type: 'discard', player: asked.player } : placeAction(asked.player, c.code);
}

function candidatesOf(view: GameState, asked: Decision): Candidate[] {
  if (asked.kind === 'claim') return asked.choices.map((claim) => ({ code: -1, claim }));
  const codes = asked.canPlace ? rankedPlacements(boardOf(view, asked.player), asked.domino, bonusesOf(view)) : [-1];
  const claims = view.next.filter((s) => s.king === null && !view.dropped.includes(s.domino)).map((s) => s.domino);
  if (claims.length === 0) return codes.map((code) => ({ code, claim: -1 }));
  return codes.flatMap((code) => claims.map((claim) => ({ code, claim })));
}

const scratchCodes = new Int32Array(MAX_PLACEMENTS);
const territories = new Territories();

/** The best PLACEMENT_WIDTH distinct placements by prior, best first. */
export function rankedPlacements(board: Board, n: number, bonuses: Bonuses): number[] {
  const count = board.legal(n, scratchCodes);
  const t = territories.load(board);
  const mirror = HALF_A_TERRAIN[n] === HALF_B_TERRAIN[n] && HALF_A_CROWNS[n] === HALF_B_CROWNS[n];
  const seen = new Set<number>();
  const ranked: { code: number; prior: number }[] = [];
  for (let i = 0; i < count; i++) {
    const code = scratchCodes[i] as number;
    if (mirror) {
      const key = Math.min(halfA(code), halfB(code)) * 1024 + Math.max(halfA(code), halfB(code));
      if (seen.has(key)) continue;
      seen.add(key);
    }
    const prior = t.gain(n, code) + bonusGain(board, code, bonuses.harmony, bonuses.middleKingdom) + 0.5 * t.matches(n, code);
    ranked.push({ code, prior });
  }
  ranked.sort((x, y) => y.prior - x.prior);
  return ranked.slice(0, PLACEMENT_WIDTH).map((r) => r.code);
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
export function playOut(sim: Sim, bonuses: Bonuses, rng: Rng): void {
  while (sim.phase !== OVER) {
    const board = sim.boards[sim.player] as Board;
    if (sim.phase === PLACE) {
      const code = greedyPlacement(board, sim.domino, bonuses, rng);
      if (code < 0) sim.discard();
      else sim.place(code);
    } else {
      choices.length = 0;
      for (let i = 0; i < sim.nxtLen; i++) if (sim.nxtKing[i] === -1) choices.push(sim.nxt[i] as number);
      sim.claim(choices[greedyPick(board, choices, bonuses, rng)] as number);
    }
  }
}

const shares = new Float64Array(4);
const totals = new Int32Array(4);

/** A win (shared: a fraction) plus a little for the margin over the best opponent. */
function outcome(sim: Sim, me: number): number {
  sim.outcome(shares);
  sim.totals(totals);
  let best = -Infinity;
  for (let p = 0; p < sim.players; p++) if (p !== me) best = Math.max(best, totals[p] as number);
  return (shares[me] as number) + MARGIN_WEIGHT * ((totals[me] as number) - best);
}
