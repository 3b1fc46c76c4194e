/**
 * A move applied to a table: the engine's Move (src/game/types.ts: place or discard
 * the domino in hand, then claim one of the next line) is up to two engine actions;
 * the table applies them together, so nothing half-done is saved.
 */
import {
  apply,
  prompt,
  type Action,
  type GameState,
  type Move,
  type Placed,
  type Rejection,
  type Result,
} from '../game/index.js';

/** The table's clicks and timers speak of the engine's move (src/game/types.ts). */
export type { Move, Placed };

/** The engine actions of one move: what was done with the domino in hand, then the claim if any. */
export function moveActions(player: number, move: Move): readonly Action[] {
  const { placed, claim } = move;
  const first: Action[] =
    placed.kind === 'place'
      ? [{ type: 'place', player, a: placed.a, b: placed.b }]
      : placed.kind === 'discard'
        ? [{ type: 'discard', player }]
        : [];
  return claim === null ? first : [...first, { type: 'claim', player, domino: claim }];
}

/** The move part of an engine action (the AI and the timer decide in actions). */
export function placedOf(action: Action): Placed {
  if (action.type === 'place') return { kind: 'place', a: action.a, b: action.b };
  return action.type === 'discard' ? { kind: 'discard' } : { kind: 'none' };
}

/** Apply actions one after the other; the first rejection stops everything. */
export function applyAll<S>(
  state: S,
  actions: readonly Action[],
  step: (s: S, a: Action) => Result<S, Rejection>,
): Result<S, Rejection> {
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
  return applyAll(state, moveActions(player, { placed, claim: null }), apply);
}

/** The dominoes the move will end by choosing from (none in the last round). */
export function pickChoices(state: GameState): readonly number[] {
  const p = prompt(state);
  return p.kind === 'claim' ? p.choices : [];
}
