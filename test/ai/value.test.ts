/**
 * The learned evaluation (value.ts, value-learn.ts): what it reads of a position,
 * how the search stops its samples at it, and that the fit finds the weights games
 * were scored with. Whether it plays better is the arena's to say
 * (npm run arena -- --seats hard,hard-baseline).
 */
import { describe, expect, it } from 'vitest';
import { HARD_POLICY } from '../../src/ai/hard.js';
import { bonusesOf } from '../../src/ai/levels.js';
import { playMove, turnMoves, type Candidate } from '../../src/ai/moves.js';
import { makeRng } from '../../src/ai/rng.js';
import { RoundSearch } from '../../src/ai/tree.js';
import { fitGains, fitValue, modelErrors, selfPlayGame, type SelfPlayGame } from '../../src/ai/value-learn.js';
import {
  atRoundStart,
  FEATURE_COUNT,
  Judge,
  positionFeatures,
  setupKey,
  VALUE_FEATURES,
  type SetupModel,
} from '../../src/ai/value.js';
import { VALUE_MODEL } from '../../src/ai/value-model.js';
import {
  HALF_A_CROWNS,
  HALF_B_CROWNS,
  OVER,
  prompt,
  publicView,
  Sim,
  type AiLevel,
  type GameState,
} from '../../src/game/index.js';
import { advance, newGame } from './support.js';

const feature = (name: (typeof VALUE_FEATURES)[number]): number => VALUE_FEATURES.indexOf(name);

/** The first position of round `round` of a seeded game among normal players. */
function roundStart(levels: readonly AiLevel[], seed: string, round: number): GameState {
  let state = newGame(levels, seed);
  while (!(prompt(state).kind === 'place' && state.round === round)) state = advance(state, levels, 1);
  return state;
}

/** A model predicting for every round that each player gains `perCrown` points per crown and nothing else. */
function crownModel(rounds: number, perCrown: number, temperature: number): SetupModel {
  const w = new Array<number>(FEATURE_COUNT).fill(0);
  w[feature('crowns')] = perCrown;
  return {
    weights: Array.from({ length: rounds + 1 }, () => w),
    temperature: new Array<number>(rounds + 1).fill(temperature),
  };
}

describe('what the evaluation reads of a position', () => {
  it("counts each player's room, crowns, the dominoes in hand and how early they pick", () => {
    const levels: AiLevel[] = ['normal', 'normal', 'normal', 'normal'];
    const state = roundStart(levels, 'value-features', 5);
    const view = publicView(state);
    const sim = Sim.fromState(view, 0);
    expect(atRoundStart(sim)).toBe(true);
    const f = positionFeatures(sim, bonusesOf(view), HARD_POLICY, new Float64Array(4 * FEATURE_COUNT));
    state.kingdoms.forEach((k, p) => {
      const at = p * FEATURE_COUNT;
      const crowns = k.placements.reduce((s, pl) => s + HALF_A_CROWNS[pl.domino]! + HALF_B_CROWNS[pl.domino]!, 0);
      expect(f[at + feature('crowns')]).toBe(crowns);
      // Room and dead cells: the 25 squares less the filled ones (castle included) and the dead.
      expect(f[at + feature('room')]! + f[at + feature('dead cells')]!).toBe(25 - 1 - 2 * k.placements.length);
      // The player's domino in the current line, and its place: first gets 1, last 0.
      const slot = state.current.findIndex((s) => s.king !== null && state.kings[s.king] === p);
      const d = state.current[slot]!.domino;
      expect(f[at + feature('hand crowns')]).toBe(HALF_A_CROWNS[d]! + HALF_B_CROWNS[d]!);
      expect(f[at + feature('earliness')]).toBeCloseTo((3 - slot) / 3, 9);
    });
  });

  it('judges a position as win shares from the predicted scores, and a larger lead as surer', () => {
    const levels: AiLevel[] = ['normal', 'normal'];
    const view = publicView(roundStart(levels, 'value-judge', 4));
    const sim = Sim.fromState(view, 0);
    const outcomes = new Float64Array(2);
    const judge = (perCrown: number): number[] => {
      const j = new Judge(crownModel(7, perCrown, 5), 2, bonusesOf(view), HARD_POLICY, 0);
      expect(j.judges(sim)).toBe(true);
      j.judge(sim, outcomes);
      return [...outcomes];
    };
    const even = judge(0);
    expect(even[0]! + even[1]!).toBeCloseTo(1, 9);
    const f = positionFeatures(sim, bonusesOf(view), HARD_POLICY, new Float64Array(2 * FEATURE_COUNT));
    const moreCrowns = f[feature('crowns')]! > f[FEATURE_COUNT + feature('crowns')]! ? 0 : 1;
    // Each crown worth 10 points more at the end: the player with more crowns is surer to win.
    const crowned = judge(10);
    expect(crowned[moreCrowns]).toBeGreaterThan(even[moreCrowns]!);
  });
});

describe('the search with the evaluation', () => {
  it("stops each sample at the next round's start, judged, and plays the last round out", () => {
    const levels: AiLevel[] = ['normal', 'normal', 'normal', 'normal'];
    for (const [round, ends] of [
      [3, false],
      [13, true],
    ] as const) {
      const view = publicView(roundStart(levels, `value-tree-${round}`, round));
      const root = Sim.fromState(view, 1);
      const moves = turnMoves(root, bonusesOf(view), HARD_POLICY);
      const judge = new Judge(crownModel(13, 3, 5), 4, bonusesOf(view), HARD_POLICY, 0.01);
      const search = new RoundSearch(root, moves.length, bonusesOf(view), HARD_POLICY, judge);
      for (let i = 0; i < 20; i++) {
        const work = root.clone();
        work.redeterminize(makeRng(i));
        playMove(work, moves[0] as Candidate);
        search.playOn(work, 0, makeRng(i));
        if (ends) {
          expect(work.phase).toBe(OVER);
          const totals = new Int32Array(4);
          work.totals(totals);
          expect([...search.points]).toEqual([...totals]);
        } else {
          expect(work.round).toBe(round + 1);
          expect(atRoundStart(work)).toBe(true);
          expect([...search.points]).toEqual([...judge.points]);
        }
      }
    }
  });
});

describe('the search mixing the evaluation with the game played out', () => {
  it("gives each sample half the judgement of the next round's start and half the game's end", () => {
    const levels: AiLevel[] = ['normal', 'normal'];
    const view = publicView(roundStart(levels, 'value-mix', 3));
    const root = Sim.fromState(view, 1);
    const moves = turnMoves(root, bonusesOf(view), HARD_POLICY);
    const judge = new Judge(crownModel(7, 3, 5), 2, bonusesOf(view), HARD_POLICY, 0.01, 0, 0.5);
    const search = new RoundSearch(root, moves.length, bonusesOf(view), HARD_POLICY, judge);
    const work = root.clone();
    playMove(work, moves[0] as Candidate);
    // The round's start the sample is judged at: the same playout, stopped there.
    const stopped = work.clone();
    const alone = new RoundSearch(
      root,
      moves.length,
      bonusesOf(view),
      HARD_POLICY,
      new Judge(crownModel(7, 3, 5), 2, bonusesOf(view), HARD_POLICY, 0.01),
    );
    alone.playOn(stopped, 0, makeRng(5));
    search.playOn(work, 0, makeRng(5));
    expect(work.phase).toBe(OVER);
    const totals = new Int32Array(2);
    work.totals(totals);
    for (let p = 0; p < 2; p++) expect(search.points[p]).toBeCloseTo((alone.points[p]! + totals[p]!) / 2, 9);
  });
});

describe('learning the evaluation', () => {
  it('finds the gains games were scored with', () => {
    const truth = [2, 0.5, -1, 3, 0, 0.25, 1, 4, 0.8];
    const rng = makeRng(3);
    const group = Array.from({ length: 2000 }, () =>
      Array.from({ length: 2 }, () => {
        const x = [1, ...Array.from({ length: FEATURE_COUNT - 1 }, () => rng.int(10))];
        const points = rng.int(20);
        const gain = x.reduce((s, v, j) => s + v * truth[j]!, 0) + (rng.int(3) - 1);
        return { x, points, final: points + gain, share: 0.5 };
      }),
    );
    fitGains(group).forEach((w, j) => expect(Math.abs(w - truth[j]!)).toBeLessThan(0.1));
  });

  it("keeps every round's start of a self-play game, its final scores, and fits what it never saw better than no features", () => {
    const plan = { options: { players: 2 as const }, seed: 'value-test', playouts: 4 };
    const games: SelfPlayGame[] = Array.from({ length: 40 }, (_, g) => selfPlayGame(plan, g));
    const first = games[0] as SelfPlayGame;
    expect(first.setup).toBe('2p5');
    // 2 players: 6 lines, so the rounds 2 to 6 start with a line to claim from.
    expect(first.positions.map((p) => p.round)).toEqual([2, 3, 4, 5, 6]);
    expect(first.positions.every((p) => p.features.length === 2 * FEATURE_COUNT)).toBe(true);
    expect(first.shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const fit = fitValue(games);
    const [error] = fit.errors;
    expect(error?.setup).toBe('2p5');
    expect(error?.rmse).toBeLessThan(error?.baselineRmse ?? 0);
    expect(modelErrors(fit.model, games.slice(0, 5))).toHaveLength(1);
  });

  it('has a model for the set-ups the arena measures, one for each round with a line', () => {
    for (const players of [2, 4] as const) {
      const state = newGame(
        Array.from({ length: players }, () => 'normal' as AiLevel),
        'value-keys',
      );
      const model = VALUE_MODEL[setupKey(state.options)];
      const lines = players === 2 ? 6 : 12;
      for (let round = 2; round <= lines; round++) expect(model?.weights[round]).toHaveLength(FEATURE_COUNT);
    }
  });
});
