/**
 * Skill ratings: Weng-Lin (OpenSkill), Plackett-Luce model, from the `openskill`
 * package with its defaults (a new player is mu 25, sigma 25/3; beta 25/6; tau 25/300
 * added before every game so a rating keeps moving). Plackett-Luce rates a whole
 * 2-4 player ranking at once, ties included, which Elo (pairs only) cannot.
 *
 * A rating is per player and server. Each finished game is one rated contest between
 * all its seats, placed by the engine's ranking (points, then largest territory, then
 * crowns); players still tied share a place (a shared victory is a tie). Each game of
 * a Dynasty counts, in order, as it does for the statistics: one meaning of "games"
 * everywhere.
 *
 * Computer seats take part with a fixed rating by level and are never updated, so
 * beating the hard player counts for more than beating the easy one (see AI_RATINGS).
 *
 * What players see is the conservative rating mu - 3 sigma (the package's `ordinal`):
 * 0 for a newcomer, rising as the bot becomes sure of their level.
 *
 * Pure: the store reads the current ratings, calls rateTable, and writes the result
 * in the same atomic save that finishes the table.
 */
import { ordinal, rate, rating as newOpenSkillRating, type Rating } from 'openskill';
import { placeAmong, result, type AiLevel, type GameResult } from '../game/index.js';
import type { FinishedTable, TableSeat } from './types.js';

export type { Rating } from 'openskill';

/** A player shows on the server's leaderboard after this many rated games there. */
export const RANKED_AFTER_GAMES = 3;
/** `/kingdomino stats` shows the change over the last game and over this many. */
export const TREND_GAMES = 5;

/**
 * Fixed ratings of the computer players. The normal player (best immediate score)
 * stands where a newcomer starts, mu 25: someone who knows the rules plays about as
 * well as it. The gaps come from `npm run arena`, two players: normal beats easy in
 * 98 % of 200 games (average margin +17.9 points), hard (at 250 ms a move, weaker than
 * the bot's default 1 s) beats normal in 23 of 24 (+17.5). In a two-player
 * Plackett-Luce game P(win) = 1 / (1 + exp(-(mu1 - mu2) / c)), with
 * c = sqrt(2 beta^2 + sigma1^2 + sigma2^2) ~ 6.1 between two computer players, so
 * 96-98 % is a gap of 20 to 24: 20 between neighbouring levels (96 %), the lower end,
 * as humans lose to the easy player by inattention more often than a program does.
 * Sigma 1: a level plays the same way game after game, its strength is known (its
 * luck is beta's business). A newcomer (25 +- 8.3) who beats the hard player gains
 * about 6 points of mu; one who loses to it, under 1; the other way round for easy.
 */
export const AI_RATINGS: Readonly<Record<AiLevel, Rating>> = {
  easy: { mu: 5, sigma: 1 },
  normal: { mu: 25, sigma: 1 },
  hard: { mu: 45, sigma: 1 },
};

/** A player's rating on one server, as the store keeps it. */
export interface PlayerRating {
  readonly userId: string;
  readonly mu: number;
  readonly sigma: number;
  /** Rated games on this server (each game of a Dynasty counts). */
  readonly games: number;
  /** displayRating({ mu, sigma }), kept so storage can sort by it. */
  readonly display: number;
  /** The display rating after each of the last TREND_GAMES + 1 games, oldest first. */
  readonly trail: readonly number[];
}

export function initialRating(): Rating {
  return newOpenSkillRating();
}

/** What players see: mu - 3 sigma (0 for a newcomer). */
export function displayRating(r: Rating): number {
  return ordinal(r);
}

/** The rating of a player who has none on this server yet. */
export function unrated(userId: string): PlayerRating {
  const r = initialRating();
  return { userId, mu: r.mu, sigma: r.sigma, games: 0, display: displayRating(r), trail: [] };
}

/** Place of each player (1 = best); players tied on points, largest territory and crowns share a place. */
export function placesOf(outcome: GameResult): number[] {
  const byPlayer = [...outcome.scores].sort((a, b) => a.player - b.player);
  return byPlayer.map((s) => placeAmong(byPlayer, s));
}

/** The seat's rating going into a game: its own for a human, the fixed one of its level for a computer. */
function seatRating(seat: TableSeat, current: ReadonlyMap<string, PlayerRating>): Rating {
  if (seat.kind === 'ai') return AI_RATINGS[seat.level];
  const r = current.get(seat.userId);
  return r ? { mu: r.mu, sigma: r.sigma } : initialRating();
}

/**
 * One rated game: `current` with the ratings of the humans among `seats` after a game
 * that ended with `outcome` (seat i is player i). Computer seats play at their fixed
 * rating and are not updated.
 */
export function rateOutcome(
  seats: readonly TableSeat[],
  outcome: GameResult,
  current: ReadonlyMap<string, PlayerRating>,
): Map<string, PlayerRating> {
  const next = new Map(current);
  if (outcome.scores.length !== seats.length || seats.length < 2) return next;
  const rated = rate(
    seats.map((seat) => [seatRating(seat, current)]),
    { rank: placesOf(outcome) },
  );
  seats.forEach((seat, player) => {
    const after = rated[player]?.[0];
    if (seat.kind !== 'human' || !after) return;
    const before = current.get(seat.userId) ?? unrated(seat.userId);
    const display = displayRating(after);
    next.set(seat.userId, {
      userId: seat.userId,
      mu: after.mu,
      sigma: after.sigma,
      games: before.games + 1,
      display,
      trail: [...before.trail, display].slice(-(TREND_GAMES + 1)),
    });
  });
  return next;
}

/**
 * The ratings of the table's human seats after its game(s), from `current` (their
 * ratings on the table's server now; a player missing from it is unrated). Each game
 * of a Dynasty is rated in turn. Only the table's humans are returned.
 */
export function rateTable(table: FinishedTable, current: ReadonlyMap<string, PlayerRating>): PlayerRating[] {
  let working: ReadonlyMap<string, PlayerRating> = current;
  for (const game of table.dynasty?.games ?? [table.game]) {
    const outcome = result(game);
    if (outcome !== null) working = rateOutcome(table.seats, outcome, working);
  }
  const humans = new Set(table.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : [])));
  return [...humans].flatMap((userId) => {
    const after = working.get(userId);
    return after && after !== current.get(userId) ? [after] : [];
  });
}

export interface RatingTrend {
  /** Change of the display rating in the last game (null before the first). */
  readonly lastGame: number | null;
  /** Change over the last `games` games (at most TREND_GAMES; 0 before the first). */
  readonly games: number;
  readonly change: number;
}

/** How the display rating moved lately; a newcomer's starting rating is the base of the first games. */
export function ratingTrend(r: PlayerRating): RatingTrend {
  const start = displayRating(initialRating());
  const before = (n: number): number => r.trail[r.trail.length - 1 - n] ?? start;
  if (r.games === 0 || r.trail.length === 0) return { lastGame: null, games: 0, change: 0 };
  const games = Math.min(TREND_GAMES, r.games);
  return { lastGame: r.display - before(1), games, change: r.display - before(games) };
}

export function isRanked(r: Pick<PlayerRating, 'games'>): boolean {
  return r.games >= RANKED_AFTER_GAMES;
}
