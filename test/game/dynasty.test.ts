import { describe, expect, it } from 'vitest';
import type { DynastyState, GameOptions } from '../../src/game/index.js';
import {
  applyDynasty,
  checkRecord,
  createDynasty,
  dynastyGame,
  dynastyGameNumber,
  dynastyGameResults,
  dynastyResult,
  dynastySeed,
  dynastyStandings,
  isDynastyState,
  prompt,
  result,
  toRecord,
} from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { BONUSES, naiveWinners, randomAction, seats } from './property-support.js';

function newDynasty(players: number, seed: string, options: Partial<Omit<GameOptions, 'players'>> = {}): DynastyState {
  const created = createDynasty({ seats: seats(players), seed, options });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Random legal actions until game `untilGame` starts (or the dynasty ends). */
function play(d: DynastyState, rng: Rng, untilGame = Infinity): DynastyState {
  while (dynastyResult(d) === null && dynastyGameNumber(d) < untilGame) {
    const applied = applyDynasty(d, randomAction(dynastyGame(d), rng));
    if (!applied.ok) throw new Error(applied.error.message);
    d = applied.value;
  }
  return d;
}

describe('Dynasty', () => {
  it('starts with game 1 of 3, seeded from the dynasty seed', () => {
    const d = newDynasty(3, 'dyn');
    expect(dynastyGameNumber(d)).toBe(1);
    expect(d.length).toBe(3);
    expect(dynastyGame(d).seed).toBe('dyn/1');
    expect(dynastySeed(d)).toBe('dyn');
    expect(dynastyResult(d)).toBeNull();
    expect(isDynastyState(JSON.parse(JSON.stringify(d)))).toBe(true);
  });

  it('refuses an impossible set-up', () => {
    expect(createDynasty({ seats: seats(1), seed: 'x' })).toMatchObject({ ok: false, error: { code: 'bad-setup' } });
    expect(createDynasty({ seats: seats(3), seed: 'x', options: { grid: 7 } })).toMatchObject({
      ok: false,
      error: { code: 'bad-setup' },
    });
  });

  it('starts the next game with the same seats and options as soon as one ends', () => {
    const rng = Rng.fromSeed('next');
    const d = play(newDynasty(4, 'next', BONUSES), rng, 2);
    expect(dynastyGameNumber(d)).toBe(2);
    const [first, second] = d.games;
    expect(result(first!)).not.toBeNull();
    expect(second!.seed).toBe('next/2');
    expect(second!.seats).toEqual(first!.seats);
    expect(second!.options).toEqual(first!.options);
    expect(second!.kingdoms.every((k) => k.placements.length === 0)).toBe(true);
    expect(dynastyGameResults(d).map((r) => r !== null)).toEqual([true, false]);
  });

  it('ranks by the totals of the three games, tie-breaks on the sums', () => {
    const d = play(newDynasty(2, 'totals', { grid: 7 }), Rng.fromSeed('totals'));
    expect(d.games.map((g) => g.seed)).toEqual(['totals/1', 'totals/2', 'totals/3']);
    const games = dynastyGameResults(d);
    const final = dynastyResult(d)!;
    const sums = [0, 1].map((player) => {
      const of = (field: 'total' | 'largestTerritory' | 'crowns'): number =>
        games.reduce((n, g) => n + g!.scores.find((s) => s.player === player)![field], 0);
      return { total: of('total'), largestTerritory: of('largestTerritory'), crowns: of('crowns') };
    });
    expect(final.scores.map(({ total, largestTerritory, crowns }) => ({ total, largestTerritory, crowns }))).toEqual(
      sums,
    );
    expect(final.winners).toEqual(
      naiveWinners(sums.map((s) => ({ ...s, territories: [], harmony: 0, middleKingdom: 0 }))),
    );
  });

  it('shows standings during the dynasty: finished games plus the running score', () => {
    const rng = Rng.fromSeed('standings');
    const d = play(newDynasty(3, 'standings'), rng, 2);
    const finishedTotals = result(d.games[0]!)!.scores.map((s) => s.total);
    expect(dynastyStandings(d).scores.map((s) => s.total)).toEqual(finishedTotals);
  });

  it('passes rejections through and changes nothing; refuses moves once over', () => {
    const d = newDynasty(2, 'reject');
    const p = prompt(dynastyGame(d));
    expect(p.kind).toBe('claim');
    const other = p.kind === 'claim' ? 1 - p.player : 0;
    const before = JSON.stringify(d);
    expect(applyDynasty(d, { type: 'claim', player: other, domino: 1 })).toMatchObject({
      ok: false,
      error: { code: 'not-your-turn' },
    });
    expect(JSON.stringify(d)).toBe(before);
    const over = play(d, Rng.fromSeed('reject'));
    expect(applyDynasty(over, { type: 'discard', player: 0 })).toMatchObject({
      ok: false,
      error: { code: 'game-over' },
    });
  });

  it('replays: same seed and moves give the same dynasty, and each game record passes the checks', () => {
    const one = play(newDynasty(3, 'again', { threePlayer: 'classic' }), Rng.fromSeed('moves'));
    const two = play(newDynasty(3, 'again', { threePlayer: 'classic' }), Rng.fromSeed('moves'));
    expect(two).toEqual(one);
    for (const game of one.games) expect(checkRecord(toRecord(game)).ok).toBe(true);
  });

  it('tells a stored dynasty from garbage', () => {
    const d = newDynasty(2, 'stored');
    expect(isDynastyState(d)).toBe(true);
    for (const bad of [
      null,
      {},
      { ...d, games: [] },
      { ...d, length: 2 },
      { ...d, games: [{}] },
      { ...d, schema: 99 },
    ]) {
      expect(isDynastyState(bad)).toBe(false);
    }
  });
});
