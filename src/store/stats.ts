/**
 * What a game's end adds to the statistics. A table counts when a save moves it
 * into `finished`; the compare-and-set guarantees that move is saved exactly once,
 * so statistics are never counted twice, even when an update is retried.
 */
import { result } from '../game/index.js';
import type { GameState } from '../game/index.js';
import type { Commit, GameEndEntry } from './backend.js';
import type { Table } from '../table/index.js';

/** Statistics to record when `next` finishes a table that `previous` had not finished. */
export function gameEndStats(previous: Table | null, next: Table): Commit['stats'] {
  if (next.status !== 'finished' || previous?.status === 'finished') return null;
  // A dynasty counts each of its games, so "games" and "best score" mean the same everywhere.
  const games = next.dynasty?.games ?? [next.game];
  const entries = games.flatMap((game) => entriesOf(next, game));
  return entries.length === 0 ? null : { guildId: next.guildId, entries };
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
