/**
 * What a game's end adds to the statistics and the ratings. A table counts when a
 * save moves it into `finished`; the compare-and-set guarantees that move is saved
 * exactly once, so nothing is ever counted twice, even when an update is retried.
 */
import { result } from '../game/index.js';
import type { GameState } from '../game/index.js';
import { rateTable, RANKED_AFTER_GAMES, type FinishedTable, type PlayerRating, type Table } from '../table/index.js';
import type { Commit, GameEndEntry, RatingsCommit } from './backend.js';

/** Does this save finish the table (and so count its games)? */
export function finishes(previous: Table | null, next: Table): next is FinishedTable {
  return next.status === 'finished' && previous?.status !== 'finished';
}

/** Statistics to record when `next` finishes a table that `previous` had not finished. */
export function gameEndStats(previous: Table | null, next: Table): Commit['stats'] {
  if (!finishes(previous, next)) return null;
  // A dynasty counts each of its games, so "games" and "best score" mean the same everywhere.
  const games = next.dynasty?.games ?? [next.game];
  const entries = games.flatMap((game) => entriesOf(next, game));
  return entries.length === 0 ? null : { guildId: next.guildId, entries };
}

/** The distinct users seated at a table. */
export function humansOf(table: Table): string[] {
  return [...new Set(table.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])))];
}

/**
 * Ratings to write when `next` finishes a table, from the players' ratings on its
 * server as read now (`current`; a player without one is new). Each is written only
 * if it still has the games it had when read, so a rating is never updated from a
 * stale value by two games ending at once.
 */
export function gameEndRatings(
  previous: Table | null,
  next: Table,
  current: readonly PlayerRating[],
): RatingsCommit | null {
  if (!finishes(previous, next)) return null;
  const before = new Map(current.map((r) => [r.userId, r]));
  const changes = rateTable(next, before).map((rating) => ({
    expectedGames: before.get(rating.userId)?.games ?? 0,
    rating,
  }));
  return changes.length === 0 ? null : { guildId: next.guildId, changes, rankedAfter: RANKED_AFTER_GAMES };
}

/** Table seat i is player i of the game; AI seats have no statistics. */
function entriesOf(table: Table, game: GameState): GameEndEntry[] {
  const outcome = result(game);
  if (outcome === null) return [];
  return table.seats.flatMap((seat, player) => {
    const score = outcome.scores.find((s) => s.player === player);
    if (seat.kind !== 'human' || score === undefined) return [];
    return [{ userId: seat.userId, score: score.total, won: outcome.winners.includes(player) }];
  });
}
