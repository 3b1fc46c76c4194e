/**
 * Learning the playout policy from the search (one step of expert iteration): the
 * placements the hard search chose, each with what the playout policy weighs of
 * every legal placement, and the weights under which those choices are likeliest
 * (a conditional logit). The search looks ahead where the policy only looks at the
 * placement, so weights fitted to its choices bring the playouts nearer to how the
 * search plays. Fitted weights only count once an arena against hard-baseline at
 * the bot's budgets confirms them (HARD_POLICY says what the first fit gave).
 */
import { MAX_PLACEMENTS, boardOf, placementOf, samePlacement, type Action, type GameState } from '../game/index.js';
import { Territories } from './gain.js';
import { bonusesOf, type Decision } from './levels.js';
import { placementPoints } from './policy.js';

/** What a placement is described by, in this order (the policy's Weights, immediate points first). */
export const FEATURES = ['points', 'neighbours', 'dead cells'] as const;

/** One placement the search made: the features of every legal placement, and the index of the one it chose. */
export interface Choice {
  readonly features: readonly (readonly number[])[];
  readonly chosen: number;
}

const codes = new Int32Array(MAX_PLACEMENTS);
const territories = new Territories();

/**
 * The choice `action` made at a placement prompt; null when there was nothing to
 * choose (one legal placement or none) or the action is not a placement.
 */
export function placementChoice(view: GameState, asked: Decision, action: Action): Choice | null {
  if (asked.kind !== 'place' || action.type !== 'place') return null;
  const board = boardOf(view, asked.player);
  const count = board.legal(asked.domino, codes);
  if (count < 2) return null;
  const t = territories.load(board);
  const bonuses = bonusesOf(view);
  const features: number[][] = [];
  let chosen = -1;
  for (let i = 0; i < count; i++) {
    const code = codes[i] as number;
    features.push([
      placementPoints(t, board, asked.domino, code, bonuses),
      t.matches(asked.domino, code),
      t.holes(code),
    ]);
    if (samePlacement(placementOf(code), action)) chosen = i;
  }
  return chosen < 0 ? null : { features, chosen };
}

export interface Fit {
  /** One per feature: how much each adds to a placement's log-odds of being chosen. */
  readonly weights: readonly number[];
  /** Mean log-likelihood of the choices under the weights (0 would be certainty). */
  readonly logLikelihood: number;
}

/** Adam's step size and moment decays; a few hundred full-batch steps settle a handful of weights. */
const STEP = 0.05;
const DECAY1 = 0.9;
const DECAY2 = 0.999;
const STEPS = 600;

/** The weights that make the choices likeliest, each choice a softmax over its placements' weighted features. */
export function fitChoices(choices: readonly Choice[], steps = STEPS): Fit {
  const dims = choices[0]?.features[0]?.length ?? 0;
  const weights = new Array<number>(dims).fill(0);
  const m = new Array<number>(dims).fill(0);
  const v = new Array<number>(dims).fill(0);
  for (let step = 1; step <= steps; step++) {
    const gradient = logLikelihoodGradient(choices, weights);
    for (let j = 0; j < dims; j++) {
      const g = -(gradient[j] as number);
      m[j] = DECAY1 * (m[j] as number) + (1 - DECAY1) * g;
      v[j] = DECAY2 * (v[j] as number) + (1 - DECAY2) * g * g;
      const mHat = (m[j] as number) / (1 - DECAY1 ** step);
      const vHat = (v[j] as number) / (1 - DECAY2 ** step);
      weights[j] = (weights[j] as number) - (STEP * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return { weights, logLikelihood: logLikelihood(choices, weights) };
}

/** Each placement's probability of being chosen under `weights` (a softmax of the weighted features). */
function probabilities(choice: Choice, weights: readonly number[]): number[] {
  const scores = choice.features.map((f) => f.reduce((sum, x, j) => sum + x * (weights[j] as number), 0));
  const top = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Mean log-probability of the chosen placements under `weights`. */
export function logLikelihood(choices: readonly Choice[], weights: readonly number[]): number {
  let sum = 0;
  for (const c of choices) sum += Math.log(probabilities(c, weights)[c.chosen] as number);
  return sum / choices.length;
}

/** The mean log-likelihood's gradient: the chosen features less their expectation under the softmax. */
function logLikelihoodGradient(choices: readonly Choice[], weights: readonly number[]): number[] {
  const gradient = new Array<number>(weights.length).fill(0);
  for (const c of choices) {
    const p = probabilities(c, weights);
    c.features.forEach((f, k) => {
      const w = (k === c.chosen ? 1 : 0) - (p[k] as number);
      f.forEach((x, j) => (gradient[j] = (gradient[j] as number) + (w * x) / choices.length));
    });
  }
  return gradient;
}
