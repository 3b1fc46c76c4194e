/**
 * Learning the evaluation (value.ts) from self-play: seeded games among hard players,
 * every round's start kept with each player's features, points then and final
 * score and share; then, per set-up and round, least squares for the points still to
 * gain and the softmax temperature under which the winners are likeliest. Games are
 * split into fitted and held-out ones by number, so a run reports the error of
 * predictions on games it never saw.
 */
import { apply, createGame, prompt, publicView, result, Sim, type GameOptions, type GameState } from '../game/index.js';
import { HARD_POLICY } from './hard.js';
import { chooseAction } from './index.js';
import { bonusesOf } from './levels.js';
import { mixSeed } from './rng.js';
import { atRoundStart, FEATURE_COUNT, positionFeatures, setupKey, type SetupModel, type ValueModel } from './value.js';

/** A round's start in a self-play game: each player's features (FEATURE_COUNT each, in seat order) and points. */
export interface Position {
  readonly round: number;
  readonly features: readonly number[];
  readonly points: readonly number[];
}

/** One self-play game's positions and how it ended. */
export interface SelfPlayGame {
  readonly setup: string;
  readonly game: number;
  readonly positions: readonly Position[];
  readonly final: readonly number[];
  readonly shares: readonly number[];
}

export interface SelfPlayPlan {
  readonly options: Partial<GameOptions> & Pick<GameOptions, 'players'>;
  readonly seed: string;
  /** The hard players' playouts a decision (the time budget never binds: a game repeats itself). */
  readonly playouts: number;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Plays game number `game` of the plan among hard players and keeps every round's start. */
export function selfPlayGame(plan: SelfPlayPlan, game: number): SelfPlayGame {
  const { players, ...options } = plan.options;
  const created = createGame({
    seats: Array.from({ length: players }, (_, i) => ({ name: `hard ${i + 1}`, kind: 'ai:hard' as const })),
    seed: `value-${plan.seed}-${game}`,
    options,
  });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const features = new Float64Array(players * FEATURE_COUNT);
  const points = new Int32Array(players);
  const positions: Position[] = [];
  for (let asked = prompt(state); asked.kind !== 'over'; asked = prompt(state)) {
    const view = publicView(state);
    const sim = Sim.fromState(view, 0);
    if (atRoundStart(sim)) {
      positionFeatures(sim, bonusesOf(view), HARD_POLICY, features);
      sim.totals(points);
      positions.push({ round: sim.round, features: Array.from(features, round3), points: Array.from(points) });
    }
    const action = chooseAction(state, 'hard', { playouts: plan.playouts, timeMs: 3_600_000, seed: mixSeed(game) });
    const next = apply(state, action);
    if (!next.ok) throw new Error(`hard played an illegal action: ${next.error.message}`);
    state = next.value;
  }
  const final = result(state);
  if (!final) throw new Error('the game ended without a result');
  return {
    setup: setupKey(state.options),
    game,
    positions,
    final: final.scores.map((s) => s.total),
    shares: final.scores.map((_, p) => (final.winners.includes(p) ? 1 / final.winners.length : 0)),
  };
}

/** Every fifth game is held out: the fit never sees it, the error is measured on it. */
export function heldOut(game: SelfPlayGame): boolean {
  return game.game % 5 === 0;
}

/** One player at one position: features, points then, final score and share. */
interface Row {
  readonly x: readonly number[];
  readonly points: number;
  readonly final: number;
  readonly share: number;
}

/** Positions of one set-up and round, each a row per player. */
type Group = Row[][];

function groups(games: readonly SelfPlayGame[]): Map<string, Map<number, Group>> {
  const bySetup = new Map<string, Map<number, Group>>();
  for (const g of games) {
    const rounds = bySetup.get(g.setup) ?? new Map<number, Group>();
    bySetup.set(g.setup, rounds);
    for (const pos of g.positions) {
      const rows = g.final.map((final, p) => ({
        x: pos.features.slice(p * FEATURE_COUNT, (p + 1) * FEATURE_COUNT),
        points: pos.points[p] as number,
        final,
        share: g.shares[p] as number,
      }));
      const group = rounds.get(pos.round) ?? [];
      group.push(rows);
      rounds.set(pos.round, group);
    }
  }
  return bySetup;
}

/** Ridge's penalty on the weights (not the bias): keeps rare features from swinging. */
const RIDGE = 1;

/** Least squares (ridge) for the points each player still gains from the round's start. */
export function fitGains(group: Group): number[] {
  const a = Array.from({ length: FEATURE_COUNT }, () => new Array<number>(FEATURE_COUNT + 1).fill(0));
  for (const rows of group) {
    for (const r of rows) {
      const y = r.final - r.points;
      for (let i = 0; i < FEATURE_COUNT; i++) {
        const row = a[i] as number[];
        const xi = r.x[i] as number;
        for (let j = 0; j < FEATURE_COUNT; j++) row[j] = (row[j] as number) + xi * (r.x[j] as number);
        row[FEATURE_COUNT] = (row[FEATURE_COUNT] as number) + xi * y;
      }
    }
  }
  for (let i = 1; i < FEATURE_COUNT; i++) (a[i] as number[])[i] = ((a[i] as number[])[i] as number) + RIDGE;
  return solve(a);
}

/** Solves the augmented system `a` (n rows of n + 1) by Gauss-Jordan elimination with partial pivoting. */
function solve(a: number[][]): number[] {
  const n = a.length;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[pivot]?.[c] ?? 0)) pivot = r;
    [a[c], a[pivot]] = [a[pivot] as number[], a[c] as number[]];
    const top = a[c] as number[];
    const d = top[c] as number;
    if (Math.abs(d) < 1e-12) continue;
    for (let j = c; j <= n; j++) top[j] = (top[j] as number) / d;
    for (let r = 0; r < n; r++) {
      const row = a[r] as number[];
      const f = row[c] as number;
      if (r === c || f === 0) continue;
      for (let j = c; j <= n; j++) row[j] = (row[j] as number) - f * (top[j] as number);
    }
  }
  return a.map((row) => row[n] as number);
}

function predict(r: Row, w: readonly number[]): number {
  let gain = 0;
  for (let j = 0; j < FEATURE_COUNT; j++) gain += (w[j] as number) * (r.x[j] as number);
  return r.points + gain;
}

/** Mean log-probability of the winners' shares under a softmax of the predictions at `temperature`. */
function winLogLikelihood(group: Group, w: readonly number[], temperature: number): number {
  let sum = 0;
  for (const rows of group) {
    const s = rows.map((r) => predict(r, w) / temperature);
    const top = Math.max(...s);
    const log = Math.log(s.reduce((acc, v) => acc + Math.exp(v - top), 0)) + top;
    rows.forEach((r, p) => (sum += r.share * ((s[p] as number) - log)));
  }
  return sum / group.length;
}

/** Temperatures tried, in points: from near certainty to a coin toss among close scores. */
const TEMPERATURES = Array.from({ length: 60 }, (_, i) => 0.5 * 1.08 ** i);

function fitTemperature(group: Group, w: readonly number[]): number {
  let best = TEMPERATURES[0] as number,
    bestValue = -Infinity;
  for (const t of TEMPERATURES) {
    const value = winLogLikelihood(group, w, t);
    if (value > bestValue) {
      bestValue = value;
      best = t;
    }
  }
  return best;
}

/** How a model does on one set-up's games it was not fitted to. */
export interface HeldOutError {
  readonly setup: string;
  readonly positions: number;
  /** Root mean square error of each player's predicted final score, in points. */
  readonly rmse: number;
  /** The same for predicting each player's points plus the round's mean gain (no features), for scale. */
  readonly baselineRmse: number;
  /** Mean log-probability of the winners' shares (0 would be certainty). */
  readonly winLogLikelihood: number;
}

export interface ValueFit {
  readonly model: ValueModel;
  readonly errors: readonly HeldOutError[];
}

/** The evaluation fitted to the games not held out, and its error on those held out. */
export function fitValue(games: readonly SelfPlayGame[]): ValueFit {
  const model: Record<string, SetupModel> = {};
  for (const [setup, rounds] of groups(games.filter((g) => !heldOut(g)))) {
    const last = Math.max(...rounds.keys());
    const weights: number[][] = Array.from({ length: last + 1 }, () => []);
    const temperature = new Array<number>(last + 1).fill(0);
    for (const [round, group] of rounds) {
      const w = fitGains(group);
      weights[round] = w.map(round3);
      temperature[round] = round3(fitTemperature(group, weights[round] as number[]));
    }
    model[setup] = { weights, temperature };
  }
  return { model, errors: modelErrors(model, games.filter(heldOut)) };
}

/** How `model` predicts the final scores and winners of `games`, per set-up it has. */
export function modelErrors(model: ValueModel, games: readonly SelfPlayGame[]): HeldOutError[] {
  const errors: HeldOutError[] = [];
  for (const [setup, rounds] of groups(games)) {
    const m = model[setup];
    if (m === undefined) continue;
    let squared = 0,
      baseSquared = 0,
      rows = 0,
      positions = 0,
      logLik = 0;
    for (const [round, group] of rounds) {
      const w = m.weights[round] ?? [];
      if (w.length !== FEATURE_COUNT) continue;
      const all = group.flat();
      const meanGain = all.reduce((sum, r) => sum + r.final - r.points, 0) / all.length;
      for (const r of all) {
        squared += (predict(r, w) - r.final) ** 2;
        baseSquared += (r.points + meanGain - r.final) ** 2;
      }
      rows += all.length;
      positions += group.length;
      logLik += group.length * winLogLikelihood(group, w, m.temperature[round] as number);
    }
    errors.push({
      setup,
      positions,
      rmse: Math.sqrt(squared / rows),
      baselineRmse: Math.sqrt(baseSquared / rows),
      winLogLikelihood: logLik / positions,
    });
  }
  return errors;
}
