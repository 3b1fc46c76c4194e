/** What the store adds to the table layer's types: statistics, and tables as callers hand them over. */
import type { Table } from '../table/index.js';

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
