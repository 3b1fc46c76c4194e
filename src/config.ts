/**
 * Every setting of the bot, read from the environment (and `.env`, loaded by
 * src/main.ts) with defaults. `.env.example` explains each one for operators.
 */

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
  readonly finishedGameTtlDays: number;
  /** Thinking time of the hard AI per decision. */
  readonly aiHardMs: number;
  /** Pause before an AI seat's move is shown, so people can follow the game. */
  readonly aiMoveDelayMs: number;
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

export function loadConfig(env: Env = process.env): Config {
  return {
    token: text(env, 'DISCORD_TOKEN') ?? '',
    applicationId: text(env, 'DISCORD_APPLICATION_ID'),
    guildId: text(env, 'DISCORD_GUILD_ID'),
    apiBase: (text(env, 'DISCORD_API_BASE') ?? DISCORD_API).replace(/\/+$/, ''),
    restRps: number(env, 'DISCORD_REST_RPS', 50, 1),
    dataDir: text(env, 'DATA_DIR') ?? './data',
    redisUrl: text(env, 'REDIS_URL'),
    finishedGameTtlDays: number(env, 'FINISHED_GAME_TTL_DAYS', 30, 0),
    aiHardMs: number(env, 'AI_HARD_MS', 1000, 1),
    aiMoveDelayMs: number(env, 'AI_MOVE_DELAY_MS', 1500, 0),
    turnTimerS: number(env, 'TURN_TIMER_S', 600, 0),
    archiveAfterS: number(env, 'ARCHIVE_AFTER_S', 600, 0),
    stopTimeoutMs: number(env, 'STOP_TIMEOUT_MS', 8000, 0),
    logLevel: logLevel(env),
  };
}
