/**
 * GameState -> views, through the engine's public API only. Everything the
 * pictures show is decided here; the drawing modules only lay it out.
 */
import {
  boxRound,
  placeAmong,
  domino,
  deckFacts,
  publicDeck,
  type PublicDeck,
  dynastyGameResults,
  dynastyResult,
  dynastyStandings,
  legalPlacements,
  prompt,
  namingWindow,
  rankedCandidates,
  rankNow,
  reachableWindow,
  result,
  scorePlayer,
  missedBonuses,
  tieBreakBetween,
  type PlayerScore,
  TERRAINS,
  variantsOf,
  type Candidate,
  type CellWindow,
  type DynastyState,
  type GameState,
  type Grid,
  type Pos,
  type TerritoryScore,
  type Prompt,
  type Terrain,
} from '../game/index.js';
import { t } from '../i18n/index.js';
import { spotLetters } from './spots.js';
import type {
  DominoView,
  DynastyRowView,
  DynastySheetView,
  KingdomView,
  LeftView,
  PlayerView,
  PreviewView,
  RecentView,
  ScoreSheetView,
  ScoreView,
  SlotView,
  SpotView,
  TableView,
  TerritoryView,
  TurnView,
  UnseenView,
} from './view.js';

export function dominoView(n: number): DominoView {
  const d = domino(n);
  return { n, a: d.a, b: d.b };
}

/**
 * What the shipped font can draw (its Latin, Greek, Cyrillic and Vietnamese subsets
 * and general punctuation); anything else, emoji and CJK above all, would need a
 * system font that a server may not have.
 */
// The class holds ranges of combining marks (Cyrillic Extended-A), never a combined pair: it is tested one code point at a time.
const DRAWABLE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u0020-\u007E\u00A0-\u052F\u1C80-\u1C8A\u1D00-\u1DBF\u1E00-\u1FFF\u2010-\u205E\u20A0-\u20C0\u2116\u2122\u2C60-\u2C7F\u2DE0-\u2DFF\uA640-\uA69F\uA720-\uA7FF]/u;

function drawablePart(name: string): string | null {
  const kept = Array.from(name)
    .filter((ch) => DRAWABLE.test(ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(kept) ? kept : null;
}

/**
 * A seat's name as the pictures draw it: what the font cannot draw is left out,
 * and a name with nothing left (CJK, emoji only) becomes the seat's label,
 * "Player 3" (the catalogue's player.fallback, as the text says it).
 */
export function pictureName(name: string, index: number): string {
  return drawablePart(name) ?? t('player.fallback', { number: index + 1 });
}

/**
 * The players as drawn: initials on their kings when every seat has a different
 * one and every name could be drawn, else seat numbers (so "Player 3" wears a 3).
 */
export function players(state: GameState): PlayerView[] {
  const drawable = state.seats.map((s) => drawablePart(s.name));
  const names = state.seats.map((s, index) => pictureName(s.name, index));
  const initials = names.map((n) => (Array.from(n)[0] ?? '').toUpperCase());
  const unique =
    drawable.every((d) => d !== null) && initials.every((i, k) => /[\p{L}\p{N}]/u.test(i) && initials.indexOf(i) === k);
  return names.map((name, index) => ({ index, name, badge: unique ? initials[index]! : String(index + 1) }));
}

/** The variants the game was set up with, as the pictures name them. */
export function variantNames(state: GameState): string[] {
  return variantsOf(state.options).map((v) => t(`variant.${v}`));
}

/**
 * The placements the player to act has not seen on a turn of their own: every one
 * since their last action (all of the last round's at the end), numbered in the
 * order they were made. When there is none (the same player acts again), the most
 * recent placement, so a picture always shows what changed.
 */
export function recentPlacements(state: GameState, pr: Prompt = prompt(state)): { player: number; domino: number }[] {
  const events = state.events;
  let from = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (pr.kind === 'over' ? e.type === 'claim' : 'player' in e && e.player === pr.player) {
      from = i;
      break;
    }
  }
  const since = events
    .slice(from + 1)
    .flatMap((e) => (e.type === 'place' ? [{ player: e.player, domino: e.domino }] : []));
  if (since.length > 0) return since;
  const last = events.findLast((e) => e.type === 'place');
  return last?.type === 'place' ? [{ player: last.player, domino: last.domino }] : [];
}

function recentOf(recent: readonly { player: number; domino: number }[], player: number): RecentView[] {
  return recent.flatMap((r, i) => (r.player === player ? [{ domino: r.domino, order: i + 1, of: recent.length }] : []));
}

function kingdomView(
  state: GameState,
  p: PlayerView,
  pr: Prompt,
  score: number,
  recent: readonly { player: number; domino: number }[] = [],
): KingdomView {
  const k = state.kingdoms[p.index];
  return {
    player: p,
    grid: state.options.grid,
    placed: (k?.placements ?? []).map((pl) => ({ domino: dominoView(pl.domino), a: pl.a, b: pl.b })),
    discarded: (k?.discarded ?? []).map(dominoView),
    score,
    recent: recentOf(recent, p.index),
    toPlay: pr.kind !== 'over' && pr.player === p.index,
    dynastyTotal: null,
  };
}

function currentLine(state: GameState, who: readonly PlayerView[], pr: Prompt): SlotView[] {
  const slots = state.current.map((slot): SlotView => {
    const owner = slot.king === null ? null : (state.kings[slot.king] ?? null);
    const king = owner === null ? null : (who[owner] ?? null);
    const k = owner === null ? undefined : state.kingdoms[owner];
    const status = k?.placements.some((pl) => pl.domino === slot.domino)
      ? 'placed'
      : k?.discarded.includes(slot.domino)
        ? 'discarded'
        : pr.kind === 'place' && pr.domino === slot.domino
          ? 'active'
          : 'waiting';
    return { domino: dominoView(slot.domino), status, king };
  });
  const unclaimed = droppedWith(
    state,
    state.current.map((s) => s.domino),
  ).map((n): SlotView => ({ domino: dominoView(n), status: 'unclaimed', king: null }));
  return [...slots, ...unclaimed].sort((x, y) => x.domino.n - y.domino.n);
}

/** 3 players: the dominoes dropped from the line these ones were revealed with. */
function droppedWith(state: GameState, line: readonly number[]): number[] {
  const first = line[0];
  if (first === undefined || state.dropped.length === 0) return [];
  const reveal = state.events.find((e) => e.type === 'reveal' && e.line.includes(first));
  if (!reveal || reveal.type !== 'reveal') return [];
  return reveal.line.filter((n) => state.dropped.includes(n));
}

function nextLine(state: GameState, who: readonly PlayerView[]): SlotView[] {
  return state.next.map((slot) => {
    const owner = slot.king === null ? null : (state.kings[slot.king] ?? null);
    const king = owner === null ? null : (who[owner] ?? null);
    return { domino: dominoView(slot.domino), status: king ? 'claimed' : 'free', king };
  });
}

function turnView(state: GameState, pr: Prompt, who: readonly PlayerView[]): TurnView {
  const p = pr.kind === 'over' ? undefined : who[pr.player];
  if (pr.kind === 'over' || !p) return { kind: 'over', winners: (result(state)?.winners ?? []).map((w) => who[w]!) };
  if (pr.kind === 'claim') return { kind: 'claim', player: p };
  return { kind: 'place', player: p, domino: dominoView(pr.domino), canPlace: pr.canPlace };
}

/**
 * Dynasty: which game `state` is (by its seed; else the one being played) and each
 * player's total over the games up to it, its running score included.
 */
function dynastyOf(state: GameState, d: DynastyState): { game: number; of: number; totals: number[] } {
  const at = d.games.findIndex((g) => g.seed === state.seed);
  const k = at >= 0 ? at : d.games.length - 1;
  const results = dynastyGameResults(d);
  const totals = state.seats.map((_, p) => {
    let sum = scorePlayer(state, p).total;
    for (let i = 0; i < k; i++)
      sum += results[i]?.scores[p]?.total ?? (d.games[i] ? scorePlayer(d.games[i]!, p).total : 0);
    return sum;
  });
  return { game: k + 1, of: d.length, totals };
}

export function tableView(state: GameState, dynasty: DynastyState | null = null): TableView {
  const who = players(state);
  const pr = prompt(state);
  const recent = recentPlacements(state, pr);
  const dyn = dynasty ? dynastyOf(state, dynasty) : null;
  return {
    round: boxRound(state),
    dynasty: dyn ? { game: dyn.game, of: dyn.of } : null,
    variants: variantNames(state),
    current: currentLine(state, who, pr),
    next: nextLine(state, who),
    kingdoms: who.map((p) => ({
      ...kingdomView(state, p, pr, scorePlayer(state, p.index).total, recent),
      dynastyTotal: dyn ? (dyn.totals[p.index] ?? null) : null,
    })),
    turn: turnView(state, pr, who),
    pileLeft: state.pile.length,
    unseen: unseenView(state),
  };
}

/**
 * What is left to come, by terrain, from what is public only (game/public.ts, the one
 * count of the dominoes not yet seen): with 2 or 3 players (some dominoes put aside
 * face down) it says "not yet seen", not what is in the pile.
 */
function unseenView(state: GameState, deck: PublicDeck = publicDeck(state)): UnseenView {
  const totals = new Map<Terrain, { squares: number; crowns: number }>();
  for (const n of deck.unseen) {
    const d = domino(n);
    for (const half of [d.a, d.b]) {
      const t = totals.get(half.terrain) ?? { squares: 0, crowns: 0 };
      totals.set(half.terrain, { squares: t.squares + 1, crowns: t.crowns + half.crowns });
    }
  }
  return {
    exact: deckFacts(state.options).removed === 0,
    terrains: TERRAINS.map((terrain) => ({ terrain, ...(totals.get(terrain) ?? { squares: 0, crowns: 0 }) })),
  };
}

/** The "Left to come" picture: the dominoes not yet seen, ascending (their set, never the pile's order). */
export function leftView(state: GameState): LeftView {
  const deck = publicDeck(state);
  return {
    round: boxRound(state),
    dominoes: deck.unseen.map(dominoView),
    toCome: deck.pileSize,
    unseen: unseenView(state, deck),
  };
}

function cellsOf(state: GameState, player: number): Pos[] {
  return (state.kingdoms[player]?.placements ?? []).flatMap((p) => [p.a, p.b]);
}

/** Distinct cells of all legal placements of the domino in hand. */
function targetCells(state: GameState): Pos[] {
  const seen = new Map<string, Pos>();
  for (const p of legalPlacements(state)) for (const c of [p.a, p.b]) seen.set(`${c[0]},${c[1]}`, c);
  return [...seen.values()];
}

export function previewView(
  state: GameState,
  candidate: Candidate | null,
  hint: { a: Pos; b: Pos } | null,
): PreviewView {
  const who = players(state);
  const pr = prompt(state);
  const player = pr.kind === 'over' ? 0 : pr.player;
  const placing = pr.kind === 'place';
  const score = scorePlayer(state, player).total;
  const grid: Grid = state.options.grid;
  const reach = reachableWindow(grid, cellsOf(state, player));
  return {
    kingdom: kingdomView(state, who[player]!, pr, score),
    domino: placing ? dominoView(pr.domino) : null,
    canPlace: placing && pr.canPlace,
    score,
    targets: placing ? targetCells(state) : [],
    window: previewWindow(grid, reach),
    reach,
    candidate: placing ? candidate : null,
    hint: placing ? hint : null,
    round: boxRound(state),
    spots: placing ? letteredSpots(state) : [],
    next: nextLine(state, who),
  };
}

function letteredSpots(state: GameState): SpotView[] {
  const ranked = rankedCandidates(state);
  const letters = spotLetters(ranked);
  return ranked.flatMap((c, i) => {
    const letter = letters[i];
    return letter ? [{ letter, a: c.a, b: c.b }] : [];
  });
}

/** What the preview draws: the reachable cells and a greyed margin of one, within the naming window. */
export function previewWindow(grid: Grid, reach: CellWindow): CellWindow {
  const all = namingWindow(grid);
  return {
    minX: Math.max(all.minX, reach.minX - 1),
    minY: Math.max(all.minY, reach.minY - 1),
    maxX: Math.min(all.maxX, reach.maxX + 1),
    maxY: Math.min(all.maxY, reach.maxY + 1),
  };
}

/** Territories in the sheet's order, those with crowns numbered 1, 2... to match the outlines on the kingdom. */
function numbered(list: readonly TerritoryScore[]): TerritoryView[] {
  let n = 0;
  return list.map(({ terrain, squares, crowns, points, cells }) => ({
    terrain,
    squares,
    crowns,
    points,
    number: crowns > 0 ? ++n : null,
    cells,
  }));
}

/** Each player in ranking order with what decided between them and the one above when level on points. */
function withTies(ranked: readonly ScoreView[], scores: readonly PlayerScore[]): ScoreView[] {
  const of = (v: ScoreView): PlayerScore => scores.find((s) => s.player === v.kingdom.player.index)!;
  return ranked.map((v, i) => {
    const above = ranked[i - 1];
    const decidedBy = above ? tieBreakBetween(of(above), of(v)) : 'none';
    return decidedBy === 'none' ? v : { ...v, tie: { above: above!.rank, decidedBy } };
  });
}

export function scoreSheetView(state: GameState): ScoreSheetView {
  const who = players(state);
  const pr = prompt(state);
  const final = result(state);
  const r = final ?? rankNow(state);
  const views = r.scores.map((s): ScoreView => ({
    kingdom: { ...kingdomView(state, who[s.player]!, pr, s.total), toPlay: false },
    territories: numbered(
      [...s.territories].sort((x, y) => y.points - x.points || y.squares - x.squares || x.crowns - y.crowns),
    ),
    harmony: s.harmony,
    middleKingdom: s.middleKingdom,
    missed: missedBonuses(state, s.player),
    total: s.total,
    largestTerritory: s.largestTerritory,
    crowns: s.crowns,
    rank: placeAmong(r.scores, s),
    tie: null,
  }));
  return {
    title: final ? t('picture.sheet.final') : t('picture.sheet.running'),
    variants: variantNames(state),
    // Best first; players sharing a place stay in seat order.
    players: withTies(
      [...views].sort((x, y) => x.rank - y.rank || x.kingdom.player.index - y.kingdom.player.index),
      r.scores,
    ),
    winners: r.winners.map((w) => who[w]!),
    decidedBy: r.decidedBy,
  };
}

export function dynastySheetView(d: DynastyState): DynastySheetView {
  const first = d.games[0];
  if (!first) return { title: t('picture.dynasty.final'), rows: [], winners: [], decidedBy: 'none', over: false };
  const who = players(first);
  const results = dynastyGameResults(d);
  const final = dynastyResult(d);
  const standings = final ?? dynastyStandings(d);
  // The next game starts as soon as one ends: until a domino is placed in it, the sheet is the one of the game before.
  const last = d.games[d.games.length - 1]!;
  const played =
    d.games.length > 1 && !last.events.some((e) => e.type === 'place') ? d.games.length - 1 : d.games.length;
  const rows = who.map((p): DynastyRowView => {
    const games = Array.from({ length: d.length }, (_, i) => {
      const g = d.games[i];
      if (!g || i >= played) return null;
      const r = results[i] ?? null;
      const score = r?.scores[p.index]?.total ?? scorePlayer(g, p.index).total;
      const kingdom = { ...kingdomView(g, p, prompt(g), score), toPlay: false };
      return { kingdom, score, running: r === null, won: r?.winners.includes(p.index) ?? false };
    });
    const s = standings.scores[p.index]!;
    return { player: p, games, total: s.total, rank: placeAmong(standings.scores, s) };
  });
  return {
    title: final ? t('picture.dynasty.final') : t('dynasty.header', { game: played, of: d.length }),
    rows,
    winners: final ? final.winners.map((w) => who[w]!) : [],
    decidedBy: final?.decidedBy ?? 'none',
    over: final !== null,
  };
}
