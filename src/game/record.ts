/** Game records, `kingdomino-record/1` (shared/reference/game-record.md). STUBS until implemented. */
import type { GameRecord, GameState, Rejection, Result } from './types.js';

const todo = (): never => { throw new Error('not implemented yet'); };

export function toRecord(state: GameState): GameRecord { return todo(); }
/** Rebuild a game from a record (any JSON value), checking every event against the rules. */
export function fromRecord(record: unknown): Result<GameState, Rejection> { return todo(); }
