/**
 * Undo of one's own move until the next player acts: the table and its record as
 * before the move, the board it posted withdrawn; refused once the next player
 * clicked; a computer player waits out the grace first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type TableStore } from '../../src/store/index.js';
import { prompt } from '../../src/game/index.js';
import type { PlayingTable } from '../../src/table/index.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  moveByPanel,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
} from './harness.js';

async function gameOf(store: TableStore, threadId: string) {
  const loaded = await store.get(threadId);
  if (loaded.kind !== 'found' || loaded.table.status !== 'playing') throw new Error('no game');
  return loaded.table;
}

/** Is the next move a computer seat's? */
function computerToPlay(table: PlayingTable): boolean {
  const next = prompt(table.game);
  return next.kind !== 'over' && table.seats[next.player]?.kind !== 'human';
}

/** `user` moves until a move of theirs is followed by a computer's: that move's panel, and the table before it. */
async function moveBeforeComputer(world: World, store: TableStore, threadId: string, user: FakeUser) {
  const { discord } = world;
  for (;;) {
    const boards = boardCount(discord, threadId);
    const before = await gameOf(store, threadId);
    const done = await moveByPanel(discord, lastMessage(discord, threadId), user);
    if (computerToPlay(await gameOf(store, threadId))) return { before, done };
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board of the move');
    await discord.waitFor(() => userToPlay(discord, lastMessage(discord, threadId))?.id === user.id, 'the turn again');
  }
}

describe('undo', () => {
  let world: World;
  let store: TableStore;
  beforeAll(async () => {
    world = await launch({}, { UNDO_GRACE_MS: '60000' });
    store = await openStore({ dataDir: world.dataDir });
  });
  afterAll(async () => {
    await store?.close();
    await world?.close();
  });

  it('takes the move back, withdraws its board, and is refused once the next player clicked', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', ['bob']);
    const turn = lastMessage(discord, threadId);
    const user = userToPlay(discord, turn)!;
    const before = await gameOf(store, threadId);
    const boards = boardCount(discord, threadId);
    const done = await moveByPanel(discord, turn, user);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board of the move');
    const posted = lastMessage(discord, threadId);

    const again = await (await discord.click(done, done.button(/Undo/).customId!, user)).reply();
    // The panel of the same turn again, the game as before the move, its board gone.
    expect(again.buttons().some((b) => b.customId?.startsWith('k1:k:'))).toBe(true);
    const back = await gameOf(store, threadId);
    expect(back.game).toEqual(before.game);
    expect(back.seats).toEqual(before.seats);
    await discord.waitFor(() => !discord.messages(threadId).some((m) => m.id === posted.id), 'the board withdrawn');
    await discord.waitFor(() => userToPlay(discord, lastMessage(discord, threadId))?.id === user.id, 'the turn again');

    // Moves again until the next move is someone else's, who clicks first: too late.
    let done2: FakeMessage;
    let next: FakeMessage;
    do {
      const mover = userToPlay(discord, lastMessage(discord, threadId))!;
      const boardsNow = boardCount(discord, threadId);
      done2 = await moveByPanel(discord, lastMessage(discord, threadId), mover);
      await discord.waitFor(() => boardCount(discord, threadId) > boardsNow, 'the next board');
      next = lastMessage(discord, threadId);
      if (userToPlay(discord, next)?.id !== mover.id) {
        await (await discord.click(next, yourTurnId(next), userToPlay(discord, next)!)).reply();
        const late = await (await discord.click(done2, done2.button(/Undo/).customId!, mover)).reply();
        expect(late.content).toMatch(/Too late to undo/);
        expect(lastMessage(discord, threadId).id).toBe(next.id);
        return;
      }
    } while (userToPlay(discord, next) !== null);
    throw new Error('the next player never changed');
  });

  it('against a computer player: undone within the grace; after it, the computer moves', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'carol', [], { 'ai-seats': 1, 'ai-level': 'easy' });
    await discord.waitFor(() => userToPlay(discord, lastMessage(discord, threadId)) !== null, "carol's turn");
    const user = userToPlay(discord, lastMessage(discord, threadId))!;
    // The kings' order is drawn: carol may pick twice in a row, each pick then shown at once.
    const { before, done } = await moveBeforeComputer(world, store, threadId, user);
    const again = await (await discord.click(done, done.button(/Undo/).customId!, user)).reply();
    expect(again.buttons().length).toBeGreaterThan(0);
    expect((await gameOf(store, threadId)).game).toEqual(before.game);
    // The same move again, and the grace runs out: the computer plays, the board shows both moves.
    const boards = boardCount(discord, threadId);
    await moveByPanel(discord, lastMessage(discord, threadId), user);
    await world.advance(60_000);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board after the computer move');
    expect(lastMessage(discord, threadId).content).toMatch(
      /\*\*carol\*\* (placed|took)[^\n]*\n[^\n]*Easy[^\n]* (placed|took)/,
    );
  });
});
