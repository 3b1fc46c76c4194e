/**
 * A "move" as players see it: one turn of one king, i.e. place (or discard) the
 * domino in hand, then claim one of the next line. The engine counts these as up
 * to two actions; the bot applies them together, under one lock, and posts one
 * message. Also the placement cursor used by the panel.
 */
import {
  apply, checkPlacement, legalPlacements, prompt, scorePlayer,
} from '../game/index.js';
import type { Action, GameState, Placement, Pos, Rejection, Result } from '../game/types.js';
import type { Cursor, Placed } from './codec.js';

const STEPS: readonly Pos[] = [[1, 0], [0, 1], [-1, 0], [0, -1]];

export function cursorCells(c: Cursor): { readonly a: Pos; readonly b: Pos } {
  const [dx, dy] = STEPS[c.r] ?? [1, 0];
  return { a: [c.x, c.y], b: [c.x + dx, c.y + dy] };
}

export function placementCursor(p: Placement): Cursor {
  const r = STEPS.findIndex(([dx, dy]) => p.b[0] - p.a[0] === dx && p.b[1] - p.a[1] === dy);
  return { x: p.a[0], y: p.a[1], r: (r < 0 ? 0 : r) as Cursor['r'] };
}

export function sameCursor(a: Cursor, b: Cursor): boolean {
  return a.x === b.x && a.y === b.y && a.r === b.r;
}

/** The legal placements of the domino in hand, as cursors, in the engine's order. */
export function legalCursors(state: GameState): readonly Cursor[] {
  return legalPlacements(state).map(placementCursor);
}

/** The cursor the next/previous-legal buttons lead to from `at`. */
export function stepLegal(legal: readonly Cursor[], at: Cursor, step: 1 | -1): Cursor | null {
  if (legal.length === 0) return null;
  const i = legal.findIndex((c) => sameCursor(c, at));
  const from = i < 0 ? (step === 1 ? -1 : 0) : i;
  return legal[(from + step + legal.length) % legal.length] ?? null;
}

export function checkCursor(state: GameState, at: Cursor): Rejection | null {
  const { a, b } = cursorCells(at);
  return checkPlacement(state, a, b);
}

/** Points the placement would add to the player's running score, or null if it is illegal. */
export function placementGain(state: GameState, player: number, at: Cursor): number | null {
  const { a, b } = cursorCells(at);
  const next = apply(state, { type: 'place', player, a, b });
  if (!next.ok) return null;
  return scorePlayer(next.value, player).total - scorePlayer(state, player).total;
}

/** The engine actions of one move: what was done with the domino in hand, then the claim if any. */
export function moveActions(player: number, placed: Placed, claim: number | null): readonly Action[] {
  const first: Action[] = placed.kind === 'place'
    ? [{ type: 'place', player, ...cursorCells(placed.at) }]
    : placed.kind === 'discard' ? [{ type: 'discard', player }] : [];
  return claim === null ? first : [...first, { type: 'claim', player, domino: claim }];
}

/** Apply actions one after the other; the first rejection stops everything. */
export function applyAll<S>(state: S, actions: readonly Action[], step: (s: S, a: Action) => Result<S, Rejection>): Result<S, Rejection> {
  let current = state;
  for (const action of actions) {
    const next = step(current, action);
    if (!next.ok) return next;
    current = next.value;
  }
  return { ok: true, value: current };
}

/** The state after the place/discard part of a move, to know what can be picked. */
export function afterPlacing(state: GameState, player: number, placed: Placed): Result<GameState, Rejection> {
  return applyAll(state, moveActions(player, placed, null), apply);
}

/** Does the move the player is about to make end with a pick? (Not in the last round.) */
export function pickChoices(state: GameState): readonly number[] {
  const p = prompt(state);
  return p.kind === 'claim' ? p.choices : [];
}

