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
import type { PlayerRating } from '../table/index.js';
import {
  averageOf,
  parseTrail,
  passThroughKeyvOptions,
  type Backend,
  type Commit,
  type CommitOutcome,
  type DueKey,
  type ForgottenData,
  type TableOfUser,
} from './backend.js';
import { unavailable, withTimeout } from './errors.js';
import type { Leaderboard, UserStats } from './types.js';

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
 * KEYS: table, live index, then per statistics entry its user hash and its guild hash,
 * then the guild's ranked and provisional sorted sets, then per rating its hash.
 * ARGV: expected version ('' = key must be absent), text, ttl ms ('' = none, 'keep' = leave
 * the stored expiry), live ('1' or ''), the table's member name in the live index,
 * the number of statistics entries, then per entry user id, score, won (0/1),
 * then games from which a rating is ranked, the number of ratings, then per rating
 * user id, expected games (0 = none), mu, sigma, games, display rating, trail (JSON).
 * Last, KEYS: the due index; ARGV: when the table is due ('' = not before a click).
 * Returns 1 when saved, 0 on a version conflict, 2 when a rating moved since it was read;
 * every check comes before the first write.
 * The live index is a sorted set scored by expiry time, so expired members drop out by score.
 * Ranked players are scored by display rating, provisional ones by games.
 */
const COMMIT_LUA =
  NOW_LUA +
  `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '' then
  if current then return 0 end
else
  if not current then return 0 end
  local ok, stored = pcall(cjson.decode, current)
  if not ok or type(stored) ~= 'table' or stored.version ~= tonumber(ARGV[1]) then return 0 end
end
local entries = tonumber(ARGV[6])
local r0 = 7 + 3 * entries
local rankedAfter, ratings = tonumber(ARGV[r0]), tonumber(ARGV[r0 + 1])
local k0 = 3 + 2 * entries
for i = 1, ratings do
  local a = r0 + 2 + 7 * (i - 1)
  if tonumber(redis.call('HGET', KEYS[k0 + 1 + i], 'games') or '0') ~= tonumber(ARGV[a + 1]) then return 2 end
end
if ARGV[3] == '' then
  redis.call('SET', KEYS[1], ARGV[2])
elseif ARGV[3] == 'keep' then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
if ARGV[4] == '' then
  redis.call('ZREM', KEYS[2], ARGV[5])
elseif ARGV[3] ~= 'keep' then
  redis.call('ZADD', KEYS[2], ARGV[3] == '' and '+inf' or now + tonumber(ARGV[3]), ARGV[5])
end
if ARGV[#ARGV] == '' then
  redis.call('ZREM', KEYS[#KEYS], ARGV[5])
else
  redis.call('ZADD', KEYS[#KEYS], ARGV[#ARGV], ARGV[5])
end
for i = 1, entries do
  local score, won = tonumber(ARGV[3 * i + 5]), tonumber(ARGV[3 * i + 6])
  for _, hash in ipairs({ KEYS[1 + 2 * i], KEYS[2 + 2 * i] }) do
    redis.call('HINCRBY', hash, 'games', 1)
    redis.call('HINCRBY', hash, 'wins', won)
    redis.call('HINCRBY', hash, 'total', score)
    local best = tonumber(redis.call('HGET', hash, 'best'))
    if best == nil or score > best then redis.call('HSET', hash, 'best', score) end
  end
end
for i = 1, ratings do
  local a = r0 + 2 + 7 * (i - 1)
  local user, games = ARGV[a], tonumber(ARGV[a + 4])
  redis.call('HSET', KEYS[k0 + 1 + i], 'mu', ARGV[a + 2], 'sigma', ARGV[a + 3], 'games', ARGV[a + 4], 'display', ARGV[a + 5], 'trail', ARGV[a + 6])
  if games >= rankedAfter then
    redis.call('ZADD', KEYS[k0], ARGV[a + 5], user)
    redis.call('ZREM', KEYS[k0 + 1], user)
  else
    redis.call('ZADD', KEYS[k0 + 1], games, user)
    redis.call('ZREM', KEYS[k0], user)
  end
end
return 1
`;

/**
 * KEYS: the user's statistics hash, then their per-guild statistics and rating hashes
 * (found by a scan), then every ranking sorted set of the namespace. ARGV: the user id.
 * Returns { had statistics (0/1), rating hashes deleted }.
 */
const FORGET_LUA = `
local statistics = redis.call('DEL', KEYS[1])
local ratings = 0
for i = 2, #KEYS do
  local kind = redis.call('TYPE', KEYS[i])['ok']
  if kind == 'zset' then
    redis.call('ZREM', KEYS[i], ARGV[1])
  elseif kind == 'hash' then
    if redis.call('HEXISTS', KEYS[i], 'mu') == 1 then ratings = ratings + 1 end
    redis.call('DEL', KEYS[i])
  end
end
return { statistics, ratings }
`;

/** KEYS: live index. Drops the expired members, returns the others. */
const LIVE_LUA =
  NOW_LUA +
  `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

/**
 * KEYS: due index. ARGV: until (ms), the namespace's key prefix. The members due by
 * then with their scores, soonest first; members whose table expired are dropped.
 */
const DUE_LUA = `
local found = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES')
local out = {}
for i = 1, #found, 2 do
  if redis.call('EXISTS', ARGV[2] .. found[i]) == 1 then
    table.insert(out, found[i])
    table.insert(out, found[i + 1])
  else
    redis.call('ZREM', KEYS[1], found[i])
  end
end
return out
`;

/**
 * KEYS: live index, due index, its marker. A database from before the due index: its
 * live tables are due at once (each gets its own time on its next save). Once: the
 * marker stays (an empty due index is deleted by Redis, it does not mean "before").
 */
const BACKFILL_DUE_LUA = `
if redis.call('SETNX', KEYS[3], '1') == 0 then return 0 end
local live = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, member in ipairs(live) do redis.call('ZADD', KEYS[2], 0, member) end
return #live
`;

/** KEYS: table, live index, due index. ARGV: the table's member name. */
const DELETE_LUA = `
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return redis.call('DEL', KEYS[1])
`;

/** KEYS: source, quarantine, live index, due index. ARGV: the exact text expected at source, its member name in the live index. */
const QUARANTINE_LUA = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('ZREM', KEYS[4], ARGV[2])
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
  const adapter = new KeyvRedis(client, {
    throwOnConnectError: true,
    throwOnErrors: true,
    connectionTimeout: options.timeoutMs,
  });
  const keyv = new Keyv<string>({ store: adapter, namespace: options.namespace, ...passThroughKeyvOptions });
  keyv.on('error', () => undefined); // failures reach the caller as exceptions (throwOnErrors)
  const backend = new RedisBackend(client, adapter, keyv, options);
  try {
    await withTimeout(adapter.getClient(), options.timeoutMs, `connecting to Redis at ${redactUrl(options.url)}`);
    await backend.indexDue();
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
/** A glob pattern matching `text` literally (SCAN MATCH). */
const globEscape = (text: string): string => text.replace(/[*?[\]\\]/g, '\\$&');
const toRating = (userId: string, h: Hash): PlayerRating => ({
  userId,
  mu: num(h['mu']),
  sigma: num(h['sigma']),
  games: num(h['games']),
  display: num(h['display']),
  trail: parseTrail(h['trail']),
});
/** Tables read per round trip while scanning for a user's seats. */
const SCAN_BATCH = 200;
const num = (v: string | undefined): number => Number(v ?? 0);
const toStats = (userId: string, h: Hash): UserStats => ({
  userId,
  games: num(h['games']),
  wins: num(h['wins']),
  bestScore: num(h['best']),
  totalScore: num(h['total']),
  averageScore: averageOf(num(h['games']), num(h['total'])),
});

/** Whether a stored table has a human seat of the user: 'live' (lobby, running game), 'ended', or null (none, or unreadable). */
function seatedIn(text: string | null, userId: string): 'live' | 'ended' | null {
  if (text === null || !text.includes(userId)) return null;
  try {
    const table = JSON.parse(text) as { status?: unknown; seats?: unknown };
    const seated =
      Array.isArray(table.seats) &&
      table.seats.some((s: { kind?: unknown; userId?: unknown } | null) => s?.kind === 'human' && s.userId === userId);
    if (!seated) return null;
    return table.status === 'lobby' || table.status === 'playing' ? 'live' : 'ended';
  } catch {
    return null;
  }
}

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

  /** Sorted set of the live tables' keys, scored by when they next need the bot (table/due.ts). */
  private get dueIndex(): string {
    return this.key('due');
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

  private ranked(guildId: string): string {
    return this.key(`ranked:${guildId}`);
  }

  private provisional(guildId: string): string {
    return this.key(`provisional:${guildId}`);
  }

  private rating(guildId: string, userId: string): string {
    return this.key(`rating:${guildId}:${userId}`);
  }

  async commit(c: Commit): Promise<CommitOutcome> {
    const entries = c.stats?.entries ?? [];
    const keys = [this.key(c.key), this.liveIndex];
    const ttl = c.ttlMs === null ? '' : c.ttlMs === 'keep' ? 'keep' : String(Math.max(1, Math.ceil(c.ttlMs)));
    const args = [
      c.expectedVersion === null ? '' : String(c.expectedVersion),
      c.text,
      ttl,
      c.live ? '1' : '',
      c.key,
      String(entries.length),
    ];
    for (const e of entries) {
      keys.push(this.key(`stats:user:${e.userId}`), this.key(`stats:guild:${c.stats!.guildId}:${e.userId}`));
      args.push(e.userId, String(e.score), e.won ? '1' : '0');
    }
    const ratings = c.ratings?.changes ?? [];
    const guildId = c.ratings?.guildId ?? '';
    keys.push(this.ranked(guildId), this.provisional(guildId));
    args.push(String(c.ratings?.rankedAfter ?? 0), String(ratings.length));
    for (const { expectedGames, rating: r } of ratings) {
      keys.push(this.rating(guildId, r.userId));
      args.push(
        r.userId,
        String(expectedGames),
        String(r.mu),
        String(r.sigma),
        String(r.games),
        String(r.display),
        JSON.stringify(r.trail),
      );
    }
    keys.push(this.dueIndex);
    args.push(c.dueAt === null ? '' : String(Math.floor(c.dueAt)));
    const written = await this.call('saving a table', (r) => r.eval(COMMIT_LUA, { keys, arguments: args }));
    return written === 1 ? 'saved' : written === 2 ? 'ratings-moved' : 'conflict';
  }

  async quarantine(key: string, text: string, quarantineKey: string): Promise<boolean> {
    const moved = await this.call('moving a corrupt table aside', (r) =>
      r.eval(QUARANTINE_LUA, {
        keys: [this.key(key), this.key(quarantineKey), this.liveIndex, this.dueIndex],
        arguments: [text, key],
      }),
    );
    return moved === 1;
  }

  async liveKeys(): Promise<readonly string[]> {
    const members = await this.call('listing live tables', (r) => r.eval(LIVE_LUA, { keys: [this.liveIndex] }));
    return members as string[];
  }

  /** Index the live tables of a database from before the due index (once: then the index exists). */
  async indexDue(): Promise<void> {
    await this.call('indexing the tables due', (r) =>
      r.eval(BACKFILL_DUE_LUA, { keys: [this.liveIndex, this.dueIndex, this.key('due-indexed')] }),
    );
  }

  async dueKeys(until: number): Promise<readonly DueKey[]> {
    const found = (await this.call('listing the tables due', (r) =>
      r.eval(DUE_LUA, { keys: [this.dueIndex], arguments: [String(Math.floor(until)), this.key('')] }),
    )) as string[];
    const due: DueKey[] = [];
    for (let i = 0; i + 1 < found.length; i += 2) due.push({ key: found[i]!, at: Number(found[i + 1]) });
    return due;
  }

  async delete(key: string): Promise<boolean> {
    const deleted = await this.call('deleting a table', (r) =>
      r.eval(DELETE_LUA, { keys: [this.key(key), this.liveIndex, this.dueIndex], arguments: [key] }),
    );
    return deleted === 1;
  }

  async readRaw(key: string): Promise<string | null> {
    return this.call('reading', (r) => r.get(this.key(key)));
  }

  async userStats(userId: string): Promise<UserStats | null> {
    const hash = await this.call('reading statistics', (r) => r.hGetAll(this.key(`stats:user:${userId}`)));
    return Object.keys(hash).length === 0 ? null : toStats(userId, hash);
  }

  async ratings(guildId: string, userIds: readonly string[]): Promise<readonly PlayerRating[]> {
    return this.call('reading ratings', async (r) => {
      const hashes = await Promise.all(userIds.map((u) => r.hGetAll(this.rating(guildId, u))));
      return userIds.flatMap((u, i) => (Object.keys(hashes[i] ?? {}).length === 0 ? [] : [toRating(u, hashes[i]!)]));
    });
  }

  async leaderboard(guildId: string, limit: number, rankedAfter: number): Promise<Leaderboard> {
    return this.call('reading a leaderboard', async (r) => {
      const read = async (set: string): Promise<PlayerRating[]> => {
        const users = await r.zRange(set, 0, limit - 1, { REV: true });
        const hashes = await Promise.all(users.map((u) => r.hGetAll(this.rating(guildId, u))));
        return users.map((u, i) => toRating(u, hashes[i] ?? {}));
      };
      const [ranked, provisional] = await Promise.all([read(this.ranked(guildId)), read(this.provisional(guildId))]);
      // The sets are kept with every save; the hashes decide, should a threshold ever change.
      return {
        ranked: ranked.filter((p) => p.games >= rankedAfter),
        provisional: provisional.filter((p) => p.games < rankedAfter),
      };
    });
  }

  /** Every key of the namespace matching `pattern` (a glob after the namespace's prefix). */
  private async scan(what: string, pattern: string): Promise<string[]> {
    return this.call(what, async (r) => {
      const found: string[] = [];
      for await (const batch of r.scanIterator({ MATCH: globEscape(this.key('')) + pattern, COUNT: 500 }))
        found.push(...batch);
      return found;
    });
  }

  async forgetUser(userId: string): Promise<ForgottenData> {
    const user = globEscape(userId);
    const [guildStats, ratings, sets] = await Promise.all([
      this.scan('finding statistics', `stats:guild:*:${user}`),
      this.scan('finding ratings', `rating:*:${user}`),
      // The ranking sets, and the leaderboards by wins that older versions kept.
      Promise.all(['ranked:*', 'provisional:*', 'leaderboard:*'].map((p) => this.scan('finding leaderboards', p))).then(
        (l) => l.flat(),
      ),
    ]);
    const keys = [this.key(`stats:user:${userId}`), ...guildStats, ...ratings, ...sets];
    const [statistics, deleted] = (await this.call('deleting statistics and ratings', (r) =>
      r.eval(FORGET_LUA, { keys, arguments: [userId] }),
    )) as [number, number];
    return { statistics: statistics === 1, ratings: deleted };
  }

  async tablesOf(userId: string): Promise<readonly TableOfUser[]> {
    const keys = await this.scan('finding the tables of a player', 'table:*');
    const prefix = this.key('');
    const found: TableOfUser[] = [];
    for (let i = 0; i < keys.length; i += SCAN_BATCH) {
      const batch = keys.slice(i, i + SCAN_BATCH);
      const texts = await this.call('finding the tables of a player', (r) => r.mGet(batch));
      batch.forEach((key, j) => {
        const seated = seatedIn(texts[j] ?? null, userId);
        if (seated !== null) found.push({ key: key.slice(prefix.length), live: seated === 'live' });
      });
    }
    return found;
  }

  async liveTablesOf(userId: string): Promise<readonly string[]> {
    const members = (await this.liveKeys()).filter((member) => member.startsWith('table:'));
    const found: string[] = [];
    for (let i = 0; i < members.length; i += SCAN_BATCH) {
      const batch = members.slice(i, i + SCAN_BATCH);
      const texts = await this.call('finding the games of a player', (r) => r.mGet(batch.map((m) => this.key(m))));
      batch.forEach((member, j) => {
        if (seatedIn(texts[j] ?? null, userId) === 'live') found.push(member);
      });
    }
    return found;
  }

  async close(): Promise<void> {
    try {
      await this.adapter.disconnect(true);
    } catch (error) {
      throw unavailable('closing the Redis connection', error);
    }
  }
}
