/**
 * The host (or a moderator) pauses a game's clock and resumes it: a holiday. While
 * paused, no reminder and no automatic move; moves made meanwhile are kept. Resumed,
 * the move to make has the time it had left when the pause began (or all of it, if
 * it became due meanwhile). Pure.
 */
import { turnLimitS } from './absence.js';
import { isHost, type Actor } from './actor.js';
import { isPaused } from './pace.js';
import { notPlaying } from './refusal.js';
import type { PlayingTable, Table } from './types.js';

export type ClockRefusal =
  | { readonly code: 'host-only' }
  | { readonly code: 'not-started' }
  | { readonly code: 'over' }
  | { readonly code: 'cancelled' }
  /** A game without a turn timer: no clock to pause. */
  | { readonly code: 'no-clock' }
  | { readonly code: 'already-paused' }
  | { readonly code: 'not-paused' };

export type ClockResult =
  { readonly ok: true; readonly value: PlayingTable } | { readonly ok: false; readonly refusal: ClockRefusal };

function playingFor(table: Table, actor: Actor): ClockResult {
  if (table.status !== 'playing') return { ok: false, refusal: notPlaying(table) };
  if (!isHost(table, actor)) return { ok: false, refusal: { code: 'host-only' } };
  if (turnLimitS(table) <= 0) return { ok: false, refusal: { code: 'no-clock' } };
  return { ok: true, value: table };
}

export function pauseClock(table: Table, actor: Actor, now: number): ClockResult {
  const playing = playingFor(table, actor);
  if (!playing.ok) return playing;
  if (isPaused(playing.value)) return { ok: false, refusal: { code: 'already-paused' } };
  return { ok: true, value: { ...playing.value, pausedAt: now } };
}

export function resumeClock(table: Table, actor: Actor, now: number): ClockResult {
  const playing = playingFor(table, actor);
  if (!playing.ok) return playing;
  const { pausedAt, ...rest } = playing.value;
  if (pausedAt === undefined) return { ok: false, refusal: { code: 'not-paused' } };
  // The pause does not count: the turn's clock moves on by how long it was stopped for this turn.
  const stopped = Math.max(0, now - Math.max(pausedAt, rest.turnStartedAt));
  return { ok: true, value: { ...rest, turnStartedAt: rest.turnStartedAt + stopped } };
}
