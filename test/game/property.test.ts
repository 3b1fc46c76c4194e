/**
 * Seeded property tests: many random games in every set-up, each checked against
 * invariants and an independent naive scorer. A failure names the game's seed, so
 * `randomGame(setup, seed, ...)` reproduces it.
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/game/index.js';
import {
  apply,
  checkRecord,
  fromRecord,
  legalPlacements,
  prompt,
  result,
  scorePlayer,
  toRecord,
} from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import {
  BONUSES,
  SETUPS,
  ensure,
  expectEventOrder,
  naiveScore,
  naiveSquares,
  naiveWinners,
  newGame,
  randomAction,
  type Setup,
} from './property-support.js';

/**
 * Games per set-up. The default keeps each set-up to a few seconds; set
 * PROPERTY_GAMES=5000 for a long run.
 */
const GAMES = Number(process.env.PROPERTY_GAMES ?? 250);

function expectDominoesPartitioned(state: GameState, where: string): void {
  const placed = state.kingdoms.flatMap((k) => k.placements.map((p) => p.domino));
  const discarded = state.kingdoms.flatMap((k) => k.discarded);
  const used = new Set([...placed, ...discarded]);
  const inLines = [...state.current, ...state.next].map((s) => s.domino).filter((d) => !used.has(d));
  const all = [...placed, ...discarded, ...state.dropped, ...state.removedAtSetup, ...state.pile, ...inLines].sort(
    (x, y) => x - y,
  );
  ensure(
    all.length === 48 && all.every((d, i) => d === i + 1),
    () =>
      `${where}: the 48 dominoes are not each in exactly one place: ${JSON.stringify({ placed, discarded, dropped: state.dropped, removed: state.removedAtSetup, pile: state.pile, inLines })}`,
  );
}

function expectKingdomsFit(state: GameState, where: string): void {
  state.kingdoms.forEach((kingdom, player) => {
    const squares = naiveSquares(state, player);
    ensure(
      squares.size === kingdom.placements.length * 2 && !squares.has('0,0'),
      () => `${where}: player ${player}'s dominoes overlap`,
    );
    const cells = [[0, 0], ...[...squares.keys()].map((k) => k.split(',').map(Number))] as [number, number][];
    const width = Math.max(...cells.map(([x]) => x)) - Math.min(...cells.map(([x]) => x)) + 1;
    const height = Math.max(...cells.map(([, y]) => y)) - Math.min(...cells.map(([, y]) => y)) + 1;
    ensure(
      width <= state.options.grid && height <= state.options.grid,
      () => `${where}: player ${player}'s kingdom is ${width}x${height}`,
    );
  });
}

function expectScoresRecounted(state: GameState, where: string): void {
  const naive = state.seats.map((_, player) => naiveScore(state, player));
  naive.forEach((expected, player) => {
    const score = scorePlayer(state, player);
    const actual = {
      territories: score.territories.map((t) => `${t.terrain}:${t.squares}x${t.crowns}=${t.points}`).sort(),
      total: score.total,
      largestTerritory: score.largestTerritory,
      crowns: score.crowns,
      harmony: score.harmony,
      middleKingdom: score.middleKingdom,
    };
    if (JSON.stringify(actual) !== JSON.stringify(expected))
      expect(actual, `${where}: player ${player}'s score`).toEqual(expected);
  });
  const over = result(state);
  if (over) {
    const winners = [...over.winners].sort();
    ensure(
      JSON.stringify(winners) === JSON.stringify(naiveWinners(naive)),
      () => `${where}: winners ${winners} instead of ${naiveWinners(naive)}`,
    );
  }
}

function expectReplays(state: GameState, where: string, check: typeof fromRecord): void {
  const record = JSON.parse(JSON.stringify(toRecord(state))) as unknown;
  const rebuilt = check(record);
  if (!rebuilt.ok) throw new Error(`${where}: record rejected: ${rebuilt.error.message}`);
  if (JSON.stringify(rebuilt.value) !== JSON.stringify(state))
    expect(rebuilt.value, `${where}: replayed state`).toEqual(state);
}

/** A random action that is sometimes legal, often not; and garbage that never is. */
function randomProbe(state: GameState, rng: Rng): unknown {
  const player = rng.int(state.seats.length + 1) - (rng.int(8) === 0 ? 1 : 0);
  const coord = (): number => rng.int(13) - 6;
  const legal = legalPlacements(state);
  switch (rng.int(6)) {
    case 0: {
      const near = legal[rng.int(legal.length)];
      const shift = rng.int(3) === 0 ? 0 : 1;
      return near
        ? { type: 'place', player, a: [near.a[0] + shift, near.a[1]], b: [near.b[0], near.b[1]] }
        : { type: 'place', player, a: [1, 0], b: [2, 0] };
    }
    case 1:
      return { type: 'place', player, a: [coord(), coord()], b: [coord(), coord()] };
    case 2:
      return { type: 'claim', player, domino: rng.int(50) };
    case 3:
      return { type: 'discard', player };
    case 4:
      return [
        null,
        42,
        'place',
        {},
        { type: 'fly', player },
        { type: 'place', player, a: [Number.NaN, 0], b: [1, 0] },
        { type: 'claim', player: String(player), domino: 3 },
        { type: 'place', player, a: [0.5, 0], b: [1, 0] },
        { type: 'place', player, a: [1e9, 0], b: [1e9 + 1, 0] },
        { type: 'claim', player: 1e9, domino: 1 },
      ][rng.int(10)];
    default:
      return prompt(state).kind === 'over' ? { type: 'discard', player } : randomAction(state, rng);
  }
}

/** Is this action legal, judged from the prompt and the list of legal placements only? */
function isLegal(state: GameState, action: unknown): boolean {
  const p = prompt(state);
  if (p.kind === 'over' || typeof action !== 'object' || action === null) return false;
  const a = action as Partial<Action> & { a?: unknown; b?: unknown; domino?: unknown };
  if (a.player !== p.player) return false;
  if (p.kind === 'claim') return a.type === 'claim' && p.choices.includes(a.domino as number);
  if (a.type === 'discard') return !p.canPlace;
  const same = (x: unknown, y: readonly number[]): boolean =>
    Array.isArray(x) && x.length === 2 && x[0] === y[0] && x[1] === y[1];
  return a.type === 'place' && legalPlacements(state).some((l) => same(a.a, l.a) && same(a.b, l.b));
}

function expectProbesJudged(state: GameState, rng: Rng, where: string): void {
  const before = JSON.stringify(state);
  for (let i = 0; i < 8; i++) {
    const action = randomProbe(state, rng);
    const applied = apply(state, action as Action);
    const legal = isLegal(state, action);
    ensure(
      applied.ok === legal,
      () =>
        `${where}: ${JSON.stringify(action)} was ${applied.ok ? 'accepted' : 'rejected'}, but it is ${legal ? '' : 'il'}legal`,
    );
    ensure(applied.ok || applied.error.message.length > 0, () => `${where}: a rejection without a reason`);
  }
  ensure(JSON.stringify(state) === before, () => `${where}: trying actions changed the state`);
}

function playAndCheck(setup: Setup, game: number, rng: Rng): void {
  const bonuses = rng.int(2) === 0 ? BONUSES : {};
  const seed = `${setup.name}/${game}`;
  const where = `${setup.name}, seed "${seed}"${bonuses === BONUSES ? ' with bonuses' : ''}`;
  let state = newGame(setup, seed, bonuses);
  const probeAt = rng.int(setup.used * 2);
  for (let step = 0; prompt(state).kind !== 'over'; step++) {
    if (step === probeAt) {
      const here = `${where}, step ${step}`;
      expectProbesJudged(state, rng, here);
      expectDominoesPartitioned(state, here);
      expectScoresRecounted(state, here);
      // Replays cost as much as the game itself: a running game's in one game of four.
      if (game % 4 === 0) expectReplays(state, here, fromRecord);
    }
    const applied = apply(state, randomAction(state, rng));
    if (!applied.ok) throw new Error(`${where}, step ${step}: a legal action was rejected: ${applied.error.message}`);
    state = applied.value;
  }
  expectDominoesPartitioned(state, where);
  const used = state.kingdoms.reduce((n, k) => n + k.placements.length + k.discarded.length, 0);
  ensure(
    used === setup.used && state.pile.length === 0,
    () => `${where}: ${used} dominoes used, ${state.pile.length} left in the pile`,
  );
  expectKingdomsFit(state, where);
  expectScoresRecounted(state, where);
  expectReplays(state, where, game % 10 === 0 ? checkRecord : fromRecord);
  expectEventOrder(toRecord(state), setup);
  expectProbesJudged(state, rng, `${where}, over`);
}

describe('random games keep every invariant', () => {
  for (const setup of SETUPS) {
    it(`${setup.name}: ${GAMES} games, half of them with both bonuses`, () => {
      const rng = Rng.fromSeed(`property/${setup.name}`);
      for (let game = 0; game < GAMES; game++) playAndCheck(setup, game, rng);
    }, 120_000);
  }
});
