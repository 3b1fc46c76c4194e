/**
 * Interaction latency of the bot as players feel it: the real bot as a child
 * process against the fake Discord on loopback, as in the end-to-end tests.
 *
 * bot.click_to_png_ms_p50/_p99: from the click that completes a move (Take #N,
 * Place here or the discard) sent by the fake, to the fake receiving the new
 * table PNG in the thread (store update, render, upload included).
 * bot.panel_ms_p50: from "Your turn" to the private panel with its preview.
 * bot.mover_answer_ms_p50: from that click to the mover's own answer (the panel saying
 * what the move did).
 * bot.loads_per_move / bot.saves_per_move: tables the store read and wrote for that
 * click and its board (the old board's buttons cleared included), until the driver
 * is idle again, on average (the bot's counters: src/runtime/probe.ts).
 * bot.timers_per_table: the most timers the driver had armed per running game, after a move.
 */
import { performance } from 'node:perf_hooks';
import {
  boardCount,
  lastMessage,
  launch,
  startTable,
  userToPlay,
  yourTurnId,
  FAST_THREADS,
} from '../test/e2e/harness.js';

const SAMPLES = Number(process.env.BOT_BENCH_SAMPLES ?? 100);

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The bot's counters once its driver has nothing running (the move's last save made). */
async function idle(bot: { probe(): Promise<Readonly<Record<string, number>>> }) {
  for (;;) {
    const probed = await bot.probe();
    if (probed['driving'] === 0) return probed;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function main(): Promise<void> {
  // The bot's own latency: Discord's per-channel post limit (about 1 move per second and
  // thread when clicks come as fast as here) is the load benchmark's matter.
  // Finished games archived at once: the games running are the one being played.
  const world = await launch({ strict: true, ...FAST_THREADS }, { ARCHIVE_AFTER_S: '0' });
  const { discord } = world;
  const clickToPng: number[] = [];
  const panel: number[] = [];
  const answered: number[] = [];
  const store = { loads: 0, saves: 0, moves: 0 };
  let timersPerTable = 0;
  try {
    while (clickToPng.length < SAMPLES) {
      // A turn timer, so that each game has its timers to keep (the reminder, then the automatic move).
      const threadId = await startTable(discord, 'alice', ['bob', 'carol', 'dave'], { 'turn-timer': 10 });
      for (;;) {
        const turn = lastMessage(discord, threadId);
        const user = userToPlay(discord, turn);
        if (!user || clickToPng.length >= SAMPLES) break;
        const opened = performance.now();
        const view = await (await discord.click(turn, yourTurnId(turn), user)).reply();
        panel.push(performance.now() - opened);
        // The move in one more tap: Take #N (the spot it opens on), Place here, or the discard.
        const completing = view
          .buttons()
          .find(
            (b) => !b.disabled && (b.customId?.startsWith('k1:k:') || /^(✅ Place here|🗑 Discard)/.test(b.label ?? '')),
          )?.customId;
        if (!completing) throw new Error(`no button completes the move: ${view.content}`);
        const boards = boardCount(discord, threadId);
        const before = await idle(world.bot);
        const sent = performance.now();
        const click = await discord.click(view, completing, user);
        await Promise.all([
          click.reply().then(() => answered.push(performance.now() - sent)),
          discord
            .waitFor(() => boardCount(discord, threadId) > boards, 'the new board')
            .then(() => clickToPng.push(performance.now() - sent)),
        ]);
        const after = await idle(world.bot);
        store.loads += (after['loads'] ?? NaN) - (before['loads'] ?? NaN);
        store.saves += (after['saves'] ?? NaN) - (before['saves'] ?? NaN);
        store.moves += 1;
        // One game runs at a time here.
        timersPerTable = Math.max(timersPerTable, after['timers'] ?? NaN);
      }
    }
    await discord.assertClean();
  } finally {
    await world.close();
  }
  console.log(`bot.click_to_png_ms_p50: ${percentile(clickToPng, 50).toFixed(1)} ms`);
  console.log(`bot.click_to_png_ms_p99: ${percentile(clickToPng, 99).toFixed(1)} ms`);
  console.log(`bot.panel_ms_p50: ${percentile(panel, 50).toFixed(1)} ms`);
  console.log(`bot.mover_answer_ms_p50: ${percentile(answered, 50).toFixed(1)} ms`);
  console.log(`bot.loads_per_move: ${(store.loads / store.moves).toFixed(2)} loads`);
  console.log(`bot.saves_per_move: ${(store.saves / store.moves).toFixed(2)} saves`);
  console.log(`bot.timers_per_table: ${timersPerTable} timers`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
