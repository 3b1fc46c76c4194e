/** The two back-ends under one interface, so the same store suite runs against both. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@keyv/redis';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { openStore, type StoreConfig, type TableStore } from '../../src/store/index.js';
import type { Table } from '../../src/table/index.js';
import { startRedis } from './redis-server.js';

export interface Harness {
  readonly name: 'sqlite' | 'redis';
  /** A config no other test uses (own file, or own namespace). */
  fresh(): StoreConfig;
  /** Writes text under a table key behind the store's back (to plant corrupt or old values). */
  writeRaw(config: StoreConfig, key: string, text: string): Promise<void>;
  /** When the table under `key` expires (ms since the epoch), as stored; null: never (or no such key). */
  expiresAt(config: StoreConfig, key: string): Promise<number | null>;
  teardown(): Promise<void>;
}

export interface RedisHarness extends Harness {
  /** Starts the server again on the same port (empty) after teardown. */
  restart(): Promise<void>;
  freeze(): void;
  thaw(): void;
}

let counter = 0;
const unique = (): string => `t${process.pid}-${++counter}`;

export function sqliteHarness(): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'kd-store-'));
  return {
    name: 'sqlite',
    fresh: () => ({ sqliteFile: join(dir, `${unique()}.sqlite`) }),
    async writeRaw(config, key, text) {
      const db = new Database(config.sqliteFile!);
      db.prepare('INSERT OR REPLACE INTO kv (key, value, expires) VALUES (?, ?, NULL)').run(
        `kingdomino:table:${key}`,
        text,
      );
      db.close();
    },
    async expiresAt(config, key) {
      const db = new Database(config.sqliteFile!, { readonly: true });
      const row = db
        .prepare<[string], { expires: number | null }>('SELECT expires FROM kv WHERE key = ?')
        .get(`kingdomino:table:${key}`);
      db.close();
      return row?.expires ?? null;
    },
    async teardown() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function redisHarness(): Promise<RedisHarness> {
  let server = await startRedis();
  return {
    name: 'redis',
    fresh: () => ({ redisUrl: server.url, namespace: unique() }),
    async writeRaw(config, key, text) {
      const client = createClient({ url: server.url });
      await client.connect();
      await client.set(`${config.namespace}::table:${key}`, text);
      await client.close();
    },
    async expiresAt(config, key) {
      const client = createClient({ url: server.url });
      await client.connect();
      const at = await client.pExpireTime(`${config.namespace}::table:${key}`);
      await client.close();
      return at < 0 ? null : at;
    },
    teardown: () => server.stop(),
    async restart() {
      server = await startRedis(server.port);
    },
    freeze: () => server.freeze(),
    thaw: () => server.thaw(),
  };
}

export interface Worker {
  readonly child: ChildProcess;
  /** Resolves with the first output line that satisfies `test`. */
  waitFor(test: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves with every output line once the process exits with status 0. */
  done(): Promise<Record<string, unknown>[]>;
}

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

/** Starts test/store/worker.ts in a child process with this job. */
export function startWorker(job: object): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Record<string, unknown>[] = [];
  const waiters: { test: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }[] =
    [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const event = JSON.parse(line) as Record<string, unknown>;
    events.push(event);
    for (const w of waiters.filter((w) => w.test(event))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    waitFor: (test) =>
      new Promise((resolve, reject) => {
        const seen = events.find(test);
        if (seen) return resolve(seen);
        waiters.push({ test, resolve });
        void exited.then((code) => reject(new Error(`worker exited (${code}) first: ${stderr}`)));
      }),
    async done() {
      const code = await exited;
      if (code !== 0) throw new Error(`worker failed (${code}): ${stderr}`);
      return events;
    },
  };
}

const BACKENDS: { name: string; make: () => Promise<Harness> }[] = [
  { name: 'sqlite', make: async () => sqliteHarness() },
  { name: 'redis', make: redisHarness },
];

/** What a store suite gets: the backend's harness (set before the tests run) and `open`. */
export interface StoreSuite {
  readonly h: Harness;
  /** A store on `config`, closed after the test. */
  open(config: StoreConfig): Promise<TableStore>;
}

/** The same suite against each backend (`$name` in the title is the backend's). */
export function describeStores(title: string, suite: (ctx: StoreSuite) => void): void {
  describe.each(BACKENDS)(title, ({ make }) => {
    let harness: Harness | null = null;
    const opened: TableStore[] = [];
    beforeAll(async () => {
      harness = await make();
    });
    afterAll(async () => {
      await harness?.teardown();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
    });
    suite({
      get h() {
        if (!harness) throw new Error('the backend is not up yet');
        return harness;
      },
      async open(config) {
        const store = await openStore(config);
        opened.push(store);
        return store;
      },
    });
  });
}

/** The table a load found (a test fails on anything else). */
export function found(loaded: Awaited<ReturnType<TableStore['get']>>): Table {
  if (loaded.kind !== 'found') throw new Error(`expected a table, got ${JSON.stringify(loaded)}`);
  return loaded.table;
}
