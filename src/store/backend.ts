/**
 * What a storage back-end (SQLite, Redis) must provide. Plain reads and deletes go
 * through Keyv; the operations Keyv lacks (compare-and-set, statistics, moving a
 * value aside) go through the back-end's own client, each one atomic. Keys are
 * logical ("table:<key>"); each back-end applies Keyv's namespace the way its
 * Keyv adapter does, so both paths address the same entry.
 */
import type { Deserialize, Keyv, Serialize } from 'keyv';
import type { UserStats } from './types.js';

/** One player's result in one finished game, for the statistics. */
export interface GameEndEntry {
  readonly userId: string;
  readonly score: number;
  readonly won: boolean;
}

export interface Commit {
  readonly key: string;
  /** Version the stored value must have, or null when the key must be absent (or expired). */
  readonly expectedVersion: number | null;
  readonly text: string;
  /** Time to live from now; null keeps the value until deleted. */
  readonly ttlMs: number | null;
  /** The table is a lobby or a running game: listed by `liveKeys` until a commit says otherwise. */
  readonly live: boolean;
  /** Whether the value replaced was live (false when there was none): most saves leave the index as it is. */
  readonly wasLive: boolean;
  /** Statistics to add in the same atomic step (a game that just ended). */
  readonly stats: { readonly guildId: string; readonly entries: readonly GameEndEntry[] } | null;
}

export interface Backend {
  readonly kind: 'sqlite' | 'redis';
  /** Keyv over the back-end; values are the stored text, passed through unchanged. */
  readonly keyv: Keyv<string>;
  /** Writes iff the version matches; false when another writer won (or the key exists / is gone). */
  commit(commit: Commit): Promise<boolean>;
  /** Keys of the live tables (see Commit.live) whose value has not expired, deleted or been moved aside. */
  liveKeys(): Promise<readonly string[]>;
  /** Deletes a key and its place among the live tables, in one step; true when something was deleted. */
  delete(key: string): Promise<boolean>;
  /** Moves `text` from `key` to `quarantineKey` iff `key` still holds exactly `text`. */
  quarantine(key: string, text: string, quarantineKey: string): Promise<boolean>;
  /** Reads a stored text as is, bypassing Keyv (quarantined values, tests). */
  readRaw(key: string): Promise<string | null>;
  userStats(userId: string): Promise<UserStats | null>;
  leaderboard(guildId: string, limit: number): Promise<readonly UserStats[]>;
  close(): Promise<void>;
}

/** Keyv options shared by both back-ends: our own text goes in and comes out unchanged, expiry is native. */
const serialize: Serialize = (data) => String(data.value);
const deserialize: Deserialize = <Value>(text: string) => ({ value: text as Value });
export const passThroughKeyvOptions = { useKeyPrefix: false, throwOnErrors: true, serialize, deserialize } as const;

export function averageOf(games: number, total: number): number {
  return games === 0 ? 0 : total / games;
}
