/**
 * hard-baseline: the hard level frozen as it was before issue 26 (flat Monte Carlo
 * with successive halving, greedy playouts), an arena-only level every change to
 * hard is measured against. A copy on purpose: hard.ts may change, this may not.
 * It leans only on what the normal level also uses (policy.ts with GREEDY, gain.ts)
 * and on halving.ts, whose behaviour test/ai/halving.test.ts pins.
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
  Sim,
  type Action,
  type GameState,
} from '../game/index.js';
import { Territories, bonusGain } from './gain.js';
import { successiveHalving } from './halving.js';
import { bonusesOf, placeAction, type Decision } from './levels.js';
import { GREEDY, greedyPick, greedyPlacement, pickValues, type Bonuses } from './policy.js';
import { makeRng, mixSeed, type Rng } from './rng.js';
import type { ChooseOptions } from './types.js';

const DEFAULT_TIME_MS = 1000;
const PLACEMENT_WIDTH = 8;
const MARGIN_WEIGHT = 0.01;
const FIRST_ROUND_SAMPLES = 3;

interface Candidate {
  readonly code: number;
  readonly claim: number;
  readonly prior: number;
}

/** What the frozen search chose, and how many playouts it took. */
export interface BaselineResult {
  readonly action: Action;
  readonly samples: number;
}

export function baselineAction(view: GameState, asked: Decision, opts: ChooseOptions, rng: Rng): Action {
  return baselineSearch(view, asked, opts, rng).action;
}

export function baselineSearch(view: GameState, asked: Decision, opts: ChooseOptions, rng: Rng): BaselineResult {
  const candidates = candidatesOf(view, asked);
  const first = (c: Candidate): Action => firstAction(asked, c);
  if (candidates.length === 1) return { action: first(candidates[0] as Candidate), samples: 0 };
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
      root = Sim.fromState(view, mixSeed(salt, sweep));
      rootSweep = sweep;
    }
    work ??= (root as Sim).clone();
    work.copyFrom(root as Sim);
    play(work, candidates[i] as Candidate);
    playOut(work, bonuses, makeRng(mixSeed(salt, sweep, 1)));
    return outcome(work, me);
  };
  const probeStart = performance.now();
  sample(0, 0);
  const probeMs = Math.max(performance.now() - probeStart, 1e-3);
  const affordable = Math.min(budget.samples, (budget.deadline - performance.now()) / probeMs);
  const found = successiveHalving(searchWidth(candidates.length, affordable), sample, budget);
  return { action: first(candidates[found.best] as Candidate), samples: found.samples + 1 };
}

function searchWidth(count: number, affordableSamples: number): number {
  let width = count;
  while (width > 2 && width * FIRST_ROUND_SAMPLES * Math.ceil(Math.log2(width)) > affordableSamples) width--;
  return width;
}

function firstAction(asked: Decision, c: Candidate): Action {
  if (asked.kind === 'claim') return { type: 'claim', player: asked.player, domino: c.claim };
  return c.code < 0 ? { type: 'discard', player: asked.player } : placeAction(asked.player, c.code);
}

function candidatesOf(view: GameState, asked: Decision): Candidate[] {
  const bonuses = bonusesOf(view);
  const board = boardOf(view, asked.player);
  if (asked.kind === 'claim') return withClaims(board, { code: -1, prior: 0 }, asked.choices, bonuses);
  const claims = openClaims(view);
  const placements = asked.canPlace ? rankedPlacements(board, asked.domino, bonuses) : [{ code: -1, prior: 0 }];
  const list = placements.flatMap((p) => {
    if (claims.length === 0) return [{ ...p, claim: -1 }];
    const after = board.clone();
    if (p.code >= 0) after.placeCode(asked.domino, p.code);
    return withClaims(after, p, claims, bonuses);
  });
  return list.sort((x, y) => y.prior - x.prior);
}

function withClaims(
  board: Board,
  p: { code: number; prior: number },
  claims: readonly number[],
  bonuses: Bonuses,
): Candidate[] {
  const values = pickValues(board, claims, bonuses, GREEDY);
  return claims.map((claim, i) => ({ code: p.code, claim, prior: p.prior + (values[i] as number) }));
}

const scratchCodes = new Int32Array(MAX_PLACEMENTS);
const territories = new Territories();

function rankedPlacements(board: Board, n: number, bonuses: Bonuses): { code: number; prior: number }[] {
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
      t.gain(n, code) + bonusGain(board, code, bonuses.harmony, bonuses.middleKingdom) + 0.5 * t.matches(n, code);
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

function playOut(sim: Sim, bonuses: Bonuses, rng: Rng): void {
  while (sim.phase !== OVER) {
    const board = sim.boards[sim.player] as Board;
    if (sim.phase === PLACE) {
      const code = greedyPlacement(board, sim.domino, bonuses, rng, GREEDY);
      if (code < 0) sim.discard();
      else sim.place(code);
    } else {
      choices.length = 0;
      for (let k = 0; k < sim.freeCount(); k++) choices.push(sim.nxt[sim.freeSlot(k)] as number);
      sim.claim(choices[greedyPick(board, choices, bonuses, rng, GREEDY)] as number);
    }
  }
}

const shares = new Float64Array(4);
const totals = new Int32Array(4);

function outcome(sim: Sim, me: number): number {
  sim.outcome(shares);
  sim.totals(totals);
  // Solo, no opponent: the score itself is the margin.
  let best = sim.players === 1 ? 0 : -Infinity;
  for (let p = 0; p < sim.players; p++) if (p !== me) best = Math.max(best, totals[p] as number);
  return (shares[me] as number) + MARGIN_WEIGHT * ((totals[me] as number) - best);
}
