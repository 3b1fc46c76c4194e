/** Dynasty: three games in a row with the same seats, highest total wins. STUBS until implemented. */
import type { Action, DynastyState, GameResult, GameState, Rejection, Result } from './types.js';
import type { NewGame, SetupError } from './index.js';

const todo = (): never => { throw new Error('not implemented yet'); };

export function createDynasty(spec: NewGame): Result<DynastyState, SetupError> { return todo(); }
/** The game being played (the last one). */
export function dynastyGame(d: DynastyState): GameState { return todo(); }
/** Apply to the running game; when it ends and fewer than 3 were played, the next game starts. */
export function applyDynasty(d: DynastyState, action: Action): Result<DynastyState, Rejection> { return todo(); }
/** Totals over the games so far, tie-breaks on the sums; null until all three are over. */
export function dynastyResult(d: DynastyState): GameResult | null { return todo(); }
