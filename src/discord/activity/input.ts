/**
 * A page's message read strictly: anything but one of the protocol's messages, with
 * every field of the right kind and size, is bad input (null), whatever it holds.
 */
import { isAiLevel, type Placed, type Pos } from '../../game/index.js';
import type { ClientMessage } from '../../web/protocol.js';

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
    case 'open':
      return { type: m['type'] };
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
