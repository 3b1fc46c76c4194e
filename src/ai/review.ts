/**
 * The game review: what the hard computer player thinks of one player's game.
 *
 * - The game is replayed from its seed and its events (as a record is) to each of the
 *   player's decision points: a move is the placement (or discard) of the domino in
 *   hand and then the claim, or the claim alone in the opening picks.
 * - At each decision point the search sees the engine's public view only (publicView:
 *   the hidden pile is a guess, as it is for the hard player). Its candidates are the
 *   hard player's (the best placements by prior, each with every claim it allows)
 *   plus the move actually played.
 * - A candidate's value is the player's expected final score: the mean of Monte-Carlo
 *   playouts as the hard player plays them (a guess at the hidden pile, the candidate,
 *   the rest of the round down its search tree, then its greedy policy for everyone to
 *   the end), every candidate of a sweep facing the same guess and the same playout
 *   randomness (common random numbers).
 * - Successive halving (60 % of the move's time) finds the best candidate. If it is
 *   not the move played, a duel on fresh sweeps (the rest of the time, or until the
 *   difference is known to ±0.15 point) compares the two pairwise: the loss is the
 *   mean difference, never below 0 (a duel the played move wins makes it the best).
 *   The move played, when it is the best found, costs exactly 0. Fresh sweeps keep
 *   the winner's curse (the best of many noisy means is too high) out of the loss.
 * - Grades: a move with a choice is graded by the points it lost (GRADES: best 0,
 *   good under 1, inaccuracy under 2.5, mistake under 5, blunder 5 and more).
 * - Accuracy: the share of the player's moves with a choice (forced moves left out)
 *   graded best or good, i.e. that lost less than ACCURATE_WITHIN (1 point), in %.
 * - Reasons (reasonsOf): what tells the move played from the best one, as facts read
 *   off the two positions (the territory a placement makes, the cells it walls in,
 *   the points it scores at once, the claimed domino's crowns and turn order).
 * - Budget: `budgetMs` of search for the whole game (REVIEW_BUDGET_MS by default),
 *   shared between the moves by how long their playouts are (an opening move has the
 *   whole game to play out, the last one none), unspent time going to later moves.
 *   Each move is one job (`reviewMove`), so a pool of workers can run the players'
 *   moves of other games between two moves of a review.
 *
 * Pure but for the clock: with `playouts` set, a review is reproducible.
 */
import {
  actionOf,
  apply,
  boardOf,
  boxRound,
  cellIndex,
  codeCellA,
  codeCellB,
  createGame,
  directionOf,
  HALF_A_CROWNS,
  HALF_A_TERRAIN,
  HALF_B_CROWNS,
  HALF_B_TERRAIN,
  placementOf,
  prompt,
  publicView,
  result,
  Rng,
  scorePlayer,
  type Terrain,
  Sim,
  type Action,
  type GameState,
  type Move,
  type Placed,
  type Pos,
  type RngState,
} from '../game/index.js';
import { Territories } from './gain.js';
import { successiveHalving } from './halving.js';
import { candidatesOf, HARD_POLICY, hardJudge, JUDGE_WEIGHTS, searchWidth } from './hard.js';
import { playMove, type Candidate } from './moves.js';
import { RoundSearch } from './tree.js';
import { bonusesOf, type Decision } from './levels.js';
import { makeRng, mixSeed } from './rng.js';

/** A move's grade, by the points it lost against the best move found. */
export type Grade = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';
/**
 * Each grade's loss stops short of its bound (points); the last has none. Said once: the
 * grades' thresholds. Losses are rounded to 0.1, so 'best' (under 0.05) is a loss of 0.
 */
export const GRADES: readonly (readonly [Grade, number])[] = [
  ['best', 0.05],
  ['good', 1],
  ['inaccuracy', 2.5],
  ['mistake', 5],
  ['blunder', Infinity],
];

/** Search time for a whole game's review, all moves of one player together. */
export const REVIEW_BUDGET_MS = 8000;
/** A move that lost less than this against the best one found counts as accurate (graded best or good). */
export const ACCURATE_WITHIN = GRADES[1]![1];
/** Share of a move's time for finding the best candidate; the rest measures the played move against it. */
const HALVING_SHARE = 0.6;
/** The duel stops once the standard error of the mean difference is this small (points)... */
const DUEL_PRECISION = 0.15;
/** ...after at least this many sweeps. */
const DUEL_MIN_SWEEPS = 12;
/** Duel sweeps are numbered from here, apart from the halving's. */
const DUEL_SWEEPS = 1 << 20;

/** One move weighed: one job of a review. */
export interface ReviewJob {
  /** The game at the decision point, as the player saw it (publicView; a full state is made public again). */
  readonly view: GameState;
  readonly played: Move;
  /** Search time for this move (ms). */
  readonly timeMs: number;
  readonly seed: number;
  /** A cap on the playouts of this move (tests: with it, the verdict is reproducible). */
  readonly playouts?: number;
}

export interface MoveVerdict {
  /** The best move found (the move played when nothing better was found). */
  readonly best: Move;
  /** Expected final score after the move played and after the best one (null: a forced move, not sampled). */
  readonly playedScore: number | null;
  readonly bestScore: number | null;
  /** Points the move played lost against the best, >= 0, to a tenth. */
  readonly loss: number;
  /** Distinct moves weighed (1: the move was forced). */
  readonly choices: number;
  readonly samples: number;
  readonly ms: number;
}

export interface ReviewedMove extends MoveVerdict {
  /** The game's turn at the decision point (what it is replayed to, to draw it). */
  readonly turn: number;
  /** The round as the box counts it (0: the opening picks). */
  readonly round: number;
  /** The domino in hand, null in the opening picks. */
  readonly domino: number | null;
  readonly played: Move;
}

/** A player's game reviewed: plain JSON, kept with the table. */
export interface GameReview {
  readonly player: number;
  readonly moves: readonly ReviewedMove[];
  /** % of the moves with a choice that lost less than ACCURATE_WITHIN; null when no move had a choice. */
  readonly accuracy: number | null;
  /** Points lost over the game, to a tenth. */
  readonly lost: number;
  readonly finalScore: number;
  readonly budgetMs: number;
  /** Search time spent (ms). */
  readonly ms: number;
}

export interface ReviewOptions {
  /** Search time for the whole review (ms). Default REVIEW_BUDGET_MS. */
  readonly budgetMs?: number;
  readonly seed?: number;
  /** A cap on the playouts of each move (tests: a reproducible review). */
  readonly playouts?: number;
}

export class ReviewError extends Error {}

/** A decision point of the player: the game before the move, and the move played. */
export interface DecisionPoint {
  readonly state: GameState;
  readonly played: Move;
}

/**
 * The game replayed from its seed and its events; the player's decision points, in
 * order (every one when `player` is null). Throws ReviewError when the events do
 * not replay (a damaged game).
 */
export function decisionPoints(game: GameState, player: number | null): DecisionPoint[] {
  const created = createGame({ seed: game.seed, seats: game.seats, options: game.options });
  if (!created.ok) throw new ReviewError(`the game cannot be set up again: ${created.error.message}`);
  let state = created.value;
  const step = (): Action => {
    const action = actionOf(game.events[state.events.length]);
    const next = action ? apply(state, action) : null;
    if (!action || !next?.ok) throw new ReviewError(`event ${state.events.length} does not replay`);
    state = next.value;
    return action;
  };
  const points: DecisionPoint[] = [];
  while (state.events.length < game.events.length) {
    const asked = prompt(state);
    if (asked.kind === 'over') break;
    const before = state;
    const first = step();
    const then = prompt(state);
    const claim =
      asked.kind === 'place' && then.kind === 'claim' && then.player === asked.player
        ? step()
        : first.type === 'claim'
          ? first
          : null;
    if (player === null || asked.player === player) {
      const placed: Placed =
        first.type === 'place'
          ? { kind: 'place', a: first.a, b: first.b }
          : first.type === 'discard'
            ? { kind: 'discard' }
            : { kind: 'none' };
      points.push({ state: before, played: { placed, claim: claim?.type === 'claim' ? claim.domino : null } });
    }
  }
  if (state.events.length !== game.events.length || JSON.stringify(state.events) !== JSON.stringify(game.events)) {
    throw new ReviewError('the events do not replay to the same game');
  }
  return points;
}

/** The game at `turn` (replayed), or null when no move starts there. */
export function stateAt(game: GameState, turn: number): GameState | null {
  return decisionPoints(game, null).find((p) => p.state.turn === turn)?.state ?? null;
}

// ---------------------------------------------------------------- one move

function isMirror(n: number): boolean {
  return HALF_A_TERRAIN[n] === HALF_B_TERRAIN[n] && HALF_A_CROWNS[n] === HALF_B_CROWNS[n];
}

/** The same move: the same claim and the same squares (a domino of two equal halves turned round is the same placement). */
function sameMove(x: Candidate, y: Candidate, domino: number): boolean {
  if (x.claim !== y.claim) return false;
  if (x.code < 0 || y.code < 0) return x.code === y.code;
  if (x.code === y.code) return true;
  return isMirror(domino) && codeCellA(x.code) === codeCellB(y.code) && codeCellB(x.code) === codeCellA(y.code);
}

function candidateOf(move: Move): Candidate {
  const { placed } = move;
  const dir = placed.kind === 'place' ? directionOf(placed.a, placed.b) : null;
  const code = placed.kind === 'place' && dir !== null ? cellIndex(placed.a[0], placed.a[1]) * 4 + dir : -1;
  return { code, claim: move.claim ?? -1, prior: -Infinity };
}

function moveOf(c: Candidate, asked: Decision): Move {
  const placed: Placed =
    asked.kind === 'claim'
      ? { kind: 'none' }
      : c.code < 0
        ? { kind: 'discard' }
        : { kind: 'place', ...placementOf(c.code) };
  return { placed, claim: c.claim < 0 ? null : c.claim };
}

function decisionOf(view: GameState): Decision {
  const asked = prompt(view);
  if (asked.kind === 'over') throw new ReviewError('the game is over: no move to weigh');
  return asked;
}

/** The candidates of a decision point with the move played among them (appended when the hard player would not look at it), and its index. */
function searchList(view: GameState, asked: Decision, played: Move): { list: Candidate[]; played: number } {
  const list = candidatesOf(view, HARD_POLICY);
  const mine = candidateOf(played);
  const domino = asked.kind === 'place' ? asked.domino : 0;
  const at = list.findIndex((c) => sameMove(c, mine, domino));
  if (at >= 0) return { list, played: at };
  return { list: [...list, mine], played: list.length };
}

/** How many distinct moves a decision point offers to weigh (1: forced). */
export function choicesAt(view: GameState, played: Move): number {
  const pub = publicView(view);
  return searchList(pub, decisionOf(pub), played).list.length;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A sampler of a decision's candidates: one playout of candidate `k` on the sweep's guess at the hidden pile. */
interface Sampler {
  sample(k: number, sweep: number): number;
  /** Samples taken so far. */
  readonly count: number;
}

function samplerOf(view: GameState, all: readonly Candidate[], me: number, seed: number): Sampler {
  const salt = mixSeed(seed, view.turn, me);
  const root = Sim.fromState(view, salt);
  const guess = root.clone();
  const work = root.clone();
  const rest = new RoundSearch(
    root,
    all.length,
    bonusesOf(view),
    HARD_POLICY,
    hardJudge(view, HARD_POLICY, JUDGE_WEIGHTS.hard),
  );
  let guessed = -1;
  let playoutSeed: RngState = [0, 0, 0, 0];
  let count = 0;
  return {
    get count() {
      return count;
    },
    sample(k, sweep) {
      if (sweep !== guessed) {
        // One guess at the hidden pile per sweep, shared by every candidate of the sweep.
        guess.copyFrom(root);
        guess.redeterminize(makeRng(mixSeed(salt, sweep)));
        // Seeded once per sweep: seeding from a string per sample cost a tenth of the time.
        playoutSeed = makeRng(mixSeed(salt, sweep, 1)).state();
        guessed = sweep;
      }
      work.copyFrom(guess);
      playMove(work, all[k] as Candidate);
      rest.playOn(work, k, new Rng(playoutSeed));
      count++;
      return rest.points[me] as number;
    },
  };
}

/** The duel: fresh guesses, the best found and the move played on each, until precise enough or out of time. */
function duel(sampler: Sampler, best: number, mine: number, cap: number, end: number) {
  let n = 0,
    sumBest = 0,
    sumMine = 0,
    sumD = 0,
    sumD2 = 0;
  for (;;) {
    const sweep = DUEL_SWEEPS + n;
    const b = sampler.sample(best, sweep);
    const m = sampler.sample(mine, sweep);
    n++;
    sumBest += b;
    sumMine += m;
    sumD += b - m;
    sumD2 += (b - m) ** 2;
    if (n >= cap || performance.now() >= end) break;
    const mean = sumD / n;
    if (n >= DUEL_MIN_SWEEPS && Math.sqrt(Math.max(0, sumD2 / n - mean * mean) / (n - 1)) < DUEL_PRECISION) break;
  }
  return { bestScore: round1(sumBest / n), playedScore: round1(sumMine / n), loss: round1(sumD / n) };
}

/** Weighs the move played at a decision point against the best the search finds (see the top of this file). */
export function reviewMove(job: ReviewJob): MoveVerdict {
  const start = performance.now();
  const view = publicView(job.view);
  const asked = decisionOf(view);
  const { list: all, played: playedAt } = searchList(view, asked, job.played);
  const forced = { best: job.played, playedScore: null, bestScore: null, loss: 0, choices: 1, samples: 0 };
  if (all.length === 1) return { ...forced, ms: performance.now() - start };
  const sampler = samplerOf(view, all, asked.player, job.seed);
  const sample = sampler.sample;
  // The candidates searched, as indices into all.
  let list = all.map((_, k) => k);
  const cap = job.playouts ?? Infinity;
  const halvingEnd = start + job.timeMs * HALVING_SHARE;
  // A probe playout tells how many samples the time affords; a small budget searches fewer candidates (best prior first).
  const probeStart = performance.now();
  sample(0, 0);
  const probeMs = Math.max(performance.now() - probeStart, 1e-3);
  const affordable = Math.min(cap * HALVING_SHARE, (halvingEnd - performance.now()) / probeMs);
  const width = searchWidth(all.length, affordable);
  if (width < all.length) list = playedAt < width ? list.slice(0, width) : [...list.slice(0, width), playedAt];
  const mineAt = playedAt < width ? playedAt : list.length - 1;
  const found = successiveHalving(list.length, (i, sweep) => sample(list[i] as number, sweep), {
    deadline: halvingEnd,
    samples: Math.max(list.length, Math.floor(cap * HALVING_SHARE)),
  });
  const mine = list[mineAt] as number;
  if (found.best === mineAt) {
    const score = round1(found.means[mineAt] as number);
    return {
      best: job.played,
      playedScore: score,
      bestScore: score,
      loss: 0,
      choices: all.length,
      samples: sampler.count,
      ms: performance.now() - start,
    };
  }
  const best = list[found.best] as number;
  const duelCap = Math.max(1, Math.floor((cap - sampler.count) / 2));
  const fought = duel(sampler, best, mine, duelCap, start + job.timeMs);
  const ms = performance.now() - start;
  const choices = all.length;
  const samples = sampler.count;
  const { playedScore } = fought;
  if (fought.loss <= 0) return { best: job.played, playedScore, bestScore: playedScore, loss: 0, choices, samples, ms };
  return { best: moveOf(all[best] as Candidate, asked), ...fought, choices, samples, ms };
}

// ---------------------------------------------------------------- a whole game

/** Runs one move's job: here (the default), or in a worker (AiPool.review). */
export type Evaluate = (job: ReviewJob) => Promise<MoveVerdict>;

const here: Evaluate = async (job) => reviewMove(job);

/** How long a decision point's playouts are: the rounds left to play (the opening picks have them all). */
function playoutLength(state: GameState): number {
  const { round, rounds } = boxRound(state);
  return 1 + rounds - round;
}

/**
 * The player's whole game reviewed, move by move, within `budgetMs` of search (see
 * the top of this file). The game must be over.
 */
export async function reviewGame(
  game: GameState,
  player: number,
  opts: ReviewOptions = {},
  evaluate: Evaluate = here,
): Promise<GameReview> {
  const over = result(game);
  if (!over) throw new ReviewError('the game is not over');
  const final = over.scores.find((s) => s.player === player);
  if (!final) throw new ReviewError(`the game has no player ${player}`);
  const budgetMs = opts.budgetMs ?? REVIEW_BUDGET_MS;
  const points = decisionPoints(game, player);
  const views = points.map((p) => publicView(p.state));
  const weights = points.map((p, i) => (choicesAt(views[i] as GameState, p.played) > 1 ? playoutLength(p.state) : 0));
  let weightLeft = weights.reduce((a, b) => a + b, 0);
  let timeLeft = budgetMs;
  let spent = 0;
  const moves: ReviewedMove[] = [];
  for (const [i, point] of points.entries()) {
    const weight = weights[i] as number;
    const timeMs = weight > 0 ? Math.max(0, (timeLeft * weight) / weightLeft) : 0;
    const verdict = await evaluate({
      view: views[i] as GameState,
      played: point.played,
      timeMs,
      seed: mixSeed(opts.seed ?? 0, i),
      ...(opts.playouts !== undefined ? { playouts: opts.playouts } : {}),
    });
    timeLeft -= verdict.ms;
    weightLeft -= weight;
    spent += verdict.ms;
    const asked = prompt(point.state);
    moves.push({
      ...verdict,
      turn: point.state.turn,
      round: boxRound(point.state).round,
      domino: asked.kind === 'place' ? asked.domino : null,
      played: point.played,
      ms: Math.round(verdict.ms),
    });
  }
  return summarize(player, moves, final.total, budgetMs, Math.round(spent));
}

export function summarize(
  player: number,
  moves: readonly ReviewedMove[],
  finalScore: number,
  budgetMs: number,
  ms: number,
): GameReview {
  const weighed = moves.filter((m) => m.choices > 1);
  const accurate = weighed.filter((m) => m.loss < ACCURATE_WITHIN).length;
  return {
    player,
    moves,
    accuracy: weighed.length === 0 ? null : Math.round((100 * accurate) / weighed.length),
    lost: round1(moves.reduce((sum, m) => sum + m.loss, 0)),
    finalScore,
    budgetMs,
    ms,
  };
}

/** The moves that cost the most (at least `min` points each), costliest first, at most `count`. */
export function costliest(review: GameReview, count = 3, min = 0.5): readonly ReviewedMove[] {
  return [...review.moves]
    .filter((m) => m.loss >= min)
    .sort((x, y) => y.loss - x.loss || x.turn - y.turn)
    .slice(0, count);
}

// ---------------------------------------------------------------- grades and reasons

/** The grade of a move with a choice; null for a forced move (nothing to grade). */
export function gradeOf(move: Pick<MoveVerdict, 'loss' | 'choices'>): Grade | null {
  if (move.choices <= 1) return null;
  return (GRADES.find(([, below]) => move.loss < below) as readonly [Grade, number])[0];
}

/** How many of the moves got each grade (forced moves not counted). */
export function gradeCounts(moves: readonly Pick<MoveVerdict, 'loss' | 'choices'>[]): Record<Grade, number> {
  const counts = Object.fromEntries(GRADES.map(([g]) => [g, 0])) as Record<Grade, number>;
  for (const m of moves) {
    const g = gradeOf(m);
    if (g) counts[g]++;
  }
  return counts;
}

/** One fact about a move, read off the position; the words are the messages' (messages/review.ts). */
export type ReviewFact =
  /** The territory the placement counts most for: joined to squares already there, or new. */
  | {
      readonly kind: 'territory';
      readonly joins: boolean;
      readonly terrain: Terrain;
      readonly squares: number;
      readonly crowns: number;
    }
  /** Empty cells the placement leaves with no empty neighbour: no domino can ever fill them. */
  | { readonly kind: 'walls'; readonly cells: number }
  | { readonly kind: 'discard'; readonly domino: number }
  /** The domino claimed, its crowns, and the turn it gives in the next round (1: first). */
  | { readonly kind: 'claim'; readonly domino: number; readonly crowns: number; readonly order: number }
  /** The best move would have taken the first turn of the next round; the move played does not. */
  | { readonly kind: 'firstPickGivenUp' };

/** What tells the two moves apart: the facts of each that the other does not share. */
export interface Reasons {
  readonly played: readonly ReviewFact[];
  readonly best: readonly ReviewFact[];
}

/** The facts of one move at a decision point (`state`: the game just before it). */
function factsOf(state: GameState, move: Move): ReviewFact[] {
  const asked = prompt(state);
  if (asked.kind === 'over') return [];
  const facts: ReviewFact[] = [];
  const { placed } = move;
  const after = placedState(state, move);
  if (after && placed.kind === 'place') {
    const made = territoryOf(after, asked.player, placed.a, placed.b);
    if (made) facts.push(made);
    const dir = directionOf(placed.a, placed.b);
    const walls =
      dir === null
        ? 0
        : new Territories().load(boardOf(state, asked.player)).holes(cellIndex(placed.a[0], placed.a[1]) * 4 + dir);
    if (walls > 0) facts.push({ kind: 'walls', cells: walls });
  }
  if (placed.kind === 'discard' && asked.kind === 'place') facts.push({ kind: 'discard', domino: asked.domino });
  if (move.claim !== null) {
    const order = claimOrder(after ?? state, asked.player, move.claim);
    const crowns = HALF_A_CROWNS[move.claim] ?? 0;
    const total = crowns + (HALF_B_CROWNS[move.claim] ?? 0);
    if (order > 0) facts.push({ kind: 'claim', domino: move.claim, crowns: total, order });
  }
  return facts;
}

/**
 * The claimed domino's place in its line, sorted (1: first to pick next round); 0 if
 * the claim is not legal. Read after the claim itself: when it fills a line whose
 * leftover is dropped (3 players "discard", solo), the place counts only the claimed
 * dominoes. Before the line is full a lower leftover may still be dropped, so the
 * place is then the latest the player can pick.
 */
function claimOrder(before: GameState, player: number, claim: number): number {
  const claimed = apply(before, { type: 'claim', player, domino: claim });
  if (!claimed.ok) return 0;
  const after = claimed.value;
  const line = after.round > before.round ? after.current : after.next;
  return [...line].sort((x, y) => x.domino - y.domino).findIndex((s) => s.domino === claim) + 1;
}

/** The game just after the move's placement or discard; null when the move has none (a claim alone). */
function placedState(state: GameState, move: Move): GameState | null {
  const asked = prompt(state);
  const { placed } = move;
  if (placed.kind === 'none' || asked.kind !== 'place') return null;
  const player = asked.player;
  const next = apply(
    state,
    placed.kind === 'place' ? { type: 'place', player, a: placed.a, b: placed.b } : { type: 'discard', player },
  );
  return next.ok ? next.value : null;
}

/** The territory after the placement that holds one of its halves and scores the most (then the largest). */
function territoryOf(after: GameState, player: number, a: Pos, b: Pos): ReviewFact | null {
  const on = (t: { cells: readonly Pos[] }, p: Pos) => t.cells.some(([x, y]) => x === p[0] && y === p[1]);
  const touched = scorePlayer(after, player)
    .territories.filter((t) => on(t, a) || on(t, b))
    .sort((x, y) => y.points - x.points || y.squares - x.squares);
  const top = touched[0];
  if (!top) return null;
  const placedIn = (on(top, a) ? 1 : 0) + (on(top, b) ? 1 : 0);
  return {
    kind: 'territory',
    joins: top.squares > placedIn,
    terrain: top.terrain,
    squares: top.squares,
    crowns: top.crowns,
  };
}

const sameFact = (x: ReviewFact, y: ReviewFact): boolean => JSON.stringify(x) === JSON.stringify(y);

/**
 * Why the best move beats the one played, in facts computed from the position
 * before the move (`state`): each move's facts that the other does not share, and
 * "gives up the first pick" when only the best move claims the first turn.
 */
export function reasonsOf(state: GameState, played: Move, best: Move): Reasons {
  // The immediate points are shown beside each move on their own (immediatePoints), not as a reason.
  const mine = factsOf(state, played);
  const theirs = factsOf(state, best);
  const only = (xs: ReviewFact[], ys: ReviewFact[]) => xs.filter((x) => !ys.some((y) => sameFact(x, y)));
  const order = (fs: ReviewFact[]) => fs.find((f) => f.kind === 'claim')?.order ?? null;
  const lost = order(theirs) === 1 && (order(mine) ?? 1) > 1;
  return {
    played: [...only(mine, theirs), ...(lost ? [{ kind: 'firstPickGivenUp' } as const] : [])],
    best: only(theirs, mine),
  };
}

/** The points a move scores at once, the running score after its placement minus before (null: it places nothing). */
export function immediatePoints(state: GameState, move: Move): number | null {
  const asked = prompt(state);
  const after = placedState(state, move);
  if (!after || move.placed.kind !== 'place' || asked.kind === 'over') return null;
  return scorePlayer(after, asked.player).total - scorePlayer(state, asked.player).total;
}
