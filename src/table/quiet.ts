/**
 * A player's quiet hours (/kingdomino notify): from one whole hour to another in their
 * own time, which Discord does not tell, so they give a time zone ("Europe/Paris") or a
 * UTC offset ("UTC+2", "-5:30"). Pure.
 *
 * Inside them a correspondence turn's DM waits until they end, and the turn's reminder
 * comes before they begin rather than inside them: the deadline is never shortened.
 * What a game over days says to them meanwhile in its home mentions them without notifying.
 * The seats of a player's games carry a copy (their `notify`), so that the table's next
 * step (due.ts) is decided from the table alone.
 */
import { correspondencePace } from './pace.js';
import type { HumanSeat, SeatNotify, Table, TableSeat } from './types.js';

export interface QuietHours {
  /** Local hours, 0-23: quiet from `from` o'clock until `to` o'clock (across midnight when to < from). */
  readonly from: number;
  readonly to: number;
  /** An IANA time zone, or a fixed offset written `UTC+02:00`. */
  readonly zone: string;
}

const MINUTE_MS = 60_000;
const DAY_MIN = 24 * 60;
const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** The zone a player wrote, as kept ("UTC+02:00", or the IANA name as Intl spells it), or null when it is none. */
export function parseZone(text: string): string | null {
  const trimmed = text.trim();
  if (/^(utc|gmt|z)$/i.test(trimmed)) return 'UTC+00:00';
  const offset = OFFSET.exec(trimmed);
  if (offset) {
    const [, sign, h, m] = offset;
    const hours = Number(h);
    const minutes = Number(m ?? 0);
    if (hours > 14 || minutes >= 60) return null;
    return `UTC${sign}${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Minutes east of UTC of a zone kept as an offset, or null for an IANA zone. */
function fixedOffset(zone: string): number | null {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
}

/** Quiet hours as the store may keep them (anything else is none). */
export function isQuietHours(value: unknown): value is QuietHours {
  if (typeof value !== 'object' || value === null) return false;
  const q = value as Record<string, unknown>;
  const hour = (h: unknown): boolean => Number.isInteger(h) && (h as number) >= 0 && (h as number) < 24;
  return hour(q['from']) && hour(q['to']) && typeof q['zone'] === 'string' && parseZone(q['zone']) === q['zone'];
}

/** The minute of the local day at `at` in `zone` (a zone this runtime does not know counts as UTC). */
function localMinute(zone: string, at: number): number {
  const offset = fixedOffset(zone) ?? zoneOffset(zone, at);
  return (((Math.floor(at / MINUTE_MS) + offset) % DAY_MIN) + DAY_MIN) % DAY_MIN;
}

/** Minutes east of UTC of an IANA zone at `at`. */
function zoneOffset(zone: string, at: number): number {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date(at));
    const part = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const local = part('hour') * 60 + part('minute');
    const utc = Math.floor(at / MINUTE_MS) % DAY_MIN;
    return ((((local - utc) % DAY_MIN) + DAY_MIN + DAY_MIN / 2) % DAY_MIN) - DAY_MIN / 2;
  } catch {
    return 0;
  }
}

/** How long the quiet hours last (minutes); 0 when from = to (none). */
function lengthOf(quiet: QuietHours): number {
  return ((((quiet.to - quiet.from) % 24) + 24) % 24) * 60;
}

/** Minutes since the quiet hours began at `at`, or null when `at` is outside them. */
function intoQuiet(quiet: QuietHours, at: number): number | null {
  const since = (localMinute(quiet.zone, at) - quiet.from * 60 + DAY_MIN) % DAY_MIN;
  return since < lengthOf(quiet) ? since : null;
}

/** When what is due at `at` may go out: `at`, or the end of the quiet hours it falls in. */
export function afterQuiet(quiet: QuietHours | undefined, at: number): number {
  const since = quiet ? intoQuiet(quiet, at) : null;
  if (!quiet || since === null) return at;
  // To the minute the quiet hours end (the seconds of `at` dropped).
  return at - (at % MINUTE_MS) + (lengthOf(quiet) - since) * MINUTE_MS;
}

/** When the quiet hours `at` falls in began, or null when it is outside them. */
export function quietSince(quiet: QuietHours | undefined, at: number): number | null {
  const since = quiet ? intoQuiet(quiet, at) : null;
  return since === null ? null : at - (at % MINUTE_MS) - since * MINUTE_MS;
}

/** A player's copy of their notifications on a seat (none: the field goes). */
function seatWith(seat: HumanSeat, notify: SeatNotify | null): HumanSeat {
  const { notify: _old, ...rest } = seat;
  return notify && (notify.quiet || notify.onDeck) ? { ...rest, notify } : rest;
}

/** The seats with `userId`'s notifications copied onto theirs (/kingdomino notify, a game's start). */
export function seatsNotified(
  seats: readonly TableSeat[],
  userId: string,
  notify: SeatNotify | null,
): readonly TableSeat[] {
  return seats.map((s) => (s.kind === 'human' && s.userId === userId ? seatWith(s, notify) : s));
}

/**
 * Whether a message of a game over days mentioning these players at `at` finds every
 * one of them inside their quiet hours (none mentioned: no): it then goes without
 * notifying (Discord's @silent), the mention kept.
 */
export function mentionsQuiet(table: Table, userIds: readonly string[], at: number): boolean {
  const quietNow = (userId: string): boolean =>
    quietSince(quietOf(table.seats.find((s) => s.kind === 'human' && s.userId === userId)), at) !== null;
  return correspondencePace(table.settings) !== null && userIds.length > 0 && userIds.every(quietNow);
}

/** The quiet hours of a seat's player, if they gave some. */
export function quietOf(seat: TableSeat | undefined): QuietHours | undefined {
  return seat?.kind === 'human' ? seat.notify?.quiet : undefined;
}
