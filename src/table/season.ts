/**
 * A server's rating ladder in seasons. The rating itself runs on (OpenSkill, all
 * time: ratings.ts); a season is a stretch of calendar months (one by default, as
 * many as a moderator sets), UTC, and its ladder is the players who played rated
 * games on the server during it, ranked by their rating at its end once they have
 * RANKED_AFTER_GAMES games in it, with the rating they gained over it. A season is
 * counted from a snapshot of every rating taken when it began (the store keeps it),
 * so nothing in a game's save changes for seasons.
 */
import { RANKED_AFTER_GAMES, type PlayerRating } from './ratings.js';

export const DEFAULT_SEASON_MONTHS = 1;
export const MAX_SEASON_MONTHS = 12;

/** A player's rating as a season began: their games and display rating then. */
export interface SeasonStart {
  readonly games: number;
  readonly display: number;
}

export interface SeasonRow {
  readonly userId: string;
  /** Their display rating (now, or at the season's end). */
  readonly display: number;
  /** What their display rating gained over the season (from 0 for a newcomer). */
  readonly gain: number;
  /** Rated games on the server in the season. */
  readonly games: number;
}

export interface SeasonLadder {
  /** RANKED_AFTER_GAMES games or more in the season, best rating first. */
  readonly ranked: readonly SeasonRow[];
  /** Fewer games in the season, most games first. */
  readonly provisional: readonly SeasonRow[];
}

/** Months since January 1970, UTC. */
function monthIndex(ms: number): number {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
}

/** Which stretch of `months` months `ms` falls in: seasons of one length are numbered by this. */
export function seasonKey(ms: number, months: number): number {
  return Math.floor(monthIndex(ms) / months);
}

/** When the stretch `key` of `months` months ends (ms since the epoch, UTC). */
export function seasonEnd(key: number, months: number): number {
  const next = (key + 1) * months;
  return Date.UTC(1970 + Math.floor(next / 12), next % 12, 1);
}

/** The season's ladder: the players' ratings now against their start, those who played in it only. */
export function seasonLadder(
  ratings: readonly PlayerRating[],
  start: Readonly<Record<string, SeasonStart>>,
): SeasonLadder {
  const rows = ratings.flatMap((r): SeasonRow[] => {
    const before = start[r.userId];
    const games = r.games - (before?.games ?? 0);
    return games > 0 ? [{ userId: r.userId, display: r.display, gain: r.display - (before?.display ?? 0), games }] : [];
  });
  const ranked = rows.filter((r) => r.games >= RANKED_AFTER_GAMES).sort((a, b) => b.display - a.display);
  const provisional = rows.filter((r) => r.games < RANKED_AFTER_GAMES).sort((a, b) => b.games - a.games);
  return { ranked, provisional };
}

/** The snapshot a season starts from. */
export function seasonStartOf(ratings: readonly PlayerRating[]): Record<string, SeasonStart> {
  return Object.fromEntries(ratings.map((r) => [r.userId, { games: r.games, display: r.display }]));
}

/** The season under way on a server, as the store keeps it. */
export interface SeasonState {
  readonly months: number;
  /** Its number on the server: 1 for the first season the bot saw there. */
  readonly number: number;
  /** Which stretch of `months` months it is (seasonKey). */
  readonly key: number;
  readonly startedAt: number;
  /** Where its end is announced (the channel a moderator set the seasons in); null: nowhere. */
  readonly channelId: string | null;
  readonly start: Readonly<Record<string, SeasonStart>>;
}

/** A season over: its ladder as it ended. */
export interface PastSeason {
  readonly number: number;
  readonly from: number;
  readonly to: number;
  readonly ladder: SeasonLadder;
}

/**
 * The season at `now`: the first one (from the ratings as they are), the same one,
 * or, past its last month, the next one, with the ladder of the one that ended.
 */
export function seasonAt(
  current: SeasonState | null,
  ratings: readonly PlayerRating[],
  now: number,
): { readonly state: SeasonState | null; readonly ended: PastSeason | null } {
  if (!current) {
    const months = DEFAULT_SEASON_MONTHS;
    const first = { months, number: 1, key: seasonKey(now, months), startedAt: now, channelId: null };
    return { state: { ...first, start: seasonStartOf(ratings) }, ended: null };
  }
  const key = seasonKey(now, current.months);
  if (key === current.key) return { state: null, ended: null };
  const ended = {
    number: current.number,
    from: current.startedAt,
    to: now,
    ladder: seasonLadder(ratings, current.start),
  };
  const next = { ...current, number: current.number + 1, key, startedAt: now, start: seasonStartOf(ratings) };
  return { state: next, ended };
}

/** A moderator's choice of length (and of the channel announcing the ends): the season under way runs on to its new end. */
export function withLength(
  current: SeasonState | null,
  ratings: readonly PlayerRating[],
  months: number,
  channelId: string,
  now: number,
): SeasonState {
  const base = current ?? seasonAt(null, ratings, now).state!;
  return { ...base, months, channelId, key: seasonKey(now, months) };
}
