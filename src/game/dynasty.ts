/**
 * Dynasty: three games in a row with the same seats; the highest total over the
 * three wins, ties broken by the same rules on the sums (largest territories, then
 * crowns), else a shared victory. Pure: no I/O.
 *
 * Game k (1-based) is seeded with `<dynasty seed>/<k>`, so a dynasty replays from
 * its seed and its actions just as a single game does, and each game's own record
 * (toRecord) replays on its own.
 */
import type { Action, DynastyState, GameResult, GameState, PlayerScore, Rejection, Result } from './types.js';
import { SCHEMA_VERSION } from './types.js';
import { apply } from './engine.js';
import { rank, result, scorePlayer } from './score.js';
import { createGame, type NewGame, type SetupError } from './setup.js';
import { isGameState } from './validate.js';

export const DYNASTY_GAMES = 3;

/** The seed of game `number` (1-based) of a dynasty. */
export function dynastyGameSeed(dynastySeed: string, number: number): string {
  return `${dynastySeed}/${number}`;
}

export function createDynasty(spec: NewGame): Result<DynastyState, SetupError> {
  if (Array.isArray(spec.seats) && spec.seats.length === 1) {
    return { ok: false, error: { code: 'bad-setup', message: 'A Dynasty needs 2 to 4 players.' } };
  }
  const first = createGame({ ...spec, seed: dynastyGameSeed(spec.seed, 1) });
  if (!first.ok) return first;
  return { ok: true, value: { schema: SCHEMA_VERSION, games: [first.value], length: DYNASTY_GAMES } };
}

/** The game being played (the last one). */
export function dynastyGame(d: DynastyState): GameState {
  // A DynastyState always holds at least its first game (createDynasty, isDynastyState).
  return d.games[d.games.length - 1]!;
}

/** 1-based number of the game being played (or the last one, once the dynasty is over). */
export function dynastyGameNumber(d: DynastyState): number {
  return d.games.length;
}

/** The seed the dynasty was created with. */
export function dynastySeed(d: DynastyState): string {
  return d.games[0]!.seed.slice(0, -dynastyGameSeed('', 1).length);
}

/** Apply to the running game; when it ends and fewer than 3 were played, the next game starts. */
export function applyDynasty(d: DynastyState, action: Action): Result<DynastyState, Rejection> {
  const applied = apply(dynastyGame(d), action);
  if (!applied.ok) return applied;
  const games = [...d.games.slice(0, -1), applied.value];
  if (result(applied.value) === null || games.length >= d.length) return { ok: true, value: { ...d, games } };
  const next = createGame({
    seats: applied.value.seats,
    seed: dynastyGameSeed(dynastySeed(d), games.length + 1),
    options: applied.value.options,
  });
  // The same seats and options just made a game, so they make the next one too.
  if (!next.ok) return { ok: false, error: { code: 'malformed', message: next.error.message } };
  return { ok: true, value: { ...d, games: [...games, next.value] } };
}

/** Each game's result so far: null for the game still running. */
export function dynastyGameResults(d: DynastyState): readonly (GameResult | null)[] {
  return d.games.map(result);
}

/**
 * Standings as if the dynasty ended now: per player, the sums over the finished
 * games and the running score of the game being played, ranked by the tie-break
 * rules. The summed scores carry no territories (they belong to each game's result).
 */
export function dynastyStandings(d: DynastyState): GameResult {
  const players = d.games[0]!.seats.map((_, player) => player);
  const scores = players.map((player) =>
    sumScores(
      player,
      d.games.map((g) => finalOrRunningScore(g, player)),
    ),
  );
  return rank(scores);
}

/** Totals over the three games, tie-breaks on the sums; null until all three are over. */
export function dynastyResult(d: DynastyState): GameResult | null {
  const over = d.games.length === d.length && result(dynastyGame(d)) !== null;
  return over ? dynastyStandings(d) : null;
}

/** Is this a well-formed dynasty of our schema? (for the store's validation on load) */
export function isDynastyState(value: unknown): value is DynastyState {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<DynastyState>;
  return (
    d.schema === SCHEMA_VERSION &&
    d.length === DYNASTY_GAMES &&
    Array.isArray(d.games) &&
    d.games.length >= 1 &&
    d.games.length <= DYNASTY_GAMES &&
    d.games.every((g) => isGameState(g))
  );
}

function finalOrRunningScore(game: GameState, player: number): PlayerScore {
  return result(game)?.scores.find((s) => s.player === player) ?? scorePlayer(game, player);
}

function sumScores(player: number, scores: readonly PlayerScore[]): PlayerScore {
  const sum = (field: 'harmony' | 'middleKingdom' | 'total' | 'largestTerritory' | 'crowns'): number =>
    scores.reduce((acc, s) => acc + s[field], 0);
  return {
    player,
    territories: [],
    harmony: sum('harmony'),
    middleKingdom: sum('middleKingdom'),
    total: sum('total'),
    largestTerritory: sum('largestTerritory'),
    crowns: sum('crowns'),
  };
}
