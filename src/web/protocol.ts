/**
 * What the live board's page and the bot say to each other over its WebSocket
 * (src/discord/activity serves it, src/web is the page). Plain JSON, types only: the
 * bot imports this file too. The page says who it is with Discord's token, never
 * with a user id: the bot asks Discord.
 */
import type { AiLevel, GameRecord, GameState, Move, Placement, Variant } from '../game/index.js';
import type { Pace } from '../table/types.js';

/** The path of the live connection, relative to the page (Discord's proxy maps it). */
export const LIVE_PATH = 'live';
/** The path the OAuth2 code is exchanged at, relative to the page. */
export const TOKEN_PATH = 'api/token';
/** The largest message the bot reads from a page; longer ones close the connection. */
export const MAX_MESSAGE_BYTES = 4096;

/** A new game's choices, as `/kingdomino start`'s options (src/table StartChoice); null: the default. */
export interface NewGameChoice {
  readonly aiSeats: number;
  readonly aiLevel: AiLevel;
  readonly variants: readonly Variant[];
  readonly turnTimerMin: number | null;
  /** A catalogue's code; null: the server's (outside servers, the host's). */
  readonly language: string | null;
  readonly pace: Pace | null;
  readonly planAhead: boolean | null;
}

/** A choice's value and its label, in the user's language (a pace, a game's language by its own name). */
export type Labelled = readonly [value: string, label: string];

export type ClientMessage =
  /** The first message: Discord's access token and the Activity's instance. */
  | { readonly type: 'hello'; readonly token: string; readonly instance: string }
  /** Show this game (one of the channel's), and its changes from now on. */
  | { readonly type: 'watch'; readonly table: string }
  /** A move at the game's turn `turn` (a stale one is refused). */
  | { readonly type: 'move'; readonly table: string; readonly turn: number; readonly move: Move }
  | { readonly type: 'undo'; readonly table: string }
  /** The hint of this turn (once per turn, as on the panel). */
  | { readonly type: 'hint'; readonly table: string; readonly turn: number }
  /** The channel's games again (the list shown). */
  | { readonly type: 'games' }
  /** A new lobby in the channel, hosted by this page's user, as `/kingdomino start` opens one (no choice: its defaults). */
  | { readonly type: 'open'; readonly choice?: NewGameChoice }
  /** A lobby of the channel, as its buttons: a seat taken or left, computers added or removed, the game started by its host. */
  | { readonly type: 'join' | 'leave' | 'remove-ai' | 'start'; readonly table: string }
  | { readonly type: 'add-ai'; readonly table: string; readonly level: AiLevel }
  /** Once the game is over, as its final message offers: game `game` (1-based, of a Dynasty) replayed, or reviewed for this player. */
  | { readonly type: 'replay'; readonly table: string; readonly game: number }
  | { readonly type: 'review'; readonly table: string; readonly game: number };

export interface SeatView {
  readonly name: string;
  readonly kind: 'human' | 'ai';
  /** A human seat's Discord user. */
  readonly userId: string | null;
  /** Played by the computer for its absent player. */
  readonly standIn: boolean;
}

/** One game of the channel, as listed. */
export interface GameListing {
  readonly id: string;
  readonly status: 'lobby' | 'playing' | 'finished';
  readonly seats: readonly string[];
  readonly round: number | null;
}

/** A table as every page shows it: the game without its hidden draw pile (src/game publicView). */
export interface TableView {
  readonly id: string;
  readonly version: number;
  readonly status: 'lobby' | 'playing' | 'finished' | 'cancelled';
  readonly seats: readonly SeatView[];
  readonly game: GameState | null;
  /** When the player to move runs out of time (epoch ms), if a turn timer runs. */
  readonly deadline: number | null;
  /** The last move while its player may take it back. */
  readonly undo: { readonly by: string; readonly turn: number } | null;
  /** The host's user: in a lobby, the one who adds computers and starts the game. */
  readonly hostId: string;
  /** A lobby's seats: how many it may have, and whether it may start with those it has. */
  readonly room: { readonly max: number; readonly ready: boolean } | null;
  /**
   * A Dynasty's game being played (1-based) of how many, each player's points over the
   * games so far, and once the three are over, its winners (by the totals' tie-breaks).
   */
  readonly dynasty: {
    readonly game: number;
    readonly of: number;
    readonly totals: readonly number[];
    readonly winners: readonly number[] | null;
  } | null;
}

/** Why the bot refused a message: shown in words, counted by the bot. */
export type RefusalWhy =
  'unauthenticated' | 'elsewhere' | 'bad-input' | 'rate-limited' | 'not-here' | 'refused' | 'unavailable';

export type ServerMessage =
  | {
      readonly type: 'welcome';
      readonly user: { readonly id: string; readonly name: string };
      readonly locale: string;
      /** The page's words in the user's language (ICU MessageFormat, by key). */
      readonly words: Readonly<Record<string, string>>;
      readonly games: readonly GameListing[];
      /** The new game form's choices the page cannot name itself. */
      readonly choices: { readonly paces: readonly Labelled[]; readonly languages: readonly Labelled[] };
    }
  | { readonly type: 'games'; readonly games: readonly GameListing[] }
  /** This page's new lobby: shown at once. */
  | { readonly type: 'opened'; readonly table: string }
  | { readonly type: 'table'; readonly table: TableView }
  /** A game that is over, replayed: its record, and each state's caption (0: before the first move). */
  | {
      readonly type: 'replay';
      readonly table: string;
      readonly game: number;
      readonly record: GameRecord;
      readonly captions: readonly string[];
    }
  /** This player's review of a game, in lines of the thread's words. */
  | { readonly type: 'review'; readonly table: string; readonly game: number; readonly lines: readonly string[] }
  /** The hard computer player's spot for the domino in hand, at this turn (null: it fits nowhere). */
  | { readonly type: 'hint'; readonly table: string; readonly turn: number; readonly at: Placement | null }
  /** A move or undo of this page was made: what it did, in words. */
  | { readonly type: 'done'; readonly text: string }
  | { readonly type: 'refused'; readonly why: RefusalWhy; readonly text: string };
