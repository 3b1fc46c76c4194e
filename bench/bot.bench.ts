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

async function main(): Promise<void> {
  // The bot's own latency: Discord's per-channel post limit (about 1 move per second and
  // thread when clicks come as fast as here) is the load benchmark's matter.
  const world = await launch({ strict: true, ...FAST_THREADS });
  const { discord } = world;
  const clickToPng: number[] = [];
  const panel: number[] = [];
  const answered: number[] = [];
  try {
    while (clickToPng.length < SAMPLES) {
      const threadId = await startTable(discord, 'alice', ['bob', 'carol', 'dave']);
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
        const sent = performance.now();
        const click = await discord.click(view, completing, user);
        await Promise.all([
          click.reply().then(() => answered.push(performance.now() - sent)),
          discord
            .waitFor(() => boardCount(discord, threadId) > boards, 'the new board')
            .then(() => clickToPng.push(performance.now() - sent)),
        ]);
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
