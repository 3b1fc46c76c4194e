/** The daily deal: day numbers at midnight UTC, one deal for everyone, streaks, standings, the share grid. */
import { describe, expect, it } from 'vitest';
import {
  apply,
  isOver,
  legalPlacements,
  prompt,
  Rng,
  toRecord,
  checkRecord,
  type GameState,
} from '../../src/game/index.js';
import {
  byDailyRank,
  dailyDay,
  dailyGame,
  dailyRank,
  dailyScore,
  dailySeed,
  dayStartMs,
  daysOfMonthUpTo,
  extendStreak,
  monthStandings,
  NO_STREAK,
  shareGrid,
  streakOn,
  type DailyEntry,
} from '../../src/table/index.js';
import { loadConfig } from '../../src/config.js';

function playRandomly(game: GameState, seed: number): GameState {
  const rng = new Rng([seed, 1, 2, 3]);
  let s = game;
  while (!isOver(s)) {
    const p = prompt(s);
    if (p.kind === 'over') break;
    const placements = legalPlacements(s);
    const action =
      p.kind === 'claim'
        ? { type: 'claim' as const, player: 0, domino: p.choices[rng.int(p.choices.length)]! }
        : placements.length === 0
          ? { type: 'discard' as const, player: 0 }
          : { type: 'place' as const, player: 0, ...placements[rng.int(placements.length)]! };
    const r = apply(s, action);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  return s;
}

const entry = (userId: string, score: number, at = 0, crowns = 0): DailyEntry => ({
  userId,
  name: userId,
  score,
  crowns,
  largestTerritory: 0,
  at,
});

describe('the daily deal', () => {
  it('numbers days from 2026-11-01 and turns at midnight UTC', () => {
    expect(dailyDay(Date.UTC(2026, 10, 1, 0, 0, 0))).toBe(1);
    expect(dailyDay(Date.UTC(2026, 10, 1, 23, 59, 59, 999))).toBe(1);
    expect(dailyDay(Date.UTC(2026, 10, 2))).toBe(2);
    expect(dailyDay(Date.UTC(2026, 11, 1))).toBe(31);
    expect(dayStartMs(31)).toBe(Date.UTC(2026, 11, 1));
    expect(daysOfMonthUpTo(32)).toEqual([31, 32]);
    expect(daysOfMonthUpTo(3)).toEqual([1, 2, 3]);
  });

  it('deals everyone the same lines on a day, and other lines on other days or secrets', () => {
    const lines = (g: GameState) => g.events.filter((e) => e.type === 'reveal');
    const ana = playRandomly(dailyGame(5, 'secret', 'Ana'), 1);
    const ben = playRandomly(dailyGame(5, 'secret', 'Ben'), 2);
    expect(lines(ana)).toEqual(lines(ben));
    expect(dailyGame(6, 'secret', 'Ana').next).not.toEqual(dailyGame(5, 'secret', 'Ana').next);
    expect(dailySeed(5, 'other')).not.toBe(dailySeed(5, 'secret'));
    expect(dailySeed(5, 'secret')).not.toContain('secret');
    expect(checkRecord(toRecord(ana)).ok).toBe(true);
    expect(dailyScore(ana)?.score).toBeGreaterThanOrEqual(0);
    expect(dailyScore(dailyGame(5, 'secret', 'Ana'))).toBeNull();
  });

  it('keys the seeds by DAILY_SECRET, or by a hash of the token', () => {
    expect(loadConfig({ DAILY_SECRET: 's3' }).dailySecret).toBe('s3');
    const derived = loadConfig({ DISCORD_TOKEN: 'tok' }).dailySecret;
    expect(derived).not.toContain('tok');
    expect(derived).not.toBe(loadConfig({ DISCORD_TOKEN: 'other' }).dailySecret);
    expect(loadConfig({}).dailyHardPlayouts).toBe(1500);
  });

  it('counts streaks of consecutive days', () => {
    let s = extendStreak(NO_STREAK, 3);
    s = extendStreak(s, 4);
    s = extendStreak(s, 4);
    expect(s).toEqual({ lastDay: 4, current: 2, best: 2 });
    expect(streakOn(s, 5)).toBe(2);
    expect(streakOn(s, 6)).toBe(0);
    s = extendStreak(s, 7);
    expect(s).toEqual({ lastDay: 7, current: 1, best: 2 });
  });

  it('ranks by score, then tie-breaks, then who finished first; a month adds the days', () => {
    const day = [entry('a', 40, 5), entry('b', 52, 9), entry('c', 40, 1, 3)].sort(byDailyRank);
    expect(day.map((e) => e.userId)).toEqual(['b', 'c', 'a']);
    expect(dailyRank(day, 'a')).toBe(2);
    expect(dailyRank(day, 'z')).toBeNull();
    const month = monthStandings([day, [entry('a', 30)]]);
    expect(month[0]).toMatchObject({ userId: 'a', total: 70, days: 2 });
  });

  it('shares a 5x5 picture of terrains with no domino numbers or crowns', () => {
    const end = playRandomly(dailyGame(9, 'secret', 'Ana'), 3);
    const grid = shareGrid(end);
    const rows = grid.split('\n');
    expect(rows).toHaveLength(5);
    expect(grid).toContain('🏰');
    expect(grid).not.toMatch(/\d/);
  });
});
