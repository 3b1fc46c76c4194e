/** The daily deal's storage, on SQLite and Redis: one result per player and day, streaks, standings, forgetting. */
import { expect, it } from 'vitest';
import { dailyGame, type DailyEntry } from '../../src/table/index.js';
import { describeStores } from './harness.js';

const entry = (userId: string, score: number, at = 1): DailyEntry => ({
  userId,
  name: `name-${userId}`,
  score,
  crowns: 2,
  largestTerritory: 4,
  at,
});

describeStores('the daily store ($name)', (s) => {
  const open = s.open.bind(s);
  it('keeps one scored result per player and day, whatever the server', async () => {
    const store = await open(s.h.fresh());
    expect((await store.daily.record('g1', 3, entry('ann', 40))).kind).toBe('recorded');
    expect(await store.daily.record('g2', 3, entry('ann', 55))).toEqual({ kind: 'already' });
    expect(await store.daily.hasResult(3, 'ann')).toBe(true);
    expect(await store.daily.standings('g2', 3)).toEqual([]);
    const recorded = await store.daily.record('g1', 3, entry('bob', 52));
    expect(recorded.kind === 'recorded' && recorded.standings.map((e) => e.userId)).toEqual(['bob', 'ann']);
  });

  it('counts streaks over consecutive days and keeps the best days', async () => {
    const store = await open(s.h.fresh());
    for (const [day, score] of [
      [1, 30],
      [2, 45],
      [3, 38],
      [5, 50],
    ] as const)
      await store.daily.record('g1', day, entry('ann', score));
    const user = await store.daily.user('ann');
    expect(user.streak).toEqual({ lastDay: 5, current: 1, best: 3 });
    expect(user.best[0]).toEqual({ day: 5, score: 50 });
    expect((await store.daily.month('g1', 5)).flat()).toHaveLength(4);
  });

  it('keeps a running game, the hard score and the daily channels', async () => {
    const store = await open(s.h.fresh());
    const play = { day: 4, userId: 'ann', guildId: 'g1', name: 'Ann', game: dailyGame(4, 's', 'Ann'), scored: true };
    await store.daily.savePlay(play);
    expect(await store.daily.play(4, 'ann')).toEqual(play);
    expect(await store.daily.play(4, 'bob')).toBeNull();
    await store.daily.saveHardScore(4, 61);
    expect(await store.daily.hardScore(4)).toBe(61);
    await store.daily.setChannel('g1', 'c1', 4);
    expect(await store.daily.channels()).toEqual({ g1: { channelId: 'c1', postedDay: 3 } });
    expect(await store.daily.markPosted('g1', 4)).toBe(true);
    expect(await store.daily.markPosted('g1', 4)).toBe(false);
    await store.daily.setChannel('g1', null, 5);
    expect(await store.daily.channels()).toEqual({});
  });

  it('forgets a player: results, streak and games, leaving the others', async () => {
    const store = await open(s.h.fresh());
    await store.daily.record('g1', 7, entry('ann', 40));
    await store.daily.record('g1', 7, entry('bob', 30));
    await store.daily.savePlay({
      day: 8,
      userId: 'ann',
      guildId: 'g1',
      name: 'Ann',
      game: dailyGame(8, 's', 'Ann'),
      scored: true,
    });
    expect(await store.daily.forget('ann', 8)).toBe(1);
    expect((await store.daily.standings('g1', 7)).map((e) => e.userId)).toEqual(['bob']);
    expect(await store.daily.play(8, 'ann')).toBeNull();
    expect((await store.daily.user('ann')).streak.current).toBe(0);
    expect(await store.daily.forget('ann', 8)).toBe(0);
  });
});
