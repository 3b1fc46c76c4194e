/**
 * The game review (src/ai/review.ts) on seeded games: a deliberately bad move is
 * found costly, the best move found costs nothing, accuracy stays within its
 * bounds and means what it says, and the hidden pile is never read.
 */
import { describe, expect, it } from 'vitest';
import { chooseAction } from '../../src/ai/index.js';
import {
  ACCURATE_WITHIN,
  costliest,
  decisionPoints,
  gradeCounts,
  gradeOf,
  GRADES,
  immediatePoints,
  reasonsOf,
  reviewGame,
  reviewMove,
  stateAt,
  type GameReview,
} from '../../src/ai/review.js';
import {
  apply,
  domino,
  legalPlacements,
  prompt,
  publicView,
  scorePlayer,
  type Action,
  type GameState,
  type Move,
} from '../../src/game/index.js';
import { newGame } from './support.js';

const LEVELS = ['normal', 'normal'] as const;
/** Reproducible: a fixed number of playouts per move, and time enough never to cut them. */
const EXACT = { budgetMs: 600_000, playouts: 240, seed: 7 } as const;

function applied(state: GameState, action: Action): GameState {
  const next = apply(state, action);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/** The game `seed` played by normal players, except player 0's `index`-th move, which is `move(state)`. */
function gameWith(seed: string, index: number, move: (state: GameState) => Move): GameState {
  let s = newGame([...LEVELS], seed);
  let mine = 0;
  for (let asked = prompt(s); asked.kind !== 'over'; asked = prompt(s)) {
    const opening = asked.kind === 'place' || s.current.length === 0;
    if (asked.player === 0 && opening && mine++ === index) {
      const m = move(s);
      if (m.placed.kind === 'place') s = applied(s, { type: 'place', player: 0, a: m.placed.a, b: m.placed.b });
      if (m.placed.kind === 'discard') s = applied(s, { type: 'discard', player: 0 });
      if (m.claim !== null) s = applied(s, { type: 'claim', player: 0, domino: m.claim });
      continue;
    }
    s = applied(s, chooseAction(s, LEVELS[asked.player] as 'normal', { seed: s.turn }));
  }
  return s;
}

/** A poor move: the placement worth the fewest points now, then the free domino with the fewest crowns. */
function badMove(state: GameState): Move {
  const scored = legalPlacements(state).map((p) => ({
    p,
    points: scorePlayer(applied(state, { type: 'place', player: 0, a: p.a, b: p.b }), 0).total,
  }));
  scored.sort((x, y) => x.points - y.points);
  const worst = scored[0]?.p;
  const crowns = (n: number) => domino(n).a.crowns + domino(n).b.crowns;
  const free = state.next
    .filter((s) => s.king === null)
    .map((s) => s.domino)
    .sort((x, y) => crowns(x) - crowns(y) || x - y);
  return { placed: worst ? { kind: 'place', a: worst.a, b: worst.b } : { kind: 'discard' }, claim: free[0] ?? null };
}

const BAD_AT = 3;

describe('game review', () => {
  const plain = gameWith('review-unit', -1, () => {
    throw new Error('unused');
  });
  const bad = gameWith('review-unit', BAD_AT, badMove);
  let review: GameReview;
  let badReview: GameReview;

  it("replays the game to each of the player's moves: 14 per player with two kings each", () => {
    const points = decisionPoints(bad, 0);
    expect(points).toHaveLength(14);
    expect(decisionPoints(bad, 1)).toHaveLength(14);
    expect(points[BAD_AT]?.played).toEqual(badMove(points[BAD_AT]!.state));
    expect(stateAt(bad, points[5]!.state.turn)).toEqual(points[5]!.state);
  });

  it('finds a deliberately bad move costly, among the costliest', async () => {
    badReview = await reviewGame(bad, 0, EXACT);
    const move = badReview.moves[BAD_AT]!;
    expect(move.loss).toBeGreaterThanOrEqual(3);
    expect(move.best).not.toEqual(move.played);
    expect(move.bestScore! - move.playedScore!).toBeCloseTo(move.loss, 0);
    expect(costliest(badReview).map((m) => m.turn)).toContain(move.turn);
    // The same position played well loses much less.
    review = await reviewGame(plain, 0, EXACT);
    expect(review.moves[BAD_AT]!.loss).toBeLessThan(move.loss);
  });

  it('grades the bad move and says why, in facts read off the position', () => {
    const move = badReview.moves[BAD_AT]!;
    const state = stateAt(bad, move.turn)!;
    const reasons = reasonsOf(state, move.played, move.best);
    // 6.5 points lost: a blunder (5 and more).
    expect(gradeOf(move)).toBe('blunder');
    // The worst spot starts a lone mine square; the best one joins the wheat field. Same claim: not a reason.
    expect(reasons.played).toEqual([{ kind: 'territory', joins: false, terrain: 'mine', squares: 1, crowns: 1 }]);
    expect(reasons.best).toEqual([{ kind: 'territory', joins: true, terrain: 'wheat', squares: 2, crowns: 1 }]);
    expect(immediatePoints(state, move.played)).toBe(1);
    expect(immediatePoints(state, move.best)).toBe(2);
    // Every move with a choice has a grade, in line with its loss; the counts add up.
    const counts = gradeCounts(badReview.moves);
    const weighed = badReview.moves.filter((m) => m.choices > 1);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(weighed.length);
    for (const m of weighed) {
      const at = GRADES.findIndex(([g]) => g === gradeOf(m));
      expect(m.loss).toBeLessThan(GRADES[at]![1]);
      if (at > 0) expect(m.loss).toBeGreaterThanOrEqual(GRADES[at - 1]![1]);
    }
    expect(gradeOf({ loss: 0, choices: 1 })).toBeNull();
    // Accuracy is the share graded best or good.
    expect(badReview.accuracy).toBe(Math.round((100 * (counts.best + counts.good)) / weighed.length));
  });

  it('says when a claim gives up the first pick, and nothing for the same move', () => {
    // A point where both ends of the line are still free to claim.
    const freeEnds = (next: GameState['next']) => {
      const sorted = [...next].sort((a, b) => a.domino - b.domino);
      return sorted.length > 1 && sorted[0]!.king === null && sorted.at(-1)!.king === null;
    };
    const point = decisionPoints(plain, 0).find((p) => freeEnds(p.state.next) && p.played.claim !== null)!;
    const line = [...point.state.next].map((s) => s.domino).sort((a, b) => a - b);
    const first = { ...point.played, claim: line[0]! };
    const last = { ...point.played, claim: line.at(-1)! };
    const reasons = reasonsOf(point.state, last, first);
    expect(reasons.played).toContainEqual({ kind: 'firstPickGivenUp' });
    expect(reasons.played).toContainEqual(
      expect.objectContaining({ kind: 'claim', domino: line.at(-1), order: line.length }),
    );
    expect(reasons.best).toContainEqual(expect.objectContaining({ kind: 'claim', domino: line[0], order: 1 }));
    expect(reasonsOf(point.state, first, first)).toEqual({ played: [], best: [] });
  });

  it("counts a line's dropped leftover out of the claim order (3 players, discard)", () => {
    // The opening line of 4, two dominoes claimed: the third claim fills the line, the last one free is dropped.
    let s = newGame(['normal', 'normal', 'normal'], 'drop-order');
    while (s.next.filter((x) => x.king !== null).length < 2)
      s = applied(s, chooseAction(s, 'normal', { seed: s.turn }));
    const free = s.next.filter((x) => x.king === null).map((x) => x.domino);
    const [low, high] = [Math.min(...free), Math.max(...free)];
    const take = (claim: number): Move => ({ placed: { kind: 'none' }, claim });
    const reasons = reasonsOf(s, take(high), take(low));
    const claimed = s.next.filter((x) => x.king !== null).map((x) => x.domino);
    const below = (d: number) => claimed.filter((c) => c < d).length + 1;
    // The lower free domino is dropped when the higher one is taken: it does not come first.
    expect(reasons.played).toContainEqual(expect.objectContaining({ kind: 'claim', domino: high, order: below(high) }));
    expect(reasons.best).toContainEqual(expect.objectContaining({ kind: 'claim', domino: low, order: below(low) }));
  });

  it('charges nothing for the best move found', async () => {
    const move = badReview.moves[BAD_AT]!;
    for (const m of [...badReview.moves, ...review.moves]) {
      expect(m.loss).toBeGreaterThanOrEqual(0);
      if (JSON.stringify(m.best) === JSON.stringify(m.played)) expect(m.loss).toBe(0);
    }
    // Play what it suggested instead: that move now costs 0.
    const better = gameWith('review-unit', BAD_AT, () => move.best);
    const again = await reviewGame(better, 0, EXACT);
    expect(again.moves[BAD_AT]!.turn).toBe(move.turn);
    expect(again.moves[BAD_AT]!.played).toEqual(move.best);
    expect(again.moves[BAD_AT]!.loss).toBe(0);
  });

  it('gives an accuracy between 0 and 100: the share of moves with a choice within a point of the best', () => {
    for (const r of [review, badReview]) {
      const weighed = r.moves.filter((m) => m.choices > 1);
      expect(r.accuracy).not.toBeNull();
      expect(r.accuracy!).toBeGreaterThanOrEqual(0);
      expect(r.accuracy!).toBeLessThanOrEqual(100);
      expect(r.accuracy).toBe(
        Math.round((100 * weighed.filter((m) => m.loss < ACCURATE_WITHIN).length) / weighed.length),
      );
      expect(r.lost).toBeCloseTo(
        r.moves.reduce((s, m) => s + m.loss, 0),
        5,
      );
      expect(r.finalScore).toBe(scorePlayer(r === review ? plain : bad, 0).total);
    }
    expect(badReview.accuracy!).toBeLessThan(100);
    // Forced moves (one choice) are not counted and cost nothing.
    for (const m of badReview.moves.filter((x) => x.choices === 1)) expect(m.loss).toBe(0);
  });

  it('never reads the hidden pile: a different real pile gives the same verdict', () => {
    const point = decisionPoints(plain, 0)[2]!;
    const job = { view: point.state, played: point.played, timeMs: 600_000, seed: 3, playouts: 200 };
    const pile = [...point.state.pile].reverse();
    const removed = [...point.state.removedAtSetup];
    const other: GameState = {
      ...point.state,
      pile: [...removed.slice(0, pile.length)],
      removedAtSetup: [...pile, ...removed.slice(pile.length)],
    };
    const a = reviewMove(job);
    const b = reviewMove({ ...job, view: other });
    const c = reviewMove({ ...job, view: publicView(point.state) });
    const strip = ({ ms: _ms, ...rest }: typeof a) => rest;
    expect(strip(b)).toEqual(strip(a));
    expect(strip(c)).toEqual(strip(a));
  });

  it('keeps to its time budget', async () => {
    const quick = await reviewGame(plain, 1, { budgetMs: 400, seed: 1 });
    expect(quick.moves).toHaveLength(14);
    // The search's own clock: the time a busy machine spends elsewhere is not the review's.
    expect(quick.ms).toBeLessThanOrEqual(400 * 1.25 + 50);
  });
});
