/**
 * Replays, 4-player game (53 frames: the table before the first move and after each
 * of the 52 moves), from its record to the GIF as the bot posts it:
 *   replay.ms: wall time of one replay, median of SAMPLES;
 *   replay.cpu_ms: CPU time of one replay (all threads), steadier on a busy machine;
 *   replay.kb: size of the GIF (Discord takes 8 MB);
 *   replay.frame_ms_max: the longest the event loop waited during a replay (the work
 *     yields between frames; this is what a click arriving meanwhile may wait).
 *   npm run bench -- replay
 */
import { toRecord } from '../src/game/index.js';
import { renderReplay } from '../src/render/index.js';
import { newGame, play } from '../test/render/games.js';

const SAMPLES = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const record = toRecord(play(newGame('4p', 'bench')));
// Warm-up: fonts, tiles and the JIT.
await renderReplay(record);

const wall: number[] = [];
const cpu: number[] = [];
const gaps: number[] = [];
let kb = 0;
let frames = 0;
for (let i = 0; i < SAMPLES; i++) {
  let last = performance.now();
  let gap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  }, 1);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const made = await renderReplay(record);
  const t1 = performance.now();
  const c1 = process.cpuUsage(c0);
  clearInterval(ticker);
  if (!made.ok) throw new Error(made.error.message);
  wall.push(t1 - t0);
  cpu.push((c1.user + c1.system) / 1000);
  gaps.push(gap);
  kb = made.value.gif.length / 1024;
  frames = made.value.frames;
}

console.log(`replay.ms: ${median(wall).toFixed(0)} ms`);
console.log(`replay.cpu_ms: ${median(cpu).toFixed(0)} ms`);
console.log(`replay.kb: ${kb.toFixed(0)} KB`);
console.log(`replay.frames: ${frames} frames`);
console.log(`replay.frame_ms_max: ${median(gaps).toFixed(0)} ms`);
