/** The store proper: keys, locking, compare-and-set retries, validation, expiry. */
import type { Backend, Commit, CommitOutcome } from './backend.js';
import { DailyStore } from './daily-store.js';
import { LeagueStore } from './league-store.js';
import { SeasonStore } from './season-store.js';
import { KeyedLock } from './lock.js';
import { StoreError, withTimeout } from './errors.js';
import { forgetSeat, isEnded } from './forget.js';
import { checkTable, encodeTable, readStored, type Migrations } from './schema.js';
import { finishes, gameEndRatings, gameEndStats, humansOf } from './stats.js';
import {
  dueAt,
  isPaused,
  needsBot,
  isQuietHours,
  RANKED_AFTER_GAMES,
  type LobbyTable,
  type PlayerRating,
  type PlayingTable,
  type QuietHours,
  type Table,
  type Timing,
} from '../table/index.js';
import type { Forgotten, Leaderboard, UnsavedTable, UserStats } from './types.js';

export type Loaded =
  | { readonly kind: 'found'; readonly table: Table }
  | { readonly kind: 'missing' }
  /** The stored value was unreadable; it now lives under `quarantineKey` and the key is free. */
  | { readonly kind: 'corrupt'; readonly reason: string; readonly quarantineKey: string };

/** What an update function decides: save a new table, or keep the stored one; `value` goes back to the caller. */
export type Change<R> =
  | { readonly kind: 'save'; readonly table: UnsavedTable; readonly value: R }
  | { readonly kind: 'keep'; readonly value: R };

export function save(table: UnsavedTable): Change<undefined>;
export function save<R>(table: UnsavedTable, value: R): Change<R>;
export function save<R>(table: UnsavedTable, value?: R): Change<R | undefined> {
  return { kind: 'save', table, value };
}

export function keep(): Change<undefined>;
export function keep<R>(value: R): Change<R>;
export function keep<R>(value?: R): Change<R | undefined> {
  return { kind: 'keep', value };
}

export interface Updated<R> {
  readonly value: R;
  /** The table as stored now (the new one when saved). */
  readonly table: Table;
  readonly saved: boolean;
}

export interface TableStoreOptions {
  readonly finishedTtlMs: number;
  readonly idleTtlMs: number | null;
  readonly timeoutMs: number;
  readonly migrations: Migrations;
  /** The clock of the tables' times (see StoreConfig.now). */
  readonly now: () => number;
  /** The bot's settings when a table is due depends on (table/due.ts). */
  readonly timing: Timing;
}

const MAX_ATTEMPTS = 50;

/**
 * A user's notifications: direct messages asked for, and whether Discord refused one
 * (error 50007: their privacy settings): then none is tried again until they ask anew.
 */
export interface NotifyPrefs {
  readonly directMessages: boolean;
  readonly refused: boolean;
  /** Quiet hours: no DM inside them (table/quiet.ts). */
  readonly quiet?: QuietHours;
  /** A DM when the player before them starts their turn. */
  readonly onDeck?: boolean;
}

const NO_NOTIFY: NotifyPrefs = { directMessages: false, refused: false };
const notifyKey = (userId: string): string => `notify:${userId}`;
const paceKey = (userId: string): string => `pace:${userId}`;

/** A player's pace is the median of this many of their latest moves at a correspondence pace. */
export const PACE_MOVES = 25;

/** How fast a player moves in games over days (/kingdomino stats, the lobby): the median of their latest moves. */
export interface PlayerPace {
  /** From their turn's start to their move (a plan's: at once; the time up: all of it), median, in ms. */
  readonly medianMs: number;
  /** The moves it is the median of (at most PACE_MOVES). */
  readonly moves: number;
}

function parseTimes(text: string | undefined): number[] {
  try {
    const value = JSON.parse(text ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => Number.isFinite(v) && v >= 0) : [];
  } catch {
    return [];
  }
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function parseNotifyPrefs(text: string | undefined): NotifyPrefs {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<NotifyPrefs> | null;
    const quiet = value?.quiet && isQuietHours(value.quiet) ? { quiet: value.quiet } : {};
    const onDeck = value?.onDeck === true ? { onDeck: true } : {};
    return { directMessages: value?.directMessages === true, refused: value?.refused === true, ...quiet, ...onDeck };
  } catch {
    return NO_NOTIFY;
  }
}
/** Tables remembered with the exact text they were read or written as. */
const CACHE_SIZE = 500;
const TABLE_PREFIX = 'table:';
const tableKey = (key: string): string => `${TABLE_PREFIX}${key}`;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The last text seen per key and the table it decodes to: when storage still holds
 * exactly that text, the table is reused without parsing and validating it again.
 */
class DecodedCache {
  private readonly entries = new Map<string, { readonly text: string; readonly table: Table }>();

  lookup(key: string, text: string): Table | null {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.text === text ? entry.table : null;
  }

  remember(key: string, text: string, table: Table): void {
    this.entries.delete(key);
    this.entries.set(key, { text, table });
    if (this.entries.size > CACHE_SIZE) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** How often the store read and wrote tables since it opened (the bench's loads and saves per move). */
export interface StoreCounts {
  readonly loads: number;
  readonly saves: number;
}

export class TableStore {
  private readonly lock = new KeyedLock();
  private readonly cache = new DecodedCache();
  private loads = 0;
  private saves = 0;
  /** The daily deal's results, streaks and channels, in the same storage. */
  readonly daily: DailyStore;
  /** The servers' leagues, in the same storage. */
  readonly leagues: LeagueStore;
  /** The servers' rating seasons, in the same storage. */
  readonly seasons: SeasonStore;

  constructor(
    private readonly backend: Backend,
    private readonly options: TableStoreOptions,
  ) {
    this.daily = new DailyStore(backend.keyv, options.timeoutMs);
    this.leagues = new LeagueStore(backend.keyv, options.timeoutMs);
    this.seasons = new SeasonStore(backend.keyv, options.timeoutMs);
  }

  get kind(): 'sqlite' | 'redis' {
    return this.backend.kind;
  }

  /** Tables read and written so far. */
  counts(): StoreCounts {
    return { loads: this.loads, saves: this.saves };
  }

  async get(key: string): Promise<Loaded> {
    this.loads++;
    const text = await withTimeout(
      this.backend.keyv.get(tableKey(key)),
      this.options.timeoutMs,
      `reading table ${key}`,
    );
    if (text === undefined) return { kind: 'missing' };
    const cached = this.cache.lookup(key, text);
    if (cached !== null) return { kind: 'found', table: cached };
    const checked = readStored(text, this.options.migrations);
    if (!checked.ok) return this.setAside(key, text, checked.reason);
    this.cache.remember(key, text, checked.table);
    return { kind: 'found', table: checked.table };
  }

  async create(key: string, table: UnsavedTable): Promise<Table> {
    return this.lock.run(key, async () => {
      const created = this.stamp(table, 1);
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const commit = await this.commitOf(key, null, created);
        const outcome = await this.commit(commit);
        if (outcome === 'conflict') throw new StoreError('exists', `a table is already stored under ${key}`, { key });
        if (outcome === 'saved') {
          this.cache.remember(key, commit.text, created);
          return created;
        }
        await pause(Math.random() * 2 * attempt);
      }
      throw new StoreError('contention', `gave up saving ${key} after ${MAX_ATTEMPTS} conflicting writes`, { key });
    });
  }

  /**
   * Load, let `fn` decide, save with compare-and-set; on a conflict with another
   * process, load again and call `fn` again (so `fn` must not have side effects).
   * `known`: the table as the caller last saved or read it, tried first without a
   * load (a conflict, if it changed since, loads it as usual).
   */
  async update<R>(
    key: string,
    fn: (table: Table) => Change<R> | Promise<Change<R>>,
    known?: Table,
  ): Promise<Updated<R>> {
    return this.change(key, fn, false, known);
  }

  /** update(), optionally leaving the stored expiry as it is (a finished game renamed must not live longer). */
  private async change<R>(
    key: string,
    fn: (table: Table) => Change<R> | Promise<Change<R>>,
    keepExpiry: boolean,
    known?: Table,
  ): Promise<Updated<R>> {
    return this.lock.run(key, async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const current = attempt === 1 && known ? known : await this.loadForUpdate(key);
        const change = await fn(current);
        if (change.kind === 'keep') return { value: change.value, table: current, saved: false };
        const next = this.stamp(change.table, current.version + 1, current);
        const commit = await this.commitOf(key, current, next, keepExpiry);
        if ((await this.commit(commit)) === 'saved') {
          this.cache.remember(key, commit.text, next);
          return { value: change.value, table: next, saved: true };
        }
        await pause(Math.random() * 2 * attempt);
      }
      throw new StoreError('contention', `gave up saving ${key} after ${MAX_ATTEMPTS} conflicting writes`, { key });
    });
  }

  async delete(key: string): Promise<boolean> {
    return this.lock.run(key, () => {
      this.cache.forget(key);
      return withTimeout(this.backend.delete(tableKey(key)), this.options.timeoutMs, `deleting table ${key}`);
    });
  }

  /**
   * Keys of every lobby and running game (not finished, cancelled, expired, deleted
   * or set aside), from an index kept with each save: what start-up resumes.
   */
  async liveTables(): Promise<readonly string[]> {
    const keys = await withTimeout(this.backend.liveKeys(), this.options.timeoutMs, 'listing live tables');
    return keys.filter((k) => k.startsWith(TABLE_PREFIX)).map((k) => k.slice(TABLE_PREFIX.length));
  }

  /**
   * The tables due by `until` (ms since the epoch, the bot's clock), soonest first,
   * from an index kept with each save (table/due.ts): what start-up and the poll load.
   */
  async dueTables(until: number): Promise<readonly { readonly id: string; readonly at: number }[]> {
    const due = await withTimeout(this.backend.dueKeys(until), this.options.timeoutMs, 'listing the tables due');
    return due
      .filter((d) => d.key.startsWith(TABLE_PREFIX))
      .map((d) => ({ id: d.key.slice(TABLE_PREFIX.length), at: d.at }));
  }

  /**
   * The lobbies and running games where the user has a seat, on every server (/kingdomino
   * games): from the live index, not a scan of every table kept (finished ones included).
   */
  async openTablesOf(userId: string): Promise<readonly (LobbyTable | PlayingTable)[]> {
    const found = await withTimeout(
      this.backend.liveTablesOf(userId),
      this.options.timeoutMs,
      'finding the games of a player',
    );
    const tables: (LobbyTable | PlayingTable)[] = [];
    for (const key of found) {
      if (!key.startsWith(TABLE_PREFIX)) continue;
      const loaded = await this.get(key.slice(TABLE_PREFIX.length));
      if (loaded.kind === 'found' && (loaded.table.status === 'lobby' || loaded.table.status === 'playing'))
        tables.push(loaded.table);
    }
    return tables;
  }

  /**
   * Every stored table where the user has a seat, games over included (a command in a
   * DM or a group DM finds its games there): slower than openTablesOf (Redis scans).
   */
  async tablesOf(userId: string): Promise<readonly Table[]> {
    const found = await withTimeout(
      this.backend.tablesOf(userId),
      this.options.timeoutMs,
      'finding the tables of a player',
    );
    const tables: Table[] = [];
    for (const { key } of found) {
      if (!key.startsWith(TABLE_PREFIX)) continue;
      const loaded = await this.get(key.slice(TABLE_PREFIX.length));
      if (loaded.kind === 'found') tables.push(loaded.table);
    }
    return tables;
  }

  /** How the user wants to hear that a game waits for them (/kingdomino notify); nothing asked: no DMs. */
  async notifyPrefs(userId: string): Promise<NotifyPrefs> {
    const text = await withTimeout(
      this.backend.keyv.get(notifyKey(userId)),
      this.options.timeoutMs,
      'reading notifications',
    );
    return parseNotifyPrefs(text);
  }

  async setNotifyPrefs(userId: string, prefs: NotifyPrefs): Promise<void> {
    await withTimeout(
      this.backend.keyv.set(notifyKey(userId), JSON.stringify(prefs)),
      this.options.timeoutMs,
      'saving notifications',
    );
  }

  /** One of the user's moves at a correspondence pace took `ms` from their turn's start (kept: the latest PACE_MOVES). */
  async recordMoveTime(userId: string, ms: number): Promise<void> {
    await this.lock.run(paceKey(userId), async () => {
      const key = paceKey(userId);
      const times = parseTimes(await withTimeout(this.backend.keyv.get(key), this.options.timeoutMs, 'reading a pace'));
      const kept = [...times, Math.max(0, Math.round(ms))].slice(-PACE_MOVES);
      await withTimeout(this.backend.keyv.set(key, JSON.stringify(kept)), this.options.timeoutMs, 'saving a pace');
    });
  }

  /** The user's pace in games over days, or null before their first move in one. */
  async pace(userId: string): Promise<PlayerPace | null> {
    const text = await withTimeout(this.backend.keyv.get(paceKey(userId)), this.options.timeoutMs, 'reading a pace');
    const times = parseTimes(text);
    return times.length === 0 ? null : { medianMs: medianOf(times), moves: times.length };
  }

  /**
   * Discord refused a DM to the user (their privacy settings): remembered, so none is
   * tried again. True only for the first of several refusals at once: they are told once.
   */
  async dmsRefused(userId: string): Promise<boolean> {
    return this.lock.run(notifyKey(userId), async () => {
      const prefs = await this.notifyPrefs(userId);
      if (prefs.refused) return false;
      await this.setNotifyPrefs(userId, { ...prefs, directMessages: true, refused: true });
      return true;
    });
  }

  /** Null for a user who never finished a game. */
  async userStats(userId: string): Promise<UserStats | null> {
    return this.backend.userStats(userId);
  }

  /** The user's rating on this server; null before their first rated game there. */
  async rating(guildId: string, userId: string): Promise<PlayerRating | null> {
    const [found] = await withTimeout(
      this.backend.ratings(guildId, [userId]),
      this.options.timeoutMs,
      'reading a rating',
    );
    return found ?? null;
  }

  /**
   * The server's players by rating: `ranked` (RANKED_AFTER_GAMES rated games or more,
   * best display rating first) and `provisional` (fewer, most games first), at most `limit` each.
   */
  async leaderboard(guildId: string, limit = 10): Promise<Leaderboard> {
    if (limit < 1) return { ranked: [], provisional: [] };
    return withTimeout(
      this.backend.leaderboard(guildId, Math.floor(limit), RANKED_AFTER_GAMES),
      this.options.timeoutMs,
      'reading a leaderboard',
    );
  }

  /**
   * `/kingdomino forget-me`: deletes the user's statistics and ratings (every server)
   * and gives their seat in every stored game that is over (finished or cancelled) the
   * name `labelOf(table)` (a neutral label, in the table's language), leaving each
   * game's expiry as it was. Lobbies and running games are
   * not touched, only counted. Safe to run again (what is done already is skipped).
   */
  async forget(userId: string, labelOf: (table: Table) => string): Promise<Forgotten> {
    await withTimeout(this.backend.keyv.delete(notifyKey(userId)), this.options.timeoutMs, 'deleting notifications');
    await withTimeout(this.backend.keyv.delete(paceKey(userId)), this.options.timeoutMs, 'deleting a pace');
    const data = await withTimeout(
      this.backend.forgetUser(userId),
      this.options.timeoutMs,
      'deleting statistics and ratings',
    );
    const tables = await withTimeout(
      this.backend.tablesOf(userId),
      this.options.timeoutMs,
      'finding the tables of a player',
    );
    let renamed = 0;
    let live = 0;
    for (const { key } of tables.filter((t) => t.key.startsWith(TABLE_PREFIX))) {
      const outcome = await this.forgetIn(key.slice(TABLE_PREFIX.length), userId, labelOf);
      if (outcome === 'renamed') renamed++;
      if (outcome === 'live') live++;
    }
    return { statistics: data.statistics, ratings: data.ratings, renamed, live };
  }

  /** Renames the user in one table if its game is over; says what it found. */
  private async forgetIn(
    key: string,
    userId: string,
    labelOf: (table: Table) => string,
  ): Promise<'renamed' | 'live' | 'none'> {
    try {
      const { value } = await this.change(
        key,
        (table): Change<'renamed' | 'live' | 'none'> => {
          if (!isEnded(table))
            return keep(table.seats.some((s) => s.kind === 'human' && s.userId === userId) ? 'live' : 'none');
          const renamed = forgetSeat(table, userId, labelOf(table));
          return renamed === null ? keep('none') : save(renamed, 'renamed');
        },
        true,
      );
      return value;
    } catch (error) {
      // Gone (expired, deleted) or unreadable (now set aside) since it was listed: nothing to rename.
      if (error instanceof StoreError && (error.code === 'missing' || error.code === 'corrupt')) return 'none';
      throw error;
    }
  }

  /** A quarantined value as it was stored, for inspection. */
  async readQuarantined(quarantineKey: string): Promise<string | null> {
    return this.backend.readRaw(quarantineKey);
  }

  async close(): Promise<void> {
    await this.backend.close();
  }

  private async loadForUpdate(key: string): Promise<Table> {
    const loaded = await this.get(key);
    if (loaded.kind === 'found') return loaded.table;
    if (loaded.kind === 'missing') throw new StoreError('missing', `no table is stored under ${key}`, { key });
    throw new StoreError(
      'corrupt',
      `the table stored under ${key} was unreadable (${loaded.reason}) and was moved aside`,
      { key, quarantineKey: loaded.quarantineKey },
    );
  }

  private async setAside(key: string, text: string, reason: string): Promise<Loaded> {
    const quarantineKey = `quarantine:${key}:${Date.now()}`;
    const moved = await this.backend.quarantine(tableKey(key), text, quarantineKey);
    // Not moved: another caller changed or moved it meanwhile; read again to report what is there now.
    return moved ? { kind: 'corrupt', reason, quarantineKey } : this.get(key);
  }

  /** The table as it will be stored: our version and clock, and checked, so nothing invalid is ever written. */
  private stamp(table: UnsavedTable, version: number, previous?: Table): Table {
    const stamped = { ...table, version, updatedAt: Date.now() };
    const checked = checkTable(stamped, previous);
    if (!checked.ok) throw new StoreError('invalid', `refusing to save an invalid table: ${checked.reason}`);
    return checked.table;
  }

  private async commit(commit: Commit): Promise<CommitOutcome> {
    this.saves++;
    return withTimeout(this.backend.commit(commit), this.options.timeoutMs, `saving ${commit.key}`);
  }

  /** How long a table is kept after this save: a paused game (a holiday) does not expire while its clock waits. */
  private ttlOf(table: Table, ended: boolean): number | null {
    if (ended) return this.options.finishedTtlMs;
    return table.status === 'playing' && isPaused(table) ? null : this.options.idleTtlMs;
  }

  /** The save of `next`: with the statistics and ratings of its games when it finishes the table. */
  private async commitOf(key: string, previous: Table | null, next: Table, keepExpiry = false): Promise<Commit> {
    const ended = !needsBot(next);
    // Ratings are read now and written only if unchanged meanwhile (else the save is tried again with fresh ones).
    const current = finishes(previous, next)
      ? await withTimeout(this.backend.ratings(next.guildId, humansOf(next)), this.options.timeoutMs, 'reading ratings')
      : [];
    return {
      key: tableKey(key),
      expectedVersion: previous?.version ?? null,
      text: encodeTable(next),
      ttlMs: keepExpiry ? 'keep' : this.ttlOf(next, ended),
      live: !ended,
      dueAt: dueAt(next, this.options.now(), this.options.timing),
      wasLive: previous !== null && needsBot(previous),
      stats: gameEndStats(previous, next),
      ratings: gameEndRatings(previous, next, current),
    };
  }
}
