/**
 * Render speed and size, 4-player game (draw + PNG encode, the PNG as the bot gets it):
 *   render.table_ms_p50: the table, over consecutive mid-game states (moves 30-49);
 *   render.preview_ms_p50: the preview, over every legal placement of one mid-game turn;
 *   render.final_ms_p50: the score sheet of the finished game;
 *   render.table_png_kb, render.preview_png_kb: size of a mid-game table and of its preview, as uploaded;
 *   render.table_cpu_ms_p50: CPU time (all threads) of one table, steadier than wall time on a busy machine;
 *   render.table_draw_ms_p50: the table's drawing alone (the canvas records, then rasterises when its pixels are read);
 *   render.table_encode_ms_p50: the PNG encoding alone (indexed on the known palette, then deflated), of an
 *     already rasterised table;
 *   render.table_cpu_ms, render.preview_cpu_ms: CPU time (all threads) of the table after every
 *     action of a whole game and of the preview at every placement (the first legal one), median;
 *   render.worker_cpu_ms: CPU time (all threads) of a table and a preview drawn by the bot's
 *     picture workers (RenderPool), one pair after the other, mean: what a move costs in pictures;
 *   render.busy_pair_cpu_ms: CPU time (all threads) of a table and a preview drawn by the
 *     picture workers, mean, of BUSY_GAMES games taking their turns in turn (each game's next
 *     move after every other game's), as under load: what one game's pictures keep for its
 *     next move is gone by then.
 * Between two pictures the bench does what a picture worker does between two requests: a
 * young collection (which frees the pixels a canvas handed out), then the event loop's turn.
 * The states are rendered in game order, as the bot does, never the same picture twice in a row.
 *   npm run bench -- render
 */
import { judgePlacement, legalPlacements, prompt, type GameState } from '../src/game/index.js';
import { draw, renderPreview, renderScoreSheet, renderTable } from '../src/render/index.js';
import { encodePng, MOVE_PALETTE } from '../src/render/png.js';
import * as workers from '../src/render/pool.js';
import { collectYoungGarbage } from '../src/runtime/memory.js';
import { newGame, play } from '../test/render/games.js';

const WARMUP = 5;
const ROUNDS = 60;

/**
 * What a picture worker does between two pictures (worker.ts): a young collection, which
 * frees the last picture's pixels, then the event loop's turn.
 */
const betweenPictures = () => {
  collectYoungGarbage();
  return new Promise((resolve) => setImmediate(resolve));
};

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function time(make: (i: number) => Promise<Buffer>): Promise<{ wall: number; cpu: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await make(i);
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    await betweenPictures();
    if (i >= WARMUP) {
      wall.push(t1 - t0);
      cpu.push((c1.user + c1.system) / 1000);
    }
  }
  return { wall: p50(wall), cpu: p50(cpu) };
}

const start = newGame('4p', 'bench');
const mid = Array.from({ length: 20 }, (_, i) => play(start, 30 + i));
let turn = play(start, 36);
while (prompt(turn).kind !== 'place') turn = play(turn, 1);
const candidates = legalPlacements(turn).map((p) => judgePlacement(turn, p.a, p.b));
const end = play(start);

const table = await time((i) => renderTable(mid[i % mid.length]!));
const preview = await time((i) => renderPreview(turn, candidates[i % candidates.length] ?? null));
const final = await time(() => renderScoreSheet(end));
const kb = (await renderTable(mid[0]!)).length / 1024;
const previewKb = (await renderPreview(turn, candidates[0] ?? null)).length / 1024;
const tableDraw = await time(async (i) => {
  draw.table(mid[i % mid.length]!).data();
  return Buffer.alloc(0);
});
const drawn = mid.map((s) => {
  const canvas = draw.table(s);
  canvas.data();
  return canvas;
});
const tableEncode = await time((i) => Promise.resolve(encodePng(drawn[i % drawn.length]!, MOVE_PALETTE)));

/** CPU time (all threads) of each picture, made one after the other. */
async function cpuEach(make: readonly (() => Promise<Buffer>)[]): Promise<number[]> {
  const cpu: number[] = [];
  for (const m of make) {
    const c0 = process.cpuUsage();
    await m();
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    await betweenPictures();
  }
  return cpu;
}

const game: GameState[] = [start];
while (prompt(game[game.length - 1]!).kind !== 'over') game.push(play(game[game.length - 1]!, 1));
const gameTables = await cpuEach(game.map((s) => () => renderTable(s)));
const placing = game.filter((s) => prompt(s).kind === 'place');
const gamePreviews = await cpuEach(
  placing.map((s) => () => {
    const first = legalPlacements(s)[0];
    return renderPreview(s, first ? judgePlacement(s, first.a, first.b) : null);
  }),
);

/** Tables and previews of a game drawn by the picture workers, a pair at a time: mean CPU per pair. */
async function workerPairs(states: readonly GameState[]): Promise<number> {
  const pair = (s: GameState) => Promise.all([workers.showTable(s), workers.showPreview(s, null)]);
  for (const s of states.slice(0, WARMUP)) await pair(s);
  const c0 = process.cpuUsage();
  for (const s of states) await pair(s);
  const c1 = process.cpuUsage(c0);
  return (c1.user + c1.system) / 1000 / states.length;
}
const workerCpu = await workerPairs([...placing, ...placing, ...placing]);

/** Games whose moves are drawn in turn for render.busy_pair_cpu_ms, and the moves of each. */
const BUSY_GAMES = 40;
const BUSY_MOVES = 6;

/** A table and the preview of the next placement, for each game's move in turn: mean CPU per pair. */
async function busyPairs(): Promise<number> {
  const games = Array.from({ length: BUSY_GAMES }, (_, g) => {
    let s = play(newGame('4p', `busy-${g}`), 8 + (g % 16));
    return Array.from({ length: BUSY_MOVES }, () => {
      while (prompt(s).kind !== 'place') s = play(s, 1);
      const placing = s;
      s = play(s, 1);
      return placing;
    });
  });
  const pair = async (s: GameState) => {
    await workers.showTable(s);
    const first = legalPlacements(s)[0];
    await workers.showPreview(s, first ? judgePlacement(s, first.a, first.b) : null);
  };
  for (const s of games.slice(0, WARMUP).map((g) => g[0]!)) await pair(s);
  const c0 = process.cpuUsage();
  for (let m = 0; m < BUSY_MOVES; m++) for (const g of games) await pair(g[m]!);
  const c1 = process.cpuUsage(c0);
  return (c1.user + c1.system) / 1000 / (BUSY_GAMES * BUSY_MOVES);
}
const busyCpu = await busyPairs();

console.log(`render.table_ms_p50: ${table.wall.toFixed(1)} ms`);
console.log(`render.preview_ms_p50: ${preview.wall.toFixed(1)} ms`);
console.log(`render.final_ms_p50: ${final.wall.toFixed(1)} ms`);
console.log(`render.table_png_kb: ${kb.toFixed(0)} KB`);
console.log(`render.preview_png_kb: ${previewKb.toFixed(0)} KB`);
console.log(`render.table_cpu_ms_p50: ${table.cpu.toFixed(1)} ms`);
console.log(`render.preview_cpu_ms_p50: ${preview.cpu.toFixed(1)} ms`);
console.log(`render.table_draw_ms_p50: ${tableDraw.wall.toFixed(1)} ms`);
console.log(`render.table_encode_ms_p50: ${tableEncode.wall.toFixed(1)} ms`);
console.log(`render.table_cpu_ms: ${p50(gameTables).toFixed(1)} ms`);
console.log(`render.preview_cpu_ms: ${p50(gamePreviews).toFixed(1)} ms`);
console.log(`render.worker_cpu_ms: ${workerCpu.toFixed(1)} ms`);
console.log(`render.busy_pair_cpu_ms: ${busyCpu.toFixed(1)} ms`);
