import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it, vi } from 'vitest';
import { prompt, toRecord } from '../../src/game/index.js';
import { inLocale } from '../../src/i18n/index.js';
import {
  describePreview,
  describeTable,
  renderPreview as previewHere,
  renderTable as tableHere,
} from '../../src/render/index.js';
import { renderReplay } from '../../src/render/replay.js';
import { RenderPool } from '../../src/render/pool.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
import { newGame, play } from './games.js';

it('pictures drawn by the workers, many asked at once, are the ones drawn here, in the asker’s language', async () => {
  const pool = new RenderPool(2);
  const states = Array.from({ length: 6 }, (_, i) => play(newGame('4p', 'pool'), 10 + 5 * i));
  const placing = states.filter((s) => prompt(s).kind === 'place');
  const asked = [
    ...states.map((state) => pool.render({ picture: 'table', state, opts: {} })),
    ...placing.map((state) => pool.render({ picture: 'preview', state, candidate: null, opts: {} })),
  ];
  expect(pool.waiting).toBe(asked.length - 1);
  const pngs = await Promise.all(asked);
  const here = [
    ...(await Promise.all(states.map((s) => tableHere(s)))),
    ...(await Promise.all(placing.map((s) => previewHere(s, null)))),
  ];
  expect(pngs.map((p, i) => p.equals(here[i]!))).toEqual(pngs.map(() => true));
  const french = await inLocale('fr', () => pool.render({ picture: 'table', state: states[0]!, opts: {} }));
  expect(french.equals(await inLocale('fr', () => tableHere(states[0]!)))).toBe(true);
  expect(french.equals(pngs[0]!)).toBe(false);
});

it('a table and a preview come with their descriptions, as said in the asker’s language', async () => {
  const pool = new RenderPool(1);
  const state = [10, 11, 12, 13].map((n) => play(newGame('4p', 'pool'), n)).find((s) => prompt(s).kind === 'place')!;
  const table = await inLocale('de', () => pool.show({ picture: 'table', state, opts: {} }));
  expect(table.alt).toBe(inLocale('de', () => describeTable(state)));
  expect(table.png.equals(await inLocale('de', () => tableHere(state)))).toBe(true);
  const preview = await pool.show({ picture: 'preview', state, candidate: null, opts: {} });
  expect(preview.alt).toBe(describePreview(state, null));
  expect(preview.alt).not.toBe(table.alt);
});

it('a second worker starts only for a lasting load, not for pictures that coincide, and stops once it has gone', async () => {
  const pool = new RenderPool(2, { growAfterMs: 1, windowMs: 300, backlogMs: 60_000, idleMs: 60_000 });
  const states = Array.from({ length: 8 }, (_, i) => play(newGame('4p', 'grow'), 8 + 4 * i));
  const table = (i: number) => pool.render({ picture: 'table', state: states[i % states.length]!, opts: {} });
  /** Two pictures asked at once (the second waits for the first worker), then a pause: a light load. */
  const lightly = async (rounds: number, until: () => boolean = () => false) => {
    for (let r = 0; r < rounds && !until(); r++) {
      await Promise.all([table(r), table(r + 1)]);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  await lightly(5);
  expect(pool.workers).toBe(1);
  // Pictures waiting all through a window: the first worker is kept busy.
  const asked = Array.from({ length: 60 }, (_, i) => table(i));
  await vi.waitFor(() => expect(pool.workers).toBe(2), { timeout: 10_000 });
  expect((await Promise.all(asked)).length).toBe(60);
  await lightly(40, () => pool.workers === 1);
  expect(pool.workers).toBe(1);
});

it('pictures left waiting start a second worker before any window has been measured', async () => {
  const pool = new RenderPool(2, { growAfterMs: 1, backlogMs: 150, windowMs: 600_000, idleMs: 60_000 });
  const states = Array.from({ length: 8 }, (_, i) => play(newGame('4p', 'backlog'), 8 + 4 * i));
  const asked = Array.from({ length: 40 }, (_, i) =>
    pool.render({ picture: 'table', state: states[i % states.length]!, opts: {} }),
  );
  expect(pool.workers).toBe(1);
  await vi.waitFor(() => expect(pool.workers).toBe(2), { timeout: 10_000 });
  expect((await Promise.all(asked)).length).toBe(40);
});

it('workers with nothing to draw stop, and the next picture starts one again', async () => {
  const pool = new RenderPool(2, { idleMs: 50 });
  const state = play(newGame('2p', 'idle'), 12);
  const first = await pool.render({ picture: 'table', state, opts: {} });
  expect(pool.workers).toBe(1);
  await vi.waitFor(() => expect(pool.workers).toBe(0));
  const again = await pool.render({ picture: 'table', state, opts: {} });
  expect(again.equals(first)).toBe(true);
});

it('a pool given fewer cores runs fewer workers, and draws every picture still', async () => {
  const pool = new RenderPool(2, { idleMs: 50 });
  pool.resize(1);
  const states = Array.from({ length: 4 }, (_, i) => play(newGame('2p', 'cores'), 4 + 2 * i));
  const asked = states.map((state) => pool.render({ picture: 'table', state, opts: {} }));
  expect(pool.workers).toBe(1);
  expect(pool.waiting).toBe(3);
  expect((await Promise.all(asked)).length).toBe(4);
});

it('a replay drawn by a worker is the one drawn here; a record that cannot be replayed fails with the reason', async () => {
  const pool = new RenderPool(1);
  const record = toRecord(play(newGame('2p', 'replay-pool')));
  const made = await pool.replay(record, { dynasty: null, scale: 0.5 });
  const here = await renderReplay(record, { scale: 0.5 });
  if (!here.ok) throw new Error(here.error.message);
  expect(made.gif.equals(here.value.gif)).toBe(true);
  expect({ ...made, gif: null }).toEqual({ ...here.value, gif: null });
  await expect(pool.replay({ format: 'not a record' }, { dynasty: null, scale: 1 })).rejects.toThrow(
    /drawing a picture failed: ./,
  );
});

it.runIf(process.platform === 'linux')('the bot’s main thread loads no canvas: the picture workers draw', () => {
  // What src/main.ts loads once it has a token (the compiled bot, built by the tests' global set-up).
  const script = `await import('./dist/src/discord/gateway/client.js'); await import('./dist/commands/index.js');
    const maps = (await import('node:fs')).readFileSync('/proc/self/maps', 'utf8');
    console.log(maps.includes('canvas') ? 'canvas' : 'no canvas');`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: ROOT });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('no canvas');
});
