/**
 * The stored form of a table: validation on load (and before every save), and the
 * migrations that bring an older stored schema up to TABLE_SCHEMA.
 */
import { gameStateProblem, isAiLevel, isDynastyState, VARIANTS } from '../game/index.js';
import { HOMES, isPace, TABLE_SCHEMA, type Home, type Table } from '../table/index.js';
import { packGame, unpackGame } from './codec.js';
import { isInt, isNullableStr, isNum, isObj, isStr, type Obj } from './guards.js';

/** Turns a stored value of schema n into one of schema n + 1 (it may still be invalid; validation follows). */
export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;
/** Keyed by the schema a migration starts from. */
export type Migrations = Readonly<Record<number, Migration>>;
export const MIGRATIONS: Migrations = {
  // 1 -> 2: when the turn began was not kept; the last save is the closest known moment.
  1: (old) =>
    old['status'] === 'playing' ? { ...old, schema: 2, turnStartedAt: old['updatedAt'] } : { ...old, schema: 2 },
};

export type Checked = { readonly ok: true; readonly table: Table } | { readonly ok: false; readonly reason: string };

/** The stored text of a table: games packed (see codec.ts), `version` first so it is easy to spot in the raw text. */
export function encodeTable(table: Table): string {
  const { version, ...rest } = table;
  const stored: Obj = { version, ...rest };
  if ('game' in table && table.game !== undefined) stored['game'] = packGame(table.game);
  if ('dynasty' in table && table.dynasty !== undefined)
    stored['dynasty'] = { ...table.dynasty, games: table.dynasty.games.map(packGame) };
  return JSON.stringify(stored);
}

/** The stored form with its games unpacked, ready for validation. */
function unpackTable(stored: Obj): Obj {
  const unpacked = { ...stored };
  if (stored['game'] !== undefined) unpacked['game'] = unpackGame(stored['game']);
  const dynasty = stored['dynasty'];
  if (isObj(dynasty) && Array.isArray(dynasty['games']))
    unpacked['dynasty'] = { ...dynasty, games: dynasty['games'].map(unpackGame) };
  return unpacked;
}

/** Parses stored text into a current-schema table, or says why it cannot. Never throws. */
export function readStored(text: string, migrations: Migrations = MIGRATIONS): Checked {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const migrated = migrate(value, migrations);
  return migrated.ok ? checkTable(unpackTable(migrated.value)) : migrated;
}

export function migrate(
  value: unknown,
  migrations: Migrations,
): { ok: true; value: Obj } | { ok: false; reason: string } {
  if (!isObj(value)) return { ok: false, reason: 'not an object' };
  let current = value;
  for (;;) {
    const schema = current['schema'];
    if (schema === TABLE_SCHEMA) return { ok: true, value: current };
    if (!isInt(schema)) return { ok: false, reason: 'no schema version' };
    const step = migrations[schema];
    if (step === undefined) return { ok: false, reason: `unknown schema version ${schema}` };
    try {
      current = step(current);
    } catch (error) {
      return { ok: false, reason: `migration from schema ${schema} failed: ${String(error)}` };
    }
    if (!isObj(current) || current['schema'] === schema)
      return { ok: false, reason: `migration from schema ${schema} made no progress` };
  }
}

/**
 * Is this a well-formed table of the current schema (game and dynasty states checked
 * by the engine)? Games taken unchanged from `checked`, a table already checked, are
 * not checked again: that is most of the cost.
 */
export function checkTable(value: unknown, checked?: Table): Checked {
  const reason = envelopeProblem(value) ?? (sameGames(value as Obj, checked) ? null : gameProblem(value as Obj));
  return reason === null ? { ok: true, table: value as Table } : { ok: false, reason };
}

function envelopeProblem(v: unknown): string | null {
  if (!isObj(v)) return 'not an object';
  if (v['schema'] !== TABLE_SCHEMA) return `schema is not ${TABLE_SCHEMA}`;
  if (!isInt(v['version']) || v['version'] < 1) return 'bad version';
  for (const field of ['id', 'guildId', 'hostId'] as const) if (!isStr(v[field])) return `bad ${field}`;
  if (!isNum(v['createdAt']) || !isNum(v['updatedAt'])) return 'bad timestamps';
  if (!Array.isArray(v['seats']) || !v['seats'].every(isSeat)) return 'bad seats';
  if (!isSettings(v['settings'])) return 'bad settings';
  if (!isMessages(v['messages'])) return 'bad messages';
  if (v['hintsUsed'] !== undefined && !isHints(v['hintsUsed'])) return 'bad hintsUsed';
  if (v['outbox'] !== undefined && !isOutbox(v['outbox'], v['postSeq'])) return 'bad outbox';
  if (v['held'] !== undefined && !isHeld(v['held'])) return 'bad held';
  if (v['undo'] !== undefined && (v['status'] !== 'playing' || !isUndo(v['undo']))) return 'bad undo';
  if (v['rematch'] !== undefined && (v['status'] !== 'finished' || !isRematch(v['rematch']))) return 'bad rematch';
  if (v['reviews'] !== undefined && (v['status'] !== 'finished' || !isReviews(v['reviews']))) return 'bad reviews';
  const status = v['status'];
  if (status !== 'lobby' && status !== 'playing' && status !== 'finished' && status !== 'cancelled')
    return 'bad status';
  if ((status === 'finished' || status === 'cancelled') && !isNum(v['finishedAt'])) return 'bad finishedAt';
  if (status === 'playing' && !isNum(v['turnStartedAt'])) return 'bad turnStartedAt';
  for (const field of ['remindedTurn', 'notifiedTurn', 'showingSince', 'pausedAt'] as const) {
    if (v[field] !== undefined && !isNum(v[field])) return `bad ${field}`;
  }
  for (const field of ['closeAt', 'closedAt', 'closeRetryAt'] as const) {
    if (v[field] !== undefined && (status !== 'finished' || !isNum(v[field]))) return `bad ${field}`;
  }
  if (v['threadLocked'] !== undefined && typeof v['threadLocked'] !== 'boolean') return 'bad threadLocked';
  if (v['closeRefusals'] !== undefined && (!isInt(v['closeRefusals']) || v['closeRefusals'] < 0))
    return 'bad closeRefusals';
  if (v['gaveUp'] !== undefined && !isGaveUp(v['gaveUp'])) return 'bad gaveUp';
  return null;
}

function sameGames(v: Obj, checked: Table | undefined): boolean {
  if (checked === undefined || v['status'] !== checked.status) return false;
  const game = 'game' in checked ? checked.game : undefined;
  const dynasty = 'dynasty' in checked ? checked.dynasty : undefined;
  return v['game'] === game && v['dynasty'] === dynasty;
}

function gameProblem(v: Obj): string | null {
  const status = v['status'];
  const needsGame = status === 'playing' || status === 'finished';
  if (v['game'] === undefined) return needsGame ? 'missing game' : null;
  if (status === 'lobby') return 'a lobby with a game';
  const problem = gameStateProblem(v['game']);
  if (problem !== null) return `bad game state: ${problem}`;
  if (v['dynasty'] !== undefined && !isDynastyState(v['dynasty'])) return 'bad dynasty state';
  return null;
}

function isSeat(s: unknown): boolean {
  if (!isObj(s) || !isStr(s['name'])) return false;
  if (s['kind'] === 'human') return isStr(s['userId']) && isAttendance(s);
  return s['kind'] === 'ai' && isAiLevel(s['level']);
}

/** A human seat's automatic moves in a row and its stand-in (table/absence.ts), when it has them. */
function isAttendance(s: Obj): boolean {
  const timeouts = s['timeouts'];
  if (timeouts !== undefined && !(isInt(timeouts) && timeouts > 0)) return false;
  const standIn = s['standIn'];
  return (
    standIn === undefined ||
    (isObj(standIn) &&
      (standIn['reason'] === 'absent' || standIn['reason'] === 'replaced') &&
      isNullableStr(standIn['by']) &&
      isNum(standIn['at']) &&
      typeof standIn['told'] === 'boolean')
  );
}

function isSettings(s: unknown): boolean {
  return (
    isObj(s) &&
    VARIANTS.every((f) => typeof s[f] === 'boolean') &&
    isInt(s['turnTimerS']) &&
    s['turnTimerS'] >= 0 &&
    (s['language'] === undefined || isStr(s['language'])) &&
    (s['pace'] === undefined || isPace(s['pace'])) &&
    (s['turnTimerAuto'] === undefined || typeof s['turnTimerAuto'] === 'boolean')
  );
}

function isMessages(m: unknown): boolean {
  return (
    isObj(m) &&
    isStr(m['lobbyChannelId']) &&
    (m['home'] === undefined || HOMES.includes(m['home'] as Home)) &&
    isNullableStr(m['lobbyMessageId']) &&
    isNullableStr(m['threadId']) &&
    isNullableStr(m['turnMessageId']) &&
    (m['turnTold'] === undefined || isTold(m['turnTold']))
  );
}

/** What the live turn message tells (table/outbox.ts): its moves, the ones held before it, or why it was posted. */
function isTold(t: unknown): boolean {
  return (
    isObj(t) &&
    (t['move'] === null || (isObj(t['move']) && isInt(t['move']['player']))) &&
    (t['occasion'] === null || isStr(t['occasion'])) &&
    (t['held'] === undefined || isHeld(t['held']))
  );
}

function isRematch(r: unknown): boolean {
  return isObj(r) && isStr(r['by']) && isNum(r['at']) && isNullableStr(r['lobbyId']);
}

/** Game reviews (cached figures of src/ai/review.ts): per key, a player and numbered moves. */
function isReviews(r: unknown): boolean {
  const isNumOrNull = (x: unknown): boolean => x === null || isNum(x);
  return (
    isObj(r) &&
    Object.values(r).every(
      (v) =>
        isObj(v) &&
        isInt(v['player']) &&
        isNumOrNull(v['accuracy']) &&
        isNum(v['lost']) &&
        Array.isArray(v['moves']) &&
        v['moves'].every(
          (m) =>
            isObj(m) &&
            isInt(m['turn']) &&
            isNum(m['loss']) &&
            isObj(m['played']) &&
            isObj(m['best']) &&
            isNumOrNull(m['playedScore']) &&
            isNumOrNull(m['bestScore']),
        ),
    )
  );
}

const POST_KINDS: readonly unknown[] = ['turn', 'end', 'clear', 'withdraw'];

/** Posts owed: numbered below the table's counter; a clearing names its message. */
function isOutbox(o: unknown, seq: unknown): boolean {
  return (
    Array.isArray(o) &&
    isInt(seq) &&
    o.every(
      (p) =>
        isObj(p) &&
        POST_KINDS.includes(p['kind']) &&
        isInt(p['seq']) &&
        p['seq'] > 0 &&
        p['seq'] <= seq &&
        ((p['kind'] !== 'clear' && p['kind'] !== 'withdraw') || isStr(p['messageId'])) &&
        (p['refusals'] === undefined || (isInt(p['refusals']) && p['refusals'] >= 0)),
    )
  );
}

/** Moves held back from the thread (table/outbox.ts): each a note with its player. */
function isHeld(h: unknown): boolean {
  return Array.isArray(h) && h.every((note) => isObj(note) && isInt(note['player']));
}

/**
 * The table before a player's last move (table/undo.ts). Its game was the table's,
 * checked then: checking it again on every read would double the cost of one.
 */
function isUndo(u: unknown): boolean {
  return (
    isObj(u) &&
    isStr(u['by']) &&
    isInt(u['turn']) &&
    isNum(u['at']) &&
    isNum(u['turnStartedAt']) &&
    Array.isArray(u['seats']) &&
    u['seats'].every(isSeat) &&
    (u['held'] === undefined || isHeld(u['held'])) &&
    (u['board'] === null || isInt(u['board'])) &&
    isObj(u['game']) &&
    (u['dynasty'] === undefined || isObj(u['dynasty']))
  );
}

/** When each kind of work Discord kept refusing was given up (table/giveup.ts). */
function isGaveUp(g: unknown): boolean {
  return isObj(g) && Object.entries(g).every(([kind, at]) => (kind === 'clear' || kind === 'close') && isNum(at));
}

function isHints(h: unknown): boolean {
  return isObj(h) && Object.values(h).every((ids) => Array.isArray(ids) && ids.every(isStr));
}
