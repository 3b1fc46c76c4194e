/**
 * The arena's game logic (the CLI in src/cli/arena.ts spreads games over cores):
 * one seeded game between AI levels, checked through its record, and the
 * statistics over many games.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  aiSeatKind,
  isAiLevel,
  apply,
  checkRecord,
  createGame,
  prompt,
  result,
  toRecord,
  type GameOptions,
  type GameState,
} from '../game/index.js';
import { chooseArenaAction } from './index.js';
import { mixSeed } from './rng.js';
import type { ArenaLevel } from './types.js';

export interface ArenaGame {
  /** The level of each seat, in seat order. */
  readonly seats: readonly ArenaLevel[];
  readonly options: Partial<Omit<GameOptions, 'players'>>;
  readonly seed: string;
  /** The hard level's budget per decision. */
  readonly timeMs: number;
  /** Hard: a fixed number of playouts per decision (still capped by timeMs). */
  readonly playouts?: number;
}

export interface GameOutcome {
  /** The game's seed: games of one deck (a paired arena) share it. */
  readonly seed: string;
  readonly seats: readonly ArenaLevel[];
  readonly scores: readonly number[];
  /** Each seat's share of the victory: 1, 1/k for a victory shared by k, or 0. */
  readonly shares: readonly number[];
  /** Hard's (or hard-judged's) decision times in ms (hard-baseline's are left out). */
  readonly hardMs: readonly number[];
}

export class ArenaError extends Error {}

/** Plays one game to the end; throws ArenaError when the engine refuses anything or the record does not replay. */
export function playGame(game: ArenaGame): GameOutcome {
  const created = createGame({
    seats: game.seats.map((level, i) => ({
      name: `${level} ${i + 1}`,
      kind: aiSeatKind(isAiLevel(level) ? level : 'hard'),
    })),
    seed: game.seed,
    options: game.options,
  });
  if (!created.ok) throw new ArenaError(created.error.message);
  let state = created.value;
  const hardMs: number[] = [];
  for (let step = 0; ; step++) {
    const asked = prompt(state);
    if (asked.kind === 'over') break;
    const level = game.seats[asked.player] as ArenaLevel;
    const started = performance.now();
    const action = chooseArenaAction(state, level, {
      timeMs: game.timeMs,
      playouts: game.playouts,
      seed: mixSeed(step, hashText(game.seed)),
    });
    if (level === 'hard' || level === 'hard-judged') hardMs.push(performance.now() - started);
    const next = apply(state, action);
    if (!next.ok)
      throw new ArenaError(`${level} played an illegal action at turn ${state.turn}: ${next.error.message}`);
    state = next.value;
  }
  assertRecordReplays(state);
  const final = result(state);
  if (!final) throw new ArenaError('the game ended without a result');
  const shares = game.seats.map((_, p) => (final.winners.includes(p) ? 1 / final.winners.length : 0));
  return { seed: game.seed, seats: game.seats, scores: final.scores.map((s) => s.total), shares, hardMs };
}

/** The engine's own check: the exported record must rebuild the identical state. */
function assertRecordReplays(state: GameState): void {
  const rebuilt = checkRecord(JSON.stringify(toRecord(state)));
  if (!rebuilt.ok) throw new ArenaError(`record rejected: ${rebuilt.error.message}`);
  if (!isDeepStrictEqual(rebuilt.value, state)) throw new ArenaError('record replays to a different state');
}

export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Seat order for game g: the list of levels rotated by g, so no level keeps one seat. */
export function rotateSeats(levels: readonly ArenaLevel[], g: number): ArenaLevel[] {
  const n = levels.length;
  return levels.map((_, s) => levels[(s + g) % n] as ArenaLevel);
}

/** What an arena plays: `count` games of `levels`, seats rotated game by game. */
export interface ArenaPlan {
  readonly levels: readonly ArenaLevel[];
  readonly count: number;
  readonly seed: string;
  /**
   * Every deck is dealt once per seat order (the levels rotated over the same
   * seed), so the luck of the deal cancels between the levels: the win rate's
   * noise is then mostly the players', and fewer games tell levels apart.
   */
  readonly paired: boolean;
  readonly options: ArenaGame['options'];
  readonly timeMs: number;
  readonly playouts?: number;
}

export function arenaGames(plan: ArenaPlan): ArenaGame[] {
  const n = plan.levels.length;
  return Array.from({ length: plan.count }, (_, g): ArenaGame => ({
    seats: rotateSeats(plan.levels, g),
    options: plan.options,
    seed: `${plan.seed}-${plan.paired ? Math.floor(g / n) : g}`,
    timeMs: plan.timeMs,
    ...(plan.playouts === undefined ? {} : { playouts: plan.playouts }),
  }));
}

export interface LevelStats {
  readonly level: ArenaLevel;
  /** Seat-games played by this level. */
  readonly seatGames: number;
  readonly winRate: number;
  readonly low: number;
  readonly high: number;
  readonly avgScore: number;
  /** Average of (own score - best opponent's score). */
  readonly avgMargin: number;
  /**
   * 95% interval of the win rate from the spread between decks (games grouped by
   * seed, normal approximation): tighter than Wilson's when a paired arena deals
   * each deck in every seat order. Null with fewer than 2 decks.
   */
  readonly byDeck: { readonly decks: number; readonly low: number; readonly high: number } | null;
}

export function summarize(outcomes: readonly GameOutcome[]): LevelStats[] {
  const levels = [...new Set(outcomes.flatMap((o) => o.seats))];
  return levels.map((level) => {
    let seatGames = 0,
      wins = 0,
      score = 0,
      margin = 0;
    for (const o of outcomes) {
      o.seats.forEach((l, s) => {
        if (l !== level) return;
        const best = Math.max(...o.scores.filter((_, t) => t !== s));
        seatGames++;
        wins += o.shares[s] as number;
        score += o.scores[s] as number;
        margin += (o.scores[s] as number) - best;
      });
    }
    const [low, high] = wilson(wins, seatGames);
    return {
      byDeck: deckInterval(outcomes, level),
      level,
      seatGames,
      winRate: wins / seatGames,
      low,
      high,
      avgScore: score / seatGames,
      avgMargin: margin / seatGames,
    };
  });
}

/** The level's mean share per deck (seed), then mean +- 1.96 standard errors over the decks. */
function deckInterval(outcomes: readonly GameOutcome[], level: ArenaLevel): LevelStats['byDeck'] {
  const decks = new Map<string, { wins: number; seats: number }>();
  for (const o of outcomes) {
    const deck = decks.get(o.seed) ?? { wins: 0, seats: 0 };
    o.seats.forEach((l, s) => {
      if (l !== level) return;
      deck.wins += o.shares[s] as number;
      deck.seats++;
    });
    decks.set(o.seed, deck);
  }
  const rates = [...decks.values()].filter((d) => d.seats > 0).map((d) => d.wins / d.seats);
  const k = rates.length;
  if (k < 2) return null;
  const mean = rates.reduce((a, b) => a + b, 0) / k;
  const variance = rates.reduce((a, r) => a + (r - mean) ** 2, 0) / (k - 1);
  const half = 1.96 * Math.sqrt(variance / k);
  return { decks: k, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

/** Wilson score interval (95% by default) for `wins` successes out of `n` (wins may be fractional). */
export function wilson(wins: number, n: number, z = 1.96): readonly [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
