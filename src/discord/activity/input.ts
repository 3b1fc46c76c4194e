/**
 * A page's message read strictly: anything but one of the protocol's messages, with
 * every field of the right kind and size, is bad input (null), whatever it holds.
 */
import { isAiLevel, isVariant, VARIANTS, type Placed, type Pos } from '../../game/index.js';
import { LOCALES } from '../../i18n/index.js';
import { isPace, MAX_AI_SEATS, MAX_TIMER_MIN } from '../../table/index.js';
import type { ClientMessage, NewGameChoice } from '../../web/protocol.js';

type Fields = Record<string, unknown>;

const ID = /^\d{1,25}$/;
/** Discord's instance ids and tokens: printable, bounded. */
const OPAQUE = /^[\w.:-]{1,200}$/;
/** A Dynasty's games. */
const MAX_GAMES = 3;
/** Kingdom cells lie within 6 of the castle (7x7 frame); more is no cell. */
const MAX_CELL = 6;

const isId = (v: unknown): v is string => typeof v === 'string' && ID.test(v);
const isOpaque = (v: unknown): v is string => typeof v === 'string' && OPAQUE.test(v);
const isCount = (v: unknown, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

function pos(value: unknown): Pos | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [x, y] = value as unknown[];
  const cell = (c: unknown) => Number.isInteger(c) && Math.abs(c as number) <= MAX_CELL;
  return cell(x) && cell(y) ? [x as number, y as number] : null;
}

function placed(value: unknown): Placed | null {
  const v = value as Fields | null;
  if (typeof v !== 'object' || v === null) return null;
  if (v['kind'] === 'none' || v['kind'] === 'discard') return { kind: v['kind'] };
  if (v['kind'] !== 'place') return null;
  const a = pos(v['a']);
  const b = pos(v['b']);
  return a && b ? { kind: 'place', a, b } : null;
}

function move(m: Fields): ClientMessage | null {
  const place = placed((m['move'] as Fields | null)?.['placed']);
  const claim = (m['move'] as Fields | null)?.['claim'];
  if (!isId(m['table']) || !isCount(m['turn'], 1000) || !place) return null;
  if (claim !== null && !isCount(claim, 99)) return null;
  return { type: 'move', table: m['table'], turn: m['turn'], move: { placed: place, claim } };
}

const orNull = <T>(value: unknown, is: (v: unknown) => v is T): value is T | null => value === null || is(value);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isLanguage = (v: unknown): v is string => (LOCALES as readonly unknown[]).includes(v);
const isMinutes = (v: unknown): v is number => isCount(v, MAX_TIMER_MIN);

/** The variants chosen: each known, none twice. */
function variants(value: unknown): NewGameChoice['variants'] | null {
  if (!Array.isArray(value) || value.length > VARIANTS.length || !value.every(isVariant)) return null;
  return new Set(value).size === value.length ? value : null;
}

/** A new game's choices: undefined when none were sent (the defaults), null when they are wrong. */
function newGame(value: unknown): NewGameChoice | null | undefined {
  if (value === undefined) return undefined;
  const c = value as Fields | null;
  if (typeof c !== 'object' || c === null) return null;
  const chosen = variants(c['variants']);
  const { aiSeats, aiLevel, turnTimerMin, language, pace, planAhead } = c;
  const fine =
    isCount(aiSeats, MAX_AI_SEATS) &&
    isAiLevel(aiLevel) &&
    orNull(turnTimerMin, isMinutes) &&
    orNull(language, isLanguage) &&
    orNull(pace, isPace) &&
    orNull(planAhead, isBoolean);
  return fine && chosen ? { aiSeats, aiLevel, variants: chosen, turnTimerMin, language, pace, planAhead } : null;
}

export function readMessage(text: string): ClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const m = parsed as Fields;
  switch (m['type']) {
    case 'hello':
      return isOpaque(m['token']) && isOpaque(m['instance'])
        ? { type: 'hello', token: m['token'], instance: m['instance'] }
        : null;
    case 'games':
      return { type: 'games' };
    case 'open': {
      const choice = newGame(m['choice']);
      return choice === null ? null : { type: 'open', ...(choice ? { choice } : {}) };
    }
    case 'watch':
    case 'undo':
    case 'join':
    case 'leave':
    case 'remove-ai':
    case 'start':
      return isId(m['table']) ? { type: m['type'], table: m['table'] } : null;
    case 'replay':
    case 'review':
      return isId(m['table']) && isCount(m['game'], MAX_GAMES) && m['game'] >= 1
        ? { type: m['type'] as 'replay' | 'review', table: m['table'], game: m['game'] }
        : null;
    case 'add-ai':
      return isId(m['table']) && isAiLevel(m['level'])
        ? { type: 'add-ai', table: m['table'], level: m['level'] }
        : null;
    case 'move':
      return move(m);
    case 'hint':
      return isId(m['table']) && isCount(m['turn'], 1000) ? { type: 'hint', table: m['table'], turn: m['turn'] } : null;
    default:
      return null;
  }
}
