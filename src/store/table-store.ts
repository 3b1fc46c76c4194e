/** The store proper: keys, locking, compare-and-set retries, validation, expiry. */
import type { Backend, Commit } from './backend.js';
import { StoreError, withTimeout } from './errors.js';
import { checkTable, encodeTable, readStored, type Migrations } from './schema.js';
import { gameEndStats } from './stats.js';
import type { Table } from '../table/index.js';
import type { UnsavedTable, UserStats } from './types.js';

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
}

const MAX_ATTEMPTS = 50;
/** Tables remembered with the exact text they were read or written as. */
const CACHE_SIZE = 500;
const TABLE_PREFIX = 'table:';
const isLive = (table: Table): boolean => table.status === 'lobby' || table.status === 'playing';
const tableKey = (key: string): string => `${TABLE_PREFIX}${key}`;

/** Serialises tasks per key inside this process (other processes are handled by the compare-and-set). */
class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const tail = previous.then(() => new Promise<void>((resolve) => { release = resolve; }));
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

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

export class TableStore {
  private readonly lock = new KeyedLock();
  private readonly cache = new DecodedCache();

  constructor(private readonly backend: Backend, private readonly options: TableStoreOptions) {}

  get kind(): 'sqlite' | 'redis' {
    return this.backend.kind;
  }

  async get(key: string): Promise<Loaded> {
    const text = await withTimeout(this.backend.keyv.get(tableKey(key)), this.options.timeoutMs, `reading table ${key}`);
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
      const commit = this.commitOf(key, null, created);
      if (!(await this.backend.commit(commit))) throw new StoreError('exists', `a table is already stored under ${key}`, { key });
      this.cache.remember(key, commit.text, created);
      return created;
    });
  }

  /**
   * Load, let `fn` decide, save with compare-and-set; on a conflict with another
   * process, load again and call `fn` again (so `fn` must not have side effects).
   */
  async update<R>(key: string, fn: (table: Table) => Change<R> | Promise<Change<R>>): Promise<Updated<R>> {
    return this.lock.run(key, async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const current = await this.loadForUpdate(key);
        const change = await fn(current);
        if (change.kind === 'keep') return { value: change.value, table: current, saved: false };
        const next = this.stamp(change.table, current.version + 1, current);
        const commit = this.commitOf(key, current, next);
        if (await this.backend.commit(commit)) {
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

  /** Null for a user who never finished a game. */
  async userStats(userId: string): Promise<UserStats | null> {
    return this.backend.userStats(userId);
  }

  /** Best first: most wins, then best average score. */
  async leaderboard(guildId: string, limit = 10): Promise<readonly UserStats[]> {
    return limit < 1 ? [] : this.backend.leaderboard(guildId, Math.floor(limit));
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
    throw new StoreError('corrupt', `the table stored under ${key} was unreadable (${loaded.reason}) and was moved aside`,
      { key, quarantineKey: loaded.quarantineKey });
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

  private commitOf(key: string, previous: Table | null, next: Table): Commit {
    const ended = !isLive(next);
    return {
      key: tableKey(key),
      expectedVersion: previous?.version ?? null,
      text: encodeTable(next),
      ttlMs: ended ? this.options.finishedTtlMs : this.options.idleTtlMs,
      live: !ended,
      wasLive: previous !== null && isLive(previous),
      stats: gameEndStats(previous, next),
    };
  }
}
