/** Paces: the pure rules of src/table/pace.ts, and what they change for absent players (absence.ts). */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { simpleMove } from '../support/table-moves.js';
import type { GameTable, HumanSeat, PlayingTable, TableSettings } from '../../src/table/index.js';

const LIVE: TableSettings = { ...NO_VARIANTS, turnTimerS: 600, turnTimerAuto: true };
const HOUR = 3_600_000;
const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };
const other: HumanSeat = { kind: 'human', userId: 'a', name: 'A' };

function started(settings: TableSettings): PlayingTable {
  const lobby = table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host, others: [other], settings, now: 0 });
  const r = table.start(lobby, { userId: 'h', moderator: false }, 'pace', 1000);
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
}

/** The timer moves for whoever must play, `times` times in a row for player 0 (the other player moves themselves). */
function timeouts(t: GameTable, times: number): GameTable {
  let current = t;
  let missed = 0;
  while (missed < times) {
    const turn = table.currentTurn(current)!;
    const mine = turn.player === 0;
    const mover: table.Mover = mine
      ? { kind: 'seat', player: 0, as: 'timer' }
      : { kind: 'user', userId: (turn.seat as HumanSeat).userId };
    const r = table.playMove(current, mover, turn.table.game.turn, simpleMove(turn), 5000);
    if (!r.ok) throw new Error(r.refusal.code);
    current = r.value.table;
    if (mine) missed++;
  }
  return current;
}

describe('paces', () => {
  it('a correspondence pace sets the time a move has, whatever turn timer was asked for', () => {
    const settings = table.withPace({ ...LIVE, turnTimerS: 300 }, '1d');
    expect(settings.pace).toBe('1d');
    expect(settings.turnTimerS).toBe(24 * 3600);
    expect(settings.turnTimerAuto).toBeUndefined();
    expect(table.withPace(LIVE, 'live')).toBe(LIVE);
  });

  it('tables from before paces are live', () => {
    expect(table.paceOf(LIVE)).toBe('live');
    expect(table.correspondencePace(LIVE)).toBeNull();
    expect(table.isPace('3d')).toBe(true);
    expect(table.isPace('2d')).toBe(false);
  });

  it('a live game reminds at half time; a correspondence one some hours before the deadline', () => {
    expect(table.reminderAtMs(LIVE, 600)).toBe(300_000);
    const at = (pace: table.CorrespondencePace): number =>
      table.reminderAtMs(table.withPace(LIVE, pace), table.CORRESPONDENCE[pace].moveS);
    expect(at('12h')).toBe(9 * HOUR);
    expect(at('1d')).toBe(18 * HOUR);
    expect(at('3d')).toBe(60 * HOUR);
  });

  it('the deadline counts from when the turn began; none without a clock', () => {
    expect(table.deadlineOf({ turnStartedAt: 1000 }, 86_400)).toBe(1000 + 24 * HOUR);
    expect(table.deadlineOf({ turnStartedAt: 1000 }, 0)).toBeNull();
  });

  it('a live seat goes to the computer at the third missed move in a row', () => {
    const t = started(LIVE);
    expect(table.standInOf(timeouts(t, 2).seats[0])).toBeNull();
    expect(table.standInOf(timeouts(t, 3).seats[0])?.reason).toBe('absent');
  });

  it('a correspondence seat keeps its player until the fifth missed move in a row', () => {
    const t = started(table.withPace(LIVE, '1d'));
    expect(table.absentAfter(t.settings)).toBe(4);
    expect(table.standInOf(timeouts(t, 4).seats[0])).toBeNull();
    expect(table.standInOf(timeouts(t, 5).seats[0])?.reason).toBe('absent');
  });

  it('the host pauses the clock (nothing due meanwhile) and resumes it with the time the move had left', () => {
    const t = started(table.withPace(LIVE, '1d'));
    const host = { userId: 'h', moderator: false };
    expect(table.pauseClock(t, { userId: 'a', moderator: false }, 5000)).toEqual({
      ok: false,
      refusal: { code: 'host-only' },
    });
    const paused = table.pauseClock(t, host, 1000 + 10 * HOUR);
    if (!paused.ok) throw new Error(paused.refusal.code);
    // Its first board posted (a post owed is due at once, paused or not): nothing due while paused.
    const { outbox: _posted, ...shown } = paused.value;
    expect(table.dueAt(shown, 1000 + 10 * HOUR)).toBeNull();
    expect(table.dueAt({ ...shown, pausedAt: undefined }, 1000 + 10 * HOUR)).toBe(1000 + 18 * HOUR);
    expect(table.pauseClock(paused.value, host, 0)).toEqual({ ok: false, refusal: { code: 'already-paused' } });
    // Two days later: the move still has the 14 hours it had left.
    const resumed = table.resumeClock(paused.value, { userId: 'm', moderator: true }, 1000 + 58 * HOUR);
    if (!resumed.ok) throw new Error(resumed.refusal.code);
    expect(table.isPaused(resumed.value)).toBe(false);
    expect(table.deadlineOf(resumed.value, table.turnLimitS(resumed.value))).toBe(1000 + 72 * HOUR);
    expect(table.resumeClock(resumed.value, host, 0)).toEqual({ ok: false, refusal: { code: 'not-paused' } });
  });

  it('a game without a turn timer has no clock to pause', () => {
    const untimed = started({ ...NO_VARIANTS, turnTimerS: 0 });
    expect(table.pauseClock(untimed, { userId: 'h', moderator: false }, 0)).toEqual({
      ok: false,
      refusal: { code: 'no-clock' },
    });
  });
});
