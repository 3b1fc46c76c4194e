/**
 * Leagues simulated for the pairing's tests and bench: rounds seated by
 * src/table/pairing.ts with places drawn at random, and the exact fewest repeated
 * meetings for a round (by trying every seating, branch and bound; small rounds only)
 * that the local search is measured against.
 */
import { Rng } from '../../src/game/index.js';
import {
  seatRound,
  type Contender,
  type History,
  type LeagueFormat,
  type SeatedRound,
  type TableSize,
} from '../../src/table/index.js';

export const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Plays `rounds` rounds: each table's places drawn at random, points k-1 .. 0 by place. */
export function simulateLeague(
  n: number,
  size: TableSize,
  rounds: number,
  format: LeagueFormat = 'swiss',
  seed = 'seed',
) {
  const entrants = ids(n);
  const points = new Map(entrants.map((id) => [id, 0]));
  const past: SeatedRound[] = [];
  const dice = Rng.fromSeed(`results ${seed}`);
  for (let r = 0; r < rounds; r++) {
    const contenders = standings(entrants, points);
    const round = seatRound({ contenders, entrants, past, size, format, seed, roundsLeft: rounds - r });
    if (!round) throw new Error('not seated');
    for (const table of round.tables) {
      dice.shuffle([...table]).forEach((id, place) => points.set(id, points.get(id)! + table.length - 1 - place));
    }
    past.push(round);
  }
  return { past, points, entrants };
}

export function standings(entrants: readonly string[], points: ReadonlyMap<string, number>): Contender[] {
  return entrants.map((id) => ({ id, points: points.get(id)! })).sort((a, b) => b.points - a.points);
}

export function fewestRematches(players: readonly string[], sizes: readonly number[], history: History): number {
  const n = players.length;
  const met = players.map((a) => players.map((b) => history.met(a, b)));
  const left = new Map<number, number>();
  for (const s of sizes) left.set(s, (left.get(s) ?? 0) + 1);
  const taken = new Array<boolean>(n).fill(false);
  let best = Infinity;

  /** Seats the first free player at a new table of each size still wanted. */
  function seatNext(sofar: number): void {
    if (sofar >= best) return;
    const first = taken.indexOf(false);
    if (first < 0) {
      best = sofar;
      return;
    }
    for (const [size, count] of left) {
      if (count === 0) continue;
      left.set(size, count - 1);
      taken[first] = true;
      fill([first], first + 1, size, sofar);
      taken[first] = false;
      left.set(size, count);
    }
  }

  /** Completes a table with free players after `from`, each set of them once. */
  function fill(table: number[], from: number, size: number, sofar: number): void {
    if (table.length === size) return seatNext(sofar);
    for (let p = from; p < n; p++) {
      if (taken[p]) continue;
      const added = table.reduce((sum, q) => sum + met[p]![q]!, 0);
      taken[p] = true;
      table.push(p);
      fill(table, p + 1, size, sofar + added);
      table.pop();
      taken[p] = false;
    }
  }

  seatNext(0);
  return best;
}
