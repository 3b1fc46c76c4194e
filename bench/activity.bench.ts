/**
 * The live board as players feel it: the real bot (compiled) against the fake
 * Discord, its page in Debian's Chromium inside the stand-in Discord client of the
 * browser tests (test/browser/host.ts), on loopback.
 *
 * activity.bundle_kb_gz: the page's script as the bot serves it, gzipped (budget 250).
 * activity.first_board_ms: from opening the Activity to its board drawn and playable,
 *   the CPU slowed down 4x (Chromium's throttling, as a mid-range phone), median of
 *   FIRST_BOARD_LOADS loads (budget 1,500).
 * activity.move_to_all_ms_p50/_p99: from the tap that sends a move on one page to
 *   the other player's page showing it (both clocks are the one browser's).
 *   (budget: p99 150).
 * activity.drag_fps_p5: frames per second while a domino is dragged across the
 *   kingdom, the 5th percentile of the frames' rates (budget: at least 50).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Frame } from 'playwright-core';
import { FAKE_CLIENT_SECRET } from '../test/fake-discord/activity.js';
import { isFinal, lastMessage, launch, startTable, userToPlay, FAST_THREADS } from '../test/e2e/harness.js';
import { openBoard, openBrowser, type Board } from '../test/browser/host.js';
import { boardPort } from '../test/support/live-page.js';

const FIRST_BOARD_LOADS = 5;
const DRAG_MS = 2000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** The browser's clock, the same in every page of it (ms since the epoch). */
const NOW = 'performance.timeOrigin + performance.now()';

/**
 * The page of the player to move taps a lit square, then a domino to pick, in the
 * page itself (no driver's round trip in the figure); the other page notes when it
 * shows the move.
 */
async function timedMove(mover: Board, other: Board): Promise<number> {
  await mover.frame.locator('#status.mine').waitFor();
  // The promise is kept, not returned: evaluate would wait for it.
  await other.frame.evaluate(`void (window.__shown = new Promise((resolve) => {
    const seen = document.body.dataset.version;
    new MutationObserver((_, o) => { if (document.body.dataset.version !== seen) { o.disconnect(); resolve(${NOW}); } })
      .observe(document.body, { attributes: true });
  }))`);
  const sent = await mover.frame.evaluate<number>(`(() => {
    const spot = document.querySelector('[data-act="spot"]');
    if (spot) spot.click();
    else document.querySelector('[data-act="discard"]')?.click();
    const pick = document.querySelector('[data-act="pick"]') ?? document.querySelector('[data-act="confirm"]');
    const at = ${NOW};
    pick.click();
    return at;
  })()`);
  const shown = await other.frame.evaluate<number | null>(
    'Promise.race([window.__shown, new Promise((resolve) => setTimeout(() => resolve(null), 10000))])',
  );
  if (shown === null) {
    const note = await mover.frame.locator('#note').textContent();
    const status = await mover.frame.locator('#status').textContent();
    throw new Error(`the move did not reach the other page: mover says "${status}" / "${note}"`);
  }
  return shown - sent;
}

/** A domino dragged across the kingdom for DRAG_MS: each frame's rate while it moves. */
async function dragRates(board: Board): Promise<number[]> {
  const f: Frame = board.frame;
  await f.locator('#status.mine').waitFor();
  const hand = await f.locator('#hand .sq').first().boundingBox();
  const area = await f.locator('.kingdom').first().boundingBox();
  if (!hand || !area) throw new Error('no domino in hand to drag');
  await f.evaluate(
    `window.__frames = []; (function tick(t) { window.__frames.push(t); if (window.__frames.length < 100000) requestAnimationFrame(tick); })(performance.now())`,
  );
  const { mouse } = board.page;
  await mouse.move(hand.x + hand.width / 2, hand.y + hand.height / 2);
  await mouse.down();
  const started = performance.now();
  for (let i = 0; performance.now() - started < DRAG_MS; i++) {
    const x = area.x + ((Math.sin(i / 10) + 1) / 2) * area.width;
    const y = area.y + ((Math.cos(i / 13) + 1) / 2) * area.height;
    await mouse.move(x, y);
  }
  const frames = await f.evaluate<number[]>('window.__frames');
  // Let go outside the kingdom: nothing is placed.
  await mouse.move(1, 1);
  await mouse.up();
  const during = frames.slice(2);
  return during.slice(1).map((t, i) => 1000 / (t - (during[i] ?? t)));
}

async function main(): Promise<void> {
  const world = await launch(FAST_THREADS, { ACTIVITY_PORT: '0', CLIENT_SECRET: FAKE_CLIENT_SECRET });
  const { discord } = world;
  const port = await boardPort(world.bot);
  const browser = await openBrowser();
  try {
    const script = await (await fetch(`http://127.0.0.1:${port}/app.js`)).arrayBuffer();
    console.log(`activity.bundle_kb_gz: ${round(gzipSync(Buffer.from(script)).length / 1024)} KB`);

    const threadId = await startTable(discord, 'alice', ['bob']);
    const channelId = discord.channel.id;
    const open = (user: string) => openBoard(browser, { discord, port, user, channelId });
    const times: number[] = [];
    for (let i = 0; i < FIRST_BOARD_LOADS; i++) times.push(await loadThrottled(browser, discord, port, channelId));
    console.log(`activity.first_board_ms: ${Math.round(percentile(times, 50))} ms`);

    const boards: Record<string, Board> = { alice: await open('alice'), bob: await open('bob') };
    for (const board of Object.values(boards)) await board.frame.locator('.kingdom').first().waitFor();
    const latencies: number[] = [];
    let rates: number[] = [];
    for (let guard = 0; guard < 200; guard++) {
      const last = lastMessage(discord, threadId);
      if (isFinal(last)) break;
      const user = userToPlay(discord, last)?.username;
      if (!user) throw new Error('nobody to play');
      const mover = boards[user]!;
      if (rates.length === 0 && (await mover.frame.locator('#hand').count()) > 0) rates = await dragRates(mover);
      latencies.push(await timedMove(mover, boards[user === 'alice' ? 'bob' : 'alice']!));
      await discord.waitFor(() => lastMessage(discord, threadId).id !== last.id, 'the move in the thread');
    }
    console.log(`activity.move_to_all_ms_p50: ${round(percentile(latencies, 50))} ms`);
    console.log(`activity.move_to_all_ms_p99: ${round(percentile(latencies, 99))} ms`);
    console.log(`activity.moves_timed: ${latencies.length} moves`);
    console.log(`activity.drag_fps_p5: ${round(percentile(rates, 5))} fps`);
    console.log(`activity.drag_frames: ${rates.length} frames`);
  } finally {
    await browser.close();
    await world.close();
  }
}

/** One load of the board on a page whose CPU is slowed 4x: ms from opening it to the board drawn. */
async function loadThrottled(
  browser: Browser,
  discord: Parameters<typeof openBoard>[1]['discord'],
  port: number,
  channelId: string,
): Promise<number> {
  const started = { at: 0 };
  const board = await openBoard(browser, {
    discord,
    port,
    user: 'carol',
    channelId,
    beforeLoad: async (session) => {
      await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      started.at = performance.now();
    },
  });
  await board.frame.locator('.kingdom').first().waitFor({ timeout: 30_000 });
  const ms = performance.now() - started.at;
  await board.page.context().close();
  return ms;
}

await main();
