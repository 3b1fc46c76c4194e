/**
 * Game review: a whole 4-player game (seeded, played by the normal level) reviewed
 * for one player at the default budget, as the bot does it (AiPool.review: one job
 * per move in a worker thread); the p50 over a few samples (one player each). And
 * what the player waits for once it is computed (or kept): the three costliest moves'
 * reasons read off the positions and their pictures drawn (render_ms).
 *   npm run bench -- review
 */
import { AiPool, chooseAction, costliest, REVIEW_BUDGET_MS, type GameReview } from '../src/ai/index.js';
import { costlyMove } from '../src/discord/messages/review.js';
import { renderReviewMove } from '../src/render/review.js';
import { apply, createGame, prompt, type GameState } from '../src/game/index.js';

function playedGame(seed: string): GameState {
  const created = createGame({
    seats: [0, 1, 2, 3].map((i) => ({ name: `P${i + 1}`, kind: 'ai:normal' as const })),
    seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value;
  while (prompt(s).kind !== 'over') {
    const next = apply(s, chooseAction(s, 'normal', { seed: s.turn }));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

/** The costliest moves drawn as the Review button's answer draws them (handlers/review.ts). */
async function drawCostliest(game: GameState, review: GameReview): Promise<void> {
  for (const m of costliest(review)) await renderReviewMove(costlyMove(game, review, m).picture);
}

function p50(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const SAMPLES = 3;
const pool = new AiPool({ size: 1 });
const times: number[] = [];
const accuracies: number[] = [];
const playouts: number[] = [];
const renders: number[] = [];
try {
  for (let i = 0; i < SAMPLES; i++) {
    const game = playedGame(`review-bench-${i}`);
    const start = performance.now();
    const review = await pool.review(game, i % 4, { seed: i });
    times.push(performance.now() - start);
    accuracies.push(review.accuracy ?? NaN);
    playouts.push(review.moves.reduce((sum, m) => sum + m.samples, 0));
    const drawn = performance.now();
    await drawCostliest(game, review);
    renders.push(performance.now() - drawn);
  }
} finally {
  await pool.close();
}
console.log(`review.ms_p50: ${p50(times).toFixed(0)} ms`);
console.log(`review.budget_ms: ${REVIEW_BUDGET_MS} ms`);
console.log(`review.playouts_p50: ${p50(playouts).toFixed(0)} playouts`);
console.log(`review.render_ms_p50: ${p50(renders).toFixed(0)} ms`);
console.log(`review.normal_accuracy_p50: ${p50(accuracies).toFixed(0)} %`);
