/**
 * The bot as several processes: `npm run start:sharded` (compiled src/shard.ts, discord.js's
 * ShardingManager) with SHARD_COUNT=2 and Redis, against a fake Discord with guilds
 * on both shards (the fake sends a guild's events to shard (guild_id >> 22) % 2).
 * Games in guilds of both shards finish; statistics and leaderboards add up across
 * the processes; a shard process killed mid-game is started again by the manager
 * and resumes its game, which only that shard drives; the other shard, restarted
 * too, leaves it alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { BOT_ENTRY, nodeArgs, SHARDS_ENTRY, startBot, type BotProcess } from '../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/fake.js';
import type { FakeChannel } from '../fake-discord/model.js';
import { shardOf } from '../fake-discord/world.js';
import { startRedis, type RedisServer } from '../store/redis-server.js';
import { boardCount, botEnv, lastMessage, playMove, playToEnd, userToPlay, type StartOptions } from './harness.js';

const SHARDS = 2;

let discord: FakeDiscord;
let redis: RedisServer;
let manager: BotProcess;
let dataDir: string;
/** The first text channel of a guild on each shard. */
const channelOn: FakeChannel[] = [];

/** Every `shard process started` line so far: shard -> its latest pid. */
function shardPids(): Map<number, number> {
  const pids = new Map<number, number>();
  for (const m of manager.stderr.matchAll(/shard process started process=shards shard=(\d+) pid=(\d+)/g))
    pids.set(Number(m[1]), Number(m[2]));
  return pids;
}

/** The log lines of one shard process (its lines carry `shard=<id>`). */
function linesOf(shard: number, pattern: RegExp): string[] {
  return manager.stderr.split('\n').filter((l) => l.includes(` shard=${shard} `) && pattern.test(l));
}

/** Resolves once `probe()` holds (the bot's output is looked at every 100 ms; the fake's waits only wake on its own events). */
async function until(probe: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!probe()) {
    manager.assertRunning();
    if (Date.now() > end)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}\n${manager.stderr.split('\n').slice(-40).join('\n')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** /kingdomino start in a channel, the others join, the host starts: the thread id once its first board is up. */
async function startIn(
  channel: FakeChannel,
  host: string,
  others: readonly string[],
  options: StartOptions = {},
): Promise<string> {
  const lobby = await (
    await discord.slashCommand({ user: host, channel, name: 'kingdomino', subcommand: 'start', options })
  ).reply();
  for (const user of others) await (await discord.click(lobby, 'k1:j', user)).reply();
  await (await discord.click(lobby, 'k1:s', host)).reply();
  await discord.waitFor(
    () => discord.thread(lobby.id) && boardCount(discord, lobby.id) > 0,
    'the first board in the game thread',
    30_000,
  );
  return lobby.id;
}

async function command(user: string, channel: FakeChannel, subcommand: string): Promise<string> {
  return (await (await discord.slashCommand({ user, channel, name: 'kingdomino', subcommand })).reply()).content;
}

beforeAll(async () => {
  redis = await startRedis();
  discord = await startFakeDiscord({ guilds: 2, waitTimeoutMs: 60_000 });
  discord.registerCommands(commands.map((c) => c.data.toJSON()));
  for (let shard = 0; shard < SHARDS; shard++) {
    const guild = discord.guildIds.find((g) => shardOf(g, SHARDS) === shard);
    if (!guild) throw new Error(`no guild on shard ${shard}`);
    channelOn.push(discord.channelOf(guild));
  }
  dataDir = mkdtempSync(join(tmpdir(), 'kingdomino-shards-'));
  manager = startBot({
    entry: SHARDS_ENTRY,
    env: {
      ...botEnv(discord, dataDir),
      REDIS_URL: redis.url,
      SHARD_COUNT: String(SHARDS),
      SHARD_SPAWN_DELAY_MS: '0',
      AI_MOVE_DELAY_MS: '0',
      ARCHIVE_AFTER_S: '0',
    },
    waitTimeoutMs: 60_000,
  });
  discord.watch(manager);
  await manager.waitForOutput(/every shard started/);
  await manager.race(discord.waitForReady(60_000));
  await manager.waitForOutput(/resumed running games shard=1/);
  await manager.waitForOutput(/resumed running games shard=0/);
}, 120_000);

afterAll(async () => {
  const pids = [...shardPids().values()];
  await manager?.stop();
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await discord?.close();
  await redis?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run start:sharded, two shards with Redis', () => {
  it('runs one process per shard, each with the guilds of its shard', () => {
    const pids = shardPids();
    expect([...pids.keys()].sort()).toEqual([0, 1]);
    expect(new Set(pids.values()).size).toBe(2);
    expect(discord.shardCount).toBe(SHARDS);
    for (let shard = 0; shard < SHARDS; shard++)
      expect(linesOf(shard, /logged in .*guilds=1 store=redis shards=\d of=2/)).toHaveLength(1);
  });

  it('finishes games in guilds of both shards, and statistics and leaderboards add up across them', async () => {
    const [a, b] = channelOn as [FakeChannel, FakeChannel];
    const [threadA, threadB] = await Promise.all([startIn(a, 'alice', ['bob']), startIn(b, 'alice', ['carol'])]);
    const [finalA, finalB] = await Promise.all([playToEnd(discord, threadA), playToEnd(discord, threadB)]);
    expect(finalA.content).toMatch(/Game over!/);
    expect(finalB.content).toMatch(/Game over!/);
    // Each game's moves were made by its guild's shard.
    expect(
      linesOf(shardOf(discord.thread(threadA)?.guildId ?? '', SHARDS), new RegExp(`INFO move .*game=${threadA}`))
        .length,
    ).toBeGreaterThan(10);
    expect(
      linesOf(shardOf(discord.thread(threadB)?.guildId ?? '', SHARDS), new RegExp(`INFO move .*game=${threadB}`))
        .length,
    ).toBeGreaterThan(10);
    // Alice's statistics count both games, whichever process is asked.
    const alice = discord.user('alice').id;
    for (const channel of [a, b]) expect(await command('alice', channel, 'stats')).toContain(`<@${alice}>: 2 games`);
    // Each server's leaderboard has its own two players, one game each.
    const boardA = await command('bob', a, 'leaderboard');
    const boardB = await command('carol', b, 'leaderboard');
    expect(boardA).toContain(`<@${alice}> (1/3)`);
    expect(boardA).toContain(`<@${discord.user('bob').id}> (1/3)`);
    expect(boardA).not.toContain(discord.user('carol').id);
    expect(boardB).toContain(`<@${discord.user('carol').id}> (1/3)`);
    expect(boardB).not.toContain(discord.user('bob').id);
  }, 240_000);

  it("resumes a game on its own shard when that shard's process is killed, and the other shard leaves it alone", async () => {
    const onOne = channelOn[1] as FakeChannel;
    // A turn timer (90 s to the reminder): the game is due soon, so start-up reads it (table/due.ts).
    const threadC = await startIn(onOne, 'dave', [], { 'ai-seats': 1, 'ai-level': 'easy', 'turn-timer': 3 });
    for (let moves = 0; moves < 2;) {
      const turn = lastMessage(discord, threadC);
      const user = userToPlay(discord, turn);
      if (!user) {
        await discord.waitFor(() => lastMessage(discord, threadC).id !== turn.id, 'the computer move');
        continue;
      }
      await playMove(discord, threadC, turn, user);
      moves++;
    }
    const before = shardPids();
    const resumedBefore = linesOf(1, /resumed running games/).length;
    process.kill(before.get(1) as number, 'SIGKILL');
    await manager.waitForOutput(/shard process ended process=shards shard=1/);
    await until(() => shardPids().get(1) !== before.get(1), 'shard 1 started again');
    await until(() => linesOf(1, /resumed running games/).length > resumedBefore, 'shard 1 to resume its games');
    expect(linesOf(1, /resumed running games/).at(-1)).toMatch(/games=1 due=1$/);
    // Shard 0 restarted too: it finds the game due in Redis, and leaves it to shard 1.
    const resumed0 = linesOf(0, /resumed running games/).length;
    process.kill(before.get(0) as number, 'SIGKILL');
    await until(() => linesOf(0, /resumed running games/).length > resumed0, 'shard 0 to start again');
    expect(linesOf(0, /resumed running games/).at(-1)).toMatch(/games=0 due=1$/);
    const final = await playToEnd(discord, threadC);
    expect(final.content).toMatch(/Game over!/);
    // Every computer move of the game was played by shard 1, none by shard 0.
    expect(linesOf(1, new RegExp(`computer move .*game=${threadC}`)).length).toBeGreaterThan(5);
    expect(linesOf(0, new RegExp(`computer move .*game=${threadC}`))).toEqual([]);
    await discord.assertClean();
  }, 240_000);
});

describe('several processes without Redis', () => {
  const run = (entry: string, env: Record<string, string>) =>
    spawnSync(process.execPath, nodeArgs(entry), {
      env: {
        ...process.env,
        DISCORD_TOKEN: 'x.y.z',
        DISCORD_API_BASE: 'http://127.0.0.1:9/api',
        REDIS_URL: '',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('npm run start:sharded with two shards stops at once and says to set REDIS_URL', () => {
    const out = run(SHARDS_ENTRY, { SHARD_COUNT: '2' });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(
      /2 shards run as 2 processes, which share their games only through Redis: set REDIS_URL/,
    );
  });

  it('a process running some of the shards (SHARD_LIST) stops at once and says the same', () => {
    const out = run(BOT_ENTRY, { SHARD_COUNT: '4', SHARD_LIST: '0-1' });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/Configuration error: this process runs shards 0,1 of 4: .*Set REDIS_URL/);
  });

  it('refuses a shard list beyond the shard count', () => {
    const out = run(BOT_ENTRY, { SHARD_COUNT: '2', SHARD_LIST: '1-2', REDIS_URL: 'redis://127.0.0.1:9' });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/SHARD_LIST=1-2: shard ids go from 0 to SHARD_COUNT - 1 = 1/);
  });
});
