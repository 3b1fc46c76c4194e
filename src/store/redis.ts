/**
 * The Redis back-end, for bots that run as several processes or machines: Keyv
 * through @keyv/redis for plain reads and deletes, Lua scripts on the same
 * node-redis client for what must be atomic (compare-and-set with statistics,
 * moving a value aside). Every call has a deadline: the offline queue is off, so a
 * command fails at once while Redis is unreachable, and a server that does not
 * answer is cut off by our own timeout.
 */
import KeyvRedis, { createClient, type RedisClientType } from '@keyv/redis';
import { Keyv } from 'keyv';
import { averageOf, passThroughKeyvOptions, type Backend, type Commit } from './backend.js';
import { unavailable, withTimeout } from './errors.js';
import type { UserStats } from './types.js';

export interface RedisOptions {
  readonly url: string;
  readonly namespace: string;
  /** Deadline for connecting and for every command. */
  readonly timeoutMs: number;
}

/** Now in ms by the server's clock, the one PX expiry uses. */
const NOW_LUA = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/**
 * KEYS: table, live index, leaderboard, then per entry its user hash and its guild hash.
 * ARGV: expected version ('' = key must be absent), text, ttl ms ('' = none), live ('1' or ''),
 * the table's member name in the live index, then per entry user id, score, won (0/1).
 * The live index is a sorted set scored by expiry time, so expired members drop out by score.
 * Leaderboard score = wins + average / 1e4, so members sort by wins, then average score (always < 1e4).
 */
const COMMIT_LUA = NOW_LUA + `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '' then
  if current then return 0 end
else
  if not current then return 0 end
  local ok, stored = pcall(cjson.decode, current)
  if not ok or type(stored) ~= 'table' or stored.version ~= tonumber(ARGV[1]) then return 0 end
end
if ARGV[3] == '' then redis.call('SET', KEYS[1], ARGV[2]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
if ARGV[4] == '' then
  redis.call('ZREM', KEYS[2], ARGV[5])
else
  redis.call('ZADD', KEYS[2], ARGV[3] == '' and '+inf' or now + tonumber(ARGV[3]), ARGV[5])
end
for i = 1, (#ARGV - 5) / 3 do
  local user, score, won = ARGV[3 * i + 3], tonumber(ARGV[3 * i + 4]), tonumber(ARGV[3 * i + 5])
  for _, hash in ipairs({ KEYS[2 + 2 * i], KEYS[3 + 2 * i] }) do
    redis.call('HINCRBY', hash, 'games', 1)
    redis.call('HINCRBY', hash, 'wins', won)
    redis.call('HINCRBY', hash, 'total', score)
    local best = tonumber(redis.call('HGET', hash, 'best'))
    if best == nil or score > best then redis.call('HSET', hash, 'best', score) end
  end
  local g = redis.call('HMGET', KEYS[3 + 2 * i], 'games', 'wins', 'total')
  redis.call('ZADD', KEYS[3], tonumber(g[2]) + tonumber(g[3]) / tonumber(g[1]) / 10000, user)
end
return 1
`;

/** KEYS: live index. Drops the expired members, returns the others. */
const LIVE_LUA = NOW_LUA + `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

/** KEYS: table, live index. ARGV: the table's member name. */
const DELETE_LUA = `
redis.call('ZREM', KEYS[2], ARGV[1])
return redis.call('DEL', KEYS[1])
`;

/** KEYS: source, quarantine, live index. ARGV: the exact text expected at source, its member name in the live index. */
const QUARANTINE_LUA = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
`;

export async function openRedis(options: RedisOptions): Promise<Backend> {
  const client: RedisClientType = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.timeoutMs,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1000),
    },
  });
  const adapter = new KeyvRedis(client, { throwOnConnectError: true, throwOnErrors: true, connectionTimeout: options.timeoutMs });
  const keyv = new Keyv<string>({ store: adapter, namespace: options.namespace, ...passThroughKeyvOptions });
  keyv.on('error', () => undefined); // failures reach the caller as exceptions (throwOnErrors)
  const backend = new RedisBackend(client, adapter, keyv, options);
  try {
    await withTimeout(adapter.getClient(), options.timeoutMs, `connecting to Redis at ${redactUrl(options.url)}`);
  } catch (error) {
    await backend.close();
    throw error;
  }
  return backend;
}

/** The URL without a password, for error messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

type Hash = Record<string, string>;
const num = (v: string | undefined): number => Number(v ?? 0);
const toStats = (userId: string, h: Hash): UserStats => ({
  userId, games: num(h['games']), wins: num(h['wins']), bestScore: num(h['best']), totalScore: num(h['total']),
  averageScore: averageOf(num(h['games']), num(h['total'])),
});

class RedisBackend implements Backend {
  readonly kind = 'redis';

  constructor(
    private readonly client: RedisClientType,
    private readonly adapter: KeyvRedis<string>,
    readonly keyv: Keyv<string>,
    private readonly options: RedisOptions,
  ) {}

  /** Sorted set of the live tables' keys, scored by their expiry time (ms, +inf = never). */
  private get liveIndex(): string {
    return this.key('live');
  }

  private key(key: string): string {
    return this.adapter.createKeyPrefix(key, this.adapter.namespace);
  }

  /** Runs one call against a connected client, within the deadline, failures typed. */
  private async call<T>(what: string, run: (client: RedisClientType) => Promise<T>): Promise<T> {
    const attempt = async (): Promise<T> => {
      await this.adapter.getClient();
      return run(this.client);
    };
    return withTimeout(attempt(), this.options.timeoutMs, what);
  }

  async commit(c: Commit): Promise<boolean> {
    const entries = c.stats?.entries ?? [];
    const keys = [this.key(c.key), this.liveIndex, this.key(`leaderboard:${c.stats?.guildId ?? ''}`)];
    const ttl = c.ttlMs === null ? '' : String(Math.max(1, Math.ceil(c.ttlMs)));
    const args = [c.expectedVersion === null ? '' : String(c.expectedVersion), c.text, ttl, c.live ? '1' : '', c.key];
    for (const e of entries) {
      keys.push(this.key(`stats:user:${e.userId}`), this.key(`stats:guild:${c.stats!.guildId}:${e.userId}`));
      args.push(e.userId, String(e.score), e.won ? '1' : '0');
    }
    const written = await this.call('saving a table', (r) => r.eval(COMMIT_LUA, { keys, arguments: args }));
    return written === 1;
  }

  async quarantine(key: string, text: string, quarantineKey: string): Promise<boolean> {
    const moved = await this.call('moving a corrupt table aside',
      (r) => r.eval(QUARANTINE_LUA, { keys: [this.key(key), this.key(quarantineKey), this.liveIndex], arguments: [text, key] }));
    return moved === 1;
  }

  async liveKeys(): Promise<readonly string[]> {
    const members = await this.call('listing live tables', (r) => r.eval(LIVE_LUA, { keys: [this.liveIndex] }));
    return members as string[];
  }

  async delete(key: string): Promise<boolean> {
    const deleted = await this.call('deleting a table', (r) => r.eval(DELETE_LUA, { keys: [this.key(key), this.liveIndex], arguments: [key] }));
    return deleted === 1;
  }

  async readRaw(key: string): Promise<string | null> {
    return this.call('reading', (r) => r.get(this.key(key)));
  }

  async userStats(userId: string): Promise<UserStats | null> {
    const hash = await this.call('reading statistics', (r) => r.hGetAll(this.key(`stats:user:${userId}`)));
    return Object.keys(hash).length === 0 ? null : toStats(userId, hash);
  }

  async leaderboard(guildId: string, limit: number): Promise<readonly UserStats[]> {
    return this.call('reading a leaderboard', async (r) => {
      const users = await r.zRange(this.key(`leaderboard:${guildId}`), 0, limit - 1, { REV: true });
      const hashes = await Promise.all(users.map((u) => r.hGetAll(this.key(`stats:guild:${guildId}:${u}`))));
      return users.map((u, i) => toStats(u, hashes[i] ?? {}));
    });
  }

  async close(): Promise<void> {
    try {
      await this.adapter.disconnect(true);
    } catch (error) {
      throw unavailable('closing the Redis connection', error);
    }
  }
}
