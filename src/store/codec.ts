/**
 * Compact stored form of a game state. The event log is most of a game's JSON
 * (a finished 4-player game: ~5 KB of ~7 KB) and the kingdoms repeat what the
 * `place` and `discard` events say, so a stored game keeps its events as one
 * short string ("r3.17.30.44 c0.17 p0.17.0.1.1.1 d2.44 x30") and no kingdoms,
 * which are rebuilt on load. A game is packed only when unpacking gives it back
 * exactly; otherwise it is stored as is, so packing can never lose anything.
 */
import type { GameEvent, GameState, KingdomState, Placement } from '../game/index.js';
import { isObj, type Obj } from './guards.js';

/** A packed game: the state without `events` and `kingdoms`, plus `packedEvents`. */
const PACKED = 'packedEvents';

export function packGame(game: GameState): Obj | GameState {
  const packed = packEvents(game.events);
  if (packed === null || !sameJson(kingdomsOf(game.seats.length, game.events), game.kingdoms)) return game;
  const { events: _events, kingdoms: _kingdoms, ...rest } = game;
  return { ...rest, [PACKED]: packed };
}

/** The game state a stored value stands for (values that are not packed games pass through for validation). */
export function unpackGame(stored: unknown): unknown {
  if (!isObj(stored) || typeof stored[PACKED] !== 'string' || !Array.isArray(stored['seats'])) return stored;
  const events = unpackEvents(stored[PACKED]);
  if (events === null) return stored;
  const { [PACKED]: _packed, ...rest } = stored;
  return { ...rest, events, kingdoms: kingdomsOf(stored['seats'].length, events) };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function kingdomsOf(players: number, events: readonly GameEvent[]): KingdomState[] {
  const placements: Placement[][] = Array.from({ length: players }, () => []);
  const discarded: number[][] = Array.from({ length: players }, () => []);
  for (const e of events) {
    if (e.type === 'place') placements[e.player]?.push({ domino: e.domino, a: e.a, b: e.b });
    if (e.type === 'discard') discarded[e.player]?.push(e.domino);
  }
  return placements.map((p, i) => ({ placements: p, discarded: discarded[i] ?? [] }));
}

/** Each event type's letter, then its numbers in order (positions flattened to x, y). */
const LETTER = { reveal: 'r', claim: 'c', place: 'p', discard: 'd', drop: 'x' } as const;
/** Keys of each event type, `type` included: an event with more is not packed. */
const KEY_COUNT = { reveal: 2, claim: 3, place: 5, discard: 3, drop: 2 } as const;

function numbersOf(e: GameEvent): readonly number[] {
  switch (e.type) {
    case 'reveal':
      return e.line;
    case 'claim':
      return [e.player, e.domino];
    case 'place':
      return [e.player, e.domino, ...e.a, ...e.b];
    case 'discard':
      return [e.player, e.domino];
    case 'drop':
      return [e.domino];
  }
}

/** Null when an event has a field we would not give back (then the game is stored unpacked). */
function packEvents(events: readonly GameEvent[]): string | null {
  const tokens: string[] = [];
  for (const e of events) {
    const numbers = numbersOf(e);
    if (Object.keys(e).length !== KEY_COUNT[e.type] || !numbers.every(Number.isSafeInteger)) return null;
    tokens.push(LETTER[e.type] + numbers.join('.'));
  }
  return tokens.join(' ');
}

const INTEGER = /^-?\d{1,15}$/;

function unpackEvents(text: string): GameEvent[] | null {
  if (text === '') return [];
  const events: GameEvent[] = [];
  for (const token of text.split(' ')) {
    const body = token.slice(1);
    const parts = body === '' ? [] : body.split('.');
    const event = parts.every((part) => INTEGER.test(part)) ? eventOf(token[0], parts.map(Number)) : null;
    if (event === null) return null;
    events.push(event);
  }
  return events;
}

function eventOf(letter: string | undefined, n: readonly number[]): GameEvent | null {
  const [p = NaN, d = NaN, ax = NaN, ay = NaN, bx = NaN, by = NaN] = n;
  switch (letter) {
    case 'r':
      return { type: 'reveal', line: n };
    case 'c':
      return n.length === 2 ? { type: 'claim', player: p, domino: d } : null;
    case 'p':
      return n.length === 6 ? { type: 'place', player: p, domino: d, a: [ax, ay], b: [bx, by] } : null;
    case 'd':
      return n.length === 2 ? { type: 'discard', player: p, domino: d } : null;
    case 'x':
      return n.length === 1 ? { type: 'drop', domino: p } : null;
    default:
      return null;
  }
}
