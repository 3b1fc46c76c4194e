/** Leagues' storage, on SQLite and Redis: a league read back as saved, after a reopen, indexed, forgotten. */
import { expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { League } from '../../src/table/index.js';
import { describeStores } from './harness.js';

function league(id: string, players: number): League {
  let l = table.newLeague({
    id,
    guildId: 'g1',
    channelId: 'c1',
    name: `League ${id}`,
    createdBy: 'mod',
    now: 5,
    rules: {
      size: '3or4',
      format: 'swiss',
      rounds: 4,
      cap: 256,
      roundMs: 1000,
      settings: { ...NO_VARIANTS, turnTimerS: 43_200, pace: '12h' },
    },
  });
  for (let i = 0; i < players; i++) {
    const joined = table.joinLeague(l, `u${i}`, `User ${i}`);
    if (joined.ok) l = joined.value;
  }
  return l;
}

describeStores('the league store ($name)', (s) => {
  const open = s.open.bind(s);

  it('keeps a 256-player league mid-round across a reopen, and lists it', async () => {
    const config = s.h.fresh();
    const store = await open(config);
    const seated = table.seatNextRound(league('big', 256), 10);
    if (!seated.ok) throw new Error(seated.refusal);
    expect(await store.leagues.create(seated.value)).toBe(true);
    expect(await store.leagues.create(seated.value)).toBe(false);
    await store.close();
    const reopened = await open(config);
    expect(await reopened.leagues.get('big')).toEqual(seated.value);
    expect(await reopened.leagues.list()).toEqual([
      { id: 'big', guildId: 'g1', channelId: 'c1', name: 'League big', status: 'running' },
    ]);
  });

  it('changes a league under its lock, each change seeing the one before', async () => {
    const store = await open(s.h.fresh());
    await store.leagues.create(league('L', 0));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.leagues.update('L', (l) => {
          const joined = table.joinLeague(l, `p${i}`, `P ${i}`);
          return { league: joined.ok ? joined.value : null, value: joined.ok };
        }),
      ),
    );
    expect((await store.leagues.get('L'))!.players).toHaveLength(20);
    expect(await store.leagues.update('nope', (l) => ({ league: l, value: 1 }))).toBeNull();
  });

  it("forgets a player's name in every league", async () => {
    const store = await open(s.h.fresh());
    await store.leagues.create(league('A', 3));
    await store.leagues.create(league('B', 2));
    expect(await store.leagues.forget('u1', 'Former player')).toBe(2);
    expect(await store.leagues.forget('u1', 'Former player')).toBe(0);
    const a = await store.leagues.get('A');
    expect(a!.players.map((p) => p.name)).toEqual(['User 0', 'Former player', 'User 2']);
  });
});
