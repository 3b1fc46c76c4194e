/**
 * Every saved move is shown (issue 11, holes 1 and 3): a move saved while Discord
 * refuses the board, then the bot killed, is posted after the restart, exactly once,
 * and the next player is pinged once; /kingdomino status's board does not leave a
 * live button behind.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  boardCount,
  lastMessage,
  launch,
  playMove,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
} from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch();
});

afterAll(async () => {
  await world?.close();
});

it('a move whose board Discord refused, then a crash: the restarted bot posts it once and pings the next player once', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', ['bob']);
  const turn = lastMessage(discord, threadId);
  const player = userToPlay(discord, turn)!;
  const panel = await (await discord.click(turn, yourTurnId(turn), player)).reply();
  const boards = boardCount(discord, threadId);
  const posts = { method: 'POST', path: `/channels/${threadId}/messages` };
  const allow = discord.expectError({ ...posts, status: 500 });
  discord.injectFault(posts, { kind: 'server-error', status: 500 }, 1_000);
  const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'))!;
  const answer = await (await discord.click(panel, take.customId!, player)).reply();
  // The move is saved; the player is told the board is late, not that the move failed.
  expect(answer.content).toMatch(/could not post the board/);
  await discord.waitFor(
    () => discord.requests.filter((r) => r.method === 'POST' && r.path === posts.path && r.status === 500).length >= 2,
    'a retry of the post',
  );
  await world.restart({}, async () => {
    discord.clearFaults();
    allow();
  });
  await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board of the saved move');
  // Give a duplicate every chance to appear: the next move goes through normally.
  const next = lastMessage(discord, threadId);
  const nextPlayer = userToPlay(discord, next)!;
  expect(next.pinged).toEqual([nextPlayer.id]);
  await playMove(discord, threadId, next, nextPlayer);
  expect(boardCount(discord, threadId)).toBe(boards + 2);
  const pings = discord.messages(threadId).filter((m) => m.pinged.includes(nextPlayer.id) && m.id === next.id);
  expect(pings).toHaveLength(1);
  // The turn message of the move before the crash lost its live button.
  expect(turn.buttons()).toHaveLength(0);
  await discord.assertClean();
});

it('/kingdomino status: its board is the live one, and its button is cleared by the next move', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'carol', ['dave']);
  const turn = lastMessage(discord, threadId);
  const status = await (
    await discord.slashCommand({ user: 'erin', channel: threadId, name: 'kingdomino', subcommand: 'status' })
  ).reply();
  expect(status.button(/^Your turn/)).toBeTruthy();
  // The older turn message's button is taken off: only one live "Your turn" at a time.
  await discord.waitFor(() => turn.buttons().length === 0, 'the old turn button cleared');
  const player = userToPlay(discord, status)!;
  await playMove(discord, threadId, status, player);
  await discord.waitFor(() => status.buttons().length === 0, 'the status button cleared after the move');
  await discord.assertClean();
});
