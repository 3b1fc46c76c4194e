/** The table layer: lobby edits, the start, who may act, one move, cancel; all pure. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS, prompt } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { simpleMove } from '../support/table-moves.js';
import type { HumanSeat, LobbyTable, PlayingTable, TableSettings } from '../../src/table/index.js';

const SETTINGS: TableSettings = { ...NO_VARIANTS, turnTimerS: 0 };
const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };
const seat = (userId: string): HumanSeat => ({ kind: 'human', userId, name: userId });
const hostActs = { userId: 'h', moderator: false };

function lobby(settings: TableSettings = SETTINGS, others: readonly HumanSeat[] = []): LobbyTable {
  return table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host, others, settings, now: 1000 });
}

function ok<T>(r: table.TableResult<T>): T {
  if (!r.ok) throw new Error(`refused: ${r.refusal.code}`);
  return r.value;
}

function started(players = 2, settings = SETTINGS): PlayingTable {
  const others = Array.from({ length: players - 1 }, (_, i) => seat(`u${i}`));
  return ok(table.start(lobby(settings, others), hostActs, 'seed', 2000));
}

describe('the lobby', () => {
  it('seats people until it is full, once each; the host cannot leave', () => {
    let l = lobby();
    for (const u of ['a', 'b', 'c']) l = ok(table.join(l, seat(u)));
    expect(table.join(l, seat('d'))).toEqual({ ok: false, refusal: { code: 'table-full' } });
    expect(table.join(lobby(), seat('h'))).toEqual({ ok: false, refusal: { code: 'already-seated' } });
    expect(table.leave(l, 'h')).toEqual({ ok: false, refusal: { code: 'host-cannot-leave' } });
    expect(table.leave(l, 'zz')).toEqual({ ok: false, refusal: { code: 'not-at-table' } });
    expect(ok(table.leave(l, 'b')).seats.map((s) => s.name)).toEqual(['Host', 'a', 'c']);
  });

  it('the Mighty Duel seats exactly two, and says so when started with fewer', () => {
    const duel = { ...SETTINGS, mightyDuel: true };
    const l = ok(table.join(lobby(duel), seat('a')));
    expect(table.join(l, seat('b'))).toEqual({ ok: false, refusal: { code: 'table-full' } });
    expect(table.start(lobby(duel), hostActs, 's', 0)).toEqual({
      ok: false,
      refusal: { code: 'seat-count', min: 2, max: 2 },
    });
    expect(ok(table.start(l, hostActs, 's', 0)).game.options.grid).toBe(7);
  });

  it('names computer seats apart, and only the host or a moderator adds, removes, starts or cancels', () => {
    let l = lobby();
    l = ok(table.addAi(l, hostActs, 'hard', 'Hard AI'));
    l = ok(table.addAi(l, { userId: 'x', moderator: true }, 'hard', 'Hard AI'));
    expect(l.seats.map((s) => s.name)).toEqual(['Host', 'Hard AI', 'Hard AI 2']);
    const stranger = { userId: 'x', moderator: false };
    for (const r of [
      table.addAi(l, stranger, 'easy', 'Easy AI'),
      table.removeAi(l, stranger),
      table.start(l, stranger, 's', 0),
      table.cancel(l, stranger, 0),
    ]) {
      expect(r).toEqual({ ok: false, refusal: { code: 'host-only' } });
    }
    expect(ok(table.removeAi(l, hostActs)).seats.map((s) => s.name)).toEqual(['Host', 'Hard AI']);
    expect(table.removeAi(lobby(), hostActs)).toEqual({ ok: false, refusal: { code: 'no-ai-seat' } });
  });

  it('starts a game whose thread is the lobby message, the turn beginning now; options for other counts left out', () => {
    const t = started(3, { ...SETTINGS, balancedOpening: true, threePlayerClassic: true });
    expect(t).toMatchObject({ status: 'playing', turnStartedAt: 2000, messages: { threadId: 't' } });
    expect(t.game.options).toMatchObject({ players: 3, threePlayer: 'classic', balancedOpening: false });
  });
});

describe('a running table', () => {
  it('lets only the player whose turn it is act, at the current turn', () => {
    const t = started(2);
    const now = table.currentTurn(t)!;
    const other = now.player === 0 ? 1 : 0;
    const userOf = (p: number) => (t.seats[p]!.kind === 'human' ? (t.seats[p] as HumanSeat).userId : '');
    expect(table.mayAct(t, { kind: 'user', userId: userOf(now.player) }, 0).ok).toBe(true);
    expect(table.mayAct(t, { kind: 'user', userId: userOf(other) }, 0)).toEqual({
      ok: false,
      refusal: { code: 'not-your-turn', player: now.player },
    });
    expect(table.mayAct(t, { kind: 'user', userId: 'stranger' }, 0)).toEqual({
      ok: false,
      refusal: { code: 'not-seated' },
    });
    expect(table.mayAct(t, { kind: 'user', userId: userOf(now.player) }, 1)).toEqual({
      ok: false,
      refusal: { code: 'stale-turn' },
    });
    expect(table.mayAct(lobby(), { kind: 'seat', player: 0 }, 0)).toEqual({
      ok: false,
      refusal: { code: 'not-started' },
    });
  });

  it('plays a whole game move by move (place then claim together), then finishes', () => {
    let t: table.GameTable = started(2);
    let moves = 0;
    for (let now = table.currentTurn(t); now; now = table.currentTurn(t)) {
      const game = now.table.game;
      const out: table.MoveOutcome = ok(
        table.playMove(t, { kind: 'seat', player: now.player }, game.turn, simpleMove(now), 5000 + moves),
      );
      expect(out.before).toBe(game);
      t = out.table;
      moves++;
      if (t.status === 'playing') expect(t.turnStartedAt).toBe(5000 + moves - 1);
    }
    expect(t.status).toBe('finished');
    expect(prompt(t.game).kind).toBe('over');
    expect(moves).toBeGreaterThan(8);
  });

  it('refuses an illegal move with the engine reason, and changes nothing', () => {
    const t = started(2);
    const now = table.currentTurn(t)!;
    const r = table.playMove(t, { kind: 'seat', player: now.player }, 0, { placed: { kind: 'none' }, claim: 999 }, 0);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.refusal.code).toBe('illegal-move');
  });

  it('is cancelled by the host or a moderator only, never as a lobby or once over', () => {
    const t = started(2);
    expect(table.cancelGame(t, { userId: 'u0', moderator: false }, 0)).toEqual({
      ok: false,
      refusal: { code: 'host-only' },
    });
    expect(ok(table.cancelGame(t, { userId: 'u0', moderator: true }, 9))).toMatchObject({
      status: 'cancelled',
      finishedAt: 9,
    });
    expect(table.cancelGame(lobby(), hostActs, 0)).toEqual({ ok: false, refusal: { code: 'lobby-has-cancel' } });
  });

  it('keeps one hint per user and turn', () => {
    const t = started(2);
    const used = table.useHint(t, 'h')!;
    expect(table.hintUsed(used, 'h', 0)).toBe(true);
    expect(table.useHint(used, 'h')).toBeNull();
    expect(table.hintUsed(used, 'h', 1)).toBe(false);
  });
});
