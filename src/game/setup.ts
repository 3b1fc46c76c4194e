/** Creating a game: options and their defaults, the shuffled deck, the first line and the first king order. */
import { DOMINO_COUNT } from './dominoes.js';
import { Rng } from './rng.js';
import { isSolo } from './solo.js';
import { isPlayerCount } from './variants.js';
import type { GameEvent, GameOptions, GameState, LineSlot, Result, Seat } from './types.js';
import { SCHEMA_VERSION } from './types.js';

export interface NewGame {
  readonly seats: readonly Seat[];
  readonly seed: string;
  /** Missing fields take defaults: grid 5, no bonuses, 3 players "discard", no balanced opening. */
  readonly options?: Partial<Omit<GameOptions, 'players'>>;
}

export type SetupError = { readonly code: 'bad-setup'; readonly message: string };

/** 2 players have two kings each. */
export function kingCount(players: number): number {
  return players === 2 ? 4 : players;
}

export function lineSize(options: GameOptions): number {
  return options.players === 3 && options.threePlayer === 'classic' ? 3 : 4;
}

/** Dominoes taken out face down at set-up: 24 with 2 players on 5x5, 12 in 3-player classic. */
export function removedCount(options: GameOptions): number {
  if (options.players === 2 && options.grid === 5) return 24;
  if (options.players === 3 && options.threePlayer === 'classic') return 12;
  return 0;
}

/** What a set-up plays with: the deck, its lines and the rounds they make. */
export interface DeckFacts {
  /** Dominoes in the box. */
  readonly dominoes: number;
  /** Dominoes the game uses; the others are removed face down at set-up. */
  readonly inPlay: number;
  readonly removed: number;
  /** Dominoes revealed per line. */
  readonly lineSize: number;
  /** Lines revealed over the game. */
  readonly lines: number;
  /** One round per line, plus the last round, which only places. */
  readonly rounds: number;
}

export function deckFacts(options: GameOptions): DeckFacts {
  const removed = removedCount(options);
  const size = lineSize(options);
  const inPlay = DOMINO_COUNT - removed;
  return { dominoes: DOMINO_COUNT, inPlay, removed, lineSize: size, lines: inPlay / size, rounds: inPlay / size + 1 };
}

/**
 * The round as the box counts it: 0 during the opening picks (kings only claim),
 * then 1 to `rounds`, one per line of dominoes placed (12 with 48 or 36 dominoes, 6 with 24).
 */
export function boxRound(state: GameState): { readonly round: number; readonly rounds: number } {
  return { round: state.round - 1, rounds: deckFacts(state.options).lines };
}

/** 3 players, "discard" mode, and solo: a line has 4 dominoes and the unclaimed ones are dropped. */
export function dropsLeftover(options: GameOptions): boolean {
  return (options.players === 3 && options.threePlayer === 'discard') || isSolo(options);
}

const fail = (message: string): Result<never, SetupError> => ({ ok: false, error: { code: 'bad-setup', message } });

function isSeat(value: unknown): value is Seat {
  if (typeof value !== 'object' || value === null) return false;
  const { name, kind } = value as { name?: unknown; kind?: unknown };
  return typeof name === 'string' && name.length > 0 && isSeatKind(kind);
}

export function isSeatKind(kind: unknown): kind is Seat['kind'] {
  return kind === 'human' || (typeof kind === 'string' && kind.startsWith('ai:') && kind.length > 3);
}

/** Fills defaults and rejects impossible combinations with a message a player can act on. */
export function resolveOptions(players: number, given: unknown): Result<GameOptions, SetupError> {
  if (players !== 1 && !isPlayerCount(players))
    return fail(`Kingdomino needs 2 to 4 players (or 1, solo), not ${players}.`);
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) {
    return fail('The options must be an object.');
  }
  const o = (given ?? {}) as Record<string, unknown>;
  const grid = o['grid'] ?? 5;
  const harmony = o['harmony'] ?? false;
  const middleKingdom = o['middleKingdom'] ?? false;
  const threePlayer = o['threePlayer'] ?? 'discard';
  const balancedOpening = o['balancedOpening'] ?? false;
  if (grid !== 5 && grid !== 7) return fail('The kingdom is 5x5, or 7x7 in the Mighty Duel.');
  if (grid === 7 && players !== 2) return fail('The Mighty Duel (7x7) is for exactly 2 players.');
  if (typeof harmony !== 'boolean' || typeof middleKingdom !== 'boolean' || typeof balancedOpening !== 'boolean') {
    return fail('harmony, middleKingdom and balancedOpening are on/off options.');
  }
  if (threePlayer !== 'discard' && threePlayer !== 'classic')
    return fail('The 3-player mode is "discard" or "classic".');
  if (threePlayer === 'classic' && players !== 3) return fail('The classic 3-player set-up needs exactly 3 players.');
  if (balancedOpening && players !== 2) return fail('The balanced opening is for 2-player games.');
  return { ok: true, value: { players, grid, harmony, middleKingdom, threePlayer, balancedOpening } };
}

/**
 * King ids follow the first round's claim order: king i claims i-th. kings[i] is its
 * owner. Random order, or A, B, B, A (A drawn at random) for the balanced opening.
 */
function drawKingOrder(options: GameOptions, rng: Rng): number[] {
  if (options.players !== 2) return rng.shuffle([0, 1, 2, 3].slice(0, options.players));
  if (!options.balancedOpening) return rng.shuffle([0, 0, 1, 1]);
  const first = rng.int(2);
  return [first, 1 - first, 1 - first, first];
}

export function revealLine(pile: readonly number[], size: number): { line: LineSlot[]; rest: number[] } {
  const drawn = pile.slice(0, size).sort((x, y) => x - y);
  return { line: drawn.map((domino) => ({ domino, king: null })), rest: pile.slice(size) };
}

export function createGame(spec: NewGame): Result<GameState, SetupError> {
  if (typeof spec !== 'object' || spec === null) return fail('A new game needs seats and a seed.');
  if (typeof spec.seed !== 'string') return fail('The seed must be a string.');
  if (!Array.isArray(spec.seats) || !spec.seats.every(isSeat)) {
    return fail('Each seat needs a name and a kind ("human" or "ai:<level>").');
  }
  const resolved = resolveOptions(spec.seats.length, spec.options);
  if (!resolved.ok) return resolved;
  const options = resolved.value;
  const rng = Rng.fromSeed(spec.seed);
  const deck = rng.shuffle(Array.from({ length: DOMINO_COUNT }, (_, i) => i + 1));
  const removed = removedCount(options);
  const kings = drawKingOrder(options, rng);
  const { line, rest } = revealLine(deck.slice(removed), lineSize(options));
  const reveal: GameEvent = { type: 'reveal', line: line.map((s) => s.domino) };
  return {
    ok: true,
    value: {
      schema: SCHEMA_VERSION,
      seed: spec.seed,
      options,
      seats: spec.seats.map((s) => ({ name: s.name, kind: s.kind })),
      kings,
      rng: rng.state(),
      pile: rest,
      removedAtSetup: deck.slice(0, removed),
      dropped: [],
      current: [],
      next: line,
      kingdoms: spec.seats.map(() => ({ placements: [], discarded: [] })),
      round: 1,
      turn: 0,
      events: [reveal],
    },
  };
}
