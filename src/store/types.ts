/** What the store adds to the table layer's types: statistics, and tables as callers hand them over. */
import type { PlayerRating, Table } from '../table/index.js';

export interface UserStats {
  readonly userId: string;
  readonly games: number;
  readonly wins: number;
  readonly bestScore: number;
  readonly totalScore: number;
  /** totalScore / games (0 before the first game). */
  readonly averageScore: number;
}

/** A server's leaderboard: by rating, once a player has enough games there. */
export interface Leaderboard {
  /** At least RANKED_AFTER_GAMES rated games here, best display rating first. */
  readonly ranked: readonly PlayerRating[];
  /** Fewer games so far, most games first. */
  readonly provisional: readonly PlayerRating[];
}

/** What `/kingdomino forget-me` did. */
export interface Forgotten {
  /** The user had statistics, now deleted. */
  readonly statistics: boolean;
  /** Servers where their rating was deleted. */
  readonly ratings: number;
  /** Finished (or cancelled) games where their name is now the neutral label. */
  readonly renamed: number;
  /** Lobbies and running games they sit at: not touched. */
  readonly live: number;
}

/** A table as callers hand it to the store: the store sets `version` and `updatedAt` itself. */
export type UnsavedTable = Unsaved<Table>;
type Unsaved<T> = T extends Table
  ? Omit<T, 'version' | 'updatedAt'> & { readonly version?: number; readonly updatedAt?: number }
  : never;
