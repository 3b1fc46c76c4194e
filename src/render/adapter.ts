/**
 * GameState -> views, through the engine's public API only. Everything the
 * pictures show is decided here; the drawing modules only lay it out.
 */
import {
  byRanking, deckFacts, domino, dynastyGameResults, dynastyResult, dynastyStandings, legalPlacements, prompt,
  namingWindow, rankNow, reachableWindow, result, scorePlayer, variantsOf,
  type Candidate, type DynastyState, type GameEvent, type GameState, type Grid, type PlayerScore, type Pos, type Prompt, type Variant,
} from '../game/index.js';
import type {
  DominoView, DynastyRowView, DynastySheetView, KingdomView, PlayerView, PreviewView, ScoreSheetView, ScoreView, SlotView,
  TableView, TurnView,
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
// eslint-disable-next-line no-misleading-character-class
const DRAWABLE = /[\u0020-\u007E\u00A0-\u052F\u1C80-\u1C8A\u1D00-\u1DBF\u1E00-\u1FFF\u2010-\u205E\u20A0-\u20C0\u2116\u2122\u2C60-\u2C7F\u2DE0-\u2DFF\uA640-\uA69F\uA720-\uA7FF]/u;

/** A seat's name with what the font cannot draw left out ("Player 2" when nothing is left). */
export function printableName(name: string, index: number): string {
  const kept = Array.from(name).filter((ch) => DRAWABLE.test(ch)).join('').replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]/u.test(kept) ? kept : `Player ${index + 1}`;
}

/** Initials when every seat has a different one, else seat numbers. */
export function players(state: GameState): PlayerView[] {
  const names = state.seats.map((s, index) => printableName(s.name, index));
  const initials = names.map((n) => (Array.from(n)[0] ?? '').toUpperCase());
  const unique = initials.every((i, k) => /[\p{L}\p{N}]/u.test(i) && initials.indexOf(i) === k);
  return names.map((name, index) => ({ index, name, badge: unique ? initials[index]! : String(index + 1) }));
}

const VARIANT_NAMES: Readonly<Record<Variant, string>> = {
  mightyDuel: 'Mighty Duel',
  harmony: 'Harmony',
  middleKingdom: 'Middle Kingdom',
  dynasty: 'Dynasty',
  threePlayerClassic: 'Classic 3-player',
  balancedOpening: 'Balanced opening',
};

/** The variants the game was set up with, as the pictures name them. */
export function variantNames(state: GameState): string[] {
  return variantsOf(state.options).map((v) => VARIANT_NAMES[v]);
}

/** The domino of the most recent placement, if any. */
function lastPlacement(state: GameState): Extract<GameEvent, { type: 'place' }> | null {
  for (let i = state.events.length - 1; i >= 0; i--) {
    const e = state.events[i];
    if (e?.type === 'place') return e;
  }
  return null;
}

function kingdomView(state: GameState, p: PlayerView, pr: Prompt, score: number): KingdomView {
  const k = state.kingdoms[p.index];
  const last = lastPlacement(state);
  return {
    player: p,
    grid: state.options.grid,
    placed: (k?.placements ?? []).map((pl) => ({ domino: dominoView(pl.domino), a: pl.a, b: pl.b })),
    discarded: (k?.discarded ?? []).map(dominoView),
    score,
    lastPlaced: last && last.player === p.index ? last.domino : null,
    toPlay: pr.kind !== 'over' && pr.player === p.index,
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
  const dropped = droppedWith(state, state.current.map((s) => s.domino)).map(
    (n): SlotView => ({ domino: dominoView(n), status: 'dropped', king: null }),
  );
  return [...slots, ...dropped].sort((x, y) => x.domino.n - y.domino.n);
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

export function tableView(state: GameState): TableView {
  const who = players(state);
  const pr = prompt(state);
  return {
    round: state.round,
    rounds: deckFacts(state.options).rounds,
    variants: variantNames(state),
    current: currentLine(state, who, pr),
    next: nextLine(state, who),
    kingdoms: who.map((p) => kingdomView(state, p, pr, scorePlayer(state, p.index).total)),
    turn: turnView(state, pr, who),
    pileLeft: state.pile.length,
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
  return {
    kingdom: kingdomView(state, who[player]!, pr, score),
    domino: placing ? dominoView(pr.domino) : null,
    canPlace: placing && pr.canPlace,
    score,
    targets: placing ? targetCells(state) : [],
    window: namingWindow(grid),
    reach: reachableWindow(grid, cellsOf(state, player)),
    candidate: placing ? candidate : null,
    hint: placing ? hint : null,
    round: state.round,
    rounds: deckFacts(state.options).rounds,
  };
}

export function scoreSheetView(state: GameState): ScoreSheetView {
  const who = players(state);
  const pr = prompt(state);
  const final = result(state);
  const r = final ?? rankNow(state);
  const views = r.scores.map((s): ScoreView => ({
    kingdom: { ...kingdomView(state, who[s.player]!, pr, s.total), lastPlaced: null, toPlay: false },
    territories: s.territories
      .map(({ terrain, squares, crowns, points }) => ({ terrain, squares, crowns, points }))
      .sort((x, y) => y.points - x.points || y.squares - x.squares),
    harmony: s.harmony,
    middleKingdom: s.middleKingdom,
    total: s.total,
    largestTerritory: s.largestTerritory,
    crowns: s.crowns,
    rank: place(r.scores, s),
  }));
  return {
    title: final ? 'Final scores' : `Scores after round ${state.round}`,
    variants: variantNames(state),
    // Best first; players sharing a place stay in seat order.
    players: [...views].sort((x, y) => x.rank - y.rank || x.kingdom.player.index - y.kingdom.player.index),
    winners: r.winners.map((w) => who[w]!),
    decidedBy: r.decidedBy,
  };
}

/** Rank among scores: 1 + how many are strictly ahead in the ranking order. */
function place(all: readonly PlayerScore[], s: PlayerScore): number {
  return 1 + all.filter((o) => byRanking(o, s) < 0).length;
}

export function dynastySheetView(d: DynastyState): DynastySheetView {
  const first = d.games[0];
  if (!first) return { title: 'Dynasty', rows: [], winners: [], decidedBy: 'none', over: false };
  const who = players(first);
  const results = dynastyGameResults(d);
  const final = dynastyResult(d);
  const standings = final ?? dynastyStandings(d);
  const rows = who.map((p): DynastyRowView => {
    const games = Array.from({ length: d.length }, (_, i) => {
      const g = d.games[i];
      if (!g) return null;
      const r = results[i] ?? null;
      const score = r?.scores[p.index]?.total ?? scorePlayer(g, p.index).total;
      const kingdom = { ...kingdomView(g, p, prompt(g), score), lastPlaced: null, toPlay: false };
      return { kingdom, score, running: r === null, won: r?.winners.includes(p.index) ?? false };
    });
    const s = standings.scores[p.index]!;
    return { player: p, games, total: s.total, rank: place(standings.scores, s) };
  });
  return {
    title: final ? 'Dynasty: final totals' : `Dynasty: game ${d.games.length} of ${d.length}`,
    rows,
    winners: final ? final.winners.map((w) => who[w]!) : [],
    decidedBy: final?.decidedBy ?? 'none',
    over: final !== null,
  };
}
