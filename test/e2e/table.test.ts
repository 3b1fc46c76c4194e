/**
 * The rest of what players and hosts do around a game: the lobby's buttons and who
 * may press them, the panel's arrows and hint, /kingdomino status, rules, cancel,
 * stats and leaderboard, the rematch; and the token never shows up in the logs.
 */
import { ComponentType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUE_POLL_MS } from '../../src/table/index.js';
import type { FakeMessage } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  openLobby,
  playToEnd,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
  WHOLE_GAME_MS,
} from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch();
});

afterAll(async () => {
  await world?.close();
});

/** A panel's Take (or pick) button that can be pressed. */
const isTake = (b: { readonly disabled?: boolean; readonly customId?: string | null }): boolean =>
  !b.disabled && (b.customId?.startsWith('k1:k:') ?? false);

async function press(lobby: FakeMessage, customId: string, user: string): Promise<FakeMessage> {
  return (await world.discord.click(lobby, customId, user)).reply();
}

function command(
  user: string,
  subcommand: string,
  channel?: string,
  options?: Record<string, string | number | boolean>,
) {
  return world.discord.slashCommand({
    user,
    name: 'kingdomino',
    subcommand,
    ...(channel ? { channel } : {}),
    ...(options ? { options } : {}),
  });
}

describe('the lobby', () => {
  it('seats players, keeps host actions for the host, and closes on Cancel', async () => {
    const lobby = await openLobby(world.discord, 'alice');
    expect(lobby.content).toContain('Seats (1/4)');
    expect(lobby.button('Start').disabled).toBe(true);

    await press(lobby, 'k1:j', 'bob');
    expect(lobby.content).toContain('Seats (2/4)');
    expect((await press(lobby, 'k1:j', 'bob')).content).toBe('You already have a seat at this table.');
    expect((await press(lobby, 'k1:a:hard', 'bob')).content).toMatch(/Only the host/);
    expect((await press(lobby, 'k1:l', 'alice')).content).toMatch(/use Cancel/);

    await press(lobby, 'k1:a:hard', 'alice');
    expect(lobby.content).toContain('Hard AI');
    await press(lobby, 'k1:x', 'alice');
    expect(lobby.content).not.toContain('Hard AI');
    await press(lobby, 'k1:l', 'bob');
    expect(lobby.content).toContain('Seats (1/4)');

    expect((await press(lobby, 'k1:c', 'bob')).content).toMatch(/Only the host/);
    await press(lobby, 'k1:c', 'alice');
    expect(lobby.content).toMatch(/cancelled/);
    expect(lobby.buttons()).toHaveLength(0);
  });

  it('holds exactly two seats in a Mighty Duel', async () => {
    const lobby = await openLobby(world.discord, 'carol', { 'mighty-duel': true });
    expect(lobby.content).toContain('Seats (1/2)');
    await press(lobby, 'k1:j', 'dave');
    expect(lobby.button('Join').disabled).toBe(true);
    expect(lobby.button('Start').disabled).toBe(false);
    await press(lobby, 'k1:c', 'carol');
  });

  it('a game whose thread Discord holds back while the driver polls shows its first board there once it opens', async () => {
    const { discord } = world;
    const lobby = await openLobby(discord, 'erin');
    await press(lobby, 'k1:j', 'owner');
    const threads = { method: 'POST', path: '/channels/:channel/messages/:message/threads' };
    // Thread creation at its limit (5 per 5 s a channel): the bot waits it out, deferring the click meanwhile.
    discord.injectFault(threads, { kind: 'rate-limit', retryAfterMs: 3_000 });
    const start = await discord.click(lobby, 'k1:s', 'erin');
    await start.response();
    // The driver's poll comes while the thread is on its way: the game it finds has no board owed yet.
    await world.advance(DUE_POLL_MS);
    await discord.waitFor(() => boardCount(discord, lobby.id) > 0, 'the first board in the thread');
    expect(userToPlay(discord, lastMessage(discord, lobby.id))).toBeTruthy();
    await discord.assertClean();
  });

  it('a Start finds the thread an earlier Start opened (its answer lost): the game is played there', async () => {
    const { discord } = world;
    const lobby = await openLobby(discord, 'carol');
    await press(lobby, 'k1:j', 'erin');
    const opened = await fetch(`${discord.apiBase}/v10/channels/${lobby.channelId}/messages/${lobby.id}/threads`, {
      method: 'POST',
      headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kingdomino · carol, erin' }),
    });
    expect(opened.status).toBe(201);
    // Discord's answer to the second thread on one message: the bot takes it as its thread being there.
    const allow = discord.expectError({
      method: 'POST',
      path: '/channels/:channel/messages/:message/threads',
      status: 400,
      code: 160004,
    });
    const started = await press(lobby, 'k1:s', 'carol');
    expect(started.content).not.toMatch(/could not open the game thread/);
    await discord.waitFor(() => boardCount(discord, lobby.id) > 0, 'the first board in the thread');
    allow();
    await discord.assertClean();
  });
});

describe('during a game', () => {
  let threadId: string;

  beforeAll(async () => {
    threadId = await startTable(world.discord, 'alice', ['bob']);
  });

  it('the panel moves the domino, and the hint is given once per turn', async () => {
    const { discord } = world;
    // Round 1 is picks only: make one so that a placement comes up.
    for (;;) {
      const turn = lastMessage(discord, threadId);
      const user = userToPlay(discord, turn)!;
      const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
      const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'));
      if (panel.buttons().some((b) => b.label === '💡 Hint')) {
        expect(panel.content).toMatch(/^\*\*Place #\d+/);
        expect(panel.pngs()).toHaveLength(1);
        const where = panel.content.split('\n')[1];
        await (await discord.click(panel, panel.button('▶').customId!, user)).reply();
        expect(panel.content.split('\n')[1]).not.toBe(where);
        await (await discord.click(panel, panel.button('💡 Hint').customId!, user)).reply();
        expect(panel.content).toMatch(/💡 Hint: [A-Z]\d+-[A-Z]\d+/);
        expect(panel.button('💡 Hint').disabled).toBe(true);
        const again = await (
          await discord.click(panel, panel.button('💡 Hint').customId!, user, { force: true })
        ).reply();
        expect(again.content).toBe('You have already used your hint this turn.');
        return;
      }
      const boards = boardCount(discord, threadId);
      await (await discord.click(panel, pick!.customId!, user)).reply();
      await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the pick');
    }
  });

  it('a move in two taps: the panel opens on a spot worth the most points, and Take #N places it there and claims #N', async () => {
    const { discord } = world;
    for (;;) {
      const turn = lastMessage(discord, threadId);
      const user = userToPlay(discord, turn)!;
      const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
      const menu = panel.interactive().find((c) => c.type === ComponentType.StringSelect);
      const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'));
      const boards = boardCount(discord, threadId);
      if (!menu) {
        // The opening picks: nothing to place yet.
        await (await discord.click(panel, take!.customId!, user)).reply();
        await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the pick');
        continue;
      }
      // The menu lists the spots best first, and the panel opened on one worth as much as the first.
      const options = menu.raw['options'] as { label: string; value: string; default?: boolean }[];
      // Each label is "+6 · C3-C4", after its spot's letter on the picture when it has one ("A · ").
      const points = (label: string) => Number(/^(?:[A-H] · )?\+?(-?\d+)/.exec(label)?.[1]);
      const opened = options.find((o) => o.default === true)!;
      expect(points(opened.label)).toBe(points(options[0]!.label));
      expect(options.map((o) => points(o.label))).toEqual(
        [...options.map((o) => points(o.label))].sort((a, b) => b - a),
      );
      await (await discord.click(panel, take!.customId!, user)).reply();
      expect(panel.content).toMatch(/^✅ .* placed #\d+ at [A-Z]\d+-[A-Z]\d+ for \+\d+ and took #\d+\.$/);
      await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the move');
      return;
    }
  });

  it('the mover is answered once the board is up, while the old board’s buttons are still being cleared', async () => {
    const { discord } = world;
    const turn = lastMessage(discord, threadId);
    const user = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
    const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'))!;
    // Taking the buttons off the old board (an edit of a numbered message) lands 2 s late.
    discord.injectFault({ method: 'PATCH', path: /\/messages\/\d+$/ }, { kind: 'slow', delayMs: 2_000 });
    const boards = boardCount(discord, threadId);
    await (await discord.click(panel, take.customId!, user)).reply();
    expect(panel.content).toMatch(/^✅ /);
    expect(boardCount(discord, threadId)).toBe(boards + 1);
    expect(turn.buttons().length).toBeGreaterThan(0);
    await discord.waitFor(() => turn.buttons().length === 0, 'the old board cleared');
  });

  it('any spot of the menu is one choice away: three taps', async () => {
    const { discord } = world;
    const turn = lastMessage(discord, threadId);
    const user = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
    const menu = panel.interactive().find((c) => c.type === ComponentType.StringSelect)!;
    const options = menu.raw['options'] as { label: string; value: string }[];
    const last = options[options.length - 1]!;
    await (await discord.select(panel, menu.customId!, [last.value], user)).reply();
    const where = /· ([A-Z]\d+-[A-Z]\d+)$/.exec(last.label)![1]!;
    expect(panel.content.split('\n')[1]).toContain(where);
    const take = panel.buttons().find((b) => !b.disabled && b.customId?.startsWith('k1:k:'))!;
    const boards = boardCount(discord, threadId);
    await (await discord.click(panel, take.customId!, user)).reply();
    expect(panel.content).toContain(`at ${where} for`);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the move');
    await discord.assertClean();
  });

  it('/kingdomino status shows the board again with a working button; rules are private', async () => {
    const { discord } = world;
    const status = await (await command('erin', 'status', threadId)).reply();
    expect(status.pngs()).toHaveLength(1);
    expect(status.content).toMatch(/your turn/);
    const user = userToPlay(discord, status)!;
    const panel = await (await discord.click(status, yourTurnId(status), user)).reply();
    expect(panel.ephemeral).toBe(true);
    const rules = await (await command('erin', 'rules')).reply();
    expect(rules.ephemeral).toBe(true);
    expect(rules.content).toMatch(/squares × crowns/);
  });

  it('a move made while the board before it is still on its way is answered once its own board is up', async () => {
    const { discord } = world;
    const before = lastMessage(discord, threadId);
    const mover = userToPlay(discord, before)!;
    const first = await (await discord.click(before, yourTurnId(before), mover)).reply();
    // Discord's answer to the post of this move's board reaches the bot late: the players see the board first.
    discord.injectFault(discord.postsIn(threadId), { kind: 'late', delayMs: 1_000 });
    const boards = boardCount(discord, threadId);
    const firstMove = await discord.click(first, first.buttons().find((b) => isTake(b))!.customId!, mover);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board of the first move');
    // The next player moves at once from that board.
    const turn = lastMessage(discord, threadId);
    const user = userToPlay(discord, turn)!;
    const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
    await (await discord.click(panel, panel.buttons().find((b) => isTake(b))!.customId!, user)).reply();
    expect(panel.content).toMatch(/^✅ /);
    expect(boardCount(discord, threadId)).toBe(boards + 2);
    expect((await firstMove.reply()).content).toMatch(/^✅ /);
  });

  it('the record waits for the end; only the host cancels; a cancelled game takes no clicks', async () => {
    const { discord } = world;
    expect((await (await command('bob', 'record', threadId)).reply()).content).toMatch(/when the game is over/);
    expect((await (await command('bob', 'cancel', threadId)).reply()).content).toMatch(/Only the host/);
    const turn = lastMessage(discord, threadId);
    const cancelled = await (await command('alice', 'cancel', threadId)).publicAnswer();
    expect(cancelled.content).toMatch(/cancelled by/);
    const user = userToPlay(discord, turn) ?? discord.user('alice');
    const answer = await (await discord.click(turn, yourTurnId(turn), user, { force: true })).reply();
    expect(answer.content).toBe('This game was cancelled.');
    await discord.assertClean();
  });
});

describe('after a game', () => {
  it(
    'counts statistics, ranks the server, and offers a rematch with the same seats',
    { timeout: WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'erin', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      const final = await playToEnd(discord, threadId);
      const stats = await (await command('dave', 'stats', undefined, {})).publicAnswer();
      expect(stats.content).toMatch(/has not finished a game yet/);
      const erinStats = await (
        await discord.slashCommand({
          user: 'dave',
          name: 'kingdomino',
          subcommand: 'stats',
          options: { user: discord.user('erin') },
        })
      ).publicAnswer();
      expect(erinStats.content).toMatch(/1 game, [01] wins?/);
      const board = await (await command('dave', 'leaderboard')).publicAnswer();
      expect(board.content).toContain(discord.user('erin').mention);

      const lobbies = discord.messages().length;
      const rematch = await (await discord.click(final, final.button(/Rematch/).customId!, 'erin')).reply();
      expect(rematch.content).toMatch(/Rematch lobby opened/);
      await discord.waitFor(
        () => discord.messages().length > lobbies && discord.messages().at(-1)?.buttons().length,
        'the rematch lobby',
      );
      const lobby = discord.messages().at(-1)!;
      expect(lobby.content).toContain('Easy AI');
      expect(lobby.button('Start').disabled).toBe(false);
      await discord.assertClean();
    },
  );

  it('defers what takes long (a hint thinking 2 s) and answers in time', async () => {
    const { discord } = world;
    await world.restart({ AI_HARD_MS: '2000' });
    const threadId = await startTable(discord, 'carol', ['dave']);
    for (;;) {
      const turn = lastMessage(discord, threadId);
      const user = userToPlay(discord, turn)!;
      const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
      const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'));
      if (pick && !panel.buttons().some((b) => b.label === '💡 Hint')) {
        const boards = boardCount(discord, threadId);
        await (await discord.click(panel, pick.customId!, user)).reply();
        await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the pick');
        continue;
      }
      const hint = await discord.click(panel, panel.button('💡 Hint').customId!, user);
      expect((await hint.response()).type).toBe(6); // deferred update, then the edit
      expect((await hint.edited()).content).toMatch(/💡 Hint/);
      break;
    }
    await discord.assertClean();
  });

  it('never writes the token in its logs', () => {
    expect(world.bot.stderr + world.bot.stdout).not.toContain(world.discord.token);
  });
});
