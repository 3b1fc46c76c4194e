/**
 * The rest of the round as a search tree. Between a decision and the next reveal
 * everything is public (the current and next lines, every kingdom), so the turns
 * left in the round form one tree for every guess at the hidden pile: at each of
 * them the player to act picks, by UCB on the outcomes playouts gave that player,
 * among their moves best prior first (turnMoves), more of them as the turn is
 * visited more. After the round the game is played out with the greedy policy;
 * given a learned evaluation (value.ts), the sample is also judged at the next
 * round's start and the two outcomes mixed.
 *
 * A flat search assumes everyone plays the greedy policy right after the move it
 * weighs; the tree lets the opponents answer that move, and me follow it up, with
 * the moves that do best for each: what the opponents take from the next line after
 * my claim, above all. `npm run arena -- --seats hard,hard-baseline` measures the gain
 * against the flat search (the README gives the figures).
 */
import { OVER, type Rng, type Sim } from '../game/index.js';
import { playMove, turnMoves, type Candidate } from './moves.js';
import { playOut, type Bonuses, type Weights } from './policy.js';
import type { Judge } from './value.js';

/** UCB's exploration constant, for outcomes of a win share (0 to 1) plus a small margin term. */
const EXPLORATION = 0.35;
/** Weight of the score margin (per point) next to a win worth 1. */
export const MARGIN_WEIGHT = 0.01;

/** A turn in the tree: the acting player's moves, best prior first, and how each has done for that player. */
export class Turn {
  readonly visits: Int32Array;
  readonly sums: Float64Array;
  readonly next: (Turn | null)[];
  total = 0;

  constructor(
    readonly player: number,
    readonly moves: readonly Candidate[],
  ) {
    this.visits = new Int32Array(moves.length);
    this.sums = new Float64Array(moves.length);
    this.next = moves.map(() => null);
  }

  /** An untried move, best prior first, while the turn's visits allow one more (progressive widening); else UCB's. */
  select(): number {
    const open = Math.min(this.moves.length, 1 + Math.floor(Math.sqrt(this.total)));
    const log = Math.log(this.total + 1);
    let best = 0,
      bestValue = -Infinity;
    for (let m = 0; m < open; m++) {
      const n = this.visits[m] as number;
      if (n === 0) return m;
      const value = (this.sums[m] as number) / n + EXPLORATION * Math.sqrt(log / n);
      if (value > bestValue) {
        bestValue = value;
        best = m;
      }
    }
    return best;
  }

  credit(move: number, value: number): void {
    this.visits[move] = (this.visits[move] as number) + 1;
    this.sums[move] = (this.sums[move] as number) + value;
    this.total++;
  }
}

/**
 * One decision's search after its first move: a tree of the round's remaining turns
 * below each of the decision's candidates, shared by all the guesses at the pile.
 */
export class RoundSearch {
  private turns = 0;
  /** After the last playOn: each player's outcome (a win share plus a little for the margin). */
  readonly outcomes: Float64Array;
  /** After the last playOn: each player's final score, or the evaluation's prediction of it. */
  readonly points: Float64Array;
  private readonly below: (Turn | null)[];
  private readonly path: { turn: Turn; move: number }[] = [];
  private readonly shares: Float64Array;
  private readonly totals: Int32Array;
  private readonly judgedOutcomes: Float64Array;
  private readonly judgedPoints: Float64Array;

  private readonly round: number;

  /**
   * @param root the decision's position (the tree ends with its round); @param candidates how many first moves it weighs;
   * @param judge where samples stop and are judged (null: every sample plays the game out).
   */
  constructor(
    root: Sim,
    candidates: number,
    private readonly bonuses: Bonuses,
    private readonly policy: Weights,
    private readonly judge: Judge | null = null,
  ) {
    this.round = root.round;
    this.below = Array.from({ length: candidates }, () => null);
    this.outcomes = new Float64Array(root.players);
    this.points = new Float64Array(root.players);
    this.shares = new Float64Array(root.players);
    this.totals = new Int32Array(root.players);
    this.judgedOutcomes = new Float64Array(root.players);
    this.judgedPoints = new Float64Array(root.players);
  }

  /** How many turns the tree holds (one more per playOn at most). */
  get grown(): number {
    return this.turns;
  }

  /**
   * Finishes the game on `sim`, where candidate `first` was just played: the round's
   * turns left down the tree (growing it by one turn), then the playout; the tree is
   * credited with the outcomes, which `outcomes` then holds.
   */
  playOn(sim: Sim, first: number, rng: Rng): Float64Array {
    this.walk(sim, first);
    const judge = this.judge;
    if (judge !== null) playOut(sim, this.bonuses, rng, this.policy, this.round + 1 + judge.after);
    if (judge !== null && judge.judges(sim)) {
      judge.judge(sim, this.outcomes);
      this.points.set(judge.points);
      if (judge.weight < 1) this.mixPlayout(sim, rng, judge.weight);
    } else {
      playOut(sim, this.bonuses, rng, this.policy);
      this.score(sim);
    }
    for (const { turn, move } of this.path) turn.credit(move, this.outcomes[turn.player] as number);
    return this.outcomes;
  }

  private walk(sim: Sim, first: number): void {
    this.path.length = 0;
    let slots = this.below;
    let at = first;
    while (sim.phase !== OVER && sim.round === this.round) {
      const known = slots[at] ?? null;
      const turn = known ?? new Turn(sim.player, turnMoves(sim, this.bonuses, this.policy));
      if (known === null) {
        slots[at] = turn;
        this.turns++;
      }
      const move = turn.select();
      this.path.push({ turn, move });
      playMove(sim, turn.moves[move] as Candidate);
      if (known === null) return;
      slots = turn.next;
      at = move;
    }
  }

  /**
   * Plays the judged sample out too: its outcomes and points become the judgement's
   * `weight` share and the playout's the rest.
   */
  private mixPlayout(sim: Sim, rng: Rng, weight: number): void {
    this.judgedOutcomes.set(this.outcomes);
    this.judgedPoints.set(this.points);
    playOut(sim, this.bonuses, rng, this.policy);
    this.score(sim);
    mix(this.outcomes, this.judgedOutcomes, weight);
    mix(this.points, this.judgedPoints, weight);
  }

  /** Each player's outcome: a win (shared: a fraction) plus a little for the margin over the best opponent. */
  private score(sim: Sim): void {
    sim.outcome(this.shares);
    sim.totals(this.totals);
    this.points.set(this.totals);
    for (let me = 0; me < sim.players; me++) {
      // Solo, no opponent: the score itself is the margin.
      let best = sim.players === 1 ? 0 : -Infinity;
      for (let p = 0; p < sim.players; p++) if (p !== me) best = Math.max(best, this.totals[p] as number);
      this.outcomes[me] = (this.shares[me] as number) + MARGIN_WEIGHT * ((this.totals[me] as number) - best);
    }
  }
}

/** values[i] becomes `weight` of judged[i] and the rest of itself. */
function mix(values: Float64Array, judged: Float64Array, weight: number): void {
  for (let i = 0; i < values.length; i++)
    values[i] = weight * (judged[i] as number) + (1 - weight) * (values[i] as number);
}
