/**
 * What the pictures show, as plain data. The drawing code reads only these views;
 * adapter.ts builds them from a GameState through the engine's API, so the
 * drawing never depends on how the engine stores a game.
 */
import type { Candidate, MissedBonus, Pos, TieBreak, Terrain } from '../game/index.js';
import type { CellWindow, Grid } from '../game/index.js';

export interface HalfView {
  readonly terrain: Terrain;
  readonly crowns: number;
}

export interface DominoView {
  readonly n: number;
  readonly a: HalfView;
  readonly b: HalfView;
}

export interface PlayerView {
  readonly index: number;
  /** The name as drawn: what the font cannot draw is left out, "Player 3" when nothing is left (pictureName). */
  readonly name: string;
  /**
   * One or two characters on the player's kings and name bar: initials when they
   * are unique and every name could be drawn, else seat numbers.
   */
  readonly badge: string;
}

/** A domino of a line of the draft, and what became of it. */
export type SlotStatus =
  | 'active' // current line: being placed now
  | 'waiting' // current line: its king will place it later this round
  | 'placed' // current line: already in a kingdom
  | 'discarded' // current line: fitted nowhere, thrown away
  | 'unclaimed' // 3 players: nobody claimed it, out of the game (not a discard)
  | 'claimed' // next line: a king stands on it
  | 'free'; // next line: still to be claimed

export interface SlotView {
  readonly domino: DominoView;
  readonly status: SlotStatus;
  /** The king standing on it (or who placed or discarded it). */
  readonly king: PlayerView | null;
}

export interface PlacedView {
  readonly domino: DominoView;
  readonly a: Pos;
  readonly b: Pos;
}

/** A placement made since the turn before of the player to act: outlined, numbered `order` of `of`. */
export interface RecentView {
  readonly domino: number;
  readonly order: number;
  readonly of: number;
}

export interface KingdomView {
  readonly player: PlayerView;
  readonly grid: Grid;
  readonly placed: readonly PlacedView[];
  readonly discarded: readonly DominoView[];
  readonly score: number;
  /** The placements into this kingdom since the player to act last acted (the last round's, at the end). */
  readonly recent: readonly RecentView[];
  readonly toPlay: boolean;
  /** Dynasty: the player's total over the games so far (this one's running score included). */
  readonly dynastyTotal: number | null;
}

export type TurnView =
  | { readonly kind: 'place'; readonly player: PlayerView; readonly domino: DominoView; readonly canPlace: boolean }
  | { readonly kind: 'claim'; readonly player: PlayerView }
  | { readonly kind: 'over'; readonly winners: readonly PlayerView[] };

/** The round as the box counts it (boxRound): 0 for the opening picks, then 1 to `rounds`. */
export interface RoundView {
  readonly round: number;
  readonly rounds: number;
}

export interface TableView {
  readonly round: RoundView;
  /** Dynasty: which game of how many this is. */
  readonly dynasty: { readonly game: number; readonly of: number } | null;
  readonly variants: readonly string[];
  readonly current: readonly SlotView[];
  readonly next: readonly SlotView[];
  readonly kingdoms: readonly KingdomView[];
  readonly turn: TurnView;
  /** Dominoes left face down in the draw pile. */
  readonly pileLeft: number;
  /** What is left to come, by terrain: the dominoes nobody has seen yet (the pile exactly when `exact`). */
  readonly unseen: UnseenView;
}

export interface PreviewView {
  readonly kingdom: KingdomView;
  /** The domino in hand, or null when the game waits for no placement. */
  readonly domino: DominoView | null;
  readonly canPlace: boolean;
  readonly score: number;
  /** Cells that some legal placement of the domino in hand uses. */
  readonly targets: readonly Pos[];
  /**
   * What is drawn: the cells the kingdom can still reach plus a margin of one
   * (greyed) where the naming window has it; labelled with the game's cell names.
   */
  readonly window: CellWindow;
  readonly reach: CellWindow;
  /** The domino in hand tried somewhere, judged by the engine (the panel's text reads the same verdict). */
  readonly candidate: Candidate | null;
  readonly hint: { readonly a: Pos; readonly b: Pos } | null;
  readonly round: RoundView;
  /** The best spots of the domino in hand, lettered as the panel's menu names them (spots.ts). */
  readonly spots: readonly SpotView[];
  /** The next line of the draft, in the order it plays the next round (empty in the last round). */
  readonly next: readonly SlotView[];
}

export interface SpotView {
  readonly letter: string;
  readonly a: Pos;
  readonly b: Pos;
}

export interface TerritoryView {
  readonly terrain: Terrain;
  readonly squares: number;
  readonly crowns: number;
  readonly points: number;
  /** Scoring territories (crowns > 0) are numbered 1, 2... in the sheet's order; the others null. */
  readonly number: number | null;
  /** Its squares, to outline it on the kingdom. */
  readonly cells: readonly Pos[];
}

export interface ScoreView {
  readonly kingdom: KingdomView;
  /** Scoring territories first (most points first). */
  readonly territories: readonly TerritoryView[];
  readonly harmony: number;
  readonly middleKingdom: number;
  /** Bonuses in play that this kingdom did not earn, and why. */
  readonly missed: readonly MissedBonus[];
  readonly total: number;
  readonly largestTerritory: number;
  readonly crowns: number;
  /** 1 = winner; shared places share a number. */
  readonly rank: number;
  /** Level on points with the player listed just above (placed `above`): what decided between them. */
  readonly tie: { readonly above: number; readonly decidedBy: TieBreak } | null;
}

export interface ScoreSheetView {
  readonly title: string;
  readonly variants: readonly string[];
  /** In ranking order. */
  readonly players: readonly ScoreView[];
  readonly winners: readonly PlayerView[];
  readonly decidedBy: TieBreak;
}

/** One player's game of a dynasty. */
export interface DynastyGameView {
  readonly kingdom: KingdomView;
  readonly score: number;
  /** The game is still being played: the score is a running one. */
  readonly running: boolean;
  readonly won: boolean;
}

export interface DynastyRowView {
  readonly player: PlayerView;
  /** One entry per game of the dynasty; null for games not started. */
  readonly games: readonly (DynastyGameView | null)[];
  readonly total: number;
  readonly rank: number;
}

export interface DynastySheetView {
  readonly title: string;
  readonly rows: readonly DynastyRowView[];
  readonly winners: readonly PlayerView[];
  readonly decidedBy: TieBreak;
  readonly over: boolean;
}

/** The dominoes not yet seen, per terrain: squares and crowns still to come. */
export interface UnseenView {
  /** No domino was put aside face down at set-up: what is unseen is the pile itself. */
  readonly exact: boolean;
  readonly terrains: readonly { readonly terrain: Terrain; readonly squares: number; readonly crowns: number }[];
}

/**
 * What is left to come, in full (the "Left to come" picture): every domino nobody
 * has seen yet, by number (never in the pile's hidden order), and how many of them
 * will still be drawn; when some were put aside face down, only that many of them come.
 */
export interface LeftView {
  readonly round: RoundView;
  readonly dominoes: readonly DominoView[];
  readonly toCome: number;
  readonly unseen: UnseenView;
}
