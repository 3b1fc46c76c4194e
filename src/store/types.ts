/**
 * What the store keeps for one table (a lobby, then a game), keyed by the lobby
 * message id, which is also the id of the game's thread (a game's thread is its
 * channel). This is the contract between src/store and src/discord.
 */
import type { DynastyState, GameState } from '../game/types.js';

export const TABLE_SCHEMA = 1 as const;

export type AiLevel = 'easy' | 'normal' | 'hard';

export type TableSeat =
  | { readonly kind: 'human'; readonly userId: string; readonly name: string }
  | { readonly kind: 'ai'; readonly level: AiLevel; readonly name: string };

export interface TableSettings {
  readonly mightyDuel: boolean;
  readonly harmony: boolean;
  readonly middleKingdom: boolean;
  readonly dynasty: boolean;
  readonly threePlayerClassic: boolean;
  readonly balancedOpening: boolean;
  /** Seconds a human has for a move before a reminder and then an automatic move; 0 = no timer. */
  readonly turnTimerS: number;
}

export interface TableMessages {
  /** Channel the lobby was posted in (the thread's parent). */
  readonly lobbyChannelId: string;
  readonly lobbyMessageId: string | null;
  readonly threadId: string | null;
  /** The latest turn message in the thread (its buttons are the live ones). */
  readonly turnMessageId: string | null;
}

/**
 * Rematch asked for on a finished table: set with compare-and-set, so exactly one
 * press wins, whichever process handles it. `lobbyId` is null while the new lobby
 * is being posted, then the new lobby's key.
 */
export interface RematchClaim {
  readonly by: string;
  readonly at: number;
  readonly lobbyId: string | null;
}

interface TableBase {
  readonly schema: typeof TABLE_SCHEMA;
  /** Compare-and-set version, bumped by the store on every save. Callers never set it. */
  readonly version: number;
  /** Stable id of the table (also in custom_ids), e.g. a snowflake-ish string. */
  readonly id: string;
  readonly guildId: string;
  readonly hostId: string;
  readonly seats: readonly TableSeat[];
  readonly settings: TableSettings;
  readonly messages: TableMessages;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Users who used their hint in the current turn (turn number -> user ids). */
  readonly hintsUsed?: Readonly<Record<string, readonly string[]>>;
}

export type Table =
  | (TableBase & { readonly status: 'lobby' })
  | (TableBase & { readonly status: 'playing'; readonly game: GameState; readonly dynasty?: DynastyState })
  | (TableBase & {
    readonly status: 'finished'; readonly game: GameState; readonly dynasty?: DynastyState; readonly finishedAt: number;
    readonly rematch?: RematchClaim;
  })
  | (TableBase & { readonly status: 'cancelled'; readonly game?: GameState; readonly finishedAt: number });

export interface UserStats {
  readonly userId: string;
  readonly games: number;
  readonly wins: number;
  readonly bestScore: number;
  readonly totalScore: number;
  /** totalScore / games (0 before the first game). */
  readonly averageScore: number;
}

/** A table as callers hand it to the store: the store sets `version` and `updatedAt` itself. */
export type UnsavedTable = Unsaved<Table>;
type Unsaved<T> = T extends Table ? Omit<T, 'version' | 'updatedAt'> & { readonly version?: number; readonly updatedAt?: number } : never;
