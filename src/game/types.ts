/**
 * The rules engine's public types. This file is the contract between src/game and
 * everything that uses it (render, store, ai, discord): change it only with care.
 * Everything here is plain JSON-compatible data.
 */

export type Terrain = 'wheat' | 'forest' | 'lake' | 'grassland' | 'swamp' | 'mine';

export interface Half {
  readonly terrain: Terrain;
  readonly crowns: number;
}

export interface Domino {
  /** 1..48, the number printed on the back. */
  readonly n: number;
  readonly a: Half;
  readonly b: Half;
}

/** A cell of a kingdom: castle at [0, 0], x grows to the right, y grows downwards. */
export type Pos = readonly [x: number, y: number];

export type ThreePlayerMode = 'discard' | 'classic';

export interface GameOptions {
  /** 1 is the solo game (solo.ts: Crown of Thorns). */
  readonly players: 1 | 2 | 3 | 4;
  /** 5, or 7 for the Mighty Duel (2 players only). */
  readonly grid: 5 | 7;
  readonly harmony: boolean;
  readonly middleKingdom: boolean;
  /** Meaningful with 3 players only; "discard" elsewhere. */
  readonly threePlayer: ThreePlayerMode;
  /** 2 players only: first king order A, B, B, A instead of random. */
  readonly balancedOpening: boolean;
}

export type SeatKind = 'human' | `ai:${string}`;

export interface Seat {
  readonly name: string;
  readonly kind: SeatKind;
}

/**
 * A king: index into GameState.kings. Players with two kings own two of them. King ids
 * follow the first round's claim order, drawn at set-up: king 0 claims first, and so on.
 */
export type KingId = number;

export interface LineSlot {
  readonly domino: number;
  /**
   * The king that claimed this domino, or null while unclaimed. In `current` it stays
   * after the domino is placed (the domino is then in its owner's kingdom, placed or
   * discarded). A 3-player leftover leaves its line when dropped (GameState.dropped),
   * so `current` never has an unclaimed slot.
   */
  readonly king: KingId | null;
}

/** A domino placed in a kingdom: where its half a and half b went. */
export interface Placement {
  readonly domino: number;
  readonly a: Pos;
  readonly b: Pos;
}

export interface KingdomState {
  /** In the order they were placed. */
  readonly placements: readonly Placement[];
  /** Dominoes this player had to discard. */
  readonly discarded: readonly number[];
}

/** The game record events of game-record.md, kept in the state as the game's log. */
export type GameEvent =
  | { readonly type: 'reveal'; readonly line: readonly number[] }
  | { readonly type: 'claim'; readonly player: number; readonly domino: number }
  | { readonly type: 'place'; readonly player: number; readonly domino: number; readonly a: Pos; readonly b: Pos }
  | { readonly type: 'discard'; readonly player: number; readonly domino: number }
  | { readonly type: 'drop'; readonly domino: number };

/** State of the seeded generator (sfc32: four uint32 words). */
export type RngState = readonly [number, number, number, number];

export const SCHEMA_VERSION = 1 as const;

/**
 * A whole game, as plain JSON. The draw pile's order is hidden information: only
 * the engine may read `pile`; AIs and views must not.
 */
export interface GameState {
  readonly schema: typeof SCHEMA_VERSION;
  readonly seed: string;
  readonly options: GameOptions;
  readonly seats: readonly Seat[];
  /** Owner (seat index) of each king; 2-player games have four kings. */
  readonly kings: readonly number[];
  readonly rng: RngState;
  /** The draw pile, next domino first. Hidden. */
  readonly pile: readonly number[];
  /** Dominoes taken out of the game at set-up (2 players, 3-player classic), face down. Hidden. */
  readonly removedAtSetup: readonly number[];
  /** Dominoes dropped during play (3-player "discard" mode): public. */
  readonly dropped: readonly number[];
  /** The line whose dominoes are being placed (empty in the first round). */
  readonly current: readonly LineSlot[];
  /** The line whose dominoes are being claimed (empty in the last round). */
  readonly next: readonly LineSlot[];
  readonly kingdoms: readonly KingdomState[];
  /**
   * 1-based round number; round 1 is the first claim round, the last (place-only)
   * round is the number of lines + 1 (13 with 48 or 36 dominoes, 7 with 24).
   */
  readonly round: number;
  /** Number of actions applied so far: a version for stale-button checks. */
  readonly turn: number;
  readonly events: readonly GameEvent[];
}

/** What the game waits for. */
export type Prompt =
  | {
      readonly kind: 'place';
      readonly player: number;
      readonly king: KingId;
      readonly domino: number;
      readonly canPlace: boolean;
    }
  | { readonly kind: 'claim'; readonly player: number; readonly king: KingId; readonly choices: readonly number[] }
  | { readonly kind: 'over' };

export type Action =
  | { readonly type: 'place'; readonly player: number; readonly a: Pos; readonly b: Pos }
  | { readonly type: 'discard'; readonly player: number }
  | { readonly type: 'claim'; readonly player: number; readonly domino: number };

/** What the player does with the domino in hand before picking. */
export type Placed =
  | { readonly kind: 'place'; readonly a: Pos; readonly b: Pos }
  | { readonly kind: 'discard' }
  /** Nothing to place: the opening picks. */
  | { readonly kind: 'none' };

/**
 * A move as players see it: one turn of one king, the domino in hand placed (or
 * discarded), then one of the next line claimed. The engine counts it as up to two
 * actions; the table applies them together, the AI's review weighs them together.
 */
export interface Move {
  readonly placed: Placed;
  /** The domino claimed from the next line; null in the last round. */
  readonly claim: number | null;
}

export type IllegalPlacementReason =
  | 'not-adjacent' // the halves are not orthogonal neighbours
  | 'occupied' // a cell is taken (or is the castle)
  | 'no-connection' // neither half touches the castle or a matching terrain
  | 'out-of-frame'; // the kingdom would no longer fit its 5x5 / 7x7 frame

export type Rejection =
  | { readonly code: 'game-over'; readonly message: string }
  | { readonly code: 'not-your-turn'; readonly message: string; readonly expected: number }
  | { readonly code: 'wrong-action'; readonly message: string; readonly expected: Prompt['kind'] }
  | { readonly code: 'illegal-placement'; readonly message: string; readonly reason: IllegalPlacementReason }
  | { readonly code: 'must-place'; readonly message: string } // discard while a legal placement exists
  | { readonly code: 'domino-unavailable'; readonly message: string } // already taken, or not in the line
  | { readonly code: 'malformed'; readonly message: string };

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export interface TerritoryScore {
  readonly terrain: Terrain;
  readonly squares: number;
  readonly crowns: number;
  readonly points: number;
  /** The cells of this territory, for drawing the score sheet. */
  readonly cells: readonly Pos[];
}

export interface PlayerScore {
  readonly player: number;
  readonly territories: readonly TerritoryScore[];
  readonly harmony: number;
  readonly middleKingdom: number;
  readonly total: number;
  readonly largestTerritory: number;
  readonly crowns: number;
}

export type TieBreak = 'none' | 'largest-territory' | 'crowns' | 'shared';

export interface GameResult {
  readonly scores: readonly PlayerScore[];
  /** More than one = a shared victory. */
  readonly winners: readonly number[];
  /** What decided between the players tied on total points. */
  readonly decidedBy: TieBreak;
}

export interface GameRecord {
  readonly format: 'kingdomino-record/1';
  readonly seed: string;
  readonly options: {
    /** 1: the solo game (our extension). */
    readonly players: 1 | 2 | 3 | 4;
    readonly grid: 5 | 7;
    readonly harmony: boolean;
    readonly middleKingdom: boolean;
    readonly threePlayer?: ThreePlayerMode;
    /** Our extension, absent means false. */
    readonly balancedOpening?: boolean;
  };
  readonly players: readonly { readonly name: string; readonly kind: SeatKind; readonly kings: 1 | 2 }[];
  readonly events: readonly GameEvent[];
  readonly result?: {
    readonly scores: readonly (Omit<PlayerScore, 'territories'> & {
      readonly territories: readonly Omit<TerritoryScore, 'cells'>[];
    })[];
    readonly winners: readonly number[];
  };
}

/** A cell of a kingdom as drawn: the castle, or a square of a placed domino. */
export type Square =
  | { readonly kind: 'castle' }
  | { readonly kind: 'land'; readonly terrain: Terrain; readonly crowns: number; readonly domino: number };

/** Dynasty: three games in a row with the same seats. */
export interface DynastyState {
  readonly schema: typeof SCHEMA_VERSION;
  readonly games: readonly GameState[];
  /** Always 3. */
  readonly length: number;
}
