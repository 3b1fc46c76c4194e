/**
 * The rules engine's public API. Pure: no I/O, no discord.js. Every function here
 * is total: bad input gives a typed rejection, never an exception.
 *
 * STUBS: the engine issue replaces these bodies with the real implementation
 * (in modules beside this one, re-exported here) without changing signatures.
 */
import type {
  Action, Domino, GameOptions, GameResult, GameState, PlayerScore, Placement,
  Prompt, Rejection, Result, Seat, Square,
} from './types.js';

export * from './types.js';
export * from './record.js';
export * from './dynasty.js';

export interface NewGame {
  readonly seats: readonly Seat[];
  readonly seed: string;
  /** Missing fields take defaults: grid 5, no bonuses, 3 players "discard", no balanced opening. */
  readonly options?: Partial<Omit<GameOptions, 'players'>>;
}

export type SetupError = { readonly code: 'bad-setup'; readonly message: string };

const todo = (): never => { throw new Error('not implemented yet'); };

/** All 48 dominoes, index n-1. */
export const DOMINOES: readonly Domino[] = [];
export function domino(n: number): Domino { return todo(); }

/** The number of players comes from seats.length. Random first king order from the seed. */
export function createGame(spec: NewGame): Result<GameState, SetupError> { return todo(); }
export function prompt(state: GameState): Prompt { return todo(); }
/** Every legal placement of the domino in hand for the prompted player (both halves orders counted once each). */
export function legalPlacements(state: GameState): readonly Placement[] { return todo(); }
/** Why this placement would be illegal, or null when it is legal (for previews). */
export function checkPlacement(state: GameState, a: readonly [number, number], b: readonly [number, number]): Rejection | null { return todo(); }
export function apply(state: GameState, action: Action): Result<GameState, Rejection> { return todo(); }
/** Running score of one player at any moment. */
export function scorePlayer(state: GameState, player: number): PlayerScore { return todo(); }
/** The final result, or null while the game runs. Also valid mid-game via rankNow. */
export function result(state: GameState): GameResult | null { return todo(); }
/** Ranking as if the game ended now (running scores with tie-breaks). */
export function rankNow(state: GameState): GameResult { return todo(); }
/** A kingdom as a map from "x,y" to its square, castle included. */
export function kingdomSquares(state: GameState, player: number): ReadonlyMap<string, Square> { return todo(); }
/** The bounding box of a kingdom, castle included: [minX, minY, maxX, maxY]. */
export function kingdomBounds(state: GameState, player: number): readonly [number, number, number, number] { return todo(); }
/** Is this a well-formed game state of our schema? (for the store's validation on load) */
export function isGameState(value: unknown): value is GameState { return todo(); }
