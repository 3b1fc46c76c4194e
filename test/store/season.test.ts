/** The rating seasons' storage, on SQLite and Redis: the season under way, the ladders kept, a player forgotten. */
import { expect, it } from 'vitest';
import { seasonAt } from '../../src/table/index.js';
import { rating } from '../support/ratings.js';
import { describeStores } from './harness.js';

const NOV = Date.UTC(2026, 10, 15);
const DEC = Date.UTC(2026, 11, 2);

describeStores('the season store ($name)', (s) => {
  it('keeps the season under way and the ladders of those over, across a reopen', async () => {
    const config = s.h.fresh();
    const store = await s.open(config);
    await store.seasons.update('g1', (current) => seasonAt(current, [rating('ann', 1, 3)], NOV));
    const later = [rating('ann', 5, 9), rating('bob', 3, 7)];
    const { ended } = await store.seasons.update('g1', (current) => seasonAt(current, later, DEC));
    expect(ended?.ladder.ranked.map((r) => r.userId)).toEqual(['ann', 'bob']);
    await store.close();
    const again = await s.open(config);
    expect(await again.seasons.current('g1')).toMatchObject({ number: 2, start: { ann: { games: 5 } } });
    expect(await again.seasons.past('g1', 1)).toEqual(ended);
    expect(await again.seasons.past('g1', 2)).toBeNull();
    expect(await again.seasons.current('g2')).toBeNull();
  });

  it('forgets a player in every season of every server', async () => {
    const store = await s.open(s.h.fresh());
    for (const guild of ['g1', 'g2'])
      await store.seasons.update(guild, (current) => seasonAt(current, [rating('ann', 1, 3)], NOV));
    await store.seasons.update('g1', (current) => seasonAt(current, [rating('ann', 4, 5), rating('bob', 4, 2)], DEC));
    expect(await store.seasons.forget('ann')).toBe(3);
    expect(await store.seasons.forget('ann')).toBe(0);
    expect((await store.seasons.past('g1', 1))!.ladder.ranked.map((r) => r.userId)).toEqual(['bob']);
    expect((await store.seasons.current('g2'))!.start).toEqual({});
  });
});
