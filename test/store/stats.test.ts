/** What a finished table adds to the statistics. */
import { describe, expect, it } from 'vitest';
import { result, SCHEMA_VERSION } from '../../src/game/index.js';
import type { Table } from '../../src/table/index.js';
import { gameEndRatings, gameEndStats } from '../../src/store/stats.js';
import { RANKED_AFTER_GAMES, unrated } from '../../src/table/index.js';
import { finished, humans, lobby, newGame, play, playing } from './fixtures.js';

const asStored = (t: ReturnType<typeof lobby>): Table => ({ ...t, version: 1, updatedAt: 1 }) as Table;

describe('game end statistics', () => {
  const seats = [...humans('ann', 'bob'), { kind: 'ai', level: 'hard', name: 'Bot' } as const];
  const game = play(newGame(seats, 'end'));
  const outcome = result(game)!;

  it('count each human seat once, with its score and whether it won', () => {
    const stats = gameEndStats(asStored(playing(lobby('t', seats), game)), asStored(finished(lobby('t', seats), game)));
    expect(stats).toEqual({
      guildId: 'guild-1',
      entries: ['ann', 'bob'].map((userId, player) => ({
        userId,
        score: outcome.scores.find((s) => s.player === player)!.total,
        won: outcome.winners.includes(player),
      })),
    });
  });

  it('count nothing for a save of an already finished table, a cancelled game or a running one', () => {
    const done = asStored(finished(lobby('t', seats), game));
    expect(gameEndStats(done, done)).toBeNull();
    const cancelled = asStored({ ...lobby('t', seats), status: 'cancelled', game, finishedAt: 1 });
    expect(gameEndStats(asStored(playing(lobby('t', seats), game)), cancelled)).toBeNull();
    expect(gameEndStats(null, asStored(playing(lobby('t', seats), game)))).toBeNull();
  });

  it('count each of the three games of a dynasty', () => {
    const games = [1, 2, 3].map((n) => play(newGame(seats, `dynasty/${n}`)));
    const table = {
      ...asStored(finished(lobby('t', seats), games[2]!)),
      dynasty: { schema: SCHEMA_VERSION, games, length: 3 },
    } as Table;
    const stats = gameEndStats(asStored(playing(lobby('t', seats), games[2]!)), table);
    expect(stats?.entries.filter((e) => e.userId === 'ann')).toHaveLength(3);
    expect(stats?.entries).toHaveLength(6);
  });

  it('rate the human seats when the table finishes, each written only if its games are still what was read', () => {
    const before = asStored(playing(lobby('t', seats), game));
    const done = asStored(finished(lobby('t', seats), game));
    const ann = { ...unrated('ann'), games: 4, trail: [1, 2] };
    const ratings = gameEndRatings(before, done, [ann]);
    expect(ratings).toMatchObject({ guildId: 'guild-1', rankedAfter: RANKED_AFTER_GAMES });
    expect(ratings!.changes.map((c) => [c.rating.userId, c.expectedGames, c.rating.games])).toEqual([
      ['ann', 4, 5],
      ['bob', 0, 1],
    ]);
    expect(gameEndRatings(done, done, [ann])).toBeNull();
    expect(gameEndRatings(null, before, [])).toBeNull();
  });
});
