/**
 * Clicks that must change nothing, each answered with a short private message:
 * a stranger's, an out-of-turn player's, a stale button, a forged custom_id; two
 * clicks on the same button at the same instant make exactly one move; a channel
 * where the bot lacks a permission gets a clear message, and the bot lives on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  openLobby,
  playMove,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
} from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch({ channels: ['kingdomino', { name: 'no-threads', deny: ['CreatePublicThreads'] }] });
});

afterAll(async () => {
  await world?.close();
});

/** The private answer to a click or command, and a check that it really was private. */
async function privateAnswer(pending: Promise<{ reply(): Promise<FakeMessage> }>): Promise<string> {
  const reply = await (await pending).reply();
  expect(reply.ephemeral).toBe(true);
  return reply.content;
}

describe('clicks that must not change the game', () => {
  let threadId: string;
  let turn: FakeMessage;
  /** The first turn message's button, kept: the bot takes it off once the turn is over. */
  let firstTurnButton: string;

  beforeAll(async () => {
    threadId = await startTable(world.discord, 'alice', ['bob']);
    turn = lastMessage(world.discord, threadId);
    firstTurnButton = yourTurnId(turn);
  });

  it('a stranger is told they are not in the game', async () => {
    const { discord } = world;
    const before = boardCount(discord, threadId);
    expect(await privateAnswer(discord.click(turn, yourTurnId(turn), 'erin'))).toBe('You are not in this game.');
    expect(boardCount(discord, threadId)).toBe(before);
  });

  it('a player out of turn is told whose turn it is', async () => {
    const { discord } = world;
    const current = userToPlay(discord, turn);
    const other = current?.username === 'alice' ? 'bob' : 'alice';
    const answer = await privateAnswer(discord.click(turn, yourTurnId(turn), other));
    // Named as everywhere: the seat's colour on the pictures, then the name.
    expect(answer).toMatch(new RegExp(`^It is \\S+ \\*\\*${current?.globalName}\\*\\*'s turn\\.$`));
  });

  it('a forged custom_id is refused', async () => {
    const { discord } = world;
    const current = userToPlay(discord, turn)!;
    const before = boardCount(discord, threadId);
    for (const forged of ['k1:k:0:-:99', 'k1:p:0:9.9.9', 'hello', 'k1:y:abc', `k1:k:${'9'.repeat(90)}`]) {
      const answer = await privateAnswer(discord.click(turn, forged, current, { force: true }));
      expect(answer).toMatch(/not one I recognise|earlier turn|not possible/);
    }
    expect(boardCount(discord, threadId)).toBe(before);
  });

  it('two clicks on the same pick at the same instant make one move, and both are answered', async () => {
    const { discord } = world;
    const current = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), current)).reply();
    const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'))!;
    const before = boardCount(discord, threadId);
    const [a, b] = await Promise.all([
      discord.click(panel, pick.customId!, current),
      discord.click(panel, pick.customId!, current),
    ]);
    await Promise.all([a.response(), b.response()]);
    await discord.waitFor(() => boardCount(discord, threadId) > before, 'the move');
    const texts = [a, b].map((i) => String(i.callback?.data?.content ?? ''));
    expect(texts.filter((t) => t.startsWith('✅'))).toHaveLength(1);
    expect(texts.some((t) => /earlier turn/.test(t))).toBe(true);
    expect(boardCount(discord, threadId)).toBe(before + 1);
  });

  it('the previous turn message is stale now', async () => {
    const { discord } = world;
    const next = lastMessage(discord, threadId);
    const current = userToPlay(discord, next)!;
    expect(turn.buttons()).toHaveLength(0);
    const answer = await privateAnswer(discord.click(turn, firstTurnButton, current, { force: true }));
    expect(answer).toBe('This button is from an earlier turn.');
    // The game goes on from the live button.
    await playMove(discord, threadId, next, current);
    await discord.assertClean();
  });
});

describe('permissions', () => {
  it('says which permission is missing instead of failing', async () => {
    const { discord } = world;
    const channel = discord.channelNamed('no-threads').id;
    const command = await discord.slashCommand({ user: 'alice', channel, name: 'kingdomino', subcommand: 'start' });
    const reply = await command.reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toMatch(/missing \*\*Create Public Threads\*\*/);
    // Still alive and well: a game starts in a channel where it may.
    const lobby = await openLobby(discord, 'bob');
    expect(lobby.button('Join')).toBeTruthy();
    world.bot.assertRunning();
    await discord.assertClean();
  });

  it('refuses to start when the permission is taken away after the lobby was opened', async () => {
    const { discord } = world;
    const lobby = await openLobby(discord, 'carol');
    await (await discord.click(lobby, 'k1:j', 'dave')).reply();
    discord.setBotChannelPermissions(discord.channel.id, { deny: ['CreatePublicThreads'] });
    try {
      const answer = await privateAnswer(discord.click(lobby, 'k1:s', 'carol'));
      expect(answer).toMatch(/missing \*\*Create Public Threads\*\*/);
      expect(discord.thread(lobby.id)).toBeUndefined();
      expect(lobby.button('Start').disabled).toBe(false);
    } finally {
      discord.setBotChannelPermissions(discord.channel.id, { allow: ['CreatePublicThreads'] });
    }
    world.bot.assertRunning();
  });

  it('says so when it can no longer post in the game thread, and carries on once it can', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'erin', ['dave']);
    const turn = lastMessage(discord, threadId);
    const user = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
    const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'))!;
    // A follow-up of an interaction in the thread needs no permission to post: let the thread's
    // interaction tokens expire (Discord refuses them, 50027), so the board needs the channel's route.
    discord.advanceClock(16 * 60_000);
    discord.expectError({ method: 'POST', path: '/webhooks/:app/:token', status: 401 });
    discord.expectError({ status: 403, code: 50013 });
    discord.setBotChannelPermissions(discord.channel.id, { deny: ['SendMessagesInThreads'] });
    try {
      const done = await (await discord.click(panel, pick.customId!, user)).reply();
      expect(done.content).toMatch(/could not post the board in the game thread/);
    } finally {
      discord.setBotChannelPermissions(discord.channel.id, { allow: ['SendMessagesInThreads'] });
    }
    world.bot.assertRunning();
    const status = await (
      await discord.slashCommand({ user: 'dave', channel: threadId, name: 'kingdomino', subcommand: 'status' })
    ).publicAnswer();
    expect(status.pngs()).toHaveLength(1);
    expect(status.content).toMatch(/your turn/);
    await discord.assertClean();
  });
});
