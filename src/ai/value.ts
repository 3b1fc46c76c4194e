/**
 * A learned judge of positions: where the hard search's samples stop (the start of a
 * round, its line just revealed), each player's final score is predicted from their
 * kingdom and what they hold, and the win shares from those predictions, instead of
 * playing the game out. Fitted to self-play games (npm run learn -- positions, then
 * -- value): per set-up and per round, a linear model of the points each player still
 * gains, and how sure the predictions are of the winner (a softmax's temperature).
 */
import {
  Board,
  CELL_STEPS,
  cellIndex,
  cellX,
  cellY,
  HALF_A_CROWNS,
  HALF_B_CROWNS,
  PLACE,
  type GameOptions,
  type GameState,
  type Sim,
} from '../game/index.js';
import { Territories } from './gain.js';
import { bonusesOf } from './levels.js';
import { pickValues, type Bonuses, type Weights } from './policy.js';
import { MARGIN_WEIGHT } from './tree.js';
import { VALUE_MODEL } from './value-model.js';

/** What describes a player's position at a round's start, in this order (a model's weights follow it). */
export const VALUE_FEATURES = [
  'bias',
  'room',
  'dead cells',
  'crowns',
  'crowned frontier',
  'hand',
  'hand crowns',
  'earliness',
  'line best',
] as const;
export const FEATURE_COUNT = VALUE_FEATURES.length;

/** One set-up's model: per round (Sim.round), the weights of the points still to gain and the winner's temperature. */
export interface SetupModel {
  /** weights[round]: FEATURE_COUNT numbers, or empty where the round is not judged. */
  readonly weights: readonly (readonly number[])[];
  /** temperature[round]: the softmax's, in points (0 where the round is not judged). */
  readonly temperature: readonly number[];
}

export type ValueModel = Readonly<Record<string, SetupModel>>;

/** The key of a set-up's model: everything that changes how a game scores or flows. */
export function setupKey(o: GameOptions): string {
  const mode = o.players === 3 ? `-${o.threePlayer}` : '';
  return `${o.players}p${o.grid}${mode}${o.harmony ? '-harmony' : ''}${o.middleKingdom ? '-middle' : ''}`;
}

/** Is the Sim at a position the evaluation judges: a round's start, with a line to claim from? */
export function atRoundStart(sim: Sim): boolean {
  return sim.phase === PLACE && sim.act === 0 && sim.nxtLen > 0 && sim.nxtClaimed === 0;
}

const territories = new Territories();
const hand: number[] = [];
const line: number[] = [];

/**
 * Writes player p's features (VALUE_FEATURES) at out[at..], for a Sim at a round's
 * start: the room left in the kingdom's frame and the cells already dead, its crowns
 * and how many empty cells border its crowned territories (where squares still pay),
 * the dominoes in hand (the policy's value of their best placement now, their crowns),
 * how early the player picks from the line, and the best the line offers them.
 */
export function seatFeatures(
  sim: Sim,
  p: number,
  bonuses: Bonuses,
  policy: Weights,
  out: Float64Array,
  at: number,
): void {
  const board = sim.boards[p] as Board;
  frameOf(board);
  const t = territories.load(board);
  let dead = 0,
    frontier = 0,
    crowns = 0;
  const g = board.grid;
  for (let y = frameY0; y <= frameY1; y++) {
    for (let x = frameX0; x <= frameX1; x++) {
      const i = cellIndex(x, y);
      if (board.cell[i] !== 0) {
        crowns += board.crowns[i] as number;
        continue;
      }
      let open = false;
      for (let d = 0; d < 4; d++) if (emptyInFrame(board, i + (CELL_STEPS[d] as number))) open = true;
      if (!open) dead++;
      frontier += t.crownsAround(i);
    }
  }
  hand.length = 0;
  let handCrowns = 0,
    earliness = 0;
  const last = Math.max(1, sim.curLen - 1);
  for (let i = 0; i < sim.curLen; i++) {
    if (sim.owner[sim.curKing[i] as number] !== p) continue;
    const n = sim.cur[i] as number;
    hand.push(n);
    handCrowns += (HALF_A_CROWNS[n] as number) + (HALF_B_CROWNS[n] as number);
    earliness += (last - i) / last;
  }
  line.length = 0;
  for (let i = 0; i < sim.nxtLen; i++) line.push(sim.nxt[i] as number);
  let handValue = 0;
  for (const v of pickValues(board, hand, bonuses, policy)) handValue += v;
  const lineBest = Math.max(...pickValues(board, line, bonuses, policy));
  out[at] = 1;
  out[at + 1] = g * g - board.filled - dead;
  out[at + 2] = dead;
  out[at + 3] = crowns;
  out[at + 4] = frontier;
  out[at + 5] = handValue;
  out[at + 6] = handCrowns;
  out[at + 7] = earliness;
  out[at + 8] = lineBest;
}

/** Every player's features, player after player (FEATURE_COUNT each). */
export function positionFeatures(sim: Sim, bonuses: Bonuses, policy: Weights, out: Float64Array): Float64Array {
  for (let p = 0; p < sim.players; p++) seatFeatures(sim, p, bonuses, policy, out, p * FEATURE_COUNT);
  return out;
}

// The frame: where the kingdom's box may still grow to (as Territories.holes has it).
let frameX0 = 0,
  frameX1 = 0,
  frameY0 = 0,
  frameY1 = 0;

function frameOf(board: Board): void {
  const g = board.grid;
  frameX0 = board.maxX - g + 1;
  frameX1 = board.minX + g - 1;
  frameY0 = board.maxY - g + 1;
  frameY1 = board.minY + g - 1;
}

function emptyInFrame(board: Board, i: number): boolean {
  if (board.cell[i] !== 0) return false;
  const x = cellX(i),
    y = cellY(i);
  return x >= frameX0 && x <= frameX1 && y >= frameY0 && y <= frameY1;
}

/**
 * The evaluation of one set-up's positions: predicts each player's final score and
 * judges the position as the search's outcomes do (a win share, here the softmax of
 * the predictions, plus `marginWeight` per point of predicted margin over the best
 * opponent).
 */
export class Judge {
  /** After judge(): each player's predicted final score. */
  readonly points: Float64Array;
  private readonly features: Float64Array;
  private readonly current: Int32Array;

  /**
   * @param after rounds the samples play on, greedily, past the tree's round before
   * they are judged (0: at the next round's start).
   * @param weight the judgement's share of a sample's outcome: 1 stops the sample
   * there, less plays the game out too and mixes the two.
   */
  constructor(
    private readonly model: SetupModel,
    players: number,
    private readonly bonuses: Bonuses,
    private readonly policy: Weights,
    private readonly marginWeight: number,
    readonly after = 0,
    readonly weight = 1,
  ) {
    this.points = new Float64Array(players);
    this.features = new Float64Array(players * FEATURE_COUNT);
    this.current = new Int32Array(players);
  }

  /** Can this Sim's position be judged (a round's start the model has weights for)? */
  judges(sim: Sim): boolean {
    return atRoundStart(sim) && (this.model.weights[sim.round]?.length ?? 0) === FEATURE_COUNT;
  }

  /** Each player's outcome at the Sim's position (judges(sim) must hold), into `outcomes`. */
  judge(sim: Sim, outcomes: Float64Array): void {
    const n = sim.players;
    const w = this.model.weights[sim.round] as readonly number[];
    const temperature = this.model.temperature[sim.round] as number;
    positionFeatures(sim, this.bonuses, this.policy, this.features);
    sim.totals(this.current);
    let top = -Infinity;
    for (let p = 0; p < n; p++) {
      let gain = 0;
      for (let j = 0; j < FEATURE_COUNT; j++)
        gain += (w[j] as number) * (this.features[p * FEATURE_COUNT + j] as number);
      this.points[p] = (this.current[p] as number) + gain;
      top = Math.max(top, this.points[p] as number);
    }
    let total = 0;
    for (let p = 0; p < n; p++) {
      outcomes[p] = Math.exp(((this.points[p] as number) - top) / temperature);
      total += outcomes[p] as number;
    }
    for (let me = 0; me < n; me++) {
      let best = -Infinity;
      for (let p = 0; p < n; p++) if (p !== me) best = Math.max(best, this.points[p] as number);
      outcomes[me] = (outcomes[me] as number) / total + this.marginWeight * ((this.points[me] as number) - best);
    }
  }
}

/**
 * The evaluation of the view's set-up as the search's outcomes weigh it (null: no
 * model for the set-up); `after` as Judge's.
 */
export function judgeFor(view: GameState, policy: Weights, after = 0, weight = 1): Judge | null {
  const model = VALUE_MODEL[setupKey(view.options)];
  if (model === undefined) return null;
  return new Judge(model, view.options.players, bonusesOf(view), policy, MARGIN_WEIGHT, after, weight);
}
