/**
 * The pace of a game, chosen at the start: live (the turn timer in minutes, as the
 * start command's `turn-timer` or the bot's default says) or correspondence (hours
 * or days a move, for a server that plays across the day). Pure.
 *
 * Under a correspondence pace the clock is the pace's: a reminder some hours before
 * the deadline, an automatic move at it, and the computer takes the seat only at
 * the fifth missed move in a row (a player away for a weekend keeps their seat),
 * where a live game hands it over at the third (absence.ts, absentAfter).
 */
import { PACES, type Pace, type TableSettings } from './types.js';

export type CorrespondencePace = Exclude<Pace, 'live'>;

const HOUR_S = 3600;

/** Seconds a player has for a move, and how long before the deadline they are reminded, per correspondence pace. */
export const CORRESPONDENCE: Readonly<
  Record<CorrespondencePace, { readonly moveS: number; readonly remindS: number }>
> = {
  '12h': { moveS: 12 * HOUR_S, remindS: 3 * HOUR_S },
  '1d': { moveS: 24 * HOUR_S, remindS: 6 * HOUR_S },
  '3d': { moveS: 72 * HOUR_S, remindS: 12 * HOUR_S },
};

/** Automatic moves in a row a correspondence seat keeps; the next timeout (the fifth) hands it to the computer. */
export const CORRESPONDENCE_ABSENT_AFTER = 4;

export function isPace(value: unknown): value is Pace {
  return typeof value === 'string' && (PACES as readonly string[]).includes(value);
}

/** The table's pace (tables from before paces are live). */
export function paceOf(settings: TableSettings): Pace {
  return settings.pace ?? 'live';
}

export function correspondencePace(settings: TableSettings): CorrespondencePace | null {
  const pace = paceOf(settings);
  return pace === 'live' ? null : pace;
}

/**
 * The settings' clock for a pace: a correspondence pace sets the time a move has
 * (any `turn-timer` asked for is a live game's matter and gives way).
 */
export function withPace(settings: TableSettings, pace: Pace): TableSettings {
  if (pace === 'live') return settings;
  const { turnTimerAuto: _auto, ...rest } = settings;
  return { ...rest, pace, turnTimerS: CORRESPONDENCE[pace].moveS };
}

/**
 * Milliseconds after the turn began when the player is reminded: at half time in a
 * live game, the pace's hours before the deadline in a correspondence one.
 */
export function reminderAtMs(settings: TableSettings, limitS: number): number {
  const pace = correspondencePace(settings);
  return pace ? (limitS - CORRESPONDENCE[pace].remindS) * 1000 : (limitS * 1000) / 2;
}

/**
 * When the move to make now is due (ms since the epoch), or null without a clock.
 * `limitS` is the table's time for a move (absence.ts, turnLimitS).
 */
export function deadlineOf(table: { readonly turnStartedAt: number }, limitS: number): number | null {
  return limitS > 0 ? table.turnStartedAt + limitS * 1000 : null;
}

/** While the host or a moderator has paused the clock (a holiday): no reminder, no automatic move. */
export function isPaused(table: { readonly pausedAt?: number }): boolean {
  return table.pausedAt !== undefined;
}
