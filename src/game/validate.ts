/**
 * Checks of untrusted values: actions from buttons and forms, and stored states. They
 * describe what is wrong instead of throwing.
 */
import { Board } from './board.js';
import { DOMINO_COUNT, isDominoNumber } from './dominoes.js';
import { isSeatKind, kingCount, lineSize, removedCount, resolveOptions } from './setup.js';
import type { Action, GameState, Pos, Rejection, Result } from './types.js';
import { SCHEMA_VERSION } from './types.js';

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isIntIn(v: unknown, lo: number, hi: number): v is number {
  return Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
}

/** [x, y] with two safe integers (any size: a far-away cell is an illegal placement, not a malformed one). */
export function parsePos(v: unknown): Pos | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [x, y] = v as unknown[];
  return Number.isSafeInteger(x) && Number.isSafeInteger(y) ? [x as number, y as number] : null;
}

const malformed = (message: string): Result<never, Rejection> => ({ ok: false, error: { code: 'malformed', message } });

/** An action as sent by anyone: a fresh, well-typed copy, or a 'malformed' rejection. */
export function parseAction(raw: unknown, players: number): Result<Action, Rejection> {
  if (!isObj(raw)) return malformed('An action must be an object.');
  const { type, player } = raw;
  if (!isIntIn(player, 0, players - 1)) return malformed(`"player" must be a seat number from 0 to ${players - 1}.`);
  if (type === 'discard') return { ok: true, value: { type, player } };
  if (type === 'claim') {
    const d = raw['domino'];
    if (!isDominoNumber(d)) return malformed(`"domino" must be a domino number from 1 to ${DOMINO_COUNT}.`);
    return { ok: true, value: { type, player, domino: d } };
  }
  if (type === 'place') {
    const a = parsePos(raw['a']);
    const b = parsePos(raw['b']);
    if (a === null || b === null) return malformed('"a" and "b" must be positions [x, y] of whole numbers.');
    return { ok: true, value: { type, player, a, b } };
  }
  return malformed('"type" must be "place", "discard" or "claim".');
}

/** Is this a well-formed game state of our schema? */
export function isGameState(value: unknown): value is GameState {
  return gameStateProblem(value) === null;
}

/** What is wrong with a value that should be a GameState, or null when it is one. */
export function gameStateProblem(value: unknown): string | null {
  try {
    return stateProblem(value);
  } catch {
    return 'unreadable state';
  }
}

function isDominoList(v: unknown): v is number[] {
  return Array.isArray(v) && v.every(isDominoNumber);
}

function isPos(v: unknown): boolean {
  return Array.isArray(v) && v.length === 2 && v.every((c) => isIntIn(c, -6, 6));
}

function eventProblem(e: unknown, players: number): boolean {
  if (!isObj(e)) return true;
  const playerOk = isIntIn(e['player'], 0, players - 1);
  switch (e['type']) {
    case 'reveal':
      return !isDominoList(e['line']);
    case 'claim':
    case 'discard':
      return !playerOk || !isDominoNumber(e['domino']);
    case 'place':
      return !playerOk || !isDominoNumber(e['domino']) || !isPos(e['a']) || !isPos(e['b']);
    case 'drop':
      return !isDominoNumber(e['domino']);
    default:
      return true;
  }
}

function stateProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (v['schema'] !== SCHEMA_VERSION) return `schema is not ${SCHEMA_VERSION}`;
  if (typeof v['seed'] !== 'string') return 'seed is not a string';
  const opts = v['options'];
  const players = isObj(opts) ? opts['players'] : undefined;
  if (!isIntIn(players, 1, 4)) return 'options.players is not 1, 2, 3 or 4';
  const resolved = resolveOptions(players, opts);
  if (!resolved.ok) return `options: ${resolved.error.message}`;
  const options = resolved.value;
  if (
    !['grid', 'harmony', 'middleKingdom', 'threePlayer', 'balancedOpening'].every(
      (k) => opts !== undefined && k in (opts as Obj),
    )
  ) {
    return 'options are incomplete';
  }
  const seats = v['seats'];
  if (!Array.isArray(seats) || seats.length !== players) return 'seats do not match the number of players';
  if (!seats.every((s) => isObj(s) && typeof s['name'] === 'string' && isSeatKind(s['kind'])))
    return 'a seat is malformed';
  const k = kingCount(players);
  const kings = v['kings'];
  if (!Array.isArray(kings) || kings.length !== k || !kings.every((o) => isIntIn(o, 0, players - 1)))
    return 'kings are malformed';
  for (let p = 0; p < players; p++)
    if (kings.filter((o) => o === p).length !== k / players) return 'a player has the wrong number of kings';
  const rng = v['rng'];
  if (!Array.isArray(rng) || rng.length !== 4 || !rng.every((w) => isIntIn(w, 0, 0xffffffff)))
    return 'rng is not four uint32 words';
  for (const key of ['pile', 'removedAtSetup', 'dropped'])
    if (!isDominoList(v[key])) return `${key} is not a list of dominoes`;
  if ((v['removedAtSetup'] as number[]).length !== removedCount(options)) return 'removedAtSetup has the wrong size';
  for (const key of ['current', 'next'] as const) {
    const problem = lineProblem(v[key], key, lineSize(options), k);
    if (problem) return problem;
  }
  if ((v['current'] as Obj[]).some((slot) => slot['king'] === null)) return 'an unclaimed domino in the current line';
  const kingdoms = kingdomsProblem(v['kingdoms'], players);
  if (kingdoms) return kingdoms;
  if (!isIntIn(v['round'], 1, 100) || !isIntIn(v['turn'], 0, 10_000)) return 'round or turn is malformed';
  const events = v['events'];
  if (!Array.isArray(events) || events.some((e) => eventProblem(e, players))) return 'events are malformed';
  const actions = events.filter(
    (e: Obj) => e['type'] === 'claim' || e['type'] === 'place' || e['type'] === 'discard',
  ).length;
  if (actions !== v['turn']) return 'turn does not count the actions in events';
  return consistencyProblem(v as unknown as GameState);
}

/** A draft line: at most `size` slots, each a domino (ascending) with at most one of the `kings` on it. */
function lineProblem(line: unknown, key: 'current' | 'next', size: number, kings: number): string | null {
  if (!Array.isArray(line) || line.length > size) return `${key} is not a line`;
  const slot = (s: unknown) =>
    isObj(s) && isDominoNumber(s['domino']) && (s['king'] === null || isIntIn(s['king'], 0, kings - 1));
  if (!line.every(slot)) return `${key} has a malformed slot`;
  const ds = line.map((s: Obj) => s['domino'] as number);
  if (ds.some((d, i) => i > 0 && d <= (ds[i - 1] ?? 0))) return `${key} is not in ascending order`;
  const ks = line.map((s: Obj) => s['king']).filter((x) => x !== null);
  return new Set(ks).size !== ks.length ? `a king stands twice in ${key}` : null;
}

/** One kingdom per player, each its discards and its placements. */
function kingdomsProblem(kingdoms: unknown, players: number): string | null {
  if (!Array.isArray(kingdoms) || kingdoms.length !== players) return 'kingdoms do not match the number of players';
  for (const kd of kingdoms) {
    if (!isObj(kd) || !isDominoList(kd['discarded']) || !Array.isArray(kd['placements']))
      return 'a kingdom is malformed';
    if (!kd['placements'].every((p) => isObj(p) && isDominoNumber(p['domino']) && isPos(p['a']) && isPos(p['b'])))
      return 'a placement is malformed';
  }
  return null;
}

/** Every domino exactly once somewhere, and every kingdom buildable by legal placements in its order. */
function consistencyProblem(s: GameState): string | null {
  const seen = new Uint8Array(DOMINO_COUNT + 1);
  const inCurrent = new Set(s.current.map((x) => x.domino));
  const inLines = new Set([...inCurrent, ...s.next.map((x) => x.domino)]);
  const count = (d: number): void => {
    seen[d] = (seen[d] ?? 0) + 1;
  };
  [...s.pile, ...s.removedAtSetup, ...inLines].forEach(count);
  s.dropped.forEach(count);
  for (const kd of s.kingdoms) {
    for (const d of [...kd.placements.map((p) => p.domino), ...kd.discarded]) {
      if (s.next.some((x) => x.domino === d)) return `domino ${d} is used but still in the next line`;
      if (!inCurrent.has(d)) count(d);
    }
  }
  for (let d = 1; d <= DOMINO_COUNT; d++) if (seen[d] !== 1) return `domino ${d} appears ${seen[d] ?? 0} times`;
  for (const kd of s.kingdoms) {
    const board = new Board(s.options.grid);
    for (const p of kd.placements) {
      const why = board.check(p.domino, p.a[0], p.a[1], p.b[0], p.b[1]);
      if (why !== null) return `placement of domino ${p.domino} is illegal (${why})`;
      board.place(p.domino, p.a[0], p.a[1], p.b[0], p.b[1]);
    }
  }
  return null;
}
