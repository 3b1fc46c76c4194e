/** Absent players and the seats a host or moderator manages: the pure rules of src/table/absence.ts. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { simpleMove } from '../support/table-moves.js';
import type {
  GameTable,
  HumanSeat,
  LobbyTable,
  PlayingTable,
  TableSeat,
  TableSettings,
} from '../../src/table/index.js';

const SETTINGS: TableSettings = { ...NO_VARIANTS, turnTimerS: 600 };
const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };
const seat = (userId: string): HumanSeat => ({ kind: 'human', userId, name: userId });
const hostActs = { userId: 'h', moderator: false };
const stranger = { userId: 'x', moderator: false };
const moderator = { userId: 'm', moderator: true };

function ok<T>(
  r: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: { readonly code: string } },
): T {
  if (!r.ok) throw new Error(`refused: ${r.refusal.code}`);
  return r.value;
}

function lobby(others: readonly TableSeat[] = [seat('a')], settings = SETTINGS): LobbyTable {
  return table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host, others, settings, now: 1000 });
}

function started(others: readonly TableSeat[] = [seat('a')], settings = SETTINGS): PlayingTable {
  return ok(table.start(lobby(others, settings), hostActs, 'absence', 2000));
}

/** One move by whoever must play (first legal spot, first free domino), as `how` moves it. */
function move(t: GameTable, how: 'user' | 'timer' | 'stand-in' | 'seat', now = 5000): GameTable {
  const turn = table.currentTurn(t)!;
  const mover: table.Mover =
    how === 'user'
      ? { kind: 'user', userId: (turn.seat as HumanSeat).userId }
      : how === 'seat'
        ? { kind: 'seat', player: turn.player }
        : { kind: 'seat', player: turn.player, as: how };
  return ok(table.playMove(t, mover, turn.table.game.turn, simpleMove(turn), now)).table;
}

/** Moves until it is `player`'s turn (others move as themselves). */
function untilTurnOf(t: GameTable, player: number): PlayingTable {
  let current = t;
  for (let i = 0; i < 20; i++) {
    const turn = table.currentTurn(current);
    if (!turn) throw new Error('the game ended');
    if (turn.player === player) return turn.table;
    current = move(current, turn.seat.kind === 'human' && !turn.seat.standIn ? 'user' : 'seat');
  }
  throw new Error(`never player ${player}'s turn`);
}

const seatOf = (t: { readonly seats: readonly TableSeat[] }, player: number) => t.seats[player] as HumanSeat;

describe('the turn timer', () => {
  it("the bot's default applies only with more than one human; an explicit timer always does", () => {
    const auto = { ...SETTINGS, turnTimerAuto: true };
    expect(table.turnLimitS(started([seat('a')], auto))).toBe(600);
    expect(table.turnLimitS(started([{ kind: 'ai', level: 'easy', name: 'Easy AI' }], auto))).toBe(0);
    expect(table.turnLimitS(started([{ kind: 'ai', level: 'easy', name: 'Easy AI' }], SETTINGS))).toBe(600);
    expect(table.turnLimitS(started([seat('a')], { ...SETTINGS, turnTimerS: 0 }))).toBe(0);
  });
});

describe('an absent player', () => {
  it('keeps the seat for two timeouts in a row; the third hands it to the normal computer player', () => {
    let t: GameTable = started();
    const player = table.currentTurn(t)!.player;
    for (let timeouts = 1; timeouts <= table.ABSENT_AFTER; timeouts++) {
      t = move(untilTurnOf(t, player), 'timer');
      expect(seatOf(t, player).timeouts).toBe(timeouts);
      expect(seatOf(t, player).standIn).toBeUndefined();
    }
    t = move(untilTurnOf(t, player), 'timer', 7000);
    expect(seatOf(t, player)).toEqual({
      kind: 'human',
      userId: seatOf(t, player).userId,
      name: seatOf(t, player).name,
      standIn: { reason: 'absent', by: null, at: 7000, told: false },
    });
    expect(table.untold(t)).toEqual([player]);
    expect(table.untold(table.told(t, player))).toEqual([]);
    // The seat stays a human seat in the engine: the record says who sat there.
    expect(t.game.seats[player]?.kind).toBe('human');
    expect(table.computerLevel(t.seats[player]!)).toBe('normal');
  });

  it('is not absent in the next game: a rematch lobby takes the seats without their absences', () => {
    let t: GameTable = started([seat('a'), seat('b')]);
    const player = table.currentTurn(t)!.player;
    for (let i = 0; i <= table.ABSENT_AFTER; i++) t = move(untilTurnOf(t, player), 'timer');
    const other = (player + 1) % 3;
    t = ok(table.replaceSeat(t, hostActs, other, 0, 'Normal AI')) as PlayingTable;
    const rematch = table.newLobby({
      id: 'r',
      guildId: 'g',
      channelId: 'c',
      host,
      others: t.seats.slice(1),
      settings: SETTINGS,
      now: 0,
    });
    expect(rematch.seats).toEqual([host, seat('a'), seat('b')]);
  });

  it('moving themselves clears the count; other seats and computer moves leave it', () => {
    let t: GameTable = started();
    const player = table.currentTurn(t)!.player;
    t = move(untilTurnOf(t, player), 'timer');
    t = move(untilTurnOf(t, player), 'timer');
    expect(seatOf(t, player).timeouts).toBe(2);
    t = move(untilTurnOf(t, player), 'user');
    expect(seatOf(t, player)).toEqual({
      kind: 'human',
      userId: seatOf(t, player).userId,
      name: seatOf(t, player).name,
    });
    t = move(untilTurnOf(t, player), 'timer');
    expect(seatOf(t, player).timeouts).toBe(1);
  });

  it('while replaced, only the stand-in moves the seat; the player, the timer and a stand-in of a held seat are refused', () => {
    let t: GameTable = started();
    const player = table.currentTurn(t)!.player;
    for (let i = 0; i <= table.ABSENT_AFTER; i++) t = move(untilTurnOf(t, player), 'timer');
    const turn = untilTurnOf(t, player);
    const userId = seatOf(turn, player).userId;
    const n = turn.game.turn;
    expect(table.mayAct(turn, { kind: 'user', userId }, n)).toEqual({ ok: false, refusal: { code: 'seat-replaced' } });
    expect(table.mayAct(turn, { kind: 'seat', player, as: 'timer' }, n)).toEqual({
      ok: false,
      refusal: { code: 'seat-replaced' },
    });
    expect(table.mayAct(turn, { kind: 'seat', player, as: 'stand-in' }, n).ok).toBe(true);
    const back = ok(table.comeBack(turn, userId, player, 9000));
    expect(table.mayAct(back, { kind: 'seat', player, as: 'stand-in' }, n)).toEqual({
      ok: false,
      refusal: { code: 'not-seated' },
    });
    expect(table.mayAct(back, { kind: 'user', userId }, n).ok).toBe(true);
  });

  it("takes the seat back with I'm back: the count is cleared, and on their turn their time starts now", () => {
    let t: GameTable = started();
    const player = table.currentTurn(t)!.player;
    for (let i = 0; i <= table.ABSENT_AFTER; i++) t = move(untilTurnOf(t, player), 'timer');
    const turn = untilTurnOf(t, player);
    const userId = seatOf(turn, player).userId;
    expect(table.comeBack(turn, 'someone', player, 9000)).toEqual({
      ok: false,
      refusal: { code: 'not-your-seat', player },
    });
    expect(table.comeBack(turn, userId, 7, 9000)).toEqual({ ok: false, refusal: { code: 'no-such-seat' } });
    const back = ok(table.comeBack(turn, userId, player, 9000));
    expect(seatOf(back, player)).toEqual({ kind: 'human', userId, name: seatOf(turn, player).name });
    expect(back.turnStartedAt).toBe(9000);
    expect(table.comeBack(back, userId, player, 9500)).toEqual({ ok: false, refusal: { code: 'not-replaced' } });
  });
});

describe('the host or a moderator', () => {
  it('replaces a player in a game by the computer (the player cannot come back on their own), and gives the seat back', () => {
    const t = started([seat('a'), seat('b')]);
    expect(table.replaceSeat(t, stranger, 1, 3000, 'Normal AI')).toEqual({ ok: false, refusal: { code: 'host-only' } });
    const replaced = ok(table.replaceSeat(t, moderator, 1, 3000, 'Normal AI')) as PlayingTable;
    expect(seatOf(replaced, 1).standIn).toEqual({ reason: 'replaced', by: 'm', at: 3000, told: false });
    expect(table.replaceSeat(replaced, hostActs, 1, 3000, 'Normal AI')).toEqual({
      ok: false,
      refusal: { code: 'already-replaced' },
    });
    expect(table.comeBack(replaced, 'a', 1, 4000)).toEqual({ ok: false, refusal: { code: 'replaced-by-host' } });
    expect(table.seatChoices(replaced, hostActs, 1)).toEqual({ replace: false, restore: true, makeHost: true });
    const restored = ok(table.restoreSeat(replaced, hostActs, 1, 4000));
    expect(seatOf(restored, 1)).toEqual(seat('a'));
    expect(table.restoreSeat(restored, hostActs, 1, 4000)).toEqual({ ok: false, refusal: { code: 'not-replaced' } });
  });

  it("turns an absent player's seat into one only they give back", () => {
    let t: GameTable = started();
    const player = table.currentTurn(t)!.player;
    for (let i = 0; i <= table.ABSENT_AFTER; i++) t = move(untilTurnOf(t, player), 'timer');
    const replaced = ok(table.replaceSeat(t, hostActs, player, 8000, 'Normal AI'));
    expect(seatOf(replaced, player).standIn).toMatchObject({ reason: 'replaced', by: 'h', told: false });
  });

  it('in a lobby, a replaced player leaves and a normal computer seat takes their place; the host seat is not replaced', () => {
    const l = lobby([seat('a'), { kind: 'ai', level: 'normal', name: 'Normal AI' }, seat('b')]);
    const edited = ok(table.replaceSeat(l, hostActs, 3, 0, 'Normal AI'));
    expect(edited.seats.map((s) => s.name)).toEqual(['Host', 'a', 'Normal AI', 'Normal AI 2']);
    expect(edited.seats[3]).toEqual({ kind: 'ai', level: 'normal', name: 'Normal AI 2' });
    expect(table.replaceSeat(l, moderator, 0, 0, 'Normal AI')).toEqual({ ok: false, refusal: { code: 'host-seat' } });
    expect(table.replaceSeat(l, hostActs, 2, 0, 'Normal AI')).toEqual({
      ok: false,
      refusal: { code: 'computer-seat' },
    });
    expect(table.replaceSeat(l, stranger, 1, 0, 'Normal AI')).toEqual({ ok: false, refusal: { code: 'host-only' } });
    expect(table.restoreSeat(l, hostActs, 1, 0)).toEqual({ ok: false, refusal: { code: 'not-started' } });
  });

  it('hands the host role to another player, in a lobby or a game, and the old host no longer hosts', () => {
    const t = started([seat('a')]);
    const handed = ok(table.handHost(t, hostActs, 1));
    expect(handed.hostId).toBe('a');
    expect(table.handHost(handed, hostActs, 0)).toEqual({ ok: false, refusal: { code: 'host-only' } });
    expect(table.handHost(handed, moderator, 1)).toEqual({ ok: false, refusal: { code: 'already-host' } });
    expect(ok(table.handHost(lobby(), moderator, 1)).hostId).toBe('a');
    expect(table.handHost(lobby([{ kind: 'ai', level: 'easy', name: 'Easy AI' }]), hostActs, 1)).toEqual({
      ok: false,
      refusal: { code: 'computer-seat' },
    });
  });

  it('does nothing to a game that is over or cancelled', () => {
    const over = ok(table.cancelGame(started(), hostActs, 3000));
    expect(table.replaceSeat(over, hostActs, 1, 0, 'x')).toEqual({ ok: false, refusal: { code: 'cancelled' } });
    expect(table.handHost(over, hostActs, 1)).toEqual({ ok: false, refusal: { code: 'cancelled' } });
  });
});

describe('the thread after the game', () => {
  it('a finished table waits for its thread to be archived once that is due, then no longer needs the bot', () => {
    let t: GameTable = started([{ kind: 'ai', level: 'easy', name: 'Easy AI' }]);
    while (t.status === 'playing') t = move(t, 'seat');
    const finished = { ...t, outbox: [] } as table.FinishedTable;
    expect(table.needsBot(finished)).toBe(false);
    const closing = table.closeThreadAt(finished, 60_000);
    expect(table.closeDue(closing)).toBe(60_000);
    expect(table.needsBot(closing)).toBe(true);
    expect(table.closeThreadAt(closing, 99)).toBe(closing);
    const closed = table.threadClosed(closing, 61_000);
    expect(table.closeDue(closed)).toBeNull();
    expect(closed).toMatchObject({ closedAt: 61_000 });
    expect(table.needsBot(closed)).toBe(false);
    expect(table.closeThreadAt(closed as table.FinishedTable, 1)).toBe(closed);
  });
});
