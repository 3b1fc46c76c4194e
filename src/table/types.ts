/**
 * A table: a lobby, then a game (or a Dynasty of three), then finished or
 * cancelled. Keyed by the lobby message id, which is also the id of the game's
 * thread (a game's thread is its channel). Plain JSON: this is what the store keeps.
 */
import type { AiLevel, DynastyState, GameState, Move, Placed, Pos, Prompt, VariantChoice } from '../game/index.js';
import type { QuietHours } from './quiet.js';

/** Schema of the stored table; 2 added `turnStartedAt` (the store migrates schema 1). */
export const TABLE_SCHEMA = 2 as const;

export type TableSeat =
  | {
      readonly kind: 'human';
      readonly userId: string;
      readonly name: string;
      /** Automatic moves in a row (the turn timer ran out); gone when the player moves again (absence.ts). */
      readonly timeouts?: number;
      /** Set while the normal computer player plays this seat for its player (absence.ts). */
      readonly standIn?: StandIn;
      /** The player's quiet hours and on-deck ping (/kingdomino notify), copied here for the table's clock (quiet.ts). */
      readonly notify?: SeatNotify;
      /** The player's usual time to move in games over days (median, ms) when they sat down: the lobby and the host's menu say it. */
      readonly paceMs?: number;
    }
  | { readonly kind: 'ai'; readonly level: AiLevel; readonly name: string };

/** What a seat keeps of its player's notifications (/kingdomino notify): what the table's steps depend on. */
export interface SeatNotify {
  readonly quiet?: QuietHours;
  /** A heads-up when the player before them starts their turn. */
  readonly onDeck?: boolean;
}

/**
 * A human seat played by the normal computer player for the rest of the game: the
 * seat stays the player's (name, user id, the engine's seat kind, statistics and
 * rating); only who makes its moves changes.
 */
export interface StandIn {
  /** 'absent': the timer ran out three times in a row (the player may come back); 'replaced': the host or a moderator did it (only they give it back). */
  readonly reason: 'absent' | 'replaced';
  /** Who replaced the player (host or moderator); null for the timer. */
  readonly by: string | null;
  readonly at: number;
  /** Whether the thread has been told (the driver says it once, after the board of the move that did it). */
  readonly told: boolean;
}

export type HumanSeat = Extract<TableSeat, { readonly kind: 'human' }>;

/** The paces a game may be played at (pace.ts says what each one means). */
export const PACES = ['live', '12h', '1d', '3d'] as const;
export type Pace = (typeof PACES)[number];

export interface TableSettings extends VariantChoice {
  /** Seconds a human has for a move before a reminder and then an automatic move; 0 = no timer. */
  readonly turnTimerS: number;
  /**
   * The timer is the bot's default (TURN_TIMER_S), not asked for with the start
   * command's option: it applies only when more than one human plays (absence.ts).
   */
  readonly turnTimerAuto?: boolean;
  /**
   * The language of the game's public posts and pictures: a catalogue's code (the
   * Discord side's matter; tables from before languages have none: English).
   */
  readonly language?: string;
  /** Live (none) or a correspondence pace, whose time a move has is `turnTimerS` (pace.ts). */
  readonly pace?: Pace;
  /** Players may plan their move before their turn (plan.ts); unset: on at a correspondence pace only. */
  readonly planAhead?: boolean;
}

/**
 * A move planned before its turn (plan.ts): the domino in hand placed, then the first
 * of `picks` still free taken. Private until played: only its player's panel shows it.
 */
export interface Plan {
  /** The round and the king whose move it is: it applies to that move only. */
  readonly round: number;
  readonly king: number;
  readonly placed: Placed;
  /** Dominoes of the next line, first choice first (none in the last round). */
  readonly picks: readonly number[];
  /** When every pick is taken: the lowest-numbered domino left (true), or ask the player (false). */
  readonly thenLowest: boolean;
  readonly at: number;
  /** The turn came and the plan could not be played: the player is asked, their panel says why. */
  readonly failed?: 'taken' | 'placement';
}

/**
 * Where a game is played, by what the bot may do there:
 * - `thread`: a server that added the bot: the lobby in a channel, the game in a thread on it;
 * - `dm`: the bot's DM with its player: the lobby and the boards posted in that DM (its `threadId`);
 * - `message`: a group DM, or a server that did not add the bot (a user-installed command):
 *   the bot may not post there on its own, so the game is its lobby message, edited
 *   through the tokens of the interactions made on it (the table's id is that message's).
 */
export const HOMES = ['thread', 'dm', 'message'] as const;
export type Home = (typeof HOMES)[number];

/** The guild id of tables outside any server (a DM, a group DM): Discord's own word for them in links. */
export const NO_SERVER = '@me';

export interface TableMessages {
  /** What kind of place the game lives in; none: a thread (tables from before other homes). */
  readonly home?: Home;
  /** Channel the lobby was posted in (the thread's parent). */
  readonly lobbyChannelId: string;
  /** The lobby message (the table's id); null when the game had none (a league's, opened straight in its thread). */
  readonly lobbyMessageId: string | null;
  readonly threadId: string | null;
  /** The latest turn message in the thread (its buttons are the live ones). */
  readonly turnMessageId: string | null;
  /** What that message tells (its moves, or why it was posted): an edit of it says it again. */
  readonly turnTold?: TurnTold;
}

/** What a turn message tells above whose turn it is: the moves it shows, or why it was posted. */
export type TurnTold = Pick<Extract<Post, { readonly kind: 'turn' }>, 'move' | 'occasion' | 'held'>;

export function homeOf(table: { readonly messages: TableMessages }): Home {
  return table.messages.home ?? 'thread';
}

/** The game's thread: the one its lobby started, else the table's own id (the lobby message a thread hangs on shares it). */
export function threadIdOf(table: { readonly id: string; readonly messages: TableMessages }): string {
  return table.messages.threadId ?? table.id;
}

/**
 * Rematch asked for on a finished table: set with compare-and-set, so exactly one
 * press wins, whichever process handles it. `lobbyId` is null while the new lobby
 * is being posted, then the new lobby's key.
 */
export interface RematchClaim {
  readonly by: string;
  readonly at: number;
  readonly lobbyId: string | null;
}

/** What a move did, kept as facts (worded when posted, in the game's language). */
export interface MoveNote {
  readonly player: number;
  /** The domino placed or discarded, null when the move only claimed. */
  readonly domino: number | null;
  readonly placed:
    | { readonly kind: 'place'; readonly a: Pos; readonly b: Pos; readonly gain: number }
    | { readonly kind: 'discard' }
    | null;
  readonly claim: number | null;
  /** Made by the bot because the player's time ran out. */
  readonly timedOut: boolean;
  /** Planned ahead by its player (plan.ts), played when the turn came. */
  readonly planned?: boolean;
}

/** Why a board is posted without a move: the game begins, the next game of a Dynasty, asked again. */
export type Occasion = 'begins' | 'next-game' | 'again';

export type Post =
  /** The board and whose turn it is (the new turn message, its button live). */
  | {
      readonly kind: 'turn';
      readonly seq: number;
      readonly move: MoveNote | null;
      readonly occasion: Occasion | null;
      /** Moves made before `move` and held back (see HELD_ROUNDS), oldest first: told in the same post. */
      readonly held?: readonly MoveNote[];
    }
  /** The end of a game: the score sheet; `game` is its number in a Dynasty, else null. */
  | {
      readonly kind: 'end';
      readonly seq: number;
      readonly move: MoveNote | null;
      readonly game: number | null;
      readonly held?: readonly MoveNote[];
    }
  /** Delete a board a move posted, the move taken back (undo.ts). */
  | { readonly kind: 'withdraw'; readonly seq: number; readonly messageId: string }
  /** Take the buttons off an older turn message; `refusals`: how many times Discord refused it (giveup.ts). */
  | { readonly kind: 'clear'; readonly seq: number; readonly messageId: string; readonly refusals?: number };

/** The table as it was before a player's move, and what the move posted. */
export interface UndoPoint {
  /** Who made the move: the only one who may take it back. */
  readonly by: string;
  /** The game's turn after the move: while it still is, nobody else has moved. */
  readonly turn: number;
  /** When the move was made. */
  readonly at: number;
  readonly game: GameState;
  readonly dynasty?: DynastyState;
  readonly seats: readonly TableSeat[];
  readonly turnStartedAt: number;
  readonly held?: readonly MoveNote[];
  /** The number of the board the move owed the thread; null when it was held (nothing posted). */
  readonly board: number | null;
}

interface TableBase {
  readonly schema: typeof TABLE_SCHEMA;
  /** Compare-and-set version, bumped by the store on every save. Callers never set it. */
  readonly version: number;
  /** Stable id of the table (also in custom_ids), e.g. a snowflake-ish string. */
  readonly id: string;
  readonly guildId: string;
  readonly hostId: string;
  readonly seats: readonly TableSeat[];
  readonly settings: TableSettings;
  readonly messages: TableMessages;
  readonly createdAt: number;
  /** Set by the store on every save (a hint saves too, so this is not when the turn began). */
  readonly updatedAt: number;
  /** Users who used their hint in the current turn (turn number -> user ids). */
  readonly hintsUsed?: Readonly<Record<string, readonly string[]>>;
  /** Posts the thread is still owed, oldest first (see outbox.ts). */
  readonly outbox?: readonly Post[];
  /** The number of the last post owed so far. */
  readonly postSeq?: number;
  /** Moves made and not yet told in the thread: told with the next post (outbox.ts, HELD_ROUNDS). */
  readonly held?: readonly MoveNote[];
  /** The last move, while its player may still take it back (undo.ts). */
  readonly undo?: UndoPoint;
  /** When the bot first gave up work on the thread that Discord kept refusing (giveup.ts), by kind. */
  readonly gaveUp?: { readonly clear?: number; readonly close?: number };
}

export type LobbyTable = TableBase & { readonly status: 'lobby' };
export type PlayingTable = TableBase & {
  readonly status: 'playing';
  readonly game: GameState;
  readonly dynasty?: DynastyState;
  /** When the move to make now became due: the turn timer counts from here. */
  readonly turnStartedAt: number;
  /** The game's turn whose player was reminded (due.ts): once per move. */
  readonly remindedTurn?: number;
  /** The game's turn whose player had the "your turn" DM (correspondence, players who asked): once per move. */
  readonly notifiedTurn?: number;
  /** The game's turn whose next player had the on-deck DM (due.ts, onDeckDue): once per move. */
  readonly onDeckTurn?: number;
  /** Moves planned ahead (plan.ts), by player (the seat's index): private until played. */
  readonly plans?: Readonly<Record<string, Plan>>;
  /**
   * Set while /kingdomino status posts a board, before the store knows its message
   * (outbox.ts, showing): the table is due at once, so that a process dying meanwhile
   * leaves no live button the next one would not find and clear.
   */
  readonly showingSince?: number;
  /** When the host or a moderator paused the clock (pause.ts): no reminder nor automatic move meanwhile. */
  readonly pausedAt?: number;
  /**
   * A moderator locked the game's thread: the game waits (nothing due, not reopened
   * by the bot) until the thread is unlocked; set when a post found it so, told once.
   */
  readonly threadLocked?: boolean;
};
export type FinishedTable = TableBase & {
  readonly status: 'finished';
  readonly game: GameState;
  readonly dynasty?: DynastyState;
  readonly finishedAt: number;
  readonly rematch?: RematchClaim;
  /**
   * When the game's thread is due to be archived and locked (set by the Discord side
   * with the last post of the game); the table needs the bot until then. Gone once done.
   */
  readonly closeAt?: number;
  /** How many times Discord refused to close the thread so far (giveup.ts). */
  readonly closeRefusals?: number;
  /** After a refusal, the thread is not tried again before this (giveup.ts). */
  readonly closeRetryAt?: number;
  /** When the thread was archived (and locked, if the bot could). */
  readonly closedAt?: number;
  /** Game reviews asked for so far, by reviewKey(game, player): a second press, even after a restart, computes nothing. */
  readonly reviews?: Readonly<Record<string, TableReview>>;
};

/** A player's game as the hard computer player judged it (computed by src/ai/review.ts; plain JSON). */
export interface TableReview {
  readonly player: number;
  readonly moves: readonly {
    readonly turn: number;
    readonly round: number;
    readonly domino: number | null;
    readonly played: Move;
    readonly best: Move;
    readonly playedScore: number | null;
    readonly bestScore: number | null;
    readonly loss: number;
    readonly choices: number;
    readonly samples: number;
    readonly ms: number;
  }[];
  readonly accuracy: number | null;
  readonly lost: number;
  readonly finalScore: number;
  readonly budgetMs: number;
  readonly ms: number;
}

/** Where a review is kept in `reviews`: the game (1-based, 1 outside a Dynasty) and the player (seat). */
export function reviewKey(game: number, player: number): string {
  return `${game}:${player}`;
}
export type CancelledTable = TableBase & {
  readonly status: 'cancelled';
  readonly game?: GameState;
  readonly finishedAt: number;
};

export type Table = LobbyTable | PlayingTable | FinishedTable | CancelledTable;
/** A table with a game on it: running or over. */
export type GameTable = PlayingTable | FinishedTable;

/** The turn to play now: the table, whose turn, and what the engine asks of them. */
export interface Turn {
  readonly table: PlayingTable;
  readonly player: number;
  readonly seat: TableSeat;
  readonly prompt: Exclude<Prompt, { kind: 'over' }>;
}
