/**
 * Every setting of the bot, read from the environment (and `.env`, loaded by
 * src/main.ts) with defaults. `.env.example` explains each one for operators.
 */

import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Config {
  /** Secret: never log it. Empty when unset; src/main.ts refuses to start then. */
  readonly token: string;
  /** Needed by `npm run deploy` only when no token is set to derive it from (it is read from the token otherwise). */
  readonly applicationId: string | null;
  /** Register commands to this server only (instant) instead of globally. */
  readonly guildId: string | null;
  /** REST base without the version, e.g. https://discord.com/api (tests point it at the fake). */
  readonly apiBase: string;
  /** The REST client's own global request rate limit. */
  readonly restRps: number;
  readonly dataDir: string;
  readonly redisUrl: string | null;
  /**
   * The bot's shards across all its processes and machines (Discord's shard count):
   * a number, or 'auto' for Discord's recommendation (GET /gateway/bot).
   */
  readonly shardCount: number | 'auto';
  /**
   * The shards this process connects (`npm start`), or runs each in a process of its
   * own (`npm run start:sharded`); null: every shard. A shard process started by the
   * sharding manager gets its own from SHARDS.
   */
  readonly shardList: readonly number[] | null;
  /** Between the starts of two shard processes (Discord lets a bot identify about once per 5 s). */
  readonly shardSpawnDelayMs: number;
  /**
   * The cores this process draws and thinks on: as many picture workers, and one AI
   * worker fewer (at least one). The machine's by default; `npm run start:sharded`
   * gives each of its shard processes their share, so that together they fit the machine.
   */
  readonly cores: number;
  readonly finishedGameTtlDays: number;
  /** Thinking time of the hard AI per decision. */
  readonly aiHardMs: number;
  /** Pause before an AI seat's move is shown, so people can follow the game. */
  readonly aiMoveDelayMs: number;
  /** How long a computer player waits after a human's move before its own, so that the human can undo (table/undo.ts). */
  readonly undoGraceMs: number;
  /**
   * Default turn timer in seconds for new tables (0 = no timer); it applies to games
   * with more than one human (the start command's `turn-timer` option overrides it).
   */
  readonly turnTimerS: number;
  /** Seconds after a game's end before its thread is archived (and locked); 0 = never (Discord's own auto-archive). */
  readonly archiveAfterS: number;
  /**
   * The bound of a graceful stop (SIGTERM, Ctrl-C): moves in flight get this long to
   * finish their save and their posts; then the bot exits, whatever is left.
   */
  readonly stopTimeoutMs: number;
  readonly logLevel: LogLevel;
  /** Keys the daily deal's seeds (table/daily.ts); derived from the token when unset, so nobody can precompute a day. */
  readonly dailySecret: string;
  /** The hard computer player's playouts per move when it plays the day's deal (once a day, cached). */
  readonly dailyHardPlayouts: number;
  /**
   * The live board, Kingdomino as a Discord Activity (src/discord/activity): served on
   * this port with the application's OAuth2 secret; null (off) unless both are set.
   * Port 0 takes a free port (tests), logged once listening.
   */
  readonly activity: { readonly port: number; readonly clientSecret: string } | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const DISCORD_API = 'https://discord.com/api';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function number(env: Env, name: string, fallback: number, min: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    throw new ConfigError(`${name} must be a number >= ${min} (got "${raw}")`);
  }
  return value;
}

function logLevel(env: Env): LogLevel {
  const raw = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return level;
}

/** SHARD_COUNT: 'auto' (the default) or a whole number >= 1. */
function shardCount(env: Env): number | 'auto' {
  const raw = text(env, 'SHARD_COUNT') ?? 'auto';
  if (raw.toLowerCase() === 'auto') return 'auto';
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new ConfigError(`SHARD_COUNT must be "auto" or a whole number >= 1 (got "${raw}")`);
  return value;
}

/**
 * The shards of this process: SHARDS as the sharding manager sets it (a JSON number
 * or array), else SHARD_LIST as an operator writes it ("0-3", "0,2,4-5").
 */
function shardList(env: Env, count: number | 'auto'): readonly number[] | null {
  const fromManager = text(env, 'SHARDS');
  const raw = fromManager ?? text(env, 'SHARD_LIST');
  if (raw === null) return null;
  const name = fromManager !== null ? 'SHARDS' : 'SHARD_LIST';
  const ids = new Set<number>();
  const parts = fromManager !== null ? [JSON.parse(raw) as unknown].flat().map(String) : raw.split(',');
  for (const part of parts) {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const from = Number(range?.[1]);
    const to = Number(range?.[2] ?? range?.[1]);
    if (!range || to < from) throw new ConfigError(`${name} must list shard ids like "0-3" or "0,2,5" (got "${raw}")`);
    for (let id = from; id <= to; id++) ids.add(id);
  }
  const list = [...ids].sort((a, b) => a - b);
  if (count !== 'auto' && list.some((id) => id >= count))
    throw new ConfigError(`${name}=${raw}: shard ids go from 0 to SHARD_COUNT - 1 = ${count - 1}`);
  return list;
}

/** This process connects only some of the bot's shards: the others run elsewhere. */
export function partOfShards(config: Pick<Config, 'shardCount' | 'shardList'>): boolean {
  if (config.shardList === null) return false;
  if (config.shardCount === 'auto') return true;
  const all = config.shardCount;
  return config.shardList.length < all || config.shardList.some((id) => id >= all);
}

/**
 * Several processes share the games only through Redis (SQLite is one machine's
 * file, and a process must see every move made elsewhere at once).
 */
function checkShards(config: Config): Config {
  if (partOfShards(config) && config.redisUrl === null) {
    throw new ConfigError(
      `this process runs shards ${config.shardList?.join(',')} of ${config.shardCount}: the others run in other processes, ` +
        'and several processes share their games only through Redis. Set REDIS_URL (README, "How the bot grows").',
    );
  }
  return config;
}

/** ACTIVITY_PORT and CLIENT_SECRET together turn the live board on; one without the other is a mistake. */
function activity(env: Env): Config['activity'] {
  const port = text(env, 'ACTIVITY_PORT');
  const clientSecret = text(env, 'CLIENT_SECRET');
  if (port === null && clientSecret === null) return null;
  if (port === null || clientSecret === null)
    throw new ConfigError('the live board needs both ACTIVITY_PORT and CLIENT_SECRET (README, "The live board")');
  const value = Number(port);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new ConfigError(`ACTIVITY_PORT must be a port number, 0-65535 (got "${port}")`);
  return { port: value, clientSecret };
}

/** A secret of the bot's own when DAILY_SECRET is unset: a hash of the token, which never leaves the machine. */
function derivedSecret(token: string): string {
  return createHash('sha256').update(`kingdomino-daily-secret/${token}`).digest('hex');
}

export function loadConfig(env: Env = process.env): Config {
  const shards = shardCount(env);
  return checkShards({
    token: text(env, 'DISCORD_TOKEN') ?? '',
    applicationId: text(env, 'DISCORD_APPLICATION_ID'),
    guildId: text(env, 'DISCORD_GUILD_ID'),
    apiBase: (text(env, 'DISCORD_API_BASE') ?? DISCORD_API).replace(/\/+$/, ''),
    restRps: number(env, 'DISCORD_REST_RPS', 50, 1),
    dataDir: text(env, 'DATA_DIR') ?? './data',
    redisUrl: text(env, 'REDIS_URL'),
    shardCount: shards,
    shardList: shardList(env, shards),
    shardSpawnDelayMs: number(env, 'SHARD_SPAWN_DELAY_MS', 5500, 0),
    cores: Math.floor(number(env, 'BOT_CORES', availableParallelism(), 1)),
    finishedGameTtlDays: number(env, 'FINISHED_GAME_TTL_DAYS', 30, 0),
    aiHardMs: number(env, 'AI_HARD_MS', 1000, 1),
    aiMoveDelayMs: number(env, 'AI_MOVE_DELAY_MS', 1500, 0),
    undoGraceMs: number(env, 'UNDO_GRACE_MS', 5000, 0),
    turnTimerS: number(env, 'TURN_TIMER_S', 600, 0),
    archiveAfterS: number(env, 'ARCHIVE_AFTER_S', 600, 0),
    stopTimeoutMs: number(env, 'STOP_TIMEOUT_MS', 8000, 0),
    logLevel: logLevel(env),
    dailySecret: text(env, 'DAILY_SECRET') ?? derivedSecret(text(env, 'DISCORD_TOKEN') ?? ''),
    dailyHardPlayouts: Math.floor(number(env, 'DAILY_HARD_PLAYOUTS', 1500, 1)),
    activity: activity(env),
  });
}
