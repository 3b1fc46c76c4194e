/** A league's life (src/table/league.ts): sign-up, rounds, results and standings as players see them. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { League, LeagueResult, LeagueRules, TableOutcome } from '../../src/table/index.js';

const RULES: LeagueRules = {
  size: 4,
  format: 'swiss',
  rounds: 3,
  cap: 16,
  roundMs: 3_600_000,
  settings: { ...NO_VARIANTS, turnTimerS: 600 },
};

function ok<T>(r: LeagueResult<T>): T {
  if (!r.ok) throw new Error(`refused: ${r.refusal}`);
  return r.value;
}

function signedUp(n: number, rules: Partial<LeagueRules> = {}): League {
  let league = table.newLeague({
    id: 'L',
    guildId: 'g',
    channelId: 'c',
    name: 'Autumn',
    createdBy: 'mod',
    now: 0,
    rules: { ...RULES, ...rules },
  });
  for (let i = 1; i <= n; i++) league = ok(table.joinLeague(league, `u${i}`, `User ${i}`));
  return league;
}

/** Every table of the current round ends with its seats in order: first seat wins. */
function playRound(league: League, outcome = (seats: number): TableOutcome => byOrder(seats)): League {
  let next = league;
  table.currentRound(next)!.tables.forEach((t, i) => {
    next = ok(table.recordOutcome(next, i, outcome(t.seats.length)));
  });
  return table.afterResult(next, 0);
}

function byOrder(seats: number): TableOutcome {
  const places = Array.from({ length: seats }, (_, i) => i + 1);
  return { places, scores: places.map((p) => 50 - p), crowns: places.map(() => 5), source: 'played' };
}

describe('sign-up', () => {
  it('refuses joining twice, past the cap, and after the first round', () => {
    const league = signedUp(3, { cap: 4 });
    expect(table.joinLeague(league, 'u1', 'again')).toEqual({ ok: false, refusal: 'already-joined' });
    const full = ok(table.joinLeague(league, 'u4', 'User 4'));
    expect(table.joinLeague(full, 'u5', 'User 5')).toEqual({ ok: false, refusal: 'full' });
    const running = ok(table.seatNextRound(full, 10));
    expect(table.joinLeague(running, 'u9', 'late')).toEqual({ ok: false, refusal: 'not-signing-up' });
  });

  it('needs enough players for one table', () => {
    expect(table.seatNextRound(signedUp(3), 0)).toEqual({ ok: false, refusal: 'too-few-players' });
  });
});

describe('rounds', () => {
  it('seats a round only once the one before is over, and finishes after the last', () => {
    let league = ok(table.seatNextRound(signedUp(8), 100));
    expect(table.currentRound(league)!.deadline).toBe(100 + RULES.roundMs);
    expect(table.seatNextRound(league, 200)).toEqual({ ok: false, refusal: 'round-running' });
    for (let r = 0; r < 3; r++) {
      expect(league.status).toBe('running');
      expect(league.rounds).toHaveLength(r + 1);
      league = playRound(league);
    }
    expect(league.status).toBe('finished');
    expect(table.seatNextRound(league, 9999)).toEqual({ ok: false, refusal: 'finished' });
  });

  it('leaves a withdrawn player out of later rounds, their results kept', () => {
    let league = ok(table.leaveLeague(ok(table.seatNextRound(signedUp(8), 0)), 'u1', 'withdrew'));
    league = playRound(league);
    const before = table.standings(league).find((r) => r.userId === 'u1')!;
    expect(before.played).toBe(1);
    expect(table.currentRound(league)!.tables.flatMap((t) => t.seats)).not.toContain('u1');
    expect(table.currentRound(league)!.byes).not.toContain('u1');
    const after = table.standings(league).find((r) => r.userId === 'u1')!;
    expect(after.points).toBe(before.points);
    expect(after.status).toBe('withdrew');
  });

  it('takes a player off the list when they leave before the first round', () => {
    const league = ok(table.leaveLeague(signedUp(5), 'u2', 'withdrew'));
    expect(league.players.map((p) => p.userId)).toEqual(['u1', 'u3', 'u4', 'u5']);
  });

  it('keeps a played result when the game reports again, and takes a moderator adjustment', () => {
    let league = ok(table.seatNextRound(signedUp(4), 0));
    league = ok(table.setGame(league, 0, 'game-1'));
    expect(table.tableOfGame(league, 'game-1')).toBe(0);
    league = ok(table.recordOutcome(league, 0, byOrder(4)));
    const reversed: TableOutcome = { ...byOrder(4), places: [4, 3, 2, 1], source: 'played' };
    expect(table.currentRound(ok(table.recordOutcome(league, 0, reversed)))!.tables[0]!.outcome!.places).toEqual([
      1, 2, 3, 4,
    ]);
    const adjusted = ok(table.recordOutcome(league, 0, { ...reversed, source: 'adjusted' }));
    expect(table.currentRound(adjusted)!.tables[0]!.outcome!.places).toEqual([4, 3, 2, 1]);
    const replayed = ok(table.replayTable(adjusted, 0));
    expect(table.currentRound(replayed)!.tables[0]).toMatchObject({ gameId: null, outcome: null });
  });
});

describe('standings', () => {
  it('gives 3/2/1/0 at a table of 4, 3/1.5/0 at a table of 3, ties sharing', () => {
    expect([0, 1, 2, 3].map((s) => table.placementPoints([1, 2, 3, 4], s))).toEqual([3, 2, 1, 0]);
    expect([0, 1, 2].map((s) => table.placementPoints([1, 2, 3], s))).toEqual([3, 1.5, 0]);
    expect([0, 1, 2, 3].map((s) => table.placementPoints([1, 1, 3, 4], s))).toEqual([2.5, 2.5, 1, 0]);
    expect([0, 1].map((s) => table.placementPoints([1, 2], s))).toEqual([3, 0]);
  });

  it('gives a bye half a win', () => {
    const league = playRound(ok(table.seatNextRound(signedUp(5), 0)));
    const bye = league.rounds[0]!.byes[0]!;
    expect(table.standings(league).find((r) => r.userId === bye)!.points).toBe(table.BYE_POINTS);
  });

  it('breaks ties by game points, then opponents, then crowns, else shares the rank', () => {
    let league = ok(table.seatNextRound(signedUp(8, { size: 2, rounds: 1 }), 0));
    // Every table: first seat wins by the same score; the winners tie on points and scores.
    league = playRound(league, () => ({ places: [1, 2], scores: [40, 30], crowns: [4, 4], source: 'played' }));
    const rows = table.standings(league);
    expect(rows.slice(0, 4).map((r) => r.rank)).toEqual([1, 1, 1, 1]);
    expect(rows.slice(4).map((r) => r.rank)).toEqual([5, 5, 5, 5]);
    // One winner with more crowns is alone in first place.
    let crowned = ok(table.seatNextRound(signedUp(8, { size: 2, rounds: 1 }), 0));
    crowned = playRound(crowned, () => ({ places: [1, 2], scores: [40, 30], crowns: [4, 4], source: 'played' }));
    crowned = ok(
      table.recordOutcome(crowned, 0, { places: [1, 2], scores: [40, 30], crowns: [9, 4], source: 'adjusted' }),
    );
    const top = table.standings(crowned);
    expect(top[0]!.rank).toBe(1);
    expect(top[1]!.rank).toBe(2);
    expect(top[0]!.userId).toBe(table.currentRound(crowned)!.tables[0]!.seats[0]);
  });

  it('ranks the winner of more games higher, whatever the order of sign-up', () => {
    let league = ok(table.seatNextRound(signedUp(4, { size: 2, rounds: 3, format: 'round-robin' }), 0));
    // u4 wins every game it plays.
    for (let r = 0; r < 3; r++) {
      table.currentRound(league)!.tables.forEach((t, i) => {
        const places = t.seats.map((id) => (id === 'u4' ? 1 : 2));
        const fixed = places.every((p) => p === 2) ? [1, 2] : places;
        league = ok(
          table.recordOutcome(league, i, { places: fixed, scores: [30, 20], crowns: [3, 3], source: 'played' }),
        );
      });
      league = table.afterResult(league, 0);
    }
    expect(league.status).toBe('finished');
    expect(table.standings(league)[0]).toMatchObject({ userId: 'u4', points: 9, played: 3 });
  });
});

describe('threads opened ahead', () => {
  /** The threads the league wants next, opened one by one as the Discord side does. */
  function openAhead(league: League, prefix: string): League {
    let next = league;
    for (let wanted = table.threadsWanted(next); wanted; wanted = table.threadsWanted(next)) {
      const have = table.threadsAheadFor(next, wanted.round).length;
      if (have >= wanted.tables) break;
      next = table.keepThreadAhead(next, wanted.round, `${prefix}${have + 1}`);
    }
    return next;
  }

  it('wants one thread a table of the next round, as the players stand', () => {
    expect(table.threadsWanted(signedUp(3))).toBeNull();
    expect(table.threadsWanted(signedUp(9))).toEqual({ round: 1, tables: 2 });
    const running = ok(table.seatNextRound(signedUp(12), 0));
    expect(table.threadsWanted(running)).toEqual({ round: 2, tables: 3 });
    const withdrew = ok(table.leaveLeague(running, 'u1', 'withdrew'));
    expect(table.threadsWanted(withdrew)).toEqual({ round: 2, tables: 2 });
    const last = playRound(playRound(running));
    expect(table.currentRound(last)).toBe(last.rounds[2]);
    expect(table.threadsWanted(last)).toBeNull();
  });

  it('seats each table in its thread; the ones left over are spare', () => {
    const ready = openAhead(signedUp(12), 'a');
    expect(table.threadsAheadFor(ready, 1)).toEqual(['a1', 'a2', 'a3']);
    expect(table.spareThreads(ready)).toEqual([]);
    // One leaves the sign-up: two tables; the third thread is spare once round 1 is seated.
    const fewer = ok(table.leaveLeague(ready, 'u12', 'withdrew'));
    const round1 = ok(table.seatNextRound(fewer, 0));
    expect(table.currentRound(round1)!.tables.map((t) => t.gameId)).toEqual(['a1', 'a2']);
    expect(table.spareThreads(round1)).toEqual(['a3']);
    const tidied = table.dropThreadsAhead(round1, ['a3']);
    expect(table.spareThreads(tidied)).toEqual([]);
    // Round 2's threads are opened while round 1 is played; a table without one opens its own.
    const ahead2 = table.keepThreadAhead(tidied, 2, 'b1');
    const round2 = playRound(ahead2);
    expect(table.currentRound(round2)!.tables.map((t) => t.gameId)).toEqual(['b1', null]);
  });

  it('tells the pairings of a round once', () => {
    const round1 = ok(table.seatNextRound(signedUp(8), 0));
    expect(table.currentRound(round1)!.untold).toBe(true);
    const told = table.pairingsTold(round1);
    expect(table.currentRound(told)!.untold).toBeUndefined();
    expect(table.pairingsTold(told)).toBe(told);
  });
});
