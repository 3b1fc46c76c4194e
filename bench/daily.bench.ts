/**
 * The daily deal: the hard computer player's score for a day's deal (computed once a
 * day, here in this process on one core), then the daily panel through the real bot
 * against the fake Discord: from a click on the panel to its answer, for one player
 * alone and for four playing at once (the hard score already kept, as for the rest
 * of a day).
 *
 * daily.hard_score_ms, daily.hard_score: the hard player's whole game and its points.
 * daily.move_ms_p50/_p99: one player; daily.move4_ms_p50/_p99: four at once.
 */
import { chooseAction } from '../src/ai/index.js';
import { apply, isOver } from '../src/game/index.js';
import { openStore } from '../src/store/index.js';
import { dailyDay, dailyGame, dailyScore } from '../src/table/index.js';
import type { FakeMessage } from '../test/fake-discord/model.js';
import { launch, type World } from '../test/e2e/harness.js';

const PLAYOUTS = 1500;
const SECRET = 'bench-secret';

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function hardGame(day: number): { ms: number; score: number } {
  const start = performance.now();
  let game = dailyGame(day, SECRET, 'Bot');
  while (!isOver(game)) {
    const next = apply(game, chooseAction(game, 'hard', { playouts: PLAYOUTS, timeMs: 600_000, seed: game.turn }));
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return { ms: performance.now() - start, score: dailyScore(game)?.score ?? 0 };
}

/** One player's whole daily game, timing each click from sending it to the panel's answer. */
async function playTimed(world: World, user: string, times: number[]): Promise<void> {
  const { discord } = world;
  const command = await discord.slashCommand({ user, name: 'kingdomino', group: 'daily', subcommand: 'play' });
  let panel: FakeMessage = await command.reply();
  for (let guard = 0; guard < 40; guard++) {
    const enabled = panel.buttons().filter((b) => !b.disabled && b.customId?.startsWith('k1:dl:'));
    const next =
      enabled.find((b) => b.customId!.startsWith('k1:dl:k:')) ?? enabled.find((b) => /^k1:dl:[pd]:/.test(b.customId!));
    if (!next) return;
    const start = performance.now();
    panel = await (await discord.click(panel, next.customId!, user)).reply();
    times.push(performance.now() - start);
  }
}

async function main(): Promise<void> {
  const day = dailyDay(Date.now());
  const hard = hardGame(day);
  console.log(`daily.hard_score_ms: ${hard.ms.toFixed(0)} ms`);
  console.log(`daily.hard_score: ${hard.score} points`);

  const world = await launch(
    { users: ['alice', 'bob', 'carol', 'dave', 'erin'] },
    { DAILY_SECRET: SECRET, DAILY_HARD_PLAYOUTS: String(PLAYOUTS) },
  );
  const store = await openStore({ dataDir: world.dataDir });
  try {
    // The first player of the day sets the hard player going; the day's other clicks come after it.
    await world.discord.slashCommand({ user: 'erin', name: 'kingdomino', group: 'daily', subcommand: 'play' });
    while ((await store.daily.hardScore(day)) === null) await new Promise((r) => setTimeout(r, 200));
    const alone: number[] = [];
    await playTimed(world, 'alice', alone);
    await playTimed(world, 'alice', alone); // the replay: the same panel, unscored
    const four: number[] = [];
    await Promise.all(['bob', 'carol', 'dave', 'erin'].map((u) => playTimed(world, u, four)));
    console.log(`daily.move_ms_p50: ${percentile(alone, 50).toFixed(1)} ms`);
    console.log(`daily.move_ms_p99: ${percentile(alone, 99).toFixed(1)} ms`);
    console.log(`daily.move4_ms_p50: ${percentile(four, 50).toFixed(1)} ms`);
    console.log(`daily.move4_ms_p99: ${percentile(four, 99).toFixed(1)} ms`);
  } finally {
    await store.close();
    await world.close();
  }
}

await main();
