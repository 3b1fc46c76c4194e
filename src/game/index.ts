/**
 * The rules engine's public API, and its only door: every other layer imports the
 * engine from here. Pure: no I/O, no discord.js. Every function here is total on
 * valid states: bad input gives a typed rejection, never an exception (`domino(n)`
 * alone throws a RangeError for a number that is no domino). Each rule is said once,
 * in one module:
 *
 * - variants.ts: the variants and the AI levels as data (seat limits, engine options);
 * - setup.ts: createGame, and deckFacts (dominoes in play, line size, rounds);
 * - engine.ts: prompt, apply, legal placements; candidate.ts: a candidate judged once;
 * - score.ts: scores, the ranking order (byRanking) and its tie-breaks;
 * - public.ts: what every player may know (the hidden pile left out);
 * - notation.ts: cell names (E5) and the windows of cells they name;
 * - direction.ts: the one direction code (0 right, 1 down, 2 left, 3 up);
 * - record.ts, dynasty.ts, validate.ts: game records, Dynasty, untrusted input;
 * - dominoes.ts, rng.ts, board.ts, sim.ts: the 48 dominoes, the seeded generator, the
 *   bitboard kernel and the playout simulator (exported last, for the AI's search).
 */
export * from './types.js';
export * from './record.js';
export * from './dynasty.js';
export { replayStates } from './replay.js';

export { DOMINOES, DOMINO_COUNT, domino, TERRAINS } from './dominoes.js';
export { boxRound, createGame, deckFacts } from './setup.js';
export type { DeckFacts, NewGame, SetupError } from './setup.js';
export { publicDeck, publicView } from './public.js';
export type { PublicDeck } from './public.js';
export { prompt, legalPlacements, checkPlacement, apply, isOver, openClaims } from './engine.js';
export * from './solo.js';
export {
  byRanking,
  placeAmong,
  missedBonuses,
  tieBreakBetween,
  scorePlayer,
  result,
  rankNow,
  kingdomSquares,
  kingdomBounds,
} from './score.js';
export type { MissedBonus } from './score.js';
export { isGameState, gameStateProblem } from './validate.js';
export * from './variants.js';
export * from './notation.js';
export { DIRECTIONS, directionOf, placementFrom, samePlacement, type Direction } from './direction.js';
export { judgePlacement, candidateGain, rankedCandidates, type Candidate, type Verdict } from './candidate.js';
export { Sim, PLACE, CLAIM, OVER } from './sim.js';
export type { Phase } from './sim.js';

// The kernel, for the computer players' search (and the engine's benchmarks): bitboard
// kingdoms, placement codes, the flat domino tables, the generator and the simulator.
export {
  Board,
  CASTLE,
  CELLS,
  CELL_STEPS,
  HARMONY_BONUS,
  MAX_PLACEMENTS,
  MIDDLE_KINGDOM_BONUS,
  cellIndex,
  cellX,
  cellY,
  codeCellA,
  codeCellB,
  placementOf,
} from './board.js';
export { HALF_A_CROWNS, HALF_A_TERRAIN, HALF_B_CROWNS, HALF_B_TERRAIN } from './dominoes.js';
export { boardOf } from './engine.js';
export { Rng, seedState } from './rng.js';
