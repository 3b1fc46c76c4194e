/**
 * The custom_id codec: every button the bot sends is built here and every click is
 * decoded here, nowhere else. A custom_id carries all a click needs (the action,
 * the game's turn number for stale checks, the payload), so buttons keep working
 * after a restart without any in-memory collector. The table is not in it: it is
 * the lobby message's id, or the thread's (the same id), which Discord gives us.
 *
 * Shape: `k1:<code>[:<field>...]`, always well under Discord's 100 characters.
 * Anything else (older formats, forged ids) decodes to null.
 *
 * Every kind of click is declared once, in CLICKS: its code, its fields in the id's
 * order, and where its button lives. The ClickAction type, encode and decode are
 * read off the declarations, and so are the origin checks (gateway/origin.ts); the
 * router binds each verb to its handler (gateway/clicks.ts, which the compiler holds
 * to every verb declared here). A new button: one declaration here, one binding there.
 * A code, a field's order or its text never changes: buttons already posted carry them.
 */
import {
  AI_LEVELS,
  DIRECTIONS,
  DOMINO_COUNT,
  DYNASTY_GAMES,
  MAX_PLAYERS,
  type AiLevel,
  type Direction,
  type Placed,
  type Pos,
} from '../../game/index.js';
import { CUSTOM_ID_MAX } from '../wire/limits.js';

const PREFIX = 'k1';

/** Where the domino in hand would go: half a at (x, y), half b one step in the engine's direction r. */
export interface Cursor {
  readonly x: number;
  readonly y: number;
  readonly r: Direction;
}

/** The two cells a cursor covers. */
export function cursorCells(c: Cursor): { readonly a: Pos; readonly b: Pos } {
  const [dx, dy] = DIRECTIONS[c.r];
  return { a: [c.x, c.y], b: [c.x + dx, c.y + dy] };
}

/** The cursor of a placement (its cells must be neighbours, as every placement's are). */
export function cursorOf(p: { readonly a: Pos; readonly b: Pos }): Cursor {
  const r = DIRECTIONS.findIndex(([dx, dy]) => p.b[0] - p.a[0] === dx && p.b[1] - p.a[1] === dy);
  return { x: p.a[0], y: p.a[1], r: (r < 0 ? 0 : r) as Direction };
}

export function sameCursor(a: Cursor, b: Cursor): boolean {
  return a.x === b.x && a.y === b.y && a.r === b.r;
}

/** A cursor as text (in custom_ids, and as the value of a spot in the menu). */
export function cursorText(c: Cursor): string {
  return `${c.x}.${c.y}.${c.r}`;
}

/** The cursor a text stands for, or null when it is none (forged, off every kingdom). */
export function cursor(text: string | undefined): Cursor | null {
  const parts = text?.split('.');
  if (!parts || parts.length !== 3) return null;
  const x = int(parts[0], -MAX_COORD, MAX_COORD);
  const y = int(parts[1], -MAX_COORD, MAX_COORD);
  const r = int(parts[2], 0, 3);
  if (x === null || y === null || r === null) return null;
  return { x, y, r: r as Direction };
}

/**
 * One field of a custom_id (or a select menu's value): its value as text, and back.
 * `read` gives undefined for a text that is none of ours (null is a value: no hint).
 */
export interface Field<T> {
  text(value: T): string;
  read(text: string | undefined): T | undefined;
}

/** A click carried inside another (the daily deal's, an away click): the rest of the id is its own, prefix left out. */
interface Wrapped<T extends { readonly verb: string }> {
  wraps(click: { readonly verb: string }): click is T;
}

/** Kingdoms are at most 7x7 around the castle, so a cell is within 6 of it. */
const MAX_COORD = 6;
const MAX_TURN = 10_000;
/** A table's id: a Discord snowflake. */
const TABLE_ID = /^\d{1,20}$/;
/** Daily deal days: 99999 is 270 years after the launch. */
const MAX_DAY = 99_999;
/** Pages of /kingdomino games a button may ask for (a player in more games sees the last one). */
const MAX_GAMES_PAGE = 1_000;

function int(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^-?\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** A whole number from min to max. */
function whole(min: number, max: number): Field<number> {
  return { text: (n) => String(n), read: (text) => int(text, min, max) ?? undefined };
}

/** One of a few names, each carried as its short code. */
function named<T extends string>(codes: Readonly<Record<T, string>>): Field<T> {
  const names = Object.keys(codes) as T[];
  return { text: (name) => codes[name], read: (code) => names.find((name) => codes[name] === code) };
}

/** A field that may be absent: `-`. */
function orNone<T>(field: Field<T>): Field<T | null> {
  return {
    text: (value) => (value === null ? '-' : field.text(value)),
    read: (text) => (text === '-' ? null : field.read(text)),
  };
}

function wraps<T extends { readonly verb: string }>(
  accepts: (click: { readonly verb: string }) => click is T,
): Wrapped<T> {
  return { wraps: accepts };
}

const TURN = whole(0, MAX_TURN);
/** A seat of a table (0-based), as the engine counts them at most. */
export const SEAT = whole(0, MAX_PLAYERS - 1);
/** A game of a table: one, or a Dynasty's three. */
const GAME = whole(1, DYNASTY_GAMES);
const CURSOR: Field<Cursor> = { text: cursorText, read: (text) => cursor(text) ?? undefined };
const TABLE: Field<string> = {
  text: (id) => id,
  read: (text) => (text !== undefined && TABLE_ID.test(text) ? text : undefined),
};
/** A yes/no field: 1 or 0. */
const FLAG: Field<boolean> = {
  text: (yes) => (yes ? '1' : '0'),
  read: (text) => (text === '1' ? true : text === '0' ? false : undefined),
};
const LEVEL: Field<AiLevel> = { text: (level) => level, read: (text) => AI_LEVELS.find((level) => level === text) };
const PLACED: Field<Placed> = {
  text: (p) => (p.kind === 'place' ? cursorText(cursorOf(p)) : p.kind === 'discard' ? 'd' : '-'),
  read: (text) => {
    if (text === 'd') return { kind: 'discard' };
    if (text === '-') return { kind: 'none' };
    const at = cursor(text);
    return at ? { kind: 'place', ...cursorCells(at) } : undefined;
  },
};

/** Panel buttons that show the preview elsewhere; the slot keeps ids unique in one message. */
const PANEL_SLOTS = {
  left: 'L',
  right: 'R',
  up: 'U',
  down: 'D',
  rotate: 'O',
  next: 'N',
  prev: 'P',
  here: 'H',
} as const;
export type PanelSlot = keyof typeof PANEL_SLOTS;

/** The viewer's buttons (round back, previous, next, round forward): the slot keeps ids unique in one message. */
const REPLAY_SLOTS = { 'round-back': 'B', prev: 'P', next: 'N', 'round-on': 'F' } as const;
export type ReplaySlot = keyof typeof REPLAY_SLOTS;

const REVIEW_LIST_SLOTS = { open: 'O', prev: 'P', next: 'N' } as const;
export type ReviewListSlot = keyof typeof REVIEW_LIST_SLOTS;

/**
 * The kinds of message a button may live on (gateway/origin.ts judges a click by it):
 * - `lobby`: a public message in a channel (not in a thread), the lobby;
 * - `thread`: a public message in a game's thread (a turn, the end of a game, a status answer);
 * - `panel`: the clicker's own private message in a thread (their panel);
 * - `menu`: the clicker's own private message, in a thread or not (a menu, a viewer, the daily deal);
 * - `dm`: a message in the bot's DM with the clicker, or the clicker's own private message anywhere;
 * - `public`: a public message outside threads (a `lobby` or a `dm` one): a game's away from threads.
 */
export type Place = 'lobby' | 'thread' | 'panel' | 'menu' | 'dm' | 'public';

/** One kind of click: its code in the id (never reused), where its button lives, its fields in the id's order. */
interface Declaration {
  readonly code: string;
  readonly home: Place;
  readonly fields: Readonly<Record<string, AnyField | Wrapped<{ readonly verb: string }>>>;
}
/** A field of any value, as the codec handles them all alike. */
interface AnyField {
  text(value: never): string;
  read(text: string | undefined): unknown;
}
type Declarations = Readonly<Record<string, Declaration>>;

type ValueOf<F> = F extends Field<infer T> ? T : F extends Wrapped<infer C> ? C : never;
/** One plain object type per verb, as a reader would write it. */
type Flat<T> = { [K in keyof T]: T[K] };
/** The clicks a group of declarations describes: the verb, then each field's value under its name. */
type ClicksOf<D extends Declarations> = {
  [V in keyof D & string]: Flat<
    { readonly verb: V } & { readonly [K in keyof D[V]['fields']]: ValueOf<D[V]['fields'][K]> }
  >;
}[keyof D & string];

/**
 * The placement panel's clicks, declared apart (as are TURN_CLICKS) because other clicks
 * wrap them: their types are read off these alone, before CLICKS is whole.
 */
const PANEL_CLICKS = {
  preview: {
    code: 'v',
    home: 'panel',
    fields: { turn: TURN, slot: named(PANEL_SLOTS), at: CURSOR, hint: orNone(CURSOR) },
  },
  /** The panel's menu of spots: the chosen spot is the select's value (a cursor), not in the id. */
  spot: { code: 'm', home: 'panel', fields: { turn: TURN, hint: orNone(CURSOR) } },
  hint: { code: 'h', home: 'panel', fields: { turn: TURN, at: orNone(CURSOR) } },
  confirm: { code: 'p', home: 'panel', fields: { turn: TURN, at: CURSOR } },
  discard: { code: 'd', home: 'panel', fields: { turn: TURN } },
  pick: { code: 'k', home: 'panel', fields: { turn: TURN, placed: PLACED, domino: whole(1, DOMINO_COUNT) } },
} as const satisfies Declarations;

/** A turn's other clicks that may also come from away from its thread. */
const TURN_CLICKS = {
  'your-turn': { code: 'y', home: 'thread', fields: { turn: TURN } },
  /** The done panel's Undo: `turn` is the game's turn after the move (table/undo.ts). */
  undo: { code: 'u', home: 'panel', fields: { turn: TURN } },
} as const satisfies Declarations;

/** The placement panel's clicks: in a game's thread, or (wrapped) away from it or on the daily deal. */
export type PanelClick = ClicksOf<typeof PANEL_CLICKS>;
/** What a click away from the thread may be: the turn's "Your turn", its panel's, or Undo after the move. */
export type AwayClick = ClicksOf<typeof PANEL_CLICKS & typeof TURN_CLICKS>;
/** Undo on the panel once the move went through. */
export type UndoClick = Extract<AwayClick, { readonly verb: 'undo' }>;

function isPanelClick(click: { readonly verb: string }): click is PanelClick {
  return Object.hasOwn(PANEL_CLICKS, click.verb);
}

function isAwayClick(click: { readonly verb: string }): click is AwayClick {
  return isPanelClick(click) || Object.hasOwn(TURN_CLICKS, click.verb);
}

/** Every kind of click the bot's buttons and menus carry. */
export const CLICKS = {
  join: { code: 'j', home: 'lobby', fields: {} },
  leave: { code: 'l', home: 'lobby', fields: {} },
  'add-ai': { code: 'a', home: 'lobby', fields: { level: LEVEL } },
  'remove-ai': { code: 'x', home: 'lobby', fields: {} },
  start: { code: 's', home: 'lobby', fields: {} },
  cancel: { code: 'c', home: 'lobby', fields: {} },
  ...TURN_CLICKS,
  ...PANEL_CLICKS,
  rematch: { code: 'r', home: 'thread', fields: {} },
  /** Rematch on the game's first message in the channel (its thread archived and locked). */
  'rematch-here': { code: 'rh', home: 'lobby', fields: {} },
  /** "I'm back" on a turn message: the player of an absent seat takes it back. */
  back: { code: 'ib', home: 'thread', fields: { player: SEAT } },
  /** The moderation menu (/kingdomino manage) of a table (a lobby's is not the channel's id): the seat chosen is the select's value. */
  'manage-seat': { code: 'ms', home: 'menu', fields: { table: TABLE } },
  'replace-seat': { code: 'mr', home: 'menu', fields: { table: TABLE, player: SEAT } },
  'restore-seat': { code: 'mb', home: 'menu', fields: { table: TABLE, player: SEAT } },
  'make-host': { code: 'mh', home: 'menu', fields: { table: TABLE, player: SEAT } },
  /** The moderation menu's clock button: pause (true) or resume (false) the game's clock. */
  clock: { code: 'mc', home: 'menu', fields: { table: TABLE, pause: FLAG } },
  /** A page of /kingdomino games (0-based), of this server's games or every server's. */
  'games-page': { code: 'gp', home: 'menu', fields: { page: whole(0, MAX_GAMES_PAGE), all: FLAG } },
  /** The final message's Review: game 1 of a single game, 1 to 3 of a Dynasty. */
  review: { code: 'w', home: 'thread', fields: { game: GAME } },
  /**
   * A review's full move list, on the clicker's own private review: `page` (0-based) of
   * their review of the table's game; `slot` open (a new private message) or prev/next (the page turned).
   */
  'review-list': {
    code: 'wl',
    home: 'menu',
    fields: { table: TABLE, game: GAME, page: whole(0, MAX_TURN), slot: named(REVIEW_LIST_SLOTS) },
  },
  /** The final message's Replay: the game's animated replay posted in the thread (game as for review). */
  replay: { code: 'g', home: 'thread', fields: { game: GAME } },
  /** The final message's Step through: the game's replay opened privately, one move at a time (game as for review). */
  'replay-view': { code: 'gv', home: 'thread', fields: { game: GAME } },
  /**
   * The step-through viewer's buttons, on the clicker's own private answer (in the thread,
   * or a DM's replay): show `move` (0: before the first) of the table's game.
   */
  'replay-step': {
    code: 'gs',
    home: 'menu',
    fields: { table: TABLE, game: GAME, move: whole(0, MAX_TURN), slot: named(REPLAY_SLOTS) },
  },
  /** A click on the daily deal's panel (a private answer to the player's own command, anywhere): the panel's own click. */
  daily: { code: 'dl', home: 'menu', fields: { click: wraps(isPanelClick) } },
  /** The daily result's Share: the spoiler-free line posted in the channel. */
  'daily-share': { code: 'ds', home: 'menu', fields: { day: whole(1, MAX_DAY) } },
  /** "Left to come" on a board, for anyone in the thread: the dominoes not yet seen, privately (as of `turn`). */
  unseen: { code: 'lc', home: 'thread', fields: { turn: TURN } },
  /** "Left to come" on a panel (its owner's, in the thread or away from it): the same, for the table it names. */
  'unseen-of': { code: 'lo', home: 'menu', fields: { table: TABLE, turn: TURN } },
  /** "Your turn" or a panel's click away from the game's thread (a DM, /kingdomino games): it names its table. */
  away: { code: 'aw', home: 'dm', fields: { table: TABLE, click: wraps(isAwayClick) } },
  /** "Plan ahead" on a board, for a player whose turn is not yet: their planning panel, privately (table/plan.ts). */
  plan: { code: 'pa', home: 'thread', fields: {} },
  /** "Plan ahead" away from the board (after a move, on a DM): the same, for the table it names. */
  'plan-of': { code: 'po', home: 'dm', fields: { table: TABLE } },
  /** "🎲 Open the board" on a turn message: the live board launched in the thread (activity/, Discord's launch response). */
  board: { code: 'ob', home: 'thread', fields: {} },
  /** The same on the lobby message, launched in its channel. */
  'board-here': { code: 'oh', home: 'lobby', fields: {} },
  /** A click on a planning panel (the player's own private message): the panel's own click, on the game of the table it names. */
  'plan-in': { code: 'pi', home: 'menu', fields: { table: TABLE, click: wraps(isPanelClick) } },
  /** A plan's next choice, should the ones before be taken: a domino, or (none) the lowest-numbered one left. */
  'plan-else': { code: 'pe', home: 'menu', fields: { table: TABLE, domino: orNone(whole(1, DOMINO_COUNT)) } },
  /** The plan withdrawn. */
  'plan-drop': { code: 'px', home: 'menu', fields: { table: TABLE } },
  /**
   * The buttons of a game away from threads (table/types.ts, Home): a one-message game's
   * (a group DM, a server without the bot) and a game's in the bot's DM. They name their
   * table; the handler checks the message is that table's. "Your turn" on the one message:
   */
  'table-turn': { code: 'tt', home: 'public', fields: { table: TABLE, turn: TURN } },
  /** Show the table: the one message brought up to date. */
  'table-show': { code: 'tw', home: 'public', fields: { table: TABLE } },
  /** The end's Review and Step through, away from threads (game as for review). */
  'table-review': { code: 'tr', home: 'public', fields: { table: TABLE, game: GAME } },
  'table-replay': { code: 'tg', home: 'public', fields: { table: TABLE, game: GAME } },
  /** Rematch, away from threads: the new lobby is the click's answer. */
  'table-rematch': { code: 'tm', home: 'public', fields: { table: TABLE } },
  /** "I'm back", away from threads: the player of an absent seat takes it back. */
  'table-back': { code: 'tb', home: 'public', fields: { table: TABLE, player: SEAT } },
  /** A league's sign-up message (its id is the league's): sign up, or take the name off. */
  'league-join': { code: 'lj', home: 'lobby', fields: {} },
  'league-leave': { code: 'll', home: 'lobby', fields: {} },
} as const satisfies Declarations;

export type Verb = keyof typeof CLICKS;
export type ClickAction = ClicksOf<typeof CLICKS>;

/** Where a turn's buttons lead (its panel's, and Undo after the move): the thread's game, or a game they name. */
export type TurnScope = (click: PanelClick | UndoClick) => ClickAction;

/** Where a panel's buttons lead: the game of the thread they are in, a game they name, or the player's daily deal. */
export type PanelScope = (click: PanelClick) => ClickAction;
export const IN_GAME = (click: ClickAction): ClickAction => click;
export const IN_DAILY: PanelScope = (click) => ({ verb: 'daily', click });
export const IN_AWAY =
  (table: string) =>
  (click: AwayClick): ClickAction => ({ verb: 'away', table, click });
/** A planning panel's buttons: they name their table (the panel may be opened from a DM some day). */
export const IN_PLAN =
  (table: string): PanelScope =>
  (click) => ({ verb: 'plan-in', table, click });

const VERB_OF_CODE: ReadonlyMap<string, Verb> = new Map(
  Object.entries(CLICKS).map(([verb, { code }]) => [code, verb as Verb]),
);

/** A click's fields by name, as the codec reads and writes them whatever the verb. */
type FieldValues = Readonly<Record<string, unknown>>;

export function encode(action: ClickAction): string {
  const { code, fields }: Declaration = CLICKS[action.verb];
  const values = action as FieldValues;
  const texts = Object.entries(fields).flatMap(([name, field]) =>
    // A wrapped click is its own id without the prefix, read back by decode() the same way.
    'wraps' in field
      ? encode(values[name] as ClickAction)
          .split(':')
          .slice(1)
      : [field.text(values[name] as never)],
  );
  return [PREFIX, code, ...texts].join(':');
}

/** Decode a custom_id, or null when it is not one of ours (forged, truncated, from an older format). */
export function decode(customId: string): ClickAction | null {
  if (customId.length > CUSTOM_ID_MAX) return null;
  const [prefix, code, ...texts] = customId.split(':');
  const verb = prefix === PREFIX && code !== undefined ? VERB_OF_CODE.get(code) : undefined;
  if (verb === undefined) return null;
  const fields = Object.entries(CLICKS[verb].fields as Declaration['fields']);
  const action: Record<string, unknown> = { verb };
  for (const [i, [name, field]] of fields.entries()) {
    if ('wraps' in field) {
      // Last in its id: the click wrapped takes the rest, decoded by the same rules as on its own.
      const click = decode([PREFIX, ...texts.slice(i)].join(':'));
      return click && field.wraps(click) ? ({ ...action, [name]: click } as ClickAction) : null;
    }
    const value = field.read(texts[i]);
    if (value === undefined) return null;
    action[name] = value;
  }
  return texts.length === fields.length ? (action as ClickAction) : null;
}
