/**
 * Computer players: pure functions from a game state to an action, no I/O.
 * Every decision starts from the engine's public view of the state: the
 * hidden draw pile is never read.
 */
import { prompt, publicView, type Action, type AiLevel, type GameState, type Placement } from '../game/index.js';
import { baselineAction } from './baseline.js';
import { HARD_POLICY, hardAction, JUDGE_WEIGHTS } from './hard.js';
import { easyAction, normalAction, type Decision } from './levels.js';
import { makeRng, mixSeed } from './rng.js';
import type { ArenaLevel, ChooseOptions } from './types.js';

export { AiPool, AiPoolClosedError, type AiPoolOptions } from './pool.js';
export type { ArenaLevel, ChooseOptions } from './types.js';
export {
  ACCURATE_WITHIN,
  costliest,
  GRADES,
  gradeCounts,
  gradeOf,
  immediatePoints,
  reasonsOf,
  REVIEW_BUDGET_MS,
  ReviewError,
  reviewGame,
  stateAt,
  type GameReview,
  type Grade,
  type Reasons,
  type ReviewFact,
  type ReviewedMove,
  type ReviewOptions,
} from './review.js';

export class GameOverError extends Error {
  constructor() {
    super('the game is over: there is no action to choose');
  }
}

/**
 * A legal action for the player the game is waiting for. Deterministic for a
 * given seed (hard: with `playouts` set, or time permitting). Throws
 * GameOverError when the game is over.
 */
export function chooseAction(state: GameState, level: AiLevel, opts: ChooseOptions = {}): Action {
  return chooseArenaAction(state, level, opts);
}

/** chooseAction for any level the arena seats, the frozen hard-baseline included. */
export function chooseArenaAction(state: GameState, level: ArenaLevel, opts: ChooseOptions = {}): Action {
  const view = publicView(state);
  const asked = decision(view);
  const rng = makeRng(mixSeed(opts.seed ?? 0, view.turn));
  switch (level) {
    case 'easy':
      return easyAction(view, asked, rng);
    case 'normal':
      return normalAction(view, asked, rng);
    case 'hard':
      return hardAction(view, asked, opts, rng);
    case 'hard-baseline':
      return baselineAction(view, asked, opts, rng);
    case 'hard-judged':
      return hardAction(view, asked, opts, rng, HARD_POLICY, JUDGE_WEIGHTS['hard-judged']);
  }
}

/**
 * The hard level's suggestion for the placement the game is waiting for, or
 * null when the game is not waiting for a placement (or the domino fits nowhere).
 */
export function hint(state: GameState, opts: ChooseOptions = {}): Placement | null {
  const view = publicView(state);
  const asked = decision(view);
  if (asked.kind !== 'place') return null;
  const action = hardAction(view, asked, opts, makeRng(mixSeed(opts.seed ?? 0, view.turn)));
  return action.type === 'place' ? { domino: asked.domino, a: action.a, b: action.b } : null;
}

function decision(view: GameState): Decision {
  const asked = prompt(view);
  if (asked.kind === 'over') throw new GameOverError();
  return asked;
}
