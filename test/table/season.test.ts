/** The rating ladder's seasons (src/table/season.ts): their months, their ladder, their turn. */
import { describe, expect, it } from 'vitest';
import { RANKED_AFTER_GAMES, seasonAt, seasonEnd, seasonKey, seasonLadder, withLength } from '../../src/table/index.js';
import { rating } from '../support/ratings.js';

const NOV_15 = Date.UTC(2026, 10, 15, 12);

describe('seasons', () => {
  it('run in calendar months, UTC, of the chosen length', () => {
    expect(seasonEnd(seasonKey(NOV_15, 1), 1)).toBe(Date.UTC(2026, 11, 1));
    expect(seasonEnd(seasonKey(NOV_15, 3), 3)).toBe(Date.UTC(2027, 0, 1));
    expect(seasonEnd(seasonKey(NOV_15, 12), 12)).toBe(Date.UTC(2027, 0, 1));
    expect(seasonKey(Date.UTC(2026, 11, 1) - 1, 1)).toBe(seasonKey(NOV_15, 1));
    expect(seasonKey(Date.UTC(2026, 11, 1), 1)).toBe(seasonKey(NOV_15, 1) + 1);
  });

  it("rank who played in the season by rating, from the season's own games", () => {
    const start = { old: { games: 10, display: 20 }, quiet: { games: 4, display: 30 } };
    const ladder = seasonLadder(
      [rating('old', 10 + RANKED_AFTER_GAMES, 22), rating('quiet', 4, 30), rating('new', 1, 5), rating('fresh', 3, 25)],
      start,
    );
    expect(ladder.ranked.map((r) => [r.userId, r.games, r.gain])).toEqual([
      ['fresh', 3, 25],
      ['old', RANKED_AFTER_GAMES, 2],
    ]);
    expect(ladder.provisional.map((r) => r.userId)).toEqual(['new']);
  });

  it('turn at the end of the last month: the ladder kept, the next one from the ratings as they are', () => {
    const first = seasonAt(null, [rating('a', 2, 10)], NOV_15).state!;
    expect(first).toMatchObject({ number: 1, months: 1, channelId: null, start: { a: { games: 2, display: 10 } } });
    expect(seasonAt(first, [], Date.UTC(2026, 10, 30, 23))).toEqual({ state: null, ended: null });
    const later = [rating('a', 6, 14)];
    const { state, ended } = seasonAt(first, later, Date.UTC(2026, 11, 1, 1));
    expect(ended).toMatchObject({ number: 1, from: NOV_15, ladder: { ranked: [{ userId: 'a', games: 4, gain: 4 }] } });
    expect(state).toMatchObject({ number: 2, start: { a: { games: 6, display: 14 } } });
  });

  it('take a new length at once, the season under way running on to its new end', () => {
    const first = seasonAt(null, [], NOV_15).state!;
    const quarterly = withLength(first, [], 3, 'chan', NOV_15 + 1000);
    expect(quarterly).toMatchObject({ number: 1, months: 3, channelId: 'chan', startedAt: NOV_15 });
    expect(seasonAt(quarterly, [], Date.UTC(2026, 11, 20)).ended).toBeNull();
    expect(seasonAt(quarterly, [], Date.UTC(2027, 0, 2)).ended).not.toBeNull();
  });
});
