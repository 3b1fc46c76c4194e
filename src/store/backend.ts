/**
 * What a storage back-end (SQLite, Redis) must provide. Plain reads and deletes go
 * through Keyv; the operations Keyv lacks (compare-and-set, statistics, moving a
 * value aside) go through the back-end's own client, each one atomic. Keys are
 * logical ("table:<key>"); each back-end applies Keyv's namespace the way its
 * Keyv adapter does, so both paths address the same entry.
 */
import type { Deserialize, Keyv, Serialize } from 'keyv';
import type { PlayerRating } from '../table/index.js';
import type { Leaderboard, UserStats } from './types.js';

/** One player's result in one finished game, for the statistics. */
export interface GameEndEntry {
  readonly userId: string;
  readonly score: number;
  readonly won: boolean;
}

/** A player's new rating on a server, written iff their stored one still has `expectedGames` games (0: none). */
export interface RatingChange {
  readonly expectedGames: number;
  readonly rating: PlayerRating;
}

export interface RatingsCommit {
  readonly guildId: string;
  readonly changes: readonly RatingChange[];
  /** A rating with this many games or more is ranked on the leaderboard; below, provisional. */
  readonly rankedAfter: number;
}

export interface Commit {
  readonly key: string;
  /** Version the stored value must have, or null when the key must be absent (or expired). */
  readonly expectedVersion: number | null;
  readonly text: string;
  /** Time to live from now; null keeps the value until deleted; 'keep' leaves the stored expiry as it is. */
  readonly ttlMs: number | null | 'keep';
  /** The table is a lobby or a running game: listed by `liveKeys` until a commit says otherwise. */
  readonly live: boolean;
  /** When the table next needs the bot (ms since the epoch; table/due.ts), null: not before a click. */
  readonly dueAt: number | null;
  /** Whether the value replaced was live (false when there was none): most saves leave the index as it is. */
  readonly wasLive: boolean;
  /** Statistics to add in the same atomic step (a game that just ended). */
  readonly stats: { readonly guildId: string; readonly entries: readonly GameEndEntry[] } | null;
  /** Ratings to write in the same atomic step, each only if it has not moved since it was read. */
  readonly ratings: RatingsCommit | null;
}

/** `saved`; `conflict`: the version did not match (or the key exists / is gone); `ratings-moved`: a rating changed since it was read. */
export type CommitOutcome = 'saved' | 'conflict' | 'ratings-moved';

/** A stored table with a seat of the user. */
export interface TableOfUser {
  /** The logical key ("table:<key>"). */
  readonly key: string;
  /** A lobby or a running game when listed (the caller loads it again before acting). */
  readonly live: boolean;
}

/** A table due: its logical key ("table:<key>") and when (ms since the epoch). */
export interface DueKey {
  readonly key: string;
  readonly at: number;
}

/** What forgetUser deleted. */
export interface ForgottenData {
  /** The user had statistics. */
  readonly statistics: boolean;
  /** Servers on which they had a rating. */
  readonly ratings: number;
}

export interface Backend {
  readonly kind: 'sqlite' | 'redis';
  /** Keyv over the back-end; values are the stored text, passed through unchanged. */
  readonly keyv: Keyv<string>;
  /** Writes iff the version matches and no rating in it has moved; nothing is written otherwise. */
  commit(commit: Commit): Promise<CommitOutcome>;
  /** Keys of the live tables (see Commit.live) whose value has not expired, deleted or been moved aside. */
  liveKeys(): Promise<readonly string[]>;
  /** Logical keys of the live tables (see Commit.live) where the user has a seat: the live index, not every table. */
  liveTablesOf(userId: string): Promise<readonly string[]>;
  /** Keys of the stored tables due at `until` or before (see Commit.dueAt), soonest first. */
  dueKeys(until: number): Promise<readonly DueKey[]>;
  /** Deletes a key and its place among the live tables, in one step; true when something was deleted. */
  delete(key: string): Promise<boolean>;
  /** Moves `text` from `key` to `quarantineKey` iff `key` still holds exactly `text`. */
  quarantine(key: string, text: string, quarantineKey: string): Promise<boolean>;
  /** Reads a stored text as is, bypassing Keyv (quarantined values, tests). */
  readRaw(key: string): Promise<string | null>;
  userStats(userId: string): Promise<UserStats | null>;
  /** The stored ratings of these users on this server (users without one are left out). */
  ratings(guildId: string, userIds: readonly string[]): Promise<readonly PlayerRating[]>;
  /** Ranked: `games >= rankedAfter`, best display rating first; provisional: the others, most games first. */
  leaderboard(guildId: string, limit: number, rankedAfter: number): Promise<Leaderboard>;
  /** Deletes the user's statistics (global and per server) and ratings (every server), atomically. */
  forgetUser(userId: string): Promise<ForgottenData>;
  /** Every stored, unexpired table with a human seat of this user (SQLite: a query; Redis: a scan of the namespace). */
  tablesOf(userId: string): Promise<readonly TableOfUser[]>;
  close(): Promise<void>;
}

/** Keyv options shared by both back-ends: our own text goes in and comes out unchanged, expiry is native. */
const serialize: Serialize = (data) => String(data.value);
const deserialize: Deserialize = <Value>(text: string) => ({ value: text as Value });
export const passThroughKeyvOptions = { useKeyPrefix: false, throwOnErrors: true, serialize, deserialize } as const;

/** A stored trail of display ratings (JSON), or [] when it is not one. */
export function parseTrail(text: string | undefined): number[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isFinite(n)) ? value : [];
  } catch {
    return [];
  }
}

export function averageOf(games: number, total: number): number {
  return games === 0 ? 0 : total / games;
}
