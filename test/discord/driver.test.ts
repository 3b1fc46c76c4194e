/**
 * The table driver and the handlers around it, without Discord: fake places that
 * record every write (test/support/room.ts), a real store, the bot's own clock moved
 * by hand. What players would notice: boards posted once and in order, old buttons
 * cleared, reminders and automatic moves on time, a locked thread waited for, a
 * refusal told once, failures tried again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as clock from '../../src/runtime/clock.js';
import * as table from '../../src/table/index.js';
import { keep, save } from '../../src/store/index.js';
import { makeMove } from '../../src/discord/services/move.js';
import { dmIfAsked } from '../../src/discord/services/notify.js';
import { imBack, setClock } from '../../src/discord/handlers/moderation.js';
import { openRoom, type Room } from '../support/room.js';
import { simpleMove } from '../support/table-moves.js';
import type { HumanSeat, PlayingTable, Table, TableSeat, TableSettings } from '../../src/table/index.js';

const ana: HumanSeat = { kind: 'human', userId: 'ana', name: 'Ana' };
const ben: HumanSeat = { kind: 'human', userId: 'ben', name: 'Ben' };
const robot: TableSeat = { kind: 'ai', level: 'easy', name: 'Bot' };
const UNTIMED: TableSettings = { ...NO_VARIANTS, turnTimerS: 0 };
const LIVE: TableSettings = { ...NO_VARIANTS, turnTimerS: 600 };
const MINUTE = 60_000;

let room: Room;
let id = 0;

beforeEach(async () => {
  room = await openRoom();
});
afterEach(async () => {
  await room.driver.idle();
  await room.close();
});

/** A new game at the table, saved and handed to the driver: its first board posted. */
async function startGame(others: readonly TableSeat[], settings: TableSettings): Promise<string> {
  const key = `t${++id}`;
  const lobby = table.newLobby({
    id: key,
    guildId: 'g',
    channelId: 'c',
    host: ana,
    others,
    settings,
    now: clock.now(),
  });
  const started = table.start(lobby, { userId: 'ana', moderator: false }, `seed${id}`, clock.now());
  if (!started.ok) throw new Error(started.refusal.code);
  const saved = await room.store.create(key, started.value);
  await room.driver.settle(key, saved);
  await room.driver.idle();
  return key;
}

async function load(key: string): Promise<Table> {
  const loaded = await room.store.get(key);
  if (loaded.kind !== 'found') throw new Error(loaded.kind);
  return loaded.table;
}

/** The human to move makes a simple move by a click; resolves once the driver is idle again. */
async function humanMoves(key: string): Promise<string> {
  const t = await load(key);
  const turn = table.currentTurn(t)!;
  const userId = (turn.seat as HumanSeat).userId;
  const made = await makeMove(room.bot, key, {
    turn: t.status === 'playing' ? t.game.turn : -1,
    mover: { kind: 'user', userId },
    move: simpleMove(turn),
  });
  if (!made.ok) throw new Error(made.refusal);
  await room.driver.idle();
  return userId;
}

/** Moves the bot's clock on and lets what fell due run. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  await new Promise((resolve) => setImmediate(resolve));
  await room.driver.idle();
}

describe('the table driver', () => {
  it('a move and its board: one load and two saves; the old board cleared, the new one live', async () => {
    const key = await startGame([ben], UNTIMED);
    expect(room.places.live()).toEqual(['m1']);
    const t = (await load(key)) as PlayingTable;
    const turn = table.currentTurn(t)!;
    const mover = { kind: 'user' as const, userId: (turn.seat as HumanSeat).userId };
    const before = room.store.counts();
    await makeMove(room.bot, key, { turn: t.game.turn, mover, move: simpleMove(turn) });
    await room.driver.idle();
    const after = room.store.counts();
    expect({ loads: after.loads - before.loads, saves: after.saves - before.saves }).toEqual({ loads: 1, saves: 2 });
    expect(room.places.of('post').map((p) => p.id)).toEqual(['m1', 'm2']);
    expect(room.places.of('clear')).toEqual([{ kind: 'clear', id: 'm1' }]);
    expect(room.places.live()).toEqual(['m2']);
    expect((await load(key)).messages.turnMessageId).toBe('m2');
    expect(room.driver.armed()).toBe(0);
  });

  it('a live turn: one timer; the reminder at half time with a ping, then the move made at the deadline', async () => {
    const key = await startGame([ben], LIVE);
    const waiting = table.currentTurn(await load(key))!.seat as HumanSeat;
    expect(room.driver.armed()).toBe(1);
    await advance(5 * MINUTE);
    const reminders = room.places.of('notice');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ ping: [waiting.userId] });
    expect(reminders[0]!.content).toMatch(/still your turn/);
    expect(room.driver.armed()).toBe(1);
    await advance(5 * MINUTE);
    expect(room.places.of('post').at(-1)!.content).toMatch(/Time ran out/);
    expect(room.driver.armed()).toBe(1);
  });

  it('a clock jumping past a deadline reminds, then moves: each once, in order', async () => {
    const key = await startGame([ben], LIVE);
    await advance(11 * MINUTE);
    const kinds = room.places.writes.map((w) => w.kind);
    expect(kinds.slice(1, 3)).toEqual(['notice', 'post']);
    expect(room.places.of('notice')).toHaveLength(1);
    expect(table.currentTurn(await load(key))).not.toBeNull();
  });

  it('a game over days falling due while the due poll waits on the store is found: the poll goes again after', async () => {
    const key = await startGame([ben], table.withPace(UNTIMED, '1d'));
    const waiting = table.currentTurn(await load(key))!.seat as HumanSeat;
    // The store answers the poll late, with the tables due when it was asked.
    const { store } = room;
    const dueTables = store.dueTables.bind(store);
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let answeredAgain = (): void => {};
    const again = new Promise<void>((resolve) => (answeredAgain = resolve));
    store.dueTables = async (until) => {
      const due = await dueTables(until);
      if (++asked === 1) await gate;
      else answeredAgain();
      return due;
    };
    room.driver.resume([], []);
    clock.advance(table.DUE_POLL_MS);
    // The clock moves past the reminder and the deadline meanwhile.
    clock.advance(24 * 60 * MINUTE);
    release();
    await again;
    await advance(0);
    expect(room.places.of('notice')).toMatchObject([{ ping: [waiting.userId] }]);
    expect(room.places.of('post').at(-1)!.content).toMatch(/Time ran out/);
  });

  it('a computer waits for undo’s grace after a human move, then plays; its move told with the next board', async () => {
    const key = await startGame([robot], UNTIMED);
    // The computer's opening picks come at once; Ana plays until the computer is next.
    for (;;) {
      const posts = room.places.of('post').length;
      await humanMoves(key);
      if (room.places.of('post').length === posts) break;
    }
    expect(room.driver.armed()).toBe(1);
    const posts = room.places.of('post').length;
    const undo = (await load(key)).undo!;
    // Real time passes too: stop a little short of the grace's end, then go past it.
    await advance(undo.at + room.bot.config.undoGraceMs - clock.now() - 100);
    expect(room.places.of('post')).toHaveLength(posts);
    await advance(100);
    expect(room.places.of('post').length).toBeGreaterThan(posts);
    expect(room.places.of('post').at(-1)!.content).toMatch(/Ana[\s\S]*Bot/);
  });

  it('a locked thread: nothing posted, the lobby’s channel told once; unlocked, the board, then the old buttons cleared', async () => {
    const key = await startGame([ben], UNTIMED);
    room.places.locked_ = true;
    // A move made meanwhile (a DM's Your turn still works).
    const t = await load(key);
    const turn = table.currentTurn(t)!;
    const mover = { kind: 'user' as const, userId: (turn.seat as HumanSeat).userId };
    await makeMove(room.bot, key, { turn: (t as PlayingTable).game.turn, mover, move: simpleMove(turn) });
    await room.driver.idle();
    expect(room.places.of('post')).toHaveLength(1);
    expect(room.places.of('notice')).toEqual([expect.objectContaining({ in: 'lobby' })]);
    expect((await load(key)) as PlayingTable).toMatchObject({ threadLocked: true });
    room.places.locked_ = false;
    const { table: unlocked } = await room.store.update(key, (current) => {
      if (current.status !== 'playing') return keep();
      const { threadLocked: _locked, ...rest } = current;
      return save(rest);
    });
    await room.driver.settle(key, unlocked);
    await room.driver.idle();
    expect(room.places.of('post')).toHaveLength(2);
    expect(room.places.live()).toEqual(['m2']);
    expect(room.places.of('notice')).toHaveLength(1);
  });

  it('a change told late, with the table from before its board was posted: the board is not posted again', async () => {
    const key = await startGame([ben], UNTIMED);
    const told: Table[] = [];
    room.driver.watch((t) => told.push(t));
    await humanMoves(key);
    expect(room.places.of('post').map((p) => p.id)).toEqual(['m1', 'm2']);
    // Another handler's save (the host handed over, say) from before the board was posted, told after it was.
    const owing = told.find((t) => table.boardsOwed(t).length > 0);
    expect(owing).toBeDefined();
    await room.driver.settle(key, owing);
    await room.driver.idle();
    expect(room.places.of('post').map((p) => p.id)).toEqual(['m1', 'm2']);
    expect(room.places.live()).toEqual(['m2']);
  });

  it('a post that fails is tried again after a backoff, and made once', async () => {
    room.places.postFailures.push(new Error('Discord is down'));
    const key = await startGame([ben], UNTIMED);
    expect(room.places.of('post')).toHaveLength(0);
    expect(room.driver.armed()).toBe(1);
    await advance(1_000);
    expect(room.places.of('post')).toHaveLength(1);
    expect(table.pendingPosts(await load(key))).toEqual([]);
    expect(room.driver.armed()).toBe(0);
  });

  it('two direct messages refused at once: the player is told once, and none is tried again', async () => {
    const key = await startGame([ben], UNTIMED);
    await room.store.setNotifyPrefs('ben', { directMessages: true, refused: false });
    room.places.dmAnswer = 'refused';
    const t = (await load(key)) as PlayingTable;
    await Promise.all([dmIfAsked(room.bot, t, 'ben', () => 'one'), dmIfAsked(room.bot, t, 'ben', () => 'two')]);
    expect(room.places.of('notice')).toHaveLength(1);
    expect(room.places.of('notice')[0]!.content).toMatch(/would not let me send you a direct message/);
    await dmIfAsked(room.bot, t, 'ben', () => 'three');
    expect(room.places.of('dm')).toHaveLength(2);
  });
});

describe('the handlers around it', () => {
  it("I'm back on the live board shows it as a fresh one would: its moves, whose turn, the deadline once", async () => {
    const key = await startGame([ben], table.withPace(LIVE, '1d'));
    await humanMoves(key);
    const t = (await load(key)) as PlayingTable;
    const turn = table.currentTurn(t)!;
    const away = turn.seat as HumanSeat;
    // The host hands the seat to the computer, then gives it back... by "I'm back" of an absent player:
    const absent = {
      ...t,
      seats: t.seats.map((s, i) =>
        i === turn.player ? { ...away, standIn: { reason: 'absent' as const, by: null, at: 0, told: true } } : s,
      ),
    };
    const { table: saved } = await room.store.update(key, () => save(absent));
    const click = { tableId: key, userId: away.userId, player: turn.player, messageId: saved.messages.turnMessageId! };
    const first = await imBack(room.bot, click);
    const again = await imBack(room.bot, click);
    if (first.kind !== 'update') throw new Error(first.kind);
    const lines = (first.message.content ?? '').split('\n');
    expect(lines.filter((l) => /your turn/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /Move due/.test(l))).toHaveLength(1);
    expect(lines[0]).toMatch(/placed|took/);
    expect(again.kind).toBe('private');
    await room.driver.idle();
  });

  it('pausing the clock tells the thread and disarms the turn; resuming arms it again', async () => {
    const key = await startGame([ben], LIVE);
    expect(room.driver.armed()).toBe(1);
    const host = { tableId: key, guildId: 'g', userId: 'ana', moderator: false };
    await setClock(room.bot, host, true);
    await room.driver.idle();
    expect(room.driver.armed()).toBe(0);
    expect(room.places.of('notice').at(-1)!.content).toMatch(/paused/);
    await setClock(room.bot, host, false);
    await room.driver.idle();
    expect(room.driver.armed()).toBe(1);
  });
});
