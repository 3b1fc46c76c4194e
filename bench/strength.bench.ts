/**
 * AI strength: the hard level against its frozen baseline (hard-baseline, today's
 * hard before issue 26) in small seeded paired arenas at 250 ms a decision (each deck
 * dealt in every seat order, so the deal's luck cancels), compiled and in worker
 * threads as the bot runs them; and the hard level's playouts per decision at that
 * budget (in this thread: ai.worker_speed_ratio in the workers bench shows a worker
 * as fast). The arena figures of the README come from `npm run arena` with 200
 * games; these are a smaller sample, fit for the bench (each run takes a few minutes).
 *   npm run bench -- strength
 */
import { baselineSearch } from '../src/ai/baseline.js';
import { HARD_POLICY, hardSearch, type SearchResult } from '../src/ai/hard.js';
import type { Decision } from '../src/ai/levels.js';
import { makeRng, type Rng } from '../src/ai/rng.js';
import { apply, createGame, prompt, publicView, type GameState } from '../src/game/index.js';
import { hardWinShare } from './arena.js';

const TIME_MS = 250;

/** hard's share of the wins (%) over `games` games against hard-baseline in every other seat. */
function winShare(players: number, games: number): number {
  const seats = ['hard', ...Array.from({ length: players - 1 }, () => 'hard-baseline')].join(',');
  return hardWinShare([
    '--seats',
    seats,
    '--games',
    String(games),
    '--paired',
    '--seed',
    `strength-${players}`,
    '--time-ms',
    String(TIME_MS),
  ]);
}

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
console.log(`ai.hard_vs_baseline_2p_250ms: ${winShare(2, 32).toFixed(1)} % wins`);
console.log(`ai.hard_vs_baseline_4p_250ms: ${winShare(4, 16).toFixed(1)} % win share`);
