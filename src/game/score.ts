/** Scores, the ranking with its tie-breaks, and read-only views of a kingdom. */
import { Board, cellX, cellY } from './board.js';
import { domino, TERRAINS } from './dominoes.js';
import { boardOf, isOver } from './engine.js';
import type { GameResult, GameState, PlayerScore, Square, TerritoryScore, TieBreak } from './types.js';

/** A kingdom's score from its bitboard; `player` only labels it. */
export function scoreBoard(board: Board, player: number, harmony: boolean, middleKingdom: boolean): PlayerScore {
  const s = board.score(harmony, middleKingdom);
  const territories = board.territories().map((t): TerritoryScore => ({
    terrain: TERRAINS[t.terrain] ?? 'wheat',
    squares: t.squares,
    crowns: t.crowns,
    points: t.squares * t.crowns,
    cells: t.cells.map((i) => [cellX(i), cellY(i)] as const),
  }));
  return {
    player,
    territories,
    harmony: s.harmony,
    middleKingdom: s.middleKingdom,
    total: s.total,
    largestTerritory: s.largestTerritory,
    crowns: s.crowns,
  };
}

/** A bonus in play that a kingdom did not earn, and why (from the board's own test). */
export type MissedBonus =
  | { readonly bonus: 'harmony'; readonly empty: number; readonly discarded: number }
  | { readonly bonus: 'middleKingdom' };

/** The bonuses of the game's variants that `player`'s kingdom misses, with what kept each away. */
export function missedBonuses(state: GameState, player: number): readonly MissedBonus[] {
  const b = boardOf(state, player);
  const missed: MissedBonus[] = [];
  if (state.options.harmony && !b.harmonyEarned())
    missed.push({ bonus: 'harmony', empty: b.emptySquares(), discarded: b.discards });
  if (state.options.middleKingdom && !b.middleKingdomEarned()) missed.push({ bonus: 'middleKingdom' });
  return missed;
}

/** Running score of one player at any moment. */
export function scorePlayer(state: GameState, player: number): PlayerScore {
  return scoreBoard(boardOf(state, player), player, state.options.harmony, state.options.middleKingdom);
}

type ScoreKey = (s: PlayerScore) => number;

/** What decides between players tied on total points, in order. */
const TIE_BREAKS: readonly (readonly [TieBreak, ScoreKey])[] = [
  ['largest-territory', (s) => s.largestTerritory],
  ['crowns', (s) => s.crowns],
];
const total: ScoreKey = (s) => s.total;
const RANKING_KEYS: readonly ScoreKey[] = [total, ...TIE_BREAKS.map(([, key]) => key)];

/**
 * The ranking order, best first, as a sort comparator: highest total, then largest
 * territory, then crowns. 0 means tied on all three (a shared place).
 */
export function byRanking(x: PlayerScore, y: PlayerScore): number {
  for (const key of RANKING_KEYS) {
    const d = key(y) - key(x);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A player's place among scores (1 = best): one more than how many are strictly
 * ahead by byRanking, so players tied on all three share a place ("1st, 1st, 3rd").
 */
export function placeAmong(scores: readonly PlayerScore[], s: PlayerScore): number {
  return 1 + scores.filter((o) => byRanking(o, s) < 0).length;
}

/** What separates two players level on total points: the first tie-break that differs, or 'shared'; 'none' if not level. */
export function tieBreakBetween(x: PlayerScore, y: PlayerScore): TieBreak {
  if (total(x) !== total(y)) return 'none';
  return TIE_BREAKS.find(([, key]) => key(x) !== key(y))?.[0] ?? 'shared';
}

/** Winners among scores: the best by byRanking; still tied = shared. */
export function rank(scores: readonly PlayerScore[]): GameResult {
  const best = (list: readonly PlayerScore[], key: ScoreKey): PlayerScore[] => {
    const top = Math.max(...list.map(key));
    return list.filter((s) => key(s) === top);
  };
  let field = best(scores, total);
  let decidedBy: TieBreak = field.length > 1 ? 'shared' : 'none';
  for (const [name, key] of TIE_BREAKS) {
    if (field.length === 1) break;
    field = best(field, key);
    if (field.length === 1) decidedBy = name;
  }
  return { scores, winners: field.map((s) => s.player), decidedBy };
}

/** Ranking as if the game ended now (running scores with tie-breaks). */
export function rankNow(state: GameState): GameResult {
  return rank(state.kingdoms.map((_, p) => scorePlayer(state, p)));
}

/** The final result, or null while the game runs. */
export function result(state: GameState): GameResult | null {
  return isOver(state) ? rankNow(state) : null;
}

/** A kingdom as a map from "x,y" to its square, castle included. */
export function kingdomSquares(state: GameState, player: number): ReadonlyMap<string, Square> {
  const map = new Map<string, Square>([['0,0', { kind: 'castle' }]]);
  for (const p of state.kingdoms[player]?.placements ?? []) {
    const d = domino(p.domino);
    map.set(`${p.a[0]},${p.a[1]}`, { kind: 'land', terrain: d.a.terrain, crowns: d.a.crowns, domino: d.n });
    map.set(`${p.b[0]},${p.b[1]}`, { kind: 'land', terrain: d.b.terrain, crowns: d.b.crowns, domino: d.n });
  }
  return map;
}

/** The bounding box of a kingdom, castle included: [minX, minY, maxX, maxY]. */
export function kingdomBounds(state: GameState, player: number): readonly [number, number, number, number] {
  const b = boardOf(state, player);
  return [b.minX, b.minY, b.maxX, b.maxY];
}
