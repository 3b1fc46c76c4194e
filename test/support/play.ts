/** A simple, deterministic player for building game states in tests and benches. */
import { apply, legalPlacements, prompt, type Action, type GameState } from '../../src/game/index.js';

/** The first legal placement, or the highest free domino (so kings spread over the line). */
export function simpleAction(state: GameState): Action | null {
  const p = prompt(state);
  if (p.kind === 'over') return null;
  if (p.kind === 'claim') return { type: 'claim', player: p.player, domino: p.choices[p.choices.length - 1]! };
  const first = legalPlacements(state)[0];
  return first ? { type: 'place', player: p.player, a: first.a, b: first.b } : { type: 'discard', player: p.player };
}

/** Plays `moves` actions of simpleAction (to the end by default). */
export function play(state: GameState, moves = Infinity): GameState {
  let s = state;
  for (let i = 0; i < moves; i++) {
    const action = simpleAction(s);
    if (!action) break;
    const next = apply(s, action);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}
