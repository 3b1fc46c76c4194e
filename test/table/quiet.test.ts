/**
 * Quiet hours and the on-deck heads-up (src/table/quiet.ts, due.ts): a zone as players
 * write it, the end of the quiet hours a time falls in, a turn's DM held until they end,
 * its reminder brought before they begin (the deadline untouched), and the on-deck DM
 * due once, for the player who moves next.
 */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { HumanSeat, PlayingTable, QuietHours, TableSeat } from '../../src/table/index.js';

const HOUR = 3_600_000;
/** Midnight UTC, a day after the epoch. */
const DAY0 = 24 * HOUR;
const night: QuietHours = { from: 22, to: 7, zone: 'UTC+02:00' };
const timing = { undoGraceMs: 0 };

function game(seats: readonly HumanSeat[], at: number): PlayingTable {
  const [host, ...others] = seats as [HumanSeat, ...HumanSeat[]];
  const settings = table.withPace({ ...NO_VARIANTS, turnTimerS: 0 }, '1d');
  const lobby = table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host, others, settings, now: 0 });
  const r = table.start(lobby, { userId: host.userId, moderator: false }, 'quiet', at);
  if (!r.ok) throw new Error(r.refusal.code);
  let t = r.value;
  for (let post = table.pendingPosts(t)[0]; post; post = table.pendingPosts(t)[0])
    t = table.posted(t, post.seq, `m${post.seq}`);
  return t;
}

/** Every seat with these notifications. */
function allWith(seats: readonly TableSeat[], notify: table.SeatNotify): readonly TableSeat[] {
  return seats.reduce((s, seat) => (seat.kind === 'human' ? table.seatsNotified(s, seat.userId, notify) : s), seats);
}

const seat = (id: string): HumanSeat => ({ kind: 'human', userId: id, name: id });

describe('quiet hours', () => {
  it('reads zones as players write them', () => {
    expect(table.parseZone('UTC+2')).toBe('UTC+02:00');
    expect(table.parseZone('-5:30')).toBe('UTC-05:30');
    expect(table.parseZone('gmt')).toBe('UTC+00:00');
    expect(table.parseZone('Europe/Paris')).toBe('Europe/Paris');
    expect(table.parseZone('Mars/Olympus')).toBeNull();
    expect(table.parseZone('UTC+19')).toBeNull();
  });

  it('knows when the quiet hours a time falls in end, in the player’s own time', () => {
    // 23:00 in UTC+2 is 21:00 UTC: quiet until 07:00 local, 05:00 UTC.
    expect(table.afterQuiet(night, DAY0 + 21 * HOUR)).toBe(DAY0 + 29 * HOUR);
    // 12:00 local: not quiet.
    expect(table.afterQuiet(night, DAY0 + 10 * HOUR)).toBe(DAY0 + 10 * HOUR);
    // Paris in winter is UTC+1: 06:30 local is 05:30 UTC, quiet until 06:00 UTC.
    const paris: QuietHours = { from: 22, to: 7, zone: 'Europe/Paris' };
    expect(table.afterQuiet(paris, DAY0 + 5.5 * HOUR)).toBe(DAY0 + 6 * HOUR);
    expect(table.quietSince(paris, DAY0 + 5.5 * HOUR)).toBe(DAY0 - 3 * HOUR);
  });

  it('a game over days mentions a player silently inside their quiet hours only; a live game as always', () => {
    const t = game([seat('ana'), seat('ben')], DAY0);
    const quiet = { ...t, seats: table.seatsNotified(t.seats, 'ana', { quiet: night }) };
    // 23:00 local (21:00 UTC): Ana's quiet hours, not Ben's (he has none).
    expect(table.mentionsQuiet(quiet, ['ana'], DAY0 + 21 * HOUR)).toBe(true);
    expect(table.mentionsQuiet(quiet, ['ana', 'ben'], DAY0 + 21 * HOUR)).toBe(false);
    expect(table.mentionsQuiet(quiet, [], DAY0 + 21 * HOUR)).toBe(false);
    expect(table.mentionsQuiet(quiet, ['ana'], DAY0 + 10 * HOUR)).toBe(false);
    const live = { ...quiet, settings: { ...quiet.settings, pace: 'live' as const } };
    expect(table.mentionsQuiet(live, ['ana'], DAY0 + 21 * HOUR)).toBe(false);
  });

  it('a turn beginning in its player’s quiet hours: the DM waits until they end; the reminder is not moved past the deadline', () => {
    // The turn begins at 23:00 local (21:00 UTC).
    const t = game([seat('ana'), seat('ben')], DAY0 + 21 * HOUR);
    const quiet = { ...t, seats: allWith(t.seats, { quiet: night }) };
    expect(table.turnDmDue(quiet)?.at).toBe(DAY0 + 29 * HOUR);
    expect(table.next(quiet, DAY0 + 21 * HOUR, timing)).toEqual({ step: { kind: 'dm' }, at: DAY0 + 29 * HOUR });
    // Without quiet hours: the DM goes with the board's save, no step of its own.
    expect(table.turnDmDue(t)?.at).toBe(DAY0 + 21 * HOUR);
    expect(table.next(t, DAY0 + 21 * HOUR, timing)?.step.kind).toBe('remind');
    // Sent: the reminder, 18 hours after the turn began (17:00 local), is outside the quiet hours.
    expect(table.next(table.notified(quiet), DAY0, timing)).toMatchObject({
      step: { kind: 'remind' },
      at: DAY0 + 39 * HOUR,
    });
  });

  it('a reminder due in the quiet hours comes before they begin; the deadline stays', () => {
    // The turn begins at 08:00 local (06:00 UTC): its reminder would be at 02:00 local, in the night.
    const t = table.notified(game([seat('ana'), seat('ben')], DAY0 + 6 * HOUR));
    const quiet = { ...t, seats: allWith(t.seats, { quiet: night }) };
    expect(table.next(t, DAY0, timing)).toMatchObject({ step: { kind: 'remind' }, at: DAY0 + 24 * HOUR });
    // A minute before 22:00 local.
    const moved = table.next(quiet, DAY0, timing);
    expect(moved).toMatchObject({
      step: { kind: 'remind', deadline: DAY0 + 30 * HOUR },
      at: DAY0 + 20 * HOUR - 60_000,
    });
  });

  it('on deck: the player after the one to move, once per move, when they asked for it and have no plan', () => {
    const t = game([seat('ana'), seat('ben'), seat('cal')], DAY0);
    const deck = { ...t, seats: allWith(t.seats, { onDeck: true }) };
    const due = table.onDeckDue(deck);
    const mover = table.currentTurn(deck)!;
    expect(due).not.toBeNull();
    expect(due!.player).toBe(deck.game.kings[mover.prompt.king + 1]);
    expect(table.onDeckDue(table.onDeckTold(deck))).toBeNull();
    expect(table.onDeckDue(t)).toBeNull();
    // A player who planned their move needs no heads-up.
    const planned = table.setPlan(deck, due!.userId, { kind: 'none' }, deck.game.next[0]!.domino, DAY0);
    expect(planned.ok && table.onDeckDue(planned.value)).toBeNull();
  });
});
