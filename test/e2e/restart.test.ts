/**
 * The bot killed (SIGKILL) in the middle of a game and started again: the game
 * goes on from the same state, the buttons posted before the crash still work,
 * and a computer player whose turn it was plays on by itself, even when Discord no
 * longer lists the game's thread (auto-archived while the bot was down).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import { currentTurn } from '../../src/table/index.js';
import { openStore } from '../../src/store/index.js';
import {
  boardCount,
  exportRecords,
  isFinal,
  lastMessage,
  launch,
  moveByPanel,
  playToEnd,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
  WHOLE_GAME_MS,
} from './harness.js';

let world: World;

/**
 * Humans move (by their panels) until a computer seat is to move: its move, and the
 * board telling the humans' moves held before it (table/outbox.ts), are still to come.
 */
async function untilComputerToMove(threadId: string): Promise<void> {
  const { discord } = world;
  const store = await openStore({ dataDir: world.dataDir });
  try {
    for (;;) {
      const loaded = await store.get(threadId);
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing') throw new Error('no game running');
      const now = currentTurn(loaded.table)!;
      if (now.seat.kind === 'ai') return;
      const turn = lastMessage(discord, threadId);
      await moveByPanel(discord, turn, userToPlay(discord, turn)!);
      // The answer comes once the move is saved and its board, if any, posted.
    }
  } finally {
    await store.close();
  }
}

/** Slow AI moves after the first restart, so the bot can be killed while an AI seat is about to move. */
const SLOW_AI = { AI_MOVE_DELAY_MS: '1500' };

beforeAll(async () => {
  world = await launch();
});

afterAll(async () => {
  await world?.close();
});

it(
  'survives SIGKILL: old buttons work, AI seats resume, the game ends with a valid record',
  { timeout: WHOLE_GAME_MS },
  async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'normal' });

    // Wait for a human's turn, open their panel, and kill the bot with the panel open.
    await discord.waitFor(() => userToPlay(discord, lastMessage(discord, threadId)), 'a human turn');
    const turn = lastMessage(discord, threadId);
    const player = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), player)).reply();
    const boards = boardCount(discord, threadId);
    await world.restart(SLOW_AI);

    // The private panel from before the crash still works: its pick (or confirm) goes through.
    const button = panel.buttons().find((b) => b.customId?.startsWith('k1:k:')) ?? panel.button(/Confirm/);
    await (await discord.click(panel, button.customId!, player)).reply();
    const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'));
    if (pick) await (await discord.click(panel, pick.customId!, player)).reply();
    // The move went through (a computer's moves after it share its board: table/outbox.ts).
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the move made with a pre-crash button');

    // Play humans until the AI is to move, then kill the bot before it does.
    await untilComputerToMove(threadId);
    expect(isFinal(lastMessage(discord, threadId))).toBe(false);
    const beforeKill = boardCount(discord, threadId);
    await world.restart({ AI_MOVE_DELAY_MS: '0' });
    // Nobody clicks: the restarted bot sees the AI's turn and plays it.
    await discord.waitFor(() => boardCount(discord, threadId) > beforeKill, 'the AI move after the restart');
    expect(boardCount(discord, threadId)).toBe(beforeKill + 1);

    const final = await playToEnd(discord, threadId);
    expect(final.content).toMatch(/Game over!/);
    const [record] = await exportRecords(discord, threadId, 'alice');
    const checked = checkRecord(record);
    expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
    await discord.assertClean();
  },
);

it('resumes a game whose thread was archived while the bot was down, and logs one whose thread is gone', async () => {
  const { discord } = world;
  // The AI takes its time, so the bot can be killed while it is the AI's turn.
  await world.restart({ AI_MOVE_DELAY_MS: '60000' });
  const threadId = await startTable(discord, 'bob', [], { 'ai-seats': 1, 'ai-level': 'easy' });
  await untilComputerToMove(threadId);
  const beforeKill = boardCount(discord, threadId);
  const goneThread = '1000000000000000001';

  await world.restart({ AI_MOVE_DELAY_MS: '0' }, async () => {
    // What Discord does to a quiet thread: archived threads are not in GUILD_CREATE.
    discord.thread(threadId)!.thread!.archived = true;
    // A game whose thread was deleted meanwhile.
    const store = await openStore({ dataDir: world.dataDir });
    const loaded = await store.get(threadId);
    if (loaded.kind !== 'found') throw new Error('the running game is not stored');
    const { version: _v, updatedAt: _u, ...table } = loaded.table;
    await store.create(goneThread, {
      ...table,
      id: goneThread,
      messages: { ...table.messages, lobbyMessageId: goneThread, threadId: goneThread },
    });
    await store.close();
    discord.expectError({ status: 404, code: 10003, path: `/channels/${goneThread}` });
  });

  await discord.waitFor(() => boardCount(discord, threadId) > beforeKill, 'the AI move in the archived thread');
  expect(discord.thread(threadId)!.thread!.archived).toBe(false);
  expect(
    discord.requests.some(
      (r) =>
        r.method === 'PATCH' &&
        r.path === `/channels/${threadId}` &&
        (r.body as { archived?: boolean }).archived === false,
    ),
  ).toBe(true);
  expect(world.bot.stdout + world.bot.stderr).toMatch(
    new RegExp(`the game thread no longer exists.*game=${goneThread}`),
  );
  world.bot.assertRunning();
  await discord.assertClean();
});
