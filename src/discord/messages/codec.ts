/**
 * The custom_id codec: every button the bot sends is built here and every click is
 * decoded here, nowhere else. A custom_id carries all a click needs (the action,
 * the game's turn number for stale checks, the payload), so buttons keep working
 * after a restart without any in-memory collector. The table is not in it: it is
 * the lobby message's id, or the thread's (the same id), which Discord gives us.
 *
 * Shape: `k1:<verb>[:<field>...]`, always well under Discord's 100 characters.
 * Anything else (older formats, forged ids) decodes to null.
 */
import {
  AI_LEVELS,
  DIRECTIONS,
  DOMINO_COUNT,
  DYNASTY_GAMES,
  type AiLevel,
  type Direction,
  type Pos,
} from '../../game/index.js';
import type { Placed } from '../../table/index.js';
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

/** The viewer's buttons (round back, previous, next, round forward): the slot keeps ids unique in one message. */
export type ReplaySlot = 'round-back' | 'prev' | 'next' | 'round-on';
export type ReviewListSlot = 'open' | 'prev' | 'next';

/** Panel buttons that show the preview elsewhere; the slot keeps ids unique in one message. */
export type PanelSlot = 'left' | 'right' | 'up' | 'down' | 'rotate' | 'next' | 'prev' | 'here';

export type ClickAction =
  | { readonly verb: 'join' }
  | { readonly verb: 'leave' }
  | { readonly verb: 'add-ai'; readonly level: AiLevel }
  | { readonly verb: 'remove-ai' }
  | { readonly verb: 'start' }
  | { readonly verb: 'cancel' }
  | { readonly verb: 'your-turn'; readonly turn: number }
  | {
      readonly verb: 'preview';
      readonly turn: number;
      readonly slot: PanelSlot;
      readonly at: Cursor;
      readonly hint: Cursor | null;
    }
  /** The panel's menu of spots: the chosen spot is the select's value (a cursor), not in the id. */
  | { readonly verb: 'spot'; readonly turn: number; readonly hint: Cursor | null }
  | { readonly verb: 'hint'; readonly turn: number; readonly at: Cursor | null }
  | { readonly verb: 'confirm'; readonly turn: number; readonly at: Cursor }
  | { readonly verb: 'discard'; readonly turn: number }
  | { readonly verb: 'pick'; readonly turn: number; readonly placed: Placed; readonly domino: number }
  /** The done panel's Undo: `turn` is the game's turn after the move (table/undo.ts). */
  | { readonly verb: 'undo'; readonly turn: number }
  | { readonly verb: 'rematch' }
  /** "I'm back" on a turn message: the player of an absent seat takes it back. */
  | { readonly verb: 'back'; readonly player: number }
  /** Rematch on the game's first message in the channel (its thread archived and locked). */
  | { readonly verb: 'rematch-here' }
  /** The moderation menu (/kingdomino manage) of a table (a lobby's is not the channel's id): the seat chosen is the select's value. */
  | { readonly verb: 'manage-seat'; readonly table: string }
  | { readonly verb: 'replace-seat'; readonly table: string; readonly player: number }
  | { readonly verb: 'restore-seat'; readonly table: string; readonly player: number }
  | { readonly verb: 'make-host'; readonly table: string; readonly player: number }
  /** The final message's Review: game 1 of a single game, 1 to 3 of a Dynasty. */
  | { readonly verb: 'review'; readonly game: number }
  /**
   * A review's full move list (private, anywhere): `page` (0-based) of the clicker's own
   * review of the table's game; `slot` open (a new private message) or prev/next (the page turned).
   */
  | {
      readonly verb: 'review-list';
      readonly table: string;
      readonly game: number;
      readonly page: number;
      readonly slot: ReviewListSlot;
    }
  /** The final message's Replay: the game's animated replay posted in the thread (game as for review). */
  | { readonly verb: 'replay'; readonly game: number }
  /** The final message's Step through: the game's replay opened privately, one move at a time (game as for review). */
  | { readonly verb: 'replay-view'; readonly game: number }
  /** The step-through viewer's buttons (private, anywhere): show `move` (0: before the first) of the table's game. */
  | {
      readonly verb: 'replay-step';
      readonly table: string;
      readonly game: number;
      readonly move: number;
      readonly slot: ReplaySlot;
    }
  /** A click on the daily deal's panel: the panel's own click, on the player's game of the day (not a table). */
  | { readonly verb: 'daily'; readonly click: PanelClick }
  /** The daily result's Share: the spoiler-free line posted in the channel. */
  | { readonly verb: 'daily-share'; readonly day: number }
  /** A page of /kingdomino games (0-based), of this server's games or every server's. */
  | { readonly verb: 'games-page'; readonly page: number; readonly all: boolean }
  /** The moderation menu's clock button: pause (true) or resume (false) the game's clock. */
  | { readonly verb: 'clock'; readonly table: string; readonly pause: boolean }
  /** "Left to come" on a board in the thread: the dominoes not yet seen, privately for whoever clicks (as of `turn`). */
  | { readonly verb: 'unseen'; readonly turn: number }
  /** "Left to come" on a panel (in the thread or away from it): the same, for the table it names. */
  | { readonly verb: 'unseen-of'; readonly table: string; readonly turn: number }
  /** "Your turn" or a panel's click away from the game's thread (a DM, /kingdomino games): it names its table. */
  | { readonly verb: 'away'; readonly table: string; readonly click: AwayClick };

const PANEL_VERBS = ['preview', 'spot', 'hint', 'confirm', 'discard', 'pick'] as const;
/** The placement panel's clicks: in a game's thread, or (wrapped) away from it or on the daily deal. */
export type PanelClick = Extract<ClickAction, { readonly verb: (typeof PANEL_VERBS)[number] }>;
/** What a click away from the thread may be: the turn's "Your turn", its panel's, or Undo after the move. */
export type AwayClick = PanelClick | UndoClick | Extract<ClickAction, { readonly verb: 'your-turn' }>;
/** Undo on the panel once the move went through. */
export type UndoClick = Extract<ClickAction, { readonly verb: 'undo' }>;
/** Where a turn's buttons lead (its panel's, and Undo after the move): the thread's game, or a game they name. */
export type TurnScope = (click: PanelClick | UndoClick) => ClickAction;

/** Where a panel's buttons lead: the game of the thread they are in, a game they name, or the player's daily deal. */
export type PanelScope = (click: PanelClick) => ClickAction;
export const IN_GAME = (click: ClickAction): ClickAction => click;
export const IN_DAILY: PanelScope = (click) => ({ verb: 'daily', click });
export const IN_AWAY =
  (table: string) =>
  (click: AwayClick): ClickAction => ({ verb: 'away', table, click });

function isPanelClick(action: ClickAction | null): action is PanelClick {
  return action !== null && (PANEL_VERBS as readonly string[]).includes(action.verb);
}

function isAwayClick(action: ClickAction | null): action is AwayClick {
  return isPanelClick(action) || action?.verb === 'your-turn' || action?.verb === 'undo';
}

const VERBS = {
  join: 'j',
  leave: 'l',
  'add-ai': 'a',
  'remove-ai': 'x',
  start: 's',
  cancel: 'c',
  'your-turn': 'y',
  preview: 'v',
  spot: 'm',
  hint: 'h',
  confirm: 'p',
  discard: 'd',
  pick: 'k',
  undo: 'u',
  rematch: 'r',
  review: 'w',
  'review-list': 'wl',
  replay: 'g',
  'replay-view': 'gv',
  'replay-step': 'gs',
  back: 'ib',
  'rematch-here': 'rh',
  'manage-seat': 'ms',
  'replace-seat': 'mr',
  'restore-seat': 'mb',
  'make-host': 'mh',
  daily: 'dl',
  'daily-share': 'ds',
  'games-page': 'gp',
  clock: 'mc',
  away: 'aw',
  unseen: 'lc',
  'unseen-of': 'lo',
} as const satisfies Record<ClickAction['verb'], string>;

const SLOTS = {
  left: 'L',
  right: 'R',
  up: 'U',
  down: 'D',
  rotate: 'O',
  next: 'N',
  prev: 'P',
  here: 'H',
} as const satisfies Record<PanelSlot, string>;

const REPLAY_SLOTS = {
  'round-back': 'B',
  prev: 'P',
  next: 'N',
  'round-on': 'F',
} as const satisfies Record<ReplaySlot, string>;

const REVIEW_LIST_SLOTS = {
  open: 'O',
  prev: 'P',
  next: 'N',
} as const satisfies Record<ReviewListSlot, string>;

/** Kingdoms are at most 7x7 around the castle, so a cell is within 6 of it. */
const MAX_COORD = 6;
const MAX_TURN = 10_000;
/** Seats of a table: at most four. */
const MAX_PLAYER = 3;
/** A table's id: a Discord snowflake. */
const TABLE_ID = /^\d{1,20}$/;
/** Games of a table: one, or a Dynasty's three. */
const MAX_GAMES = DYNASTY_GAMES;
/** Daily deal days: 99999 is 270 years after the launch. */
const MAX_DAY = 99_999;
/** Pages of /kingdomino games a button may ask for (a player in more games sees the last one). */
const MAX_GAMES_PAGE = 1_000;

/** A cursor as text (in custom_ids, and as the value of a spot in the menu). */
export function cursorText(c: Cursor): string {
  return `${c.x}.${c.y}.${c.r}`;
}

function placedText(p: Placed): string {
  return p.kind === 'place' ? cursorText(cursorOf(p)) : p.kind === 'discard' ? 'd' : '-';
}

export function encode(action: ClickAction): string {
  const fields: (string | number)[] = [PREFIX, VERBS[action.verb]];
  switch (action.verb) {
    case 'add-ai':
      fields.push(action.level);
      break;
    case 'your-turn':
    case 'discard':
    case 'undo':
    case 'unseen':
      fields.push(action.turn);
      break;
    case 'unseen-of':
      fields.push(action.table, action.turn);
      break;
    case 'preview':
      fields.push(action.turn, SLOTS[action.slot], cursorText(action.at), action.hint ? cursorText(action.hint) : '-');
      break;
    case 'hint':
      fields.push(action.turn, action.at ? cursorText(action.at) : '-');
      break;
    case 'spot':
      fields.push(action.turn, action.hint ? cursorText(action.hint) : '-');
      break;
    case 'confirm':
      fields.push(action.turn, cursorText(action.at));
      break;
    case 'pick':
      fields.push(action.turn, placedText(action.placed), action.domino);
      break;
    case 'back':
      fields.push(action.player);
      break;
    case 'manage-seat':
      fields.push(action.table);
      break;
    case 'replace-seat':
    case 'restore-seat':
    case 'make-host':
      fields.push(action.table, action.player);
      break;
    case 'games-page':
      fields.push(action.page, flagText(action.all));
      break;
    case 'clock':
      fields.push(action.table, flagText(action.pause));
      break;
    case 'review':
    case 'replay':
    case 'replay-view':
      fields.push(action.game);
      break;
    case 'replay-step':
      fields.push(action.table, action.game, action.move, REPLAY_SLOTS[action.slot]);
      break;
    case 'review-list':
      fields.push(action.table, action.game, action.page, REVIEW_LIST_SLOTS[action.slot]);
      break;
    case 'daily':
      fields.push(...innerFields(action.click));
      break;
    case 'daily-share':
      fields.push(action.day);
      break;
    case 'away':
      fields.push(action.table, ...innerFields(action.click));
      break;
    default:
      break;
  }
  return fields.join(':');
}

/** A wrapped click (daily, away) as fields of its wrapper: its own id without the prefix, read back by inner(). */
function innerFields(click: ClickAction): string[] {
  return encode(click).split(':').slice(1);
}

/** The click wrapped in a custom_id's fields (innerFields), decoded by the same rules as on its own. */
function inner(fields: readonly string[]): ClickAction | null {
  return decode([PREFIX, ...fields].join(':'));
}

/** A yes/no field: 1 or 0. */
function flagText(yes: boolean): string {
  return yes ? '1' : '0';
}

function flag(text: string | undefined): boolean | null {
  return text === '1' ? true : text === '0' ? false : null;
}

function int(text: string | undefined, min: number, max: number): number | null {
  if (text === undefined || !/^-?\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
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

function placed(text: string | undefined): Placed | null {
  if (text === 'd') return { kind: 'discard' };
  if (text === '-') return { kind: 'none' };
  const at = cursor(text);
  return at ? { kind: 'place', ...cursorCells(at) } : null;
}

function key<T extends string>(table: Record<T, string>, code: string | undefined): T | null {
  const found = Object.entries(table).find(([, c]) => c === code);
  return found ? (found[0] as T) : null;
}

/** Decode a custom_id, or null when it is not one of ours (forged, truncated, from an older format). */
export function decode(customId: string): ClickAction | null {
  if (customId.length > CUSTOM_ID_MAX) return null;
  const [prefix, code, ...rest] = customId.split(':');
  if (prefix !== PREFIX) return null;
  const verb = key(VERBS, code);
  if (verb === null) return null;
  const turn = int(rest[0], 0, MAX_TURN);
  const arity = (n: number) => rest.length === n;
  switch (verb) {
    case 'join':
    case 'leave':
    case 'remove-ai':
    case 'start':
    case 'cancel':
    case 'rematch':
    case 'rematch-here':
      return arity(0) ? { verb } : null;
    case 'back': {
      const player = int(rest[0], 0, MAX_PLAYER);
      return arity(1) && player !== null ? { verb, player } : null;
    }
    case 'manage-seat':
      return arity(1) && TABLE_ID.test(rest[0] ?? '') ? { verb, table: rest[0]! } : null;
    case 'replace-seat':
    case 'restore-seat':
    case 'make-host': {
      const player = int(rest[1], 0, MAX_PLAYER);
      return arity(2) && TABLE_ID.test(rest[0] ?? '') && player !== null ? { verb, table: rest[0]!, player } : null;
    }
    case 'add-ai': {
      const level = AI_LEVELS.find((l) => l === rest[0]);
      return arity(1) && level ? { verb, level } : null;
    }
    case 'your-turn':
    case 'discard':
    case 'undo':
    case 'unseen':
      return arity(1) && turn !== null ? { verb, turn } : null;
    case 'unseen-of': {
      const at = int(rest[1], 0, MAX_TURN);
      return arity(2) && TABLE_ID.test(rest[0] ?? '') && at !== null ? { verb, table: rest[0]!, turn: at } : null;
    }
    case 'preview': {
      const slot = key(SLOTS, rest[1]);
      const at = cursor(rest[2]);
      const hint = rest[3] === '-' ? null : cursor(rest[3]);
      if (!arity(4) || turn === null || slot === null || at === null) return null;
      if (hint === null && rest[3] !== '-') return null;
      return { verb, turn, slot, at, hint };
    }
    case 'hint': {
      const at = rest[1] === '-' ? null : cursor(rest[1]);
      if (!arity(2) || turn === null || (at === null && rest[1] !== '-')) return null;
      return { verb, turn, at };
    }
    case 'spot': {
      const hint = rest[1] === '-' ? null : cursor(rest[1]);
      if (!arity(2) || turn === null || (hint === null && rest[1] !== '-')) return null;
      return { verb, turn, hint };
    }
    case 'confirm': {
      const at = cursor(rest[1]);
      return arity(2) && turn !== null && at ? { verb, turn, at } : null;
    }
    case 'review':
    case 'replay':
    case 'replay-view': {
      const game = int(rest[0], 1, MAX_GAMES);
      return arity(1) && game !== null ? { verb, game } : null;
    }
    case 'replay-step': {
      const game = int(rest[1], 1, MAX_GAMES);
      const move = int(rest[2], 0, MAX_TURN);
      const slot = key(REPLAY_SLOTS, rest[3]);
      return arity(4) && TABLE_ID.test(rest[0] ?? '') && game !== null && move !== null && slot !== null
        ? { verb, table: rest[0]!, game, move, slot }
        : null;
    }
    case 'review-list': {
      const game = int(rest[1], 1, MAX_GAMES);
      const page = int(rest[2], 0, MAX_TURN);
      const slot = key(REVIEW_LIST_SLOTS, rest[3]);
      return arity(4) && TABLE_ID.test(rest[0] ?? '') && game !== null && page !== null && slot !== null
        ? { verb, table: rest[0]!, game, page, slot }
        : null;
    }
    case 'daily': {
      const click = inner(rest);
      return isPanelClick(click) ? { verb, click } : null;
    }
    case 'daily-share': {
      const day = int(rest[0], 1, MAX_DAY);
      return arity(1) && day !== null ? { verb, day } : null;
    }
    case 'away': {
      const click = inner(rest.slice(1));
      return TABLE_ID.test(rest[0] ?? '') && isAwayClick(click) ? { verb, table: rest[0]!, click } : null;
    }
    case 'clock': {
      const pause = flag(rest[1]);
      return arity(2) && TABLE_ID.test(rest[0] ?? '') && pause !== null ? { verb, table: rest[0]!, pause } : null;
    }
    case 'games-page': {
      const page = int(rest[0], 0, MAX_GAMES_PAGE);
      const all = flag(rest[1]);
      return arity(2) && page !== null && all !== null ? { verb, page, all } : null;
    }
    case 'pick': {
      const what = placed(rest[1]);
      const domino = int(rest[2], 1, DOMINO_COUNT);
      return arity(3) && turn !== null && what && domino !== null ? { verb, turn, placed: what, domino } : null;
    }
  }
}
