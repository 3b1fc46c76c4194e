/**
 * The computer players and the pictures at full strength where the bot runs them:
 * in its worker threads, compiled (dist/, built by npm run bench as npm start does).
 *   ai.worker_speed_ratio: the hard player's speed inside an AI pool worker against the
 *     main thread, the same decisions with a fixed number of playouts (main time / worker
 *     time: 1 is as fast; goal >= 0.9);
 *   ai.worker_speed_ratio_tsx: the same with the TypeScript sources under tsx, as the
 *     arena, the tests and the benchmarks start their workers;
 *   render.worker_speed_ratio, render.worker_speed_ratio_tsx: a table and a preview drawn
 *     by a picture worker against the main thread, likewise;
 *   ai.hard_win_rate_250ms: the compiled arena, 100 seeded 4-player games, hard against
 *     three normal at 250 ms a decision (goal >= 85%).
 * A worker started differently from the main thread (a loader that compiles our modules
 * otherwise) once made the hard player think ten times slower in the bot, unseen.
 * Main thread and worker take turns, five rounds each, and the best round of each counts.
 *   npm run bench -- workers
 */
import { apply, createGame, prompt, type GameState } from '../src/game/index.js';
import { BOT_ENTRY } from '../test/fake-discord/bot-process.js';
import { hardWinShare } from './arena.js';

type Ai = typeof import('../src/ai/index.js');
type Pictures = typeof import('../src/render/index.js');
type Workers = typeof import('../src/render/pool.js');

interface Build {
  readonly ai: Ai;
  readonly pictures: Pictures;
  readonly workers: Workers;
}

const ROUNDS = 5;
/** Fixed work per decision: the same playouts in both threads, whatever the clock. */
const PLAYOUTS = 300;
const ARENA_GAMES = 100;

const DIST = new URL(`../${BOT_ENTRY.replace(/main\.js$/, '')}`, import.meta.url);

async function compiled(): Promise<Build> {
  const load = (path: string): Promise<unknown> => import(new URL(path, DIST).href);
  return {
    ai: (await load('ai/index.js')) as Ai,
    pictures: (await load('render/index.js')) as Pictures,
    workers: (await load('render/pool.js')) as Workers,
  };
}

async function sources(): Promise<Build> {
  return {
    ai: await import('../src/ai/index.js'),
    pictures: await import('../src/render/index.js'),
    workers: await import('../src/render/pool.js'),
  };
}

/** Every `every`-th position of a seeded 4-player game between normal players, from its second round. */
function positions(ai: Ai, every: number): GameState[] {
  const created = createGame({
    seats: [0, 1, 2, 3].map((i) => ({ name: `P${i + 1}`, kind: 'ai:normal' as const })),
    seed: 'workers-bench',
  });
  if (!created.ok) throw new Error(created.error.message);
  const list: GameState[] = [];
  let s = created.value;
  for (let i = 0; prompt(s).kind !== 'over'; i++) {
    if (i >= 8 && i % every === 0) list.push(s);
    const next = apply(s, ai.chooseAction(s, 'normal', { seed: i }));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return list;
}

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Main-thread time over worker time, each the best of ROUNDS taken in turns. */
async function ratio(main: () => Promise<unknown>, worker: () => Promise<unknown>): Promise<number> {
  await worker(); // the worker started and warm, as in a running bot
  await main();
  let bestMain = Infinity;
  let bestWorker = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    bestMain = Math.min(bestMain, await elapsed(main));
    bestWorker = Math.min(bestWorker, await elapsed(worker));
  }
  return bestMain / bestWorker;
}

async function aiRatio({ ai }: Build): Promise<number> {
  const states = positions(ai, 10);
  const opts = { playouts: PLAYOUTS, timeMs: 60_000, seed: 1 };
  const pool = new ai.AiPool({ size: 1, targetWaitMs: 60_000 });
  try {
    return await ratio(
      async () => states.forEach((s) => ai.chooseAction(s, 'hard', opts)),
      async () => {
        for (const s of states) await pool.choose(s, 'hard', opts);
      },
    );
  } finally {
    await pool.close();
  }
}

/** A table and a preview of each position: in this thread, then by one picture worker. */
async function renderRatio({ ai, pictures, workers }: Build): Promise<number> {
  const states = positions(ai, 2);
  const pool = new workers.RenderPool(1);
  const draw = async (render: (s: GameState) => Promise<unknown>) => {
    for (const s of states) await render(s);
  };
  return ratio(
    () => draw((s) => Promise.all([pictures.renderTable(s), pictures.renderPreview(s, null)])),
    () =>
      draw((s) =>
        Promise.all([
          pool.render({ picture: 'table', state: s, opts: {} }),
          pool.render({ picture: 'preview', state: s, candidate: null, opts: {} }),
        ]),
      ),
  );
}

/** The compiled arena's win rate of hard against three normal players. */
function hardWinRate(): number {
  return hardWinShare([
    '--games',
    String(ARENA_GAMES),
    '--seats',
    'hard,normal,normal,normal',
    '--seed',
    '4243',
    '--time-ms',
    '250',
  ]);
}

const bot = await compiled();
const tsx = await sources();
console.log(`ai.worker_speed_ratio: ${(await aiRatio(bot)).toFixed(2)} x`);
console.log(`ai.worker_speed_ratio_tsx: ${(await aiRatio(tsx)).toFixed(2)} x`);
console.log(`render.worker_speed_ratio: ${(await renderRatio(bot)).toFixed(2)} x`);
console.log(`render.worker_speed_ratio_tsx: ${(await renderRatio(tsx)).toFixed(2)} x`);
console.log(`ai.hard_win_rate_250ms: ${hardWinRate().toFixed(1)} %`);
