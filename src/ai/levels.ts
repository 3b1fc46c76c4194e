/** The easy and normal levels: one-ply policies on the current kingdom. */
import { boardOf, placementOf, type Action, type GameState, type Prompt } from '../game/index.js';
import { casualPick, casualPlacement, greedyPick, greedyPlacement, type Bonuses } from './policy.js';
import type { Rng } from './rng.js';

export type Decision = Exclude<Prompt, { kind: 'over' }>;

export function bonusesOf(state: GameState): Bonuses {
  return { harmony: state.options.harmony, middleKingdom: state.options.middleKingdom };
}

export function placeAction(player: number, code: number): Action {
  return { type: 'place', player, ...placementOf(code) };
}

/**
 * normal: the placement with the best immediate score (bonuses included), then
 * the domino whose best placement in my kingdom, as it stands, gains the most
 * points. Ties on points go to the best terrain fit (same-terrain neighbours),
 * then at random.
 */
export function normalAction(view: GameState, asked: Decision, rng: Rng): Action {
  const board = boardOf(view, asked.player);
  if (asked.kind === 'claim') {
    return {
      type: 'claim',
      player: asked.player,
      domino: asked.choices[greedyPick(board, asked.choices, bonusesOf(view), rng)] as number,
    };
  }
  const code = greedyPlacement(board, asked.domino, bonusesOf(view), rng);
  return code < 0 ? { type: 'discard', player: asked.player } : placeAction(asked.player, code);
}

/** easy: fits terrains together, with noise; ignores points and crowns, picks any domino. */
export function easyAction(view: GameState, asked: Decision, rng: Rng): Action {
  if (asked.kind === 'claim') {
    return { type: 'claim', player: asked.player, domino: asked.choices[casualPick(asked.choices, rng)] as number };
  }
  const code = casualPlacement(boardOf(view, asked.player), asked.domino, rng);
  return code < 0 ? { type: 'discard', player: asked.player } : placeAction(asked.player, code);
}
