/**
 * AI strength: the hard level against its frozen baseline (hard-baseline, today's
 * hard before issue 26) in a seeded paired 2-player arena of 100 games at 250 ms a
 * decision (each deck dealt in every seat order, so the deal's luck cancels), compiled
 * and in worker threads as the bot runs them (the 4-player arena is strength-4p's);
 * the hard level's (and hard-judged's) playouts per decision at that budget (in this thread:
 * ai.worker_speed_ratio in the workers bench shows a worker as fast); and the learned
 * evaluation's error on self-play games it was not fitted to, and its cost.
 *   npm run bench -- strength       (this file and strength-4p's)
 *   npm run bench -- strength.      (this file alone)
 */
import { baselineSearch } from '../src/ai/baseline.js';
import { HARD_POLICY, hardSearch, JUDGE_WEIGHTS, type SearchResult } from '../src/ai/hard.js';
import type { Decision } from '../src/ai/levels.js';
import { makeRng, type Rng } from '../src/ai/rng.js';
import { apply, createGame, prompt, publicView, Sim, type GameState } from '../src/game/index.js';
import { atRoundStart, judgeFor } from '../src/ai/value.js';
import { modelErrors, selfPlayGame } from '../src/ai/value-learn.js';
import { VALUE_MODEL } from '../src/ai/value-model.js';
import { hardVsBaseline, TIME_MS } from './arena.js';

/** Every decision point of a seeded game between hard players (fixed playouts: quick and reproducible). */
function positions(players: number, seed: string): GameState[] {
  const created = createGame({
    seats: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, kind: 'ai:normal' as const })),
    seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  const list: GameState[] = [];
  let s = created.value;
  for (let asked = prompt(s); asked.kind !== 'over'; asked = prompt(s)) {
    list.push(s);
    const next = apply(s, hardSearch(publicView(s), asked, { playouts: 64 }, makeRng(s.turn), HARD_POLICY).action);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return list;
}

/** A search at TIME_MS: hard's or the frozen baseline's. */
type Search = (view: GameState, asked: Decision, rng: Rng) => SearchResult;
const HARD: Search = (view, asked, rng) => hardSearch(view, asked, { timeMs: TIME_MS }, rng, HARD_POLICY);
const BASELINE: Search = (view, asked, rng) => baselineSearch(view, asked, { timeMs: TIME_MS }, rng);
/** hard-judged's: the evaluation judges each sample too, so fewer fit in the time (at most a third fewer, issue 42). */
const JUDGED: Search = (view, asked, rng) =>
  hardSearch(view, asked, { timeMs: TIME_MS }, rng, HARD_POLICY, JUDGE_WEIGHTS['hard-judged']);

/** Median playouts `search` runs in TIME_MS on a spread of decision points. */
function playoutsPerDecision(players: number, search: Search): number {
  const samples = positions(players, `strength-playouts-${players}`)
    .filter((_, i) => i % 4 === 1)
    .map((s, i) => {
      const view = publicView(s);
      return search(view, prompt(view) as Decision, makeRng(i)).samples;
    })
    .sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? NaN;
}

console.log(`ai.hard_playouts_per_decision_2p_250ms: ${playoutsPerDecision(2, HARD)} playouts`);
console.log(`ai.baseline_playouts_per_decision_2p_250ms: ${playoutsPerDecision(2, BASELINE)} playouts`);
console.log(`ai.hard_playouts_per_decision_4p_250ms: ${playoutsPerDecision(4, HARD)} playouts`);
console.log(`ai.judged_playouts_per_decision_2p_250ms: ${playoutsPerDecision(2, JUDGED)} playouts`);
console.log(`ai.judged_playouts_per_decision_4p_250ms: ${playoutsPerDecision(4, JUDGED)} playouts`);
/** Self-play games of the error figure: seeds the fit never saw, played as its games were. */
const EVAL_GAMES = 20;
const EVAL_PLAYOUTS = 100;

/**
 * The evaluation's error (rms, points, over every player of every round's start) in
 * fresh self-play games of the set-ups it has a model for, and one evaluation's time.
 */
function evaluationFigures(): void {
  const games = ([2, 4] as const).flatMap((players) =>
    Array.from({ length: EVAL_GAMES }, (_, g) =>
      selfPlayGame({ options: { players }, seed: 'strength-bench', playouts: EVAL_PLAYOUTS }, g),
    ),
  );
  const errors = modelErrors(VALUE_MODEL, games);
  let squared = 0,
    rows = 0;
  for (const e of errors) {
    const n = e.positions * Number(e.setup[0]);
    squared += e.rmse ** 2 * n;
    rows += n;
    console.log(`ai.eval_error_${e.setup}: ${e.rmse.toFixed(2)} points`);
  }
  console.log(`ai.eval_error: ${Math.sqrt(squared / rows).toFixed(2)} points`);
  console.log(`ai.eval_us: ${evaluationMicros(4).toFixed(1)} us`);
}

/** Microseconds one evaluation of a whole table takes (every player), over a game's round starts. */
function evaluationMicros(players: number): number {
  const sims = positions(players, `strength-eval-${players}`)
    .map((s) => Sim.fromState(publicView(s), 0))
    .filter(atRoundStart);
  const view = positions(players, `strength-eval-${players}`)[0] as GameState;
  const judge = judgeFor(view, HARD_POLICY);
  if (judge === null) return NaN;
  const outcomes = new Float64Array(players);
  const reps = 2000;
  const started = performance.now();
  for (let r = 0; r < reps; r++) for (const sim of sims) judge.judge(sim, outcomes);
  return ((performance.now() - started) * 1000) / (reps * sims.length);
}

evaluationFigures();
console.log(`ai.hard_vs_baseline_2p_250ms: ${hardVsBaseline(2, 100).toFixed(1)} % wins`);
