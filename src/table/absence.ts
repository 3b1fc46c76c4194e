/**
 * Absent players, and the seats a host or moderator manages. Pure.
 *
 * - The turn timer: the start command's `turn-timer` when it was given, else the
 *   bot's default (TURN_TIMER_S), which applies only when more than one human plays
 *   (`turnLimitS`).
 * - A human seat whose time ran out ABSENT_AFTER times in a row (automatic moves) is
 *   handed to the normal computer player at its next timeout, for the rest of the game
 *   (of the Dynasty, for a Dynasty). Its player takes it back with "I'm back"
 *   (`comeBack`); the count starts again whenever the player moves themselves.
 * - The host (or anyone with Manage Threads) may replace a seat by the computer, give
 *   a replaced seat back, or hand the host role to another player (`replaceSeat`,
 *   `restoreSeat`, `handHost`); in a lobby, a replaced seat becomes a computer seat.
 *
 * A seat played by the computer stays its player's: user id, name, the engine's seat
 * kind (human, so the record says who sat there), the game's statistics and rating.
 * Only who makes its moves changes.
 */
import { prompt, type AiLevel } from '../game/index.js';
import { isHost, type Actor, type Mover } from './actor.js';
import { notPlaying, type Refusal } from './refusal.js';
import { aiSeat } from './seats.js';
import { CORRESPONDENCE_ABSENT_AFTER, correspondencePace } from './pace.js';
import type {
  GameTable,
  HumanSeat,
  LobbyTable,
  PlayingTable,
  StandIn,
  Table,
  TableSeat,
  TableSettings,
  Turn,
} from './types.js';

/** Automatic moves in a row a seat keeps; the next timeout hands it to the computer. */
export const ABSENT_AFTER = 2;
/** Automatic moves in a row a seat keeps at this table: more under a correspondence pace (pace.ts). */
export function absentAfter(settings: TableSettings): number {
  return correspondencePace(settings) ? CORRESPONDENCE_ABSENT_AFTER : ABSENT_AFTER;
}

/** The computer player that plays for an absent or replaced player. */
export const STAND_IN_LEVEL: AiLevel = 'normal';

/** Why a seat edit is refused: the table's refusals, and the seats' own. */
export type SeatRefusal =
  | Refusal
  | { readonly code: 'no-such-seat' }
  /** A computer seat: nothing to replace, give back or hand over. */
  | { readonly code: 'computer-seat' }
  | { readonly code: 'already-replaced' }
  | { readonly code: 'not-replaced' }
  /** "I'm back" on a seat the host or a moderator replaced: only they give it back. */
  | { readonly code: 'replaced-by-host' }
  | { readonly code: 'already-host' }
  /** In a lobby, the host's own seat (hand the host role first). */
  | { readonly code: 'host-seat' }
  /** "I'm back" pressed by someone else than the seat's player. */
  | { readonly code: 'not-your-seat'; readonly player: number };

export type SeatResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: SeatRefusal };

const no = (refusal: SeatRefusal): { readonly ok: false; readonly refusal: SeatRefusal } => ({ ok: false, refusal });

export function humanCount(seats: readonly TableSeat[]): number {
  return seats.filter((s) => s.kind === 'human').length;
}

/** Seconds a player has for a move at this table (0: no timer). */
export function turnLimitS(table: { readonly settings: TableSettings; readonly seats: readonly TableSeat[] }): number {
  const { turnTimerS, turnTimerAuto } = table.settings;
  return turnTimerAuto === true && humanCount(table.seats) <= 1 ? 0 : turnTimerS;
}

/** The seat's stand-in, when the computer plays it for its player. */
export function standInOf(seat: TableSeat | undefined): StandIn | null {
  return seat?.kind === 'human' ? (seat.standIn ?? null) : null;
}

/** The level of the computer player that moves this seat, or null when its player does. */
export function computerLevel(seat: TableSeat): AiLevel | null {
  if (seat.kind === 'ai') return seat.level;
  return seat.standIn ? STAND_IN_LEVEL : null;
}

/**
 * Who may move a human seat: its player while they hold it; the stand-in only while
 * it holds it; the timer only while the player holds it. Null when the mover may.
 */
export function attendanceProblem(turn: Turn, mover: Mover): Refusal | null {
  const seat = turn.seat;
  if (seat.kind !== 'human') return null;
  const away = seat.standIn !== undefined;
  if (mover.kind === 'user') return away ? { code: 'seat-replaced' } : null;
  if (mover.as === 'stand-in') return away ? null : { code: 'not-seated' };
  if (mover.as === 'timer' || mover.as === 'plan') return away ? { code: 'seat-replaced' } : null;
  return null;
}

function withSeat<T extends Table>(table: T, player: number, seat: TableSeat): T {
  return { ...table, seats: table.seats.map((s, i) => (i === player ? seat : s)) };
}

function plainHuman(seat: HumanSeat): HumanSeat {
  const { timeouts: _timeouts, standIn: _standIn, ...rest } = seat;
  return rest;
}

/** A seat as a new table takes it (a rematch's): nothing of its absences in the old game. */
export function freshSeat(seat: TableSeat): TableSeat {
  return seat.kind === 'human' ? plainHuman(seat) : seat;
}

/**
 * The seat's count after one of its moves: a move of its player clears it, a
 * timeout adds one, and the timeout after absentAfter hands the seat to the computer.
 */
export function afterMove<T extends GameTable>(table: T, player: number, mover: Mover, now: number): T {
  const seat = table.seats[player];
  if (seat?.kind !== 'human') return table;
  // A plan is its player's own move.
  if (mover.kind === 'user' || mover.as === 'plan')
    return seat.timeouts === undefined ? table : withSeat(table, player, plainHuman(seat));
  if (mover.as !== 'timer') return table;
  const timeouts = (seat.timeouts ?? 0) + 1;
  if (timeouts <= absentAfter(table.settings)) return withSeat(table, player, { ...seat, timeouts });
  return withSeat(table, player, {
    ...plainHuman(seat),
    standIn: { reason: 'absent', by: null, at: now, told: false },
  });
}

/** Players whose seat the computer took and the thread has not been told of yet. */
export function untold(table: Table): readonly number[] {
  return table.seats.flatMap((s, i) => (s.kind === 'human' && s.standIn && !s.standIn.told ? [i] : []));
}

/** The thread was told of the seat's stand-in. */
export function told<T extends Table>(table: T, player: number): T {
  const seat = table.seats[player];
  if (seat?.kind !== 'human' || !seat.standIn || seat.standIn.told) return table;
  return withSeat(table, player, { ...seat, standIn: { ...seat.standIn, told: true } });
}

/** The player holds their seat again; if it is their turn, their time starts now. */
function backInSeat(table: PlayingTable, player: number, seat: HumanSeat, now: number): PlayingTable {
  const back = withSeat(table, player, plainHuman(seat));
  const p = prompt(table.game);
  return p.kind !== 'over' && p.player === player ? { ...back, turnStartedAt: now } : back;
}

function humanAt(table: Table, player: number): SeatResult<HumanSeat> {
  const seat = Number.isSafeInteger(player) ? table.seats[player] : undefined;
  if (!seat) return no({ code: 'no-such-seat' });
  if (seat.kind !== 'human') return no({ code: 'computer-seat' });
  return { ok: true, value: seat };
}

/** "I'm back": the player of an absent seat takes it back (not one the host or a moderator replaced). */
export function comeBack(table: Table, userId: string, player: number, now: number): SeatResult<PlayingTable> {
  if (table.status !== 'playing') return no(notPlaying(table));
  const seat = humanAt(table, player);
  if (!seat.ok) return seat;
  if (seat.value.userId !== userId) return no({ code: 'not-your-seat', player });
  const standIn = seat.value.standIn;
  if (!standIn) return no({ code: 'not-replaced' });
  if (standIn.reason !== 'absent') return no({ code: 'replaced-by-host' });
  return { ok: true, value: backInSeat(table, player, seat.value, now) };
}

/**
 * The host or a moderator replaces a player by the computer: in a game, the normal
 * computer player plays the seat for the rest of the game (an absent player's seat
 * becomes one they cannot take back); in a lobby, the player leaves and a normal
 * computer seat named `aiName` takes their place.
 */
export function replaceSeat(
  table: Table,
  actor: Actor,
  player: number,
  now: number,
  aiName: string,
): SeatResult<LobbyTable | PlayingTable> {
  if (table.status !== 'lobby' && table.status !== 'playing') return no(notPlaying(table));
  if (!isHost(table, actor)) return no({ code: 'host-only' });
  const seat = humanAt(table, player);
  if (!seat.ok) return seat;
  if (table.status === 'lobby') {
    if (seat.value.userId === table.hostId) return no({ code: 'host-seat' });
    const others = table.seats.filter((_, i) => i !== player);
    return { ok: true, value: withSeat(table, player, aiSeat(others, STAND_IN_LEVEL, aiName)) };
  }
  if (seat.value.standIn?.reason === 'replaced') return no({ code: 'already-replaced' });
  const standIn: StandIn = { reason: 'replaced', by: actor.userId, at: now, told: false };
  return { ok: true, value: withSeat(table, player, { ...plainHuman(seat.value), standIn }) };
}

/** The host or a moderator gives a seat the computer plays back to its player. */
export function restoreSeat(table: Table, actor: Actor, player: number, now: number): SeatResult<PlayingTable> {
  if (table.status !== 'playing') return no(notPlaying(table));
  if (!isHost(table, actor)) return no({ code: 'host-only' });
  const seat = humanAt(table, player);
  if (!seat.ok) return seat;
  if (!seat.value.standIn) return no({ code: 'not-replaced' });
  return { ok: true, value: backInSeat(table, player, seat.value, now) };
}

/** The host role goes to another player of the table (lobby or game); moderators keep theirs. */
export function handHost(table: Table, actor: Actor, player: number): SeatResult<LobbyTable | PlayingTable> {
  if (table.status !== 'lobby' && table.status !== 'playing') return no(notPlaying(table));
  if (!isHost(table, actor)) return no({ code: 'host-only' });
  const seat = humanAt(table, player);
  if (!seat.ok) return seat;
  if (seat.value.userId === table.hostId) return no({ code: 'already-host' });
  return { ok: true, value: { ...table, hostId: seat.value.userId } };
}

/** What the host or a moderator may do with a seat now (for the menu's buttons). */
export interface SeatChoices {
  readonly replace: boolean;
  readonly restore: boolean;
  readonly makeHost: boolean;
}

export function seatChoices(table: Table, actor: Actor, player: number): SeatChoices {
  return {
    replace: replaceSeat(table, actor, player, 0, '-').ok,
    restore: restoreSeat(table, actor, player, 0).ok,
    makeHost: handHost(table, actor, player).ok,
  };
}
