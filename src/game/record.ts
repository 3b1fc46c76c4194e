/**
 * Game records, `kingdomino-record/1` (shared/reference/game-record.md): the
 * product's replay and log format. Pure: no I/O.
 *
 * A record is rebuilt by replaying it through the engine, never by trusting it: the
 * players' events (claim, place, discard) become actions, and the engine's own
 * events (reveal, drop) must come out exactly as recorded, so a record whose deck
 * does not match its seed, or whose moves break a rule, is rejected.
 */
import type {
  Action,
  GameEvent,
  GameOptions,
  GameRecord,
  GameResult,
  GameState,
  PlayerScore,
  Pos,
  Rejection,
  Result,
  Seat,
  SeatKind,
  ThreePlayerMode,
} from './types.js';
import { DOMINO_COUNT, TERRAINS } from './dominoes.js';
import { apply } from './engine.js';
import { result } from './score.js';
import { createGame } from './setup.js';

export const RECORD_FORMAT = 'kingdomino-record/1' as const;

/** More events than any game can produce (48 dominoes: reveals, claims, places, drops). */
const MAX_EVENTS = 500;

type RecordScore = NonNullable<GameRecord['result']>['scores'][number];

// ---------------------------------------------------------------- export

/** The record of a game, running or finished. */
export function toRecord(state: GameState): GameRecord {
  const over = result(state);
  return {
    format: RECORD_FORMAT,
    seed: state.seed,
    options: recordOptions(state.options),
    players: state.seats.map((seat) => ({
      name: seat.name,
      kind: seat.kind,
      kings: kingsPerPlayer(state.options.players),
    })),
    events: state.events.map(copyEvent),
    ...(over ? { result: recordResult(over) } : {}),
  };
}

function recordOptions(options: GameOptions): GameRecord['options'] {
  return {
    players: options.players,
    grid: options.grid,
    harmony: options.harmony,
    middleKingdom: options.middleKingdom,
    ...(options.players === 3 ? { threePlayer: options.threePlayer } : {}),
    ...(options.balancedOpening ? { balancedOpening: true } : {}),
  };
}

function copyEvent(event: GameEvent): GameEvent {
  return event.type === 'place'
    ? { ...event, a: [event.a[0], event.a[1]], b: [event.b[0], event.b[1]] }
    : event.type === 'reveal'
      ? { ...event, line: [...event.line] }
      : { ...event };
}

function recordResult(over: GameResult): NonNullable<GameRecord['result']> {
  return { scores: over.scores.map(recordScore), winners: [...over.winners] };
}

function recordScore(score: PlayerScore): RecordScore {
  return {
    player: score.player,
    territories: score.territories.map(({ terrain, squares, crowns, points }) => ({
      terrain,
      squares,
      crowns,
      points,
    })),
    harmony: score.harmony,
    middleKingdom: score.middleKingdom,
    total: score.total,
    largestTerritory: score.largestTerritory,
    crowns: score.crowns,
  };
}

// ---------------------------------------------------------------- import

/**
 * Rebuild a game from a record: a parsed JSON value, or the JSON text itself.
 * Never throws; anything wrong is a typed rejection naming the faulty part.
 */
export function fromRecord(record: unknown): Result<GameState, Rejection> {
  const parsed = parseRecord(record);
  if (!parsed.ok) return parsed;
  return replay(parsed.value);
}

/**
 * The engine's full check of a record: it replays (see fromRecord) and it is
 * exactly the record the engine writes for that game, nothing missing (a finished
 * game carries its result) and nothing extra. Returns the rebuilt game.
 */
export function checkRecord(record: unknown): Result<GameState, Rejection> {
  const parsed = parseJsonText(record);
  if (!parsed.ok) return parsed;
  const rebuilt = fromRecord(parsed.value);
  if (!rebuilt.ok) return rebuilt;
  const canonical = toRecord(rebuilt.value);
  if (!sameJson(canonical, parsed.value)) {
    const what =
      canonical.result && !(parsed.value as { result?: unknown }).result
        ? 'the game is over but the record has no result'
        : 'the record differs from the one the engine writes for this game (extra or missing fields)';
    return malformed(what);
  }
  return rebuilt;
}

function replay(record: GameRecord): Result<GameState, Rejection> {
  const created = createGame({ seed: record.seed, seats: seatsOf(record), options: gameOptionsOf(record) });
  if (!created.ok) return malformed(`the record's set-up is impossible: ${created.error.message}`);
  const players = playersMismatch(record, created.value);
  if (players) return players;
  let state = created.value;
  let checked = 0;
  for (;;) {
    const mismatch = compareEngineEvents(record.events, state.events, checked);
    if (mismatch) return mismatch;
    checked = state.events.length;
    const event = record.events[checked];
    if (!event) break;
    const action = actionOf(event);
    if (!action)
      return malformed(
        `event ${checked} (${describe(event)}) is not what the engine does next: it expects a player's move`,
      );
    const applied = apply(state, action);
    if (!applied.ok)
      return {
        ok: false,
        error: { ...applied.error, message: `event ${checked} (${describe(event)}): ${applied.error.message}` },
      };
    state = applied.value;
  }
  const resultMismatch = compareResult(record.result, result(state));
  return resultMismatch ?? { ok: true, value: state };
}

function playersMismatch(record: GameRecord, state: GameState): { ok: false; error: Rejection } | null {
  if (record.players.length !== record.options.players) {
    return malformed(
      `options.players is ${record.options.players}, but the record lists ${record.players.length} players`,
    );
  }
  const wrong = record.players.findIndex(
    (p, player) => p.kings !== state.kings.filter((owner) => owner === player).length,
  );
  return wrong < 0
    ? null
    : malformed(
        `players[${wrong}].kings must be ${kingsPerPlayer(record.options.players)} in a ${record.options.players}-player game`,
      );
}

const kingsPerPlayer = (players: number): 1 | 2 => (players === 2 ? 2 : 1);

/** The engine's events from `from` on must be the record's, at the same positions. */
function compareEngineEvents(
  recorded: readonly GameEvent[],
  engine: readonly GameEvent[],
  from: number,
): { ok: false; error: Rejection } | null {
  for (let i = from; i < engine.length; i++) {
    const expected = engine[i]!;
    const actual = recorded[i];
    if (!actual) return malformed(`the record ends at event ${i}, but the game goes on with ${describe(expected)}`);
    if (!sameJson(actual, expected)) {
      const deck = expected.type === 'reveal' || expected.type === 'drop' ? ' (the deck does not match the seed)' : '';
      return malformed(`event ${i} is ${describe(actual)}, but the engine gives ${describe(expected)}${deck}`);
    }
  }
  return null;
}

function compareResult(
  recorded: GameRecord['result'],
  engine: GameResult | null,
): { ok: false; error: Rejection } | null {
  if (!recorded) return null;
  if (!engine) return malformed('the record has a result, but its game is not over');
  const expected = recordResult(engine);
  if (!sameJson(sortedWinners(recorded.winners), sortedWinners(expected.winners))) {
    return malformed(
      `the record's winners are [${recorded.winners.join(', ')}], but the game gives [${expected.winners.join(', ')}]`,
    );
  }
  for (const score of expected.scores) {
    const given = recorded.scores.find((s) => s.player === score.player);
    if (!given || !sameJson(canonicalScore(given), canonicalScore(score))) {
      return malformed(`the record's score of player ${score.player} does not match the game (total ${score.total})`);
    }
  }
  if (recorded.scores.length !== expected.scores.length)
    return malformed('the record has scores for players who are not in the game');
  return null;
}

const sortedWinners = (winners: readonly number[]): number[] => [...winners].sort((x, y) => x - y);

/** Territories compared as a set: their order in a record carries no meaning. */
function canonicalScore(score: RecordScore): RecordScore {
  const key = (t: RecordScore['territories'][number]): string =>
    JSON.stringify([t.terrain, t.squares, t.crowns, t.points]);
  return {
    ...score,
    territories: [...score.territories].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0)),
  };
}

function seatsOf(record: GameRecord): Seat[] {
  return record.players.map(({ name, kind }) => ({ name, kind }));
}

function gameOptionsOf(record: GameRecord): Partial<Omit<GameOptions, 'players'>> {
  const { grid, harmony, middleKingdom, threePlayer, balancedOpening } = record.options;
  return {
    grid,
    harmony,
    middleKingdom,
    balancedOpening: balancedOpening ?? false,
    ...(threePlayer ? { threePlayer } : {}),
  };
}

/** The player's action an event records (reveals and drops are the engine's own doing: null). */
export function actionOf(event: GameEvent | undefined): Action | null {
  if (!event) return null;
  switch (event.type) {
    case 'claim':
      return { type: 'claim', player: event.player, domino: event.domino };
    case 'place':
      return { type: 'place', player: event.player, a: event.a, b: event.b };
    case 'discard':
      return { type: 'discard', player: event.player };
    default:
      return null;
  }
}

function describe(event: GameEvent): string {
  switch (event.type) {
    case 'reveal':
      return `reveal [${event.line.join(', ')}]`;
    case 'claim':
      return `claim of ${event.domino} by player ${event.player}`;
    case 'place':
      return `place of ${event.domino} by player ${event.player} at [${event.a.join(',')}]/[${event.b.join(',')}]`;
    case 'discard':
      return `discard of ${event.domino} by player ${event.player}`;
    case 'drop':
      return `drop of ${event.domino}`;
  }
}

/** Structural equality of JSON values, ignoring key order. */
function sameJson(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const xKeys = Object.keys(x).filter((k) => (x as Record<string, unknown>)[k] !== undefined);
  const yKeys = Object.keys(y).filter((k) => (y as Record<string, unknown>)[k] !== undefined);
  if (xKeys.length !== yKeys.length) return false;
  return xKeys.every(
    (k) => Object.hasOwn(y, k) && sameJson((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]),
  );
}

const malformed = (message: string): { ok: false; error: Rejection } => ({
  ok: false,
  error: { code: 'malformed', message },
});

// ---------------------------------------------------------------- shape validation

/** What is wrong with the shape of a record; thrown inside the readers only, caught in parseRecord. */
class ShapeError {
  constructor(readonly message: string) {}
}

/** Runs checks and turns the first failure into a 'malformed' rejection. */
function parseRecord(input: unknown): Result<GameRecord, Rejection> {
  const json = parseJsonText(input);
  if (!json.ok) return json;
  try {
    return { ok: true, value: readRecord(json.value) };
  } catch (error) {
    return malformed(error instanceof ShapeError ? error.message : 'the record cannot be read');
  }
}

function parseJsonText(input: unknown): Result<unknown, Rejection> {
  if (typeof input !== 'string') return { ok: true, value: input };
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch {
    return malformed('the record is not valid JSON');
  }
}

function fail(path: string, expected: string): never {
  throw new ShapeError(`${path} must be ${expected}`);
}

function obj(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object');
  return value as Record<string, unknown>;
}

function arr(value: unknown, path: string, max: number): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, 'an array');
  if (value.length > max) fail(path, `an array of at most ${max} items`);
  return value;
}

function str(value: unknown, path: string): string {
  return typeof value === 'string' ? value : fail(path, 'a string');
}

function bool(value: unknown, path: string): boolean {
  return typeof value === 'boolean' ? value : fail(path, 'true or false');
}

function int(value: unknown, path: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(path, `an integer from ${min} to ${max}`);
  }
  return value;
}

function oneOf<T extends string | number>(value: unknown, path: string, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) fail(path, `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
  return value as T;
}

function pos(value: unknown, path: string): Pos {
  const pair = arr(value, path, 2);
  if (pair.length !== 2) fail(path, 'a pair [x, y]');
  return [int(pair[0], `${path}[0]`, -100, 100), int(pair[1], `${path}[1]`, -100, 100)];
}

function readRecord(value: unknown): GameRecord {
  const root = obj(value, 'the record');
  if (root.format !== RECORD_FORMAT)
    fail('format', `"${RECORD_FORMAT}"${typeof root.format === 'string' ? ` (got "${root.format}")` : ''}`);
  const result = root.result === undefined ? undefined : readResult(root.result);
  return {
    format: RECORD_FORMAT,
    seed: str(root.seed, 'seed'),
    options: readOptions(root.options),
    players: arr(root.players, 'players', 4).map((p, i) => readPlayer(p, `players[${i}]`)),
    events: arr(root.events, 'events', MAX_EVENTS).map((e, i) => readEvent(e, `events[${i}]`)),
    ...(result ? { result } : {}),
  };
}

function readOptions(value: unknown): GameRecord['options'] {
  const o = obj(value, 'options');
  const threePlayer =
    o.threePlayer === undefined
      ? undefined
      : oneOf<ThreePlayerMode>(o.threePlayer, 'options.threePlayer', ['discard', 'classic']);
  const balancedOpening =
    o.balancedOpening === undefined ? undefined : bool(o.balancedOpening, 'options.balancedOpening');
  return {
    players: oneOf(o.players, 'options.players', [1, 2, 3, 4] as const),
    grid: oneOf(o.grid, 'options.grid', [5, 7] as const),
    harmony: bool(o.harmony, 'options.harmony'),
    middleKingdom: bool(o.middleKingdom, 'options.middleKingdom'),
    ...(threePlayer ? { threePlayer } : {}),
    ...(balancedOpening !== undefined ? { balancedOpening } : {}),
  };
}

function readPlayer(value: unknown, path: string): GameRecord['players'][number] {
  const p = obj(value, path);
  const kind = str(p.kind, `${path}.kind`);
  if (kind !== 'human' && !/^ai:./.test(kind)) fail(`${path}.kind`, '"human" or "ai:<level>"');
  return {
    name: str(p.name, `${path}.name`),
    kind: kind as SeatKind,
    kings: oneOf(p.kings, `${path}.kings`, [1, 2] as const),
  };
}

function readEvent(value: unknown, path: string): GameEvent {
  const e = obj(value, path);
  const player = (): number => int(e.player, `${path}.player`, 0, 3);
  const domino = (): number => int(e.domino, `${path}.domino`, 1, DOMINO_COUNT);
  switch (e.type) {
    case 'reveal':
      return {
        type: 'reveal',
        line: arr(e.line, `${path}.line`, 4).map((n, i) => int(n, `${path}.line[${i}]`, 1, DOMINO_COUNT)),
      };
    case 'claim':
      return { type: 'claim', player: player(), domino: domino() };
    case 'place':
      return { type: 'place', player: player(), domino: domino(), a: pos(e.a, `${path}.a`), b: pos(e.b, `${path}.b`) };
    case 'discard':
      return { type: 'discard', player: player(), domino: domino() };
    case 'drop':
      return { type: 'drop', domino: domino() };
    default:
      return fail(`${path}.type`, 'one of "reveal", "claim", "place", "discard", "drop"');
  }
}

function readResult(value: unknown): NonNullable<GameRecord['result']> {
  const r = obj(value, 'result');
  return {
    scores: arr(r.scores, 'result.scores', 4).map((s, i) => readScore(s, `result.scores[${i}]`)),
    winners: arr(r.winners, 'result.winners', 4).map((w, i) => int(w, `result.winners[${i}]`, 0, 3)),
  };
}

function readScore(value: unknown, path: string): RecordScore {
  const s = obj(value, path);
  return {
    player: int(s.player, `${path}.player`, 0, 3),
    territories: arr(s.territories, `${path}.territories`, 49).map((t, i) =>
      readTerritory(t, `${path}.territories[${i}]`),
    ),
    harmony: int(s.harmony, `${path}.harmony`),
    middleKingdom: int(s.middleKingdom, `${path}.middleKingdom`),
    total: int(s.total, `${path}.total`),
    largestTerritory: int(s.largestTerritory, `${path}.largestTerritory`),
    crowns: int(s.crowns, `${path}.crowns`),
  };
}

function readTerritory(value: unknown, path: string): RecordScore['territories'][number] {
  const t = obj(value, path);
  return {
    terrain: oneOf(t.terrain, `${path}.terrain`, TERRAINS),
    squares: int(t.squares, `${path}.squares`),
    crowns: int(t.crowns, `${path}.crowns`),
    points: int(t.points, `${path}.points`),
  };
}
