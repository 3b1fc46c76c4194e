/** Ratings: places from the engine's ranking, OpenSkill updates, fixed computer ratings, Dynasty, trend. */
import { describe, expect, it } from 'vitest';
import {
  createDynasty,
  applyDynasty,
  result,
  type DynastyState,
  type GameResult,
  type PlayerScore,
} from '../../src/game/index.js';
import {
  AI_RATINGS,
  displayRating,
  gameSeats,
  initialRating,
  isRanked,
  placesOf,
  RANKED_AFTER_GAMES,
  rateOutcome,
  rateTable,
  ratingTrend,
  TABLE_SCHEMA,
  TREND_GAMES,
  unrated,
  type FinishedTable,
  type PlayerRating,
  type TableSeat,
} from '../../src/table/index.js';
import { newGame, play } from '../store/fixtures.js';
import { simpleAction } from '../support/play.js';

const human = (userId: string): TableSeat => ({ kind: 'human', userId, name: `name-${userId}` });
const ai = (level: 'easy' | 'normal' | 'hard'): TableSeat => ({ kind: 'ai', level, name: `${level} AI` });

/** A result with these totals (largest territory and crowns equal unless given). */
function outcome(totals: readonly number[], largest: readonly number[] = totals.map(() => 5)): GameResult {
  const scores: PlayerScore[] = totals.map((total, player) => ({
    player,
    territories: [],
    harmony: 0,
    middleKingdom: 0,
    total,
    largestTerritory: largest[player]!,
    crowns: 3,
  }));
  const best = Math.max(...totals);
  return { scores, winners: scores.filter((s) => s.total === best).map((s) => s.player), decidedBy: 'none' };
}

const none: ReadonlyMap<string, PlayerRating> = new Map();
const after = (map: ReadonlyMap<string, PlayerRating>, userId: string): PlayerRating => map.get(userId)!;

function finishedTable(
  seats: readonly TableSeat[],
  game = play(newGame(seats, 'ratings')),
  dynasty?: DynastyState,
): FinishedTable {
  return {
    schema: TABLE_SCHEMA,
    version: 3,
    id: 't',
    guildId: 'g',
    hostId: 'ann',
    seats,
    settings: {
      mightyDuel: false,
      harmony: false,
      middleKingdom: false,
      dynasty: !!dynasty,
      threePlayerClassic: false,
      balancedOpening: false,
      turnTimerS: 0,
    },
    messages: { lobbyChannelId: 'c', lobbyMessageId: 't', threadId: 't', turnMessageId: null },
    createdAt: 1,
    updatedAt: 2,
    status: 'finished',
    game,
    ...(dynasty ? { dynasty } : {}),
    finishedAt: 2,
  };
}

describe('places', () => {
  it('follow the engine: points, then largest territory; players tied on all share a place', () => {
    expect(placesOf(outcome([30, 40, 20]))).toEqual([2, 1, 3]);
    expect(placesOf(outcome([30, 30, 20], [6, 5, 5]))).toEqual([1, 2, 3]);
    expect(placesOf(outcome([30, 30, 20, 30]))).toEqual([1, 1, 4, 1]);
  });
});

describe('a rated game', () => {
  it('moves the winner up and the loser down, counts the game, and shows mu - 3 sigma', () => {
    const rated = rateOutcome([human('ann'), human('bob')], outcome([40, 30]), none);
    const [ann, bob] = [after(rated, 'ann'), after(rated, 'bob')];
    expect(ann.mu).toBeGreaterThan(initialRating().mu);
    expect(bob.mu).toBeLessThan(initialRating().mu);
    expect(ann.sigma).toBeLessThan(initialRating().sigma);
    expect(ann).toMatchObject({ games: 1, display: ann.mu - 3 * ann.sigma, trail: [ann.display] });
    expect(unrated('x').display).toBeCloseTo(0, 9);
  });

  it('treats a shared victory as a tie: equal players stay equal', () => {
    const rated = rateOutcome([human('ann'), human('bob')], outcome([35, 35]), none);
    expect(after(rated, 'ann').mu).toBeCloseTo(initialRating().mu, 9);
    expect(after(rated, 'bob')).toMatchObject({ mu: after(rated, 'ann').mu, sigma: after(rated, 'ann').sigma });
  });

  it('rates 3 and 4 player games, with places in between', () => {
    const seats = ['a', 'b', 'c', 'd'].map(human);
    const rated = rateOutcome(seats, outcome([50, 40, 30, 20]), none);
    const mus = ['a', 'b', 'c', 'd'].map((u) => after(rated, u).mu);
    expect([...mus].sort((x, y) => y - x)).toEqual(mus);
    expect(rateOutcome(seats.slice(0, 3), outcome([10, 40, 30]), none).get('b')!.mu).toBeGreaterThan(
      initialRating().mu,
    );
  });

  it('keeps computer players fixed, easy < normal < hard, and beating hard counts most', () => {
    expect(AI_RATINGS.easy.mu).toBeLessThan(AI_RATINGS.normal.mu);
    expect(AI_RATINGS.normal.mu).toBeLessThan(AI_RATINGS.hard.mu);
    const win = (level: 'easy' | 'normal' | 'hard') =>
      after(rateOutcome([human('ann'), ai(level)], outcome([40, 30]), none), 'ann').mu;
    const lose = (level: 'easy' | 'normal' | 'hard') =>
      after(rateOutcome([human('ann'), ai(level)], outcome([30, 40]), none), 'ann').mu;
    expect(win('hard')).toBeGreaterThan(win('normal'));
    expect(win('normal')).toBeGreaterThan(win('easy'));
    expect(lose('easy')).toBeLessThan(lose('normal'));
    expect(lose('normal')).toBeLessThan(lose('hard'));
    const rated = rateOutcome([human('ann'), ai('hard'), ai('hard')], outcome([40, 30, 20]), none);
    expect([...rated.keys()]).toEqual(['ann']);
  });

  it('starts from the stored rating', () => {
    const strong: PlayerRating = { userId: 'ann', mu: 40, sigma: 2, games: 30, display: 34, trail: [33, 33.5, 34] };
    const rated = after(
      rateOutcome([human('ann'), human('bob')], outcome([40, 30]), new Map([['ann', strong]])),
      'ann',
    );
    expect(rated.games).toBe(31);
    expect(rated.mu - 40).toBeLessThan(0.5); // beating a newcomer tells little about a proven player
    expect(rated.trail).toEqual([33, 33.5, 34, rated.display]);
  });
});

describe('a finished table', () => {
  it('rates its humans only, from the real game', () => {
    const seats = [human('ann'), human('bob'), ai('normal')];
    const table = finishedTable(seats);
    const rated = rateTable(table, none);
    expect(rated.map((r) => r.userId).sort()).toEqual(['ann', 'bob']);
    const places = placesOf(result(table.game)!);
    const [ann, bob] = [rated.find((r) => r.userId === 'ann')!, rated.find((r) => r.userId === 'bob')!];
    if (places[0]! < places[1]!) expect(ann.mu).toBeGreaterThan(bob.mu);
    if (places[0]! > places[1]!) expect(ann.mu).toBeLessThan(bob.mu);
  });

  it('counts each game of a Dynasty, in order', () => {
    const seats = [human('ann'), human('bob')];
    const created = createDynasty({ seats: gameSeats(seats), seed: 'dynasty-ratings' });
    if (!created.ok) throw new Error(created.error.message);
    let d = created.value;
    for (let guard = 0; guard < 1000 && d.games.length <= 3; guard++) {
      const game = d.games[d.games.length - 1]!;
      const action = simpleAction(game);
      if (!action) break;
      const next = applyDynasty(d, action);
      if (!next.ok) throw new Error(next.error.message);
      d = next.value;
    }
    expect(d.games).toHaveLength(3);
    const rated = rateTable(finishedTable(seats, d.games[2]!, d), none);
    expect(rated.map((r) => r.games)).toEqual([3, 3]);
    expect(rated[0]!.trail).toHaveLength(3);
  });
});

describe('trend and ranking', () => {
  it('gives the change over the last game and over the last games, from 0 for a newcomer', () => {
    let ratings: ReadonlyMap<string, PlayerRating> = none;
    const seats = [human('ann'), ai('normal')];
    for (let i = 0; i < TREND_GAMES + 3; i++) ratings = rateOutcome(seats, outcome([40, 30]), ratings);
    const ann = after(ratings, 'ann');
    expect(ann.trail).toHaveLength(TREND_GAMES + 1);
    const trend = ratingTrend(ann);
    expect(trend.lastGame).toBeCloseTo(ann.display - ann.trail[TREND_GAMES - 1]!, 9);
    expect(trend).toMatchObject({ games: TREND_GAMES });
    expect(trend.change).toBeCloseTo(ann.display - ann.trail[0]!, 9);

    const first = after(rateOutcome(seats, outcome([40, 30]), none), 'ann');
    expect(ratingTrend(first)).toMatchObject({ games: 1 });
    expect(ratingTrend(first).lastGame).toBeCloseTo(first.display - displayRating(initialRating()), 9);
    expect(ratingTrend(unrated('x'))).toEqual({ lastGame: null, games: 0, change: 0 });
  });

  it('ranks a player from RANKED_AFTER_GAMES games', () => {
    expect(isRanked({ games: RANKED_AFTER_GAMES - 1 })).toBe(false);
    expect(isRanked({ games: RANKED_AFTER_GAMES })).toBe(true);
  });
});
