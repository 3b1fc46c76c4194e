/** Shared by the engine's tests: building kingdoms by hand and playing random games. */
import { expect } from 'vitest';
import { Board } from '../../src/game/board.js';
import type { Action, GameOptions, GameState, Seat } from '../../src/game/index.js';
import { apply, createGame, legalPlacements, prompt } from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';

/** [domino, ax, ay, bx, by]: half a at (ax, ay), half b at (bx, by). */
export type Put = readonly [number, number, number, number, number];

/** A kingdom built from placements, each checked legal in its turn. */
export function build(grid: 5 | 7, puts: readonly Put[]): Board {
  const board = new Board(grid);
  for (const [n, ax, ay, bx, by] of puts) {
    expect(board.check(n, ax, ay, bx, by), `domino ${n} at ${ax},${ay} ${bx},${by}`).toBeNull();
    board.place(n, ax, ay, bx, by);
  }
  return board;
}

export function seats(n: number): Seat[] {
  return Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, kind: 'human' as const }));
}

export function newGame(players: number, seed: string, options: Partial<Omit<GameOptions, 'players'>> = {}): GameState {
  const g = createGame({ seats: seats(players), seed, options });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

/** A uniformly random legal action (discard only when nothing fits). */
export function randomAction(state: GameState, rng: Rng): Action {
  const p = prompt(state);
  if (p.kind === 'over') throw new Error('the game is over');
  if (p.kind === 'claim') return { type: 'claim', player: p.player, domino: p.choices[rng.int(p.choices.length)] ?? 0 };
  const legal = legalPlacements(state);
  if (legal.length === 0) return { type: 'discard', player: p.player };
  const pick = legal[rng.int(legal.length)] ?? legal[0];
  return { type: 'place', player: p.player, a: pick?.a ?? [0, 0], b: pick?.b ?? [0, 0] };
}

export function step(state: GameState, action: Action): GameState {
  const r = apply(state, action);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(action)}: ${r.error.message}`);
  return r.value;
}

/** Plays random legal actions until `stop` holds (or the game ends); returns the state where it held, or null. */
export function playUntil(state: GameState, rng: Rng, stop: (s: GameState) => boolean): GameState | null {
  let s = state;
  for (;;) {
    if (stop(s)) return s;
    if (prompt(s).kind === 'over') return null;
    s = step(s, randomAction(s, rng));
  }
}

export function playToEnd(state: GameState, rng: Rng): GameState {
  return playUntil(state, rng, (s) => prompt(s).kind === 'over') ?? state;
}

/** Searches seeded random games for a state where `found` holds. */
export function findState(
  players: number,
  options: Partial<Omit<GameOptions, 'players'>>,
  found: (s: GameState) => boolean,
): GameState {
  for (let seed = 0; seed < 500; seed++) {
    const s = playUntil(newGame(players, `find/${seed}`, options), Rng.fromSeed(`find/${seed}`), found);
    if (s !== null) return s;
  }
  throw new Error('no such state in 500 games');
}
