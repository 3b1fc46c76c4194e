/**
 * AI speed: decision times of each level on positions from seeded 4-player
 * games, and the hard level's playout rate (greedy playouts from the first
 * line of a 4-player game, one core).
 *   npm run bench -- ai
 */
import { chooseAction } from '../src/ai/index.js';
import { playOut } from '../src/ai/policy.js';
import { makeRng } from '../src/ai/rng.js';
import { apply, createGame, prompt, publicView, Sim, type AiLevel, type GameState } from '../src/game/index.js';

/** Every position (decision point) of a seeded game between normal players. */
function positions(seed: string): GameState[] {
  const created = createGame({
    seats: [0, 1, 2, 3].map((i) => ({ name: `P${i + 1}`, kind: 'ai:normal' as const })),
    seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  const list: GameState[] = [];
  let s = created.value;
  while (prompt(s).kind !== 'over') {
    list.push(s);
    const next = apply(s, chooseAction(s, 'normal', { seed: s.turn }));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return list;
}

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function moveMs(level: AiLevel, states: readonly GameState[], opts = {}): number {
  const times = states.map((s, i) => {
    const start = performance.now();
    chooseAction(s, level, { ...opts, seed: i });
    return performance.now() - start;
  });
  return p50(times);
}

function playoutsPerSecond(): number {
  const created = createGame({
    seats: [0, 1, 2, 3].map((i) => ({ name: `P${i + 1}`, kind: 'ai:hard' as const })),
    seed: 'bench',
  });
  if (!created.ok) throw new Error(created.error.message);
  const root = Sim.fromState(publicView(created.value), 1);
  const sim = root.clone();
  const rng = makeRng(1);
  const bonuses = { harmony: false, middleKingdom: false };
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < 3000) {
    sim.copyFrom(root);
    playOut(sim, bonuses, rng);
    count++;
  }
  return (count * 1000) / (performance.now() - start);
}

const all = [...positions('bench-1'), ...positions('bench-2')];
moveMs('normal', all); // warm-up
console.log(`ai.easy_move_ms_p50: ${moveMs('easy', all).toFixed(3)} ms`);
console.log(`ai.normal_move_ms_p50: ${moveMs('normal', all).toFixed(3)} ms`);
console.log(`ai.greedy_playouts_per_s: ${playoutsPerSecond().toFixed(0)} playouts/s`);
// Hard at its default budget (1 s) on a spread of positions of one game.
const sample = all.filter((_, i) => i % 12 === 5);
console.log(`ai.hard_move_ms_p50: ${moveMs('hard', sample).toFixed(0)} ms`);
