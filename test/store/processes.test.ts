/**
 * The store shared by processes (shards, a restart mid-write): the same suite against
 * SQLite and Redis, each process a child of this one. In the slow suite: every child
 * starts under tsx.
 */
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import type { TableSeat } from '../../src/table/index.js';
import { save } from '../../src/store/index.js';
import { appendLog, humans, lobby, logOf, newGame, play, playing } from './fixtures.js';
import { describeStores, found, startWorker } from './harness.js';

describeStores('store on $name, shared by processes', (ctx) => {
  const { open } = ctx;

  it('reads in one process what another process wrote, and the other way round', async () => {
    const config = ctx.h.fresh();
    await startWorker({ op: 'create', config, key: 'from-child' }).done();
    const store = await open(config);
    expect(found(await store.get('from-child')).id).toBe('from-child');
    await store.create('from-parent', lobby('from-parent'));
    const [read] = await startWorker({ op: 'read', config, key: 'from-parent' }).done();
    expect(read).toMatchObject({ loaded: { kind: 'found', table: { id: 'from-parent', version: 1 } } });
  });

  it('loses nothing when two processes update one game concurrently', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    await store.create('t1', lobby('t1'));
    const workers = ['a', 'b'].map((tag) => startWorker({ op: 'append', config, key: 't1', count: 100, tag }));
    await Promise.all(workers.map((w) => w.done()));
    const table = found(await store.get('t1'));
    expect(new Set(logOf(table)).size).toBe(200);
    expect(table.version).toBe(201);
  });

  it('leaves the old or the new table, never garbage, when a writer is killed mid-write', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    await store.create('t1', lobby('t1'));
    const worker = startWorker({ op: 'churn', config, key: 't1', tag: 'k' });
    await worker.waitFor((e) => typeof e['version'] === 'number' && e['version'] >= 40);
    const killed = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGKILL');
    await killed;
    const table = found(await store.get('t1'));
    expect(table.version).toBeGreaterThanOrEqual(40);
    expect(logOf(table)).toHaveLength(table.version - 1);
    if (config.sqliteFile) {
      const db = new Database(config.sqliteFile, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
    const after = await store.update('t1', (t) => save(appendLog(t, 'after the crash')));
    expect(after.table.version).toBe(table.version + 1);
  });

  it('rates each finished game once, in its save, when two processes finish the same games (and others of the same players) at once', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    const seats: TableSeat[] = [...humans('ann', 'bob'), { kind: 'ai', level: 'hard', name: 'Hard AI' }];
    const keys = Array.from({ length: 8 }, (_, i) => `g${i}`);
    for (const key of keys) await store.create(key, playing(lobby(key, seats), play(newGame(seats, key), 6)));
    const workers = ['a', 'b'].map(() => startWorker({ op: 'finish', config, keys }));
    const said = (await Promise.all(workers.map((w) => w.done()))).flat();
    expect(said.reduce((n, e) => n + (e['finished'] as number), 0)).toBe(keys.length);

    const other = await open(config);
    for (const userId of ['ann', 'bob']) {
      expect(await other.userStats(userId)).toMatchObject({ games: keys.length });
      const rating = (await other.rating('guild-1', userId))!;
      expect(rating).toMatchObject({ userId, games: keys.length });
      expect(rating.display).toBeCloseTo(rating.mu - 3 * rating.sigma, 9);
      expect(rating.trail.at(-1)).toBe(rating.display);
    }
    const board = await other.leaderboard('guild-1');
    expect(board.provisional).toEqual([]);
    expect(board.ranked.map((r) => r.userId).sort()).toEqual(['ann', 'bob']);
    expect(board.ranked[0]!.display).toBeGreaterThanOrEqual(board.ranked[1]!.display);
    // Saving a finished table again counts nothing.
    await other.update('g0', (t) => save({ ...t, messages: { ...t.messages, turnMessageId: 'final' } }));
    expect(await other.rating('guild-1', 'ann')).toMatchObject({ games: keys.length });
  }, 60_000);
});
