/**
 * src/store: the only place that knows where tables (lobbies, then games) live.
 *
 * ```ts
 * import { openStore, save, keep, StoreError } from '../store/index.js';
 *
 * const store = await openStore({});                         // SQLite at ./data/kingdomino.sqlite
 * const store = await openStore({ redisUrl: 'redis://...' }); // Redis instead
 *
 * await store.create(key, table);            // Table (version 1); StoreError 'exists' if the key is taken
 * const loaded = await store.get(key);       // { kind: 'found', table } | { kind: 'missing' }
 *                                            // | { kind: 'corrupt', reason, quarantineKey }
 * const { value, table, saved } = await store.update(key, (t) => {
 *   const r = apply(t.game, action);         // pure work only: fn may run again after a conflict
 *   return r.ok ? save({ ...t, game: r.value }, 'moved') : keep(r.error);
 * });
 * await store.delete(key);                   // true when something was deleted
 * await store.liveTables();                  // keys of every lobby and running game
 * await store.dueTables(until);              // the tables due by then, soonest first (start-up, the poll)
 * await store.userStats(userId);             // UserStats | null (never finished a game)
 * await store.rating(guildId, userId);       // PlayerRating | null (no rated game on that server)
 * await store.leaderboard(guildId, 10);      // { ranked, provisional }: by rating, from RANKED_AFTER_GAMES games
 * await store.forget(userId, () => 'Former player'); // forget-me: { statistics, ratings, renamed, live }
 * await store.daily.record(guildId, day, entry);        // the daily deal: see daily-store.ts
 * await store.leagues.update(id, (league) => ...);       // leagues: see league-store.ts
 * await store.close();
 * ```
 *
 * Keys: the table key (the lobby message id, which is also the thread id).
 *
 * `update(key, fn)`: the whole load -> fn -> save runs under a per-key lock in this
 * process, and the save is a compare-and-set on `version` in storage (a SQLite
 * transaction, a Redis Lua script), retried with a fresh load when another process
 * won; so no click is ever lost and two writers never both win. `fn` returns
 * `save(table, value?)` or `keep(value?)`; the store sets `version` and `updatedAt`
 * itself. update() throws StoreError `missing` / `corrupt` when there is no readable
 * table, and an exception thrown by `fn` propagates unchanged (nothing is saved).
 *
 * Statistics: the save that moves a table to status `finished` also adds its
 * human seats' results (seat i of the table is player i of the game; each game of
 * a dynasty counts) to the per-user and per-guild statistics, atomically with the
 * save, so they are counted exactly once. Cancelled games count nothing.
 *
 * Ratings (src/table/ratings.ts: OpenSkill, per player and server): the same save
 * writes the players' new ratings. They are read just before the save and written
 * only if still unchanged (a SQLite transaction, a Redis Lua script, checking each
 * rating's game count), else the save is tried again with fresh ones: two games
 * ending at once for one player both count, each once. The leaderboard reads an
 * index kept in the same step (SQLite: an index on the display rating; Redis: sorted
 * sets, `ranked:<guild>` by display rating and `provisional:<guild>` by games).
 *
 * Forgetting a user (`forget`): their statistics and ratings go in one atomic step;
 * then every stored table with their seat is found (SQLite: a query on the seats;
 * Redis: a scan of the namespace's tables) and, if its game is over, their seat is
 * renamed through a compare-and-set that keeps the table's expiry. Lobbies and
 * running games are counted, never changed.
 *
 * Expiry: finished and cancelled tables expire `finishedTtlMs` after their last
 * save (their records can be exported until then); lobbies and running games
 * expire `idleTtlMs` after their last save (null: never).
 *
 * Live tables: every save also records, in the same atomic step, whether the table
 * is live (a lobby or a running game), in an index (SQLite: a `live` table; Redis: a
 * sorted set scored by expiry time); `liveTables()` reads that index, never the
 * games, and leaves out tables finished, cancelled, expired, deleted or set aside.
 * A SQLite file from before the index is indexed once when opened; a Redis database
 * from before it is not (its running games are listed again once they are saved).
 *
 * Validation: every load checks the envelope and the game (`isGameState`) and
 * migrates older schemas; an unreadable value is reported as `corrupt` once, moved
 * to `quarantineKey` (never overwritten), and the key becomes free. Every save is
 * checked too (`invalid`): nothing malformed is ever written.
 *
 * Failures: every storage problem (disk full, database locked, Redis down or not
 * answering within `redisTimeoutMs`) is a StoreError `unavailable`, and a save is
 * all or nothing.
 */
import { resolve } from 'node:path';
import type { Backend } from './backend.js';
import { MIGRATIONS, type Migrations } from './schema.js';
import { openSqlite } from './sqlite.js';
import { TableStore } from './table-store.js';
import type { Timing } from '../table/index.js';

export { StoreError, type StoreErrorCode } from './errors.js';
export {
  TableStore,
  save,
  keep,
  type Change,
  type Loaded,
  type NotifyPrefs,
  type PlayerPace,
  type StoreCounts,
  type Updated,
} from './table-store.js';
export type { Forgotten, Leaderboard, UnsavedTable, UserStats } from './types.js';
export type { DailyChannel, DailyPlay, DailyStore, DailyUser, Recorded } from './daily-store.js';
export type { LeagueEntry, LeagueStore } from './league-store.js';
export type { SeasonStore } from './season-store.js';

export interface StoreConfig {
  /** Directory of the default SQLite file. Default `./data`. */
  readonly dataDir?: string;
  /** SQLite file; default `<dataDir>/kingdomino.sqlite`, created on first start. */
  readonly sqliteFile?: string;
  /** Use Redis at this URL (`redis://[:password@]host:port[/db]`) instead of SQLite. */
  readonly redisUrl?: string;
  /** Prefix of every key, so several bots can share one Redis. Default `kingdomino`. */
  readonly namespace?: string;
  /** How long finished and cancelled tables are kept. Default 7 days. */
  readonly finishedTtlMs?: number;
  /** How long a lobby or running game is kept after its last move; null = forever. Default 30 days. */
  readonly idleTtlMs?: number | null;
  /** Deadline of every Redis call (and of connecting). Default 1500 ms. */
  readonly redisTimeoutMs?: number;
  /** How long a SQLite writer waits for another process's write. Default 1500 ms. */
  readonly sqliteBusyTimeoutMs?: number;
  /** For tests: migrations to use instead of the built-in ones. */
  readonly migrations?: Migrations;
  /** For tests: cap the SQLite file at this many pages (simulates a full disk). */
  readonly sqliteMaxPages?: number;
  /** The clock the tables' times are on (the bot's, which tests move): when a table is due. Default Date.now. */
  readonly now?: () => number;
  /**
   * The bot's settings when a table is due depends on (table/due.ts). Default no undo
   * grace: a computer's move is then indexed as due a little early, never late.
   */
  readonly timing?: Timing;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NAMESPACE = 'kingdomino';

/** Opens the configured back-end; rejects with StoreError `unavailable` when it cannot. */
export async function openStore(config: StoreConfig = {}): Promise<TableStore> {
  const timeoutMs = config.redisTimeoutMs ?? 1500;
  const backend = await openBackend(config, timeoutMs);
  return new TableStore(backend, {
    finishedTtlMs: config.finishedTtlMs ?? 7 * DAY_MS,
    idleTtlMs: config.idleTtlMs === undefined ? 30 * DAY_MS : config.idleTtlMs,
    timeoutMs,
    migrations: config.migrations ?? MIGRATIONS,
    now: config.now ?? Date.now,
    timing: config.timing ?? { undoGraceMs: 0 },
  });
}

async function openBackend(config: StoreConfig, timeoutMs: number): Promise<Backend> {
  const namespace = config.namespace ?? NAMESPACE;
  if (config.redisUrl) {
    // Loaded only when used: the Redis client's modules are a fifth of an idle bot's memory (19 of 150 MB).
    const { openRedis } = await import('./redis.js');
    return openRedis({ url: config.redisUrl, namespace, timeoutMs });
  }
  return openSqlite({
    file: resolve(config.sqliteFile ?? resolve(config.dataDir ?? './data', 'kingdomino.sqlite')),
    namespace,
    busyTimeoutMs: config.sqliteBusyTimeoutMs ?? 1500,
    ...(config.sqliteMaxPages === undefined ? {} : { maxPages: config.sqliteMaxPages }),
  });
}
