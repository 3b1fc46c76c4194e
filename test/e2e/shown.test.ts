/**
 * Every saved move is shown (issue 11, holes 1 and 3): a move saved while Discord
 * refuses the board, then the bot killed, is posted after the restart, exactly once,
 * and the next player is pinged once; /kingdomino status's board does not leave a
 * live button behind.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FakeMessage } from '../fake-discord/model.js';
import { matchesRequest } from '../fake-discord/server.js';
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
  const posts = discord.postsIn(threadId);
  const allow = discord.expectError({ ...posts, status: 500 });
  discord.injectFault(posts, { kind: 'server-error', status: 500 }, 1_000);
  const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'))!;
  const answer = await (await discord.click(panel, take.customId!, player)).reply();
  // The move is saved; the player is told the board is late, not that the move failed.
  expect(answer.content).toMatch(/could not post the board/);
  await discord.waitFor(
    () => discord.requests.filter((r) => matchesRequest(posts, r) && r.status === 500).length >= 2,
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
  ).publicAnswer();
  expect(status.button(/^Your turn/)).toBeTruthy();
  // The older turn message's button is taken off: only one live "Your turn" at a time.
  await discord.waitFor(() => turn.buttons().length === 0, 'the old turn button cleared');
  const player = userToPlay(discord, status)!;
  await playMove(discord, threadId, status, player);
  await discord.waitFor(() => status.buttons().length === 0, 'the status button cleared after the move');
  await discord.assertClean();
});

/** The route the board was posted on: through an interaction's webhook, or the channel's. */
function postedOn(discord: World['discord'], board: FakeMessage): string | null {
  const made = discord.requests.find(
    (r) => r.method === 'POST' && r.status === 200 && (r.response as { id?: string } | null)?.id === board.id,
  );
  return made?.route ?? null;
}

it('a move made by a click is posted through its thread interaction: no request against the global limit', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', ['bob']);
  // The first board was posted on the channel's route (no interaction had been made in the thread yet). So may the
  // first move's be: its click can come before the bot hears that the "Your turn" it followed was answered (here
  // that answer reaches it late), and nothing else has lent the thread a webhook yet.
  const first = lastMessage(discord, threadId);
  discord.injectFault({ method: 'POST', path: '/interactions/:id/:token/callback' }, { kind: 'late', delayMs: 50 });
  let before = first;
  let turn = await playMove(discord, threadId, first, userToPlay(discord, first)!);
  // From the first board posted through a webhook on, everything is.
  for (let moves = 1; postedOn(discord, turn) !== '/webhooks/:app/:token'; moves++) {
    expect(moves, 'moves until a board is posted through a webhook').toBeLessThan(3);
    before = turn;
    turn = await playMove(discord, threadId, turn, userToPlay(discord, turn)!);
  }
  await discord.waitFor(() => before.buttons().length === 0, 'the board before it cleared');
  const from = discord.requests.length;
  const next = await playMove(discord, threadId, turn, userToPlay(discord, turn)!);
  // The next move clears this move's button, also through a webhook.
  await playMove(discord, threadId, next, userToPlay(discord, next)!);
  await discord.waitFor(() => next.buttons().length === 0, 'the button of the previous board cleared');
  const made = discord.requests.slice(from);
  expect(made.filter((r) => r.global)).toEqual([]);
  expect(made.filter((r) => r.route === '/webhooks/:app/:token' && r.status === 200)).toHaveLength(2);
  await discord.assertClean();
});

it('once the interaction tokens of a thread have expired, its boards go back to the channel route', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'carol', ['dave']);
  const turn = lastMessage(discord, threadId);
  const next = await playMove(discord, threadId, turn, userToPlay(discord, turn)!);
  const player = userToPlay(discord, next)!;
  const panel = await (await discord.click(next, yourTurnId(next), player)).reply();
  // The player thinks for 16 minutes: the thread's last token (their "Your turn") has expired, and
  // Discord refuses it (50027; the bot's own clock has not moved, so it tries).
  discord.advanceClock(16 * 60_000);
  const allow = [
    discord.expectError({ method: 'POST', path: '/webhooks/:app/:token', status: 401 }),
    discord.expectError({ method: 'PATCH', path: '/webhooks/:app/:token/messages/:message', status: 401 }),
  ];
  const from = discord.requests.length;
  const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'))!;
  const answer = await (await discord.click(panel, take.customId!, player)).reply();
  expect(answer.content).toMatch(/^✅/);
  const boards = discord.requests
    .slice(from)
    .filter((r) => r.method === 'POST' && r.files.length > 0 && r.status === 200);
  expect(boards.map((r) => r.route)).toEqual(['/channels/:channel/messages']);
  // The previous board's button, posted through that token, is cleared on the channel's route too.
  await discord.waitFor(() => next.buttons().length === 0, 'the previous button cleared');
  for (const a of allow) a();
  await discord.assertClean();
});
