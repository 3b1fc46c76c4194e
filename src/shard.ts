/**
 * `npm run start:sharded`: the bot as several processes, one per shard, with
 * discord.js's ShardingManager. Each process is the bot of `npm start` (src/main.ts)
 * connecting one shard: it gets the clicks of its shard's guilds (Discord sends a
 * guild's events to shard `(guild_id >> 22) % shard_count`) and drives their games'
 * timers and computer moves, and resumes them at start-up.
 *
 * - SHARD_COUNT: the bot's shards across all machines, or `auto` (the default):
 *   Discord's recommendation (GET /gateway/bot).
 * - SHARD_LIST: the shards this machine runs ("0-3"; default all), so that shards
 *   can run on several machines, each with its own list and the same SHARD_COUNT.
 * - More than one shard needs the Redis store (REDIS_URL): processes share the games
 *   through it. Without it this stops at once and says so.
 * - A shard process that dies is started again (it resumes its guilds' games); the
 *   processes start SHARD_SPAWN_DELAY_MS apart (Discord lets a bot identify about
 *   once per 5 s).
 * - SIGTERM or Ctrl-C stops every shard gracefully (each within STOP_TIMEOUT_MS, as
 *   `npm start` does), then this exits; a second signal ends them at once.
 * - Each shard process draws pictures and runs computer players on its share of the
 *   machine's cores (BOT_CORES, unless set): their workers together fit the machine.
 * - On Linux the shards run with glibc's MALLOC_MMAP_THRESHOLD_ fixed (unless set),
 *   which lowers their peak a little during a burst of games (README, "How the bot
 *   grows"; what is freed goes back once the picture workers stop: runtime/memory.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { config as loadDotenv } from 'dotenv';
import { REST, Routes, ShardingManager, type Shard } from 'discord.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, errorText, type Logger } from './runtime/log.js';
import { BOT_V8_OPTIONS } from './runtime/memory.js';

/** Large allocations (picture pixels) always mapped, so freeing them returns them to the system. */
const MMAP_THRESHOLD = '131072';
/** Beyond each shard's own graceful stop: time to close. */
const STOP_MARGIN_MS = 2000;
/** How long a shard process may take to log in (its store opened, the gateway's READY). */
const SPAWN_TIMEOUT_MS = 120_000;

function settings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : errorText(error));
    process.exit(1);
  }
}

/** Discord's recommended shard count for this bot. */
async function recommendedShards(config: Config): Promise<number> {
  const rest = new REST({ api: config.apiBase }).setToken(config.token);
  const gateway = (await rest.get(Routes.gatewayBot())) as { shards?: number };
  return Math.max(1, Math.floor(gateway.shards ?? 1));
}

/** The bot's entry beside this file (main.ts under tsx, main.js when compiled), and node's options for it. */
function entry(): { file: string; execArgv: string[] } {
  const ts = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(ts ? './main.ts' : './main.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`the bot's entry ${file} is missing`);
  return { file, execArgv: [...BOT_V8_OPTIONS, ...(ts ? ['--import', 'tsx'] : [])] };
}

/** A shard's process id and exit code (mode 'process': a ChildProcess). */
function processOf(child: unknown): { pid?: number; exitCode?: number | null } {
  return child as { pid?: number; exitCode?: number | null };
}

function watch(shard: Shard, log: Logger): void {
  shard.on('spawn', (child) => log.info('shard process started', { shard: shard.id, pid: processOf(child).pid }));
  shard.on('death', (child) =>
    log.warn('shard process ended', {
      shard: shard.id,
      pid: processOf(child).pid,
      code: processOf(child).exitCode ?? null,
    }),
  );
  shard.on('error', (error) => log.error('shard error', { shard: shard.id, error: errorText(error) }));
}

/** SIGTERM every shard process (no restart), and resolve once all have exited or the bound has passed. */
async function stopAll(manager: ShardingManager, boundMs: number): Promise<number> {
  manager.respawn = false;
  const running = [...manager.shards.values()].flatMap((shard) => {
    const child = shard.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return [];
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    return [exited];
  });
  let left = running.length;
  running.forEach((p) => void p.then(() => left--));
  await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, boundMs).unref())]);
  return left;
}

/**
 * The first signal stops every shard within `boundMs`, a second one kills them at
 * once. Returns whether a stop has begun.
 */
function onStopSignals(manager: ShardingManager, boundMs: number, log: Logger): () => boolean {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn('stopping at once', { signal });
      for (const shard of manager.shards.values()) shard.process?.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    log.info('stopping every shard', { signal });
    void stopAll(manager, boundMs).then((left) => {
      if (left > 0) log.warn('some shards did not stop in time', { left });
      process.exit(left > 0 ? 1 : 0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return () => stopping;
}

async function main(): Promise<void> {
  loadDotenv({ quiet: true });
  const config = settings();
  if (!config.token) {
    console.error(
      'DISCORD_TOKEN is not set, so the bot cannot log in: see .env.example, then run npm run start:sharded again.',
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel, { process: 'shards' });
  const count = config.shardCount === 'auto' ? await recommendedShards(config) : config.shardCount;
  const list = config.shardList ?? Array.from({ length: count }, (_, id) => id);
  if (list.some((id) => id >= count)) {
    console.error(
      `Configuration error: SHARD_LIST=${list.join(',')} names shards beyond the bot's ${count} (ids 0 to ${count - 1}).`,
    );
    process.exit(1);
  }
  if (count > 1 && !config.redisUrl) {
    console.error(
      `Configuration error: ${count} shards run as ${count} processes, which share their games only through Redis: ` +
        'set REDIS_URL (README, "How the bot grows"), or run one process with npm start.',
    );
    process.exit(1);
  }
  if (process.platform === 'linux') process.env.MALLOC_MMAP_THRESHOLD_ ??= MMAP_THRESHOLD;
  // The machine's cores shared among its shard processes (each draws and thinks on its share).
  process.env.BOT_CORES ??= String(Math.max(1, Math.floor(config.cores / list.length)));
  const { file, execArgv } = entry();
  const manager = new ShardingManager(file, {
    totalShards: count,
    shardList: list,
    token: config.token,
    mode: 'process',
    respawn: true,
    execArgv,
  });
  manager.on('shardCreate', (shard) => watch(shard, log));
  const stopping = onStopSignals(manager, config.stopTimeoutMs + STOP_MARGIN_MS, log);

  log.info('starting shards', { shards: list.join(','), of: count, store: config.redisUrl ? 'redis' : 'sqlite' });
  // A shard that cannot start (a wrong setting, Discord refusing the token) stops everything, rather than restarting in a loop.
  manager.respawn = false;
  try {
    await manager.spawn({ amount: count, delay: config.shardSpawnDelayMs, timeout: SPAWN_TIMEOUT_MS });
  } catch (error) {
    log.error('a shard could not start: stopping', { error: errorText(error) });
    await stopAll(manager, config.stopTimeoutMs + STOP_MARGIN_MS);
    process.exit(1);
  }
  if (!stopping()) manager.respawn = true;
  log.info('every shard started', { shards: list.join(','), of: count });
}

main().catch((error: unknown) => {
  console.error(`The shards could not start: ${errorText(error)}`);
  process.exit(1);
});
