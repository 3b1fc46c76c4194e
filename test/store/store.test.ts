/**
 * The store's behaviour, the same suite against SQLite (a temporary file) and a
 * real Redis server started for the run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { checkRecord, result, toRecord } from '../../src/game/index.js';
import { keep, openStore, save, StoreError } from '../../src/store/index.js';
import {
  RANKED_AFTER_GAMES,
  reminded,
  showing,
  shownDone,
  TABLE_SCHEMA,
  withPace,
  type Table,
  type TableSeat,
} from '../../src/table/index.js';
import { MIGRATIONS } from '../../src/store/schema.js';
import { appendLog, finished, humans, lobby, logOf, newGame, play, playing } from './fixtures.js';
import { describeStores, found, redisHarness, sqliteHarness } from './harness.js';

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describeStores('store on $name', (ctx) => {
  const { open } = ctx;
  it('creates, reads back and refuses to create twice', async () => {
    const store = await open(ctx.h.fresh());
    expect(await store.get('t1')).toEqual({ kind: 'missing' });
    const created = await store.create('t1', lobby('t1'));
    expect(created.version).toBe(1);
    expect(found(await store.get('t1'))).toEqual(created);
    await expect(store.create('t1', lobby('t1'))).rejects.toMatchObject({ code: 'exists' });
  });

  it('saves a change with a new version, keeps the table on keep(), and returns the caller value', async () => {
    const store = await open(ctx.h.fresh());
    await store.create('t1', lobby('t1'));
    const moved = await store.update('t1', (t) => save({ ...t, hostId: 'u9' }, 'moved'));
    expect(moved).toMatchObject({ value: 'moved', saved: true, table: { version: 2, hostId: 'u9' } });
    const kept = await store.update('t1', () => keep({ code: 'not-your-turn' }));
    expect(kept).toMatchObject({ value: { code: 'not-your-turn' }, saved: false, table: { version: 2 } });
    expect(found(await store.get('t1')).hostId).toBe('u9');
  });

  it("lists a player's lobbies and running games, not their finished games nor others'", async () => {
    const store = await open(ctx.h.fresh());
    const annBob = humans('ann', 'bob');
    await store.create('l1', lobby('l1', annBob));
    await store.create('r1', playing(lobby('r1', annBob), newGame(annBob, 'r1')));
    await store.create('f1', finished(lobby('f1', annBob), play(newGame(annBob, 'f1'))));
    await store.create('l2', lobby('l2', humans('cy')));
    const ids = (await store.openTablesOf('ann')).map((t) => t.id).sort();
    expect(ids).toEqual(['l1', 'r1']);
    expect(await store.openTablesOf('dee')).toEqual([]);
  });

  it('reports a missing table and leaves the table alone when the update function throws', async () => {
    const store = await open(ctx.h.fresh());
    await expect(store.update('nope', (t) => save(t))).rejects.toMatchObject({ code: 'missing' });
    await store.create('t1', lobby('t1'));
    await expect(
      store.update('t1', () => {
        throw new Error('bug in caller');
      }),
    ).rejects.toThrow('bug in caller');
    expect(found(await store.get('t1')).version).toBe(1);
  });

  it('never writes an invalid table', async () => {
    const store = await open(ctx.h.fresh());
    await store.create('t1', lobby('t1'));
    const broken = { ...lobby('t1'), status: 'playing', game: { schema: 1 } } as unknown as Table;
    await expect(store.update('t1', () => save(broken))).rejects.toMatchObject({ code: 'invalid' });
    expect(found(await store.get('t1')).status).toBe('lobby');
  });

  it('keeps a whole game: state, messages and seats come back identical', async () => {
    const store = await open(ctx.h.fresh());
    const seats = humans('u1', 'u2', 'u3', 'u4');
    const game = play(newGame(seats), 30);
    const stored = await store.create('t1', {
      ...playing(lobby('t1', seats), game),
      messages: {
        lobbyChannelId: 'channel-1',
        lobbyMessageId: 't1',
        threadId: 't1',
        turnMessageId: 'm42',
      },
    });
    expect(found(await store.get('t1'))).toEqual(stored);
  });

  it('loses no update when many arrive at once in one process', async () => {
    const store = await open(ctx.h.fresh());
    await store.create('t1', lobby('t1'));
    await Promise.all(Array.from({ length: 60 }, (_, i) => store.update('t1', (t) => save(appendLog(t, `e${i}`)))));
    const table = found(await store.get('t1'));
    expect(new Set(logOf(table)).size).toBe(60);
    expect(table.version).toBe(61);
  });

  it('reports a corrupt entry once, keeps it aside, and goes on working', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    await store.create('good', lobby('good'));
    await ctx.h.writeRaw(config, 'bad', '{"schema":1,"version":3,"id":');
    const loaded = await store.get('bad');
    expect(loaded).toMatchObject({ kind: 'corrupt', reason: 'not JSON' });
    if (loaded.kind !== 'corrupt') return;
    expect(await store.readQuarantined(loaded.quarantineKey)).toBe('{"schema":1,"version":3,"id":');
    expect(await store.get('bad')).toEqual({ kind: 'missing' });
    expect(found(await store.get('good')).id).toBe('good');
    await store.create('bad', lobby('bad'));
    expect(found(await store.get('bad')).version).toBe(1);
  });

  it('reports an update of a corrupt entry as a typed error', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    const seats = humans('u1', 'u2');
    const game = newGame(seats);
    const table = { ...playing(lobby('t1', seats), game), version: 4, updatedAt: 1 };
    await ctx.h.writeRaw(config, 't1', JSON.stringify({ ...table, game: { ...game, kingdoms: [] } }));
    const error = await store.update('t1', (t) => save(t)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ code: 'corrupt', message: expect.stringContaining('bad game state') });
  });

  it('migrates an older schema and refuses one it does not know', async () => {
    const config = ctx.h.fresh();
    // A fake schema 0 that kept the thread id at the top level.
    const migrations = {
      ...MIGRATIONS,
      0: ({ threadId, messages, ...rest }: Record<string, unknown>) => ({
        ...rest,
        schema: 1,
        messages: { ...(messages as object), threadId },
      }),
    };
    const store = await open({ ...config, migrations });
    const { messages, ...current } = { ...lobby('old'), version: 7, updatedAt: 1 };
    const v0 = { ...current, schema: 0, threadId: 'thread-9', messages: { ...messages, threadId: undefined } };
    await ctx.h.writeRaw(config, 'old', JSON.stringify(v0));
    const migrated = found(await store.get('old'));
    expect(migrated).toMatchObject({ schema: TABLE_SCHEMA, version: 7, messages: { threadId: 'thread-9' } });
    expect((await store.update('old', (t) => save(t))).table.version).toBe(8);
    await ctx.h.writeRaw(config, 'future', JSON.stringify({ ...current, schema: 99 }));
    expect(await store.get('future')).toMatchObject({ kind: 'corrupt', reason: 'unknown schema version 99' });
  });

  it('counts finished games once into user statistics and the server leaderboard', async () => {
    const store = await open(ctx.h.fresh());
    const seats = humans('ann', 'bob');
    const game = play(newGame(seats, 'stats-1'));
    const outcome = result(game)!;
    const scoreOf = (p: number): number => outcome.scores.find((s) => s.player === p)!.total;
    const [ann, bob] = [scoreOf(0), scoreOf(1)];
    await store.create('g1', playing(lobby('g1', seats), play(newGame(seats, 'stats-1'), 5)));
    await store.update('g1', (t) => save(finished(t, game)));
    await store.update('g1', (t) => save({ ...t, messages: { ...t.messages, turnMessageId: 'final' } }));

    const annStats = await store.userStats('ann');
    expect(annStats).toMatchObject({
      games: 1,
      wins: outcome.winners.includes(0) ? 1 : 0,
      bestScore: ann,
      totalScore: ann,
      averageScore: ann,
    });
    expect(await store.userStats('bob')).toMatchObject({ games: 1, bestScore: bob });
    expect(await store.userStats('nobody')).toBeNull();

    // A second game in the same server, against an AI seat that has no statistics.
    const vsAi = [...humans('ann'), { kind: 'ai', level: 'easy', name: 'Bot' } as const];
    const game2 = play(newGame(vsAi, 'stats-2'));
    const ann2 = result(game2)!.scores.find((s) => s.player === 0)!.total;
    await store.create('g2', finished(lobby('g2', vsAi), game2));
    await store.update('g2', (t) => save(finished(t, game2)));
    await store.create('g3', { ...lobby('g3', seats), status: 'cancelled', finishedAt: 1 });

    const both = await store.userStats('ann');
    expect(both).toMatchObject({ games: 2, bestScore: Math.max(ann, ann2), totalScore: ann + ann2 });
    // Two rated games for ann, one for bob: both still provisional, most games first.
    expect(await store.rating('guild-1', 'ann')).toMatchObject({ games: 2 });
    expect(await store.rating('guild-1', 'bob')).toMatchObject({ games: 1 });
    const board = await store.leaderboard('guild-1', 10);
    expect(board.ranked).toEqual([]);
    expect(board.provisional.map((r) => [r.userId, r.games])).toEqual([
      ['ann', 2],
      ['bob', 1],
    ]);
    expect((await store.leaderboard('guild-1', 1)).provisional).toHaveLength(1);
    expect(await store.leaderboard('other-guild', 10)).toEqual({ ranked: [], provisional: [] });
    expect(await store.rating('other-guild', 'ann')).toBeNull();
  });

  it('ranks a server by rating from RANKED_AFTER_GAMES games; a cancelled game rates nothing', async () => {
    const store = await open(ctx.h.fresh());
    const vsEasy: TableSeat[] = [...humans('cat'), { kind: 'ai', level: 'easy', name: 'Easy AI' }];
    const vsHard: TableSeat[] = [...humans('dan'), { kind: 'ai', level: 'hard', name: 'Hard AI' }];
    for (let i = 0; i < RANKED_AFTER_GAMES; i++) {
      await store.create(`e${i}`, finished(lobby(`e${i}`, vsEasy), play(newGame(vsEasy, `e${i}`))));
      if (i > 0) await store.create(`h${i}`, finished(lobby(`h${i}`, vsHard), play(newGame(vsHard, `h${i}`))));
    }
    await store.create('c', { ...lobby('c', humans('eve', 'fay')), status: 'cancelled', finishedAt: 1 });
    const board = await store.leaderboard('guild-1');
    expect(board.ranked.map((r) => [r.userId, r.games])).toEqual([['cat', RANKED_AFTER_GAMES]]);
    expect(board.provisional.map((r) => [r.userId, r.games])).toEqual([['dan', RANKED_AFTER_GAMES - 1]]);
    await store.create('h0', finished(lobby('h0', vsHard), play(newGame(vsHard, 'h0'))));
    const after = await store.leaderboard('guild-1');
    expect(after.provisional).toEqual([]);
    expect(after.ranked.map((r) => r.userId).sort()).toEqual(['cat', 'dan']);
    expect(after.ranked[0]!.display).toBeGreaterThanOrEqual(after.ranked[1]!.display);
    expect(await store.rating('guild-1', 'eve')).toBeNull();
  });

  it('forgets a user: statistics and ratings everywhere, their name in games that are over (expiry kept), never a running game', async () => {
    const config = ctx.h.fresh();
    const store = await open(config);
    const annBob = humans('ann', 'bob');
    const annAi: TableSeat[] = [...humans('ann'), { kind: 'ai', level: 'normal', name: 'Normal AI' }];
    await store.create('g1', finished(lobby('g1', annBob), play(newGame(annBob, 'g1'))));
    await store.create('g2', finished(lobby('g2', annAi, 'guild-2'), play(newGame(annAi, 'g2'))));
    await store.create('g3', {
      ...playing(lobby('g3', annBob), play(newGame(annBob, 'g3'), 9)),
      status: 'cancelled',
      finishedAt: 1,
    } as never);
    await store.create('g4', finished(lobby('g4', humans('bob', 'cy')), play(newGame(humans('bob', 'cy'), 'g4'))));
    const running = await store.create('r1', playing(lobby('r1', annBob), newGame(annBob, 'r1')));
    const waiting = await store.create('l1', lobby('l1', annBob));
    const expiry = await ctx.h.expiresAt(config, 'g1');
    expect(expiry).not.toBeNull();
    const bobBefore = await store.userStats('bob');

    const done = await store.forget('ann', () => 'Former player');
    expect(done).toEqual({ statistics: true, ratings: 2, renamed: 3, live: 2 });
    expect(await store.userStats('ann')).toBeNull();
    expect(await store.rating('guild-1', 'ann')).toBeNull();
    expect(await store.rating('guild-2', 'ann')).toBeNull();
    expect((await store.leaderboard('guild-1')).provisional.map((r) => r.userId)).toEqual(['bob', 'cy']);
    expect(await store.userStats('bob')).toEqual(bobBefore);

    // Another process reads the renamed games: valid tables, valid records, the same expiry.
    const other = await open(config);
    const g1 = found(await other.get('g1'));
    if (g1.status !== 'finished') throw new Error('g1 should be finished');
    expect(g1.seats[0]).toEqual({ kind: 'human', userId: 'ann', name: 'Former player' });
    expect(g1.seats[1]!.name).toBe('name-bob');
    expect(g1.game.seats.map((s) => s.name)).toEqual(['Former player', 'name-bob']);
    const record = toRecord(g1.game);
    expect(record.players[0]!.name).toBe('Former player');
    expect(checkRecord(JSON.parse(JSON.stringify(record))).ok).toBe(true);
    expect(await ctx.h.expiresAt(config, 'g1')).toBe(expiry);
    expect(found(await other.get('g2')).seats[0]!.name).toBe('Former player');
    const g3 = found(await other.get('g3'));
    expect(g3.status === 'cancelled' && g3.game?.seats[0]!.name).toBe('Former player');
    expect(found(await other.get('g4')).seats.map((s) => s.name)).toEqual(['name-bob', 'name-cy']);
    expect(found(await other.get('r1'))).toEqual(running);
    expect(found(await other.get('l1'))).toEqual(waiting);

    // Again: nothing left to do, and the running game is still left alone.
    expect(await other.forget('ann', () => 'Former player')).toEqual({
      statistics: false,
      ratings: 0,
      renamed: 0,
      live: 2,
    });
    expect(await other.forget('nobody', () => 'Former player')).toEqual({
      statistics: false,
      ratings: 0,
      renamed: 0,
      live: 0,
    });
  });

  it('expires finished tables after their time and keeps running ones', async () => {
    const store = await open({ ...ctx.h.fresh(), finishedTtlMs: 300, idleTtlMs: null });
    await store.create('running', lobby('running'));
    await store.create('over', lobby('over'));
    await store.update('over', (t) => save({ ...t, status: 'cancelled', finishedAt: Date.now() }));
    expect(found(await store.get('over')).status).toBe('cancelled');
    await until(async () => (await store.get('over')).kind === 'missing');
    expect(found(await store.get('running')).status).toBe('lobby');
    await store.create('over', lobby('over'));
  });

  it('keeps a game whose clock is paused however long the holiday, while an idle one expires', async () => {
    const store = await open({ ...ctx.h.fresh(), idleTtlMs: 300 });
    const seats = humans('u1', 'u2');
    await store.create('paused', playing(lobby('paused', seats), newGame(seats)));
    await store.create('idle', playing(lobby('idle', seats), newGame(seats)));
    await store.update('paused', (t) => save(t.status === 'playing' ? { ...t, pausedAt: Date.now() } : t));
    await until(async () => (await store.get('idle')).kind === 'missing');
    expect(found(await store.get('paused')).status).toBe('playing');
  });

  it('lists lobbies and running games, and no table that ended, expired, was deleted or set aside', async () => {
    const config = { ...ctx.h.fresh(), idleTtlMs: 400 };
    const store = await open(config);
    const seats = humans('u1', 'u2');
    await store.create('lobby', lobby('lobby', seats));
    await store.create('running', playing(lobby('running', seats), newGame(seats)));
    for (const key of ['finished', 'cancelled', 'deleted', 'corrupt', 'expiring'])
      await store.create(key, lobby(key, seats));
    await store.update('finished', (t) => save(finished(t, play(newGame(seats)))));
    await store.update('cancelled', (t) => save({ ...t, status: 'cancelled', finishedAt: Date.now() }));
    await store.delete('deleted');
    await ctx.h.writeRaw(config, 'corrupt', 'not json');
    expect((await store.get('corrupt')).kind).toBe('corrupt');
    const other = await open(config);
    expect([...(await other.liveTables())].sort()).toEqual(['expiring', 'lobby', 'running']);

    // Saves keep a table listed and push its expiry back; the one left alone expires and drops out.
    await until(async () => {
      await store.update('lobby', (t) => save(t));
      await store.update('running', (t) => save(t));
      return !(await store.liveTables()).includes('expiring');
    });
    expect([...(await store.liveTables())].sort()).toEqual(['lobby', 'running']);
  });

  it('indexes when each table next needs the bot: only those due by then are listed, soonest first', async () => {
    const store = await open(ctx.h.fresh());
    const seats = humans('u1', 'u2');
    const started = Date.now();
    const oneDay = withPace(lobby('x', seats).settings, '1d');
    await store.create('lobby', lobby('lobby', seats));
    await store.create('untimed', playing(lobby('untimed', seats), newGame(seats)));
    const daily = playing({ ...lobby('daily', seats), settings: oneDay }, newGame(seats));
    await store.create('daily', { ...daily, turnStartedAt: started } as typeof daily);
    await store.create('showing', playing(lobby('showing', seats), newGame(seats)));
    await store.update('showing', (t) => save(showing(t, started)));
    await store.create('ended', playing(lobby('ended', seats), newGame(seats)));
    await store.update('ended', (t) => save(finished(t, play(newGame(seats)))));

    const now = await store.dueTables(started + 60_000);
    expect(now.map((d) => d.id)).toEqual(['showing']);
    // The daily game's reminder, six hours before its deadline.
    const remindAt = started + 18 * 3_600_000;
    const later = await store.dueTables(remindAt);
    expect(later).toEqual([expect.objectContaining({ id: 'showing' }), { id: 'daily', at: remindAt }]);
    // Reminded: due at the deadline now; shown: due no more; deleted: gone.
    await store.update('daily', (t) => save(t.status === 'playing' ? reminded(t) : t));
    await store.update('showing', (t) => save(shownDone(t)));
    expect(await store.dueTables(remindAt)).toEqual([]);
    expect(await store.dueTables(started + 24 * 3_600_000)).toEqual([{ id: 'daily', at: started + 24 * 3_600_000 }]);
    await store.delete('daily');
    expect(await store.dueTables(Infinity)).toEqual([]);
  });

  it('deletes a table', async () => {
    const store = await open(ctx.h.fresh());
    await store.create('t1', lobby('t1'));
    expect(await store.delete('t1')).toBe(true);
    expect(await store.get('t1')).toEqual({ kind: 'missing' });
    expect(await store.delete('t1')).toBe(false);
  });
});

describe('live tables in a SQLite file from before the live index', () => {
  it('are indexed once when the file is opened', async () => {
    const h = sqliteHarness();
    try {
      const config = h.fresh();
      const seats = humans('u1', 'u2');
      const store = await openStore(config);
      await store.create('running', playing(lobby('running', seats), newGame(seats)));
      await store.create('over', finished(lobby('over', seats), play(newGame(seats))));
      await store.close();
      await h.writeRaw(config, 'garbage', '{');
      const db = new Database(config.sqliteFile!);
      db.exec('DROP TABLE live');
      db.close();
      const reopened = await openStore(config);
      expect(await reopened.liveTables()).toEqual(['running']);
      await reopened.close();
    } finally {
      await h.teardown();
    }
  });
});

describe('storage failures', () => {
  it('a full SQLite disk is a typed error and the stored game stays intact', async () => {
    const h = sqliteHarness();
    const store = await openStore({ ...h.fresh(), sqliteMaxPages: 40 });
    await store.create('t1', lobby('t1'));
    const huge = humans('u1').map((s) => ({ ...s, name: 'n'.repeat(400_000) }));
    await expect(store.update('t1', (t) => save({ ...t, seats: huge }))).rejects.toMatchObject({ code: 'unavailable' });
    expect(found(await store.get('t1')).seats).toEqual(humans('u1'));
    expect((await store.update('t1', (t) => save({ ...t, hostId: 'u2' }))).table.version).toBe(2);
    await store.close();
    await h.teardown();
  });

  it('an SQLite file that cannot be created is a typed error', async () => {
    const h = sqliteHarness();
    const { sqliteFile } = h.fresh();
    writeFileSync(sqliteFile!, 'a plain file, not a directory');
    await expect(openStore({ sqliteFile: join(sqliteFile!, 'data', 'kingdomino.sqlite') })).rejects.toMatchObject({
      code: 'unavailable',
    });
    await h.teardown();
  });

  it('Redis going down gives a typed error, and service resumes when it is back', async () => {
    const h = await redisHarness();
    const config = h.fresh();
    const store = await openStore({ ...config, redisTimeoutMs: 1000 });
    await store.create('t1', lobby('t1'));
    await h.teardown();
    await expect(store.get('t1')).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store.update('t1', (t) => save(t))).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store.create('t2', lobby('t2'))).rejects.toMatchObject({ code: 'unavailable' });
    await h.restart();
    await until(async () => (await store.get('t2').catch(() => null))?.kind === 'missing');
    expect((await store.create('t2', lobby('t2'))).version).toBe(1);
    await store.close();
    await h.teardown();
  }, 10_000);

  it('a Redis that stops answering gives a typed error once the deadline passes', async () => {
    const h = await redisHarness();
    const store = await openStore({ ...h.fresh(), redisTimeoutMs: 500 });
    await store.create('t1', lobby('t1'));
    h.freeze();
    const error = await store.update('t1', (t) => save(t)).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'unavailable',
      message: expect.stringContaining('did not answer within 500 ms'),
    });
    h.thaw();
    await until(async () => (await store.get('t1').catch(() => null))?.kind === 'found');
    await store.close();
    await h.teardown();
  }, 10_000);

  it('an unreachable Redis is a typed error when opening', async () => {
    const h = await redisHarness();
    const { redisUrl } = h.fresh();
    await h.teardown();
    await expect(openStore({ redisUrl: redisUrl!, redisTimeoutMs: 1000 })).rejects.toMatchObject({
      code: 'unavailable',
    });
  }, 10_000);
});
