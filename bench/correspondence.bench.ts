/**
 * Many slow games at once: the real bot (compiled) against the fake Discord, with
 * 10,000 open correspondence games in its SQLite store, none due for hours.
 *   correspondence.startup_ms / correspondence.startup_empty_ms: from the process's
 *     start to "resumed running games", with those games stored and with none (goal:
 *     under 5 s); start-up reads only the tables due soon (table/due.ts).
 *   correspondence.rss_mb / correspondence.rss_empty_mb: the bot's resident memory once
 *     started, with and without them (goal: within 50 MB of the empty bot).
 *   correspondence.due_poll_ms_p50/_p99: one look at the due index (what the bot does
 *     every 30 s) with the 10,000 games stored.
 *   correspondence.due_ms_p50/_p99: from a deadline passing (the clock moved past it)
 *     to the automatic move's board in the thread, for 10 games at once.
 *   npm run bench -- correspondence
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands } from '../commands/index.js';
import { NO_VARIANTS } from '../src/game/index.js';
import { openStore } from '../src/store/index.js';
import * as table from '../src/table/index.js';
import { DUE_HORIZON_MS } from '../src/table/index.js';
import { botEnv, FAST_THREADS, startTable } from '../test/e2e/harness.js';
import { startBot, type BotProcess } from '../test/fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../test/fake-discord/fake.js';

const GAMES = Number(process.env.CORRESPONDENCE_GAMES ?? 10_000);
const DUE_GAMES = 10;
const POLLS = 200;
const HOUR_MS = 3_600_000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** GAMES two-player games at one day a move, each just begun (due in 18 hours: the reminder). */
async function storeGames(dataDir: string, guildId: string): Promise<void> {
  const store = await openStore({ dataDir });
  const settings = table.withPace({ ...NO_VARIANTS, turnTimerS: 0 }, '1d');
  const now = Date.now();
  for (let i = 0; i < GAMES; i++) {
    const id = String(900_000_000_000_000_000n + BigInt(i));
    const host = { kind: 'human' as const, userId: String(800_000_000_000_000_000n + BigInt(2 * i)), name: `p${i}` };
    const other = { ...host, userId: String(800_000_000_000_000_001n + BigInt(2 * i)), name: `q${i}` };
    const lobby = table.newLobby({ id, guildId, channelId: '1', host, others: [other], settings, now });
    const started = table.start(lobby, { userId: host.userId, moderator: false }, `bench-${i}`, now);
    if (!started.ok) throw new Error(started.refusal.code);
    // Its first board posted long ago: nothing owed (a post owed makes a table due at once).
    const { outbox: _posted, ...shown } = started.value;
    await store.create(id, shown);
  }
  await store.close();
}

function rssMb(bot: BotProcess): number {
  const status = readFileSync(`/proc/${bot.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

interface Started {
  readonly bot: BotProcess;
  readonly startupMs: number;
  readonly rssMb: number;
}

async function startOn(discord: FakeDiscord, dataDir: string): Promise<Started> {
  const t0 = performance.now();
  const bot = startBot({ env: { ...botEnv(discord, dataDir), LOG_LEVEL: 'info' }, waitTimeoutMs: 60_000 });
  discord.watch(bot);
  await bot.waitForOutput(/resumed running games/);
  const startupMs = performance.now() - t0;
  // Settled: the workers started, the first poll made.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return { bot, startupMs, rssMb: rssMb(bot) };
}

async function pollTimes(dataDir: string): Promise<number[]> {
  const store = await openStore({ dataDir });
  const times: number[] = [];
  for (let i = 0; i < POLLS; i++) {
    const t0 = performance.now();
    await store.dueTables(Date.now() + DUE_HORIZON_MS);
    times.push(performance.now() - t0);
  }
  await store.close();
  return times;
}

/** DUE_GAMES games at 12 hours a move, the clock moved past their deadline: how long until each automatic move shows. */
async function dueLatencies(discord: FakeDiscord, bot: BotProcess): Promise<number[]> {
  const threads: string[] = [];
  for (let i = 0; i < DUE_GAMES; i++) threads.push(await startTable(discord, 'alice', ['bob'], { pace: '12h' }));
  const timedOut = (threadId: string) => discord.messages(threadId).some((m) => /Time ran out/.test(m.content));
  const t0 = performance.now();
  discord.advanceClock(12 * HOUR_MS + 1000);
  await bot.advanceClock(12 * HOUR_MS + 1000);
  return Promise.all(
    threads.map((threadId) =>
      discord.waitFor(() => timedOut(threadId), 'the automatic move', 60_000).then(() => performance.now() - t0),
    ),
  );
}

/** A fake Discord of its own for each start: Discord lets a bot identify once per 5 s, which is not the bot's time. */
async function fakeDiscord(): Promise<FakeDiscord> {
  const discord = await startFakeDiscord({ waitTimeoutMs: 60_000, ...FAST_THREADS });
  discord.registerCommands(commands.map((c) => c.data.toJSON()));
  return discord;
}

async function main(): Promise<void> {
  const empty = mkdtempSync(join(tmpdir(), 'kingdomino-bench-empty-'));
  const full = mkdtempSync(join(tmpdir(), 'kingdomino-bench-full-'));
  try {
    const bareDiscord = await fakeDiscord();
    const bare = await startOn(bareDiscord, empty);
    await bare.bot.stop();
    await bareDiscord.close();
    const discord = await fakeDiscord();
    const t0 = performance.now();
    await storeGames(full, discord.channel.guildId);
    console.error(`stored ${GAMES} games in ${Math.round(performance.now() - t0)} ms`);
    const polls = await pollTimes(full);
    const loaded = await startOn(discord, full);
    const due = await dueLatencies(discord, loaded.bot);
    await loaded.bot.stop();
    await discord.close();
    console.log(`correspondence.games: ${GAMES} games`);
    console.log(`correspondence.startup_ms: ${loaded.startupMs.toFixed(0)} ms`);
    console.log(`correspondence.startup_empty_ms: ${bare.startupMs.toFixed(0)} ms`);
    console.log(`correspondence.rss_mb: ${loaded.rssMb.toFixed(1)} MB`);
    console.log(`correspondence.rss_empty_mb: ${bare.rssMb.toFixed(1)} MB`);
    console.log(`correspondence.due_poll_ms_p50: ${percentile(polls, 50).toFixed(2)} ms`);
    console.log(`correspondence.due_poll_ms_p99: ${percentile(polls, 99).toFixed(2)} ms`);
    console.log(`correspondence.due_ms_p50: ${percentile(due, 50).toFixed(0)} ms`);
    console.log(`correspondence.due_ms_p99: ${percentile(due, 99).toFixed(0)} ms`);
  } finally {
    rmSync(empty, { recursive: true, force: true });
    rmSync(full, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
