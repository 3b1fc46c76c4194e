import { once } from 'node:events';
import { MessageFlags, MessageType, OverwriteType } from 'discord-api-types/v10';
import type { Client } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateCommands } from './fake-discord/commands.js';
import { TINY_COMMANDS, TINY_PNG, startTinyBot } from './fake-discord/fixtures/tiny-bot.js';
import {
  DEFAULT_BOT_PERMISSIONS,
  FakeMessage,
  snowflakeTime,
  startBot,
  startFakeDiscord,
  type FakeDiscord,
  type PermissionName,
} from './fake-discord/index.js';
import { makeUser } from './fake-discord/model.js';
import { applyMessageBody, type MessageBody } from './fake-discord/payload.js';
import { computePermissions, permissionBits, permissionNames } from './fake-discord/permissions.js';
import { SnowflakeFactory } from './fake-discord/snowflake.js';

describe('the fake Discord with a real discord.js client in process', () => {
  let discord: FakeDiscord;
  let client: Client;
  const botErrors: unknown[] = [];

  beforeAll(async () => {
    discord = await startFakeDiscord({
      channels: ['kingdomino', { name: 'no-threads', deny: ['CreatePublicThreads'] }],
    });
    client = await startTinyBot(
      { apiBase: discord.apiBase, token: discord.token, guildId: discord.guildId, restRps: 1000 },
      (e) => botErrors.push(e),
    );
  });

  afterEach(async () => {
    await discord.assertClean();
    expect(botErrors).toEqual([]);
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('logs the client in with the fixture guild and its channels cached, and learns its commands', async () => {
    await discord.waitForReady();
    expect(client.user?.id).toBe(discord.bot.id);
    expect(client.guilds.cache.get(discord.guildId)?.channels.cache.get(discord.channel.id)?.name).toBe('kingdomino');
    expect(discord.commands().map((c) => c.name)).toEqual(TINY_COMMANDS.map((c) => c.name));
    expect(discord.bot.id).toMatch(/^\d{17,19}$/);
  });

  it('delivers a slash command and keeps the PNG the bot replied with', async () => {
    const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
    const reply = await draw.reply();
    expect((await draw.response()).type).toBe(4);
    expect(reply.content).toBe('Here is the table');
    expect(reply.pngs()).toHaveLength(1);
    expect(reply.attachments[0]).toMatchObject({ filename: 'table.png', isPng: true, width: 1, height: 1 });
    expect(discord.messages().map((m) => m.id)).toContain(reply.id);
    expect(draw.answered).toBe(true);
  });

  it('updates the message a button is on', async () => {
    const reply = await (await discord.slashCommand({ user: 'alice', name: 'draw' })).reply();
    const click = await discord.click(reply, 'count:0', 'bob');
    const updated = await click.reply();
    expect((await click.response()).type).toBe(7);
    expect(updated.id).toBe(reply.id);
    expect(updated.content).toBe('Count 1');
    expect(updated.button(/Count/).customId).toBe('count:1');
    expect(updated.pngs()).toHaveLength(1);
    await expect(discord.click(updated, 'count:0', 'bob')).rejects.toThrow(/no such component/);
  });

  it('starts a thread from the reply, with the message id, and lets the bot post a PNG in it', async () => {
    const game = await discord.slashCommand({ user: 'carol', name: 'game' });
    const lobby = await game.reply();
    expect(lobby.content).toBe('Lobby');
    const board = await discord.waitFor(() => discord.messages(lobby.id)[0], 'the board in the thread');
    const thread = discord.thread(lobby.id);
    expect(thread?.parentId).toBe(discord.channel.id);
    expect(board.pngs()).toHaveLength(1);
    expect(client.channels.cache.get(lobby.id)?.isThread()).toBe(true);
    const where = await (await discord.slashCommand({ user: 'carol', name: 'where', channel: lobby.id })).reply();
    expect(where.content).toBe(`channel ${lobby.id} thread=true`);
    expect(where.ephemeral).toBe(true);
    expect(discord.messages(lobby.id)).not.toContainEqual(where);
  });

  it('refuses a thread with 403 / 50013 where the bot lacks Create Public Threads, and says so in app_permissions', async () => {
    const withdraw = discord.expectError({ status: 403, code: 50013 });
    const channel = discord.channelNamed('no-threads');
    const game = await discord.slashCommand({ user: 'dave', name: 'game', channel: channel.id });
    const notice = await game.followUp(0);
    withdraw();
    expect(notice.content).toBe('I cannot open a thread here (app_permissions says allowed=false)');
    expect(notice.ephemeral).toBe(true);
    expect(discord.threads(channel.id)).toEqual([]);
    expect(discord.requests.filter((r) => r.status === 403).map((r) => r.route)).toEqual([
      '/channels/:channel/messages/:message/threads',
    ]);
  });

  it('opens a modal and delivers its submission', async () => {
    const ask = await discord.slashCommand({ user: 'erin', name: 'ask' });
    expect((await ask.modal()).customId).toBe('ask');
    const submit = await discord.submitModal(ask, { answer: 'forty-two' });
    expect((await submit.reply()).content).toBe('You said forty-two');
  });

  it('delivers a select menu choice', async () => {
    const menu = await (await discord.slashCommand({ user: 'bob', name: 'pick' })).reply();
    const choice = await discord.select(menu, 'pick', ['meadow'], 'bob');
    const updated = await choice.reply();
    expect(updated.content).toBe('Picked meadow');
    expect(updated.components).toEqual([]);
  });

  it('answers slowly when told to, and the interaction still gets its reply', async () => {
    discord.injectFault({ path: '/interactions/:id/:token/callback' }, { kind: 'slow', delayMs: 50 });
    const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
    expect((await draw.reply()).pngs()).toHaveLength(1);
    expect(discord.requests.find((r) => r.path.includes(draw.id))?.fault).toBe('slow');
  });

  it('rate-limits a request with 429 and the client retries after retry_after', async () => {
    discord.injectFault(
      { method: 'POST', path: '/channels/:channel/messages' },
      { kind: 'rate-limit', retryAfterMs: 100 },
    );
    const alice = discord.user('alice');
    const post = await discord.slashCommand({
      user: 'alice',
      name: 'post',
      options: { text: `${alice.mention}, after a 429` },
    });
    expect((await post.edited()).content).toBe('posted');
    expect(discord.messages().at(-1)).toMatchObject({ content: `${alice.mention}, after a 429`, pinged: [alice.id] });
    const posts = discord.requests.filter((r) => r.route === '/channels/:channel/messages' && r.method === 'POST');
    expect(posts.slice(-2).map((r) => r.status)).toEqual([429, 200]);
  });

  it('answers 502 once and the client retries', async () => {
    discord.injectFault({ path: '/interactions/:id/:token/callback' }, { kind: 'server-error', status: 502 });
    const draw = await discord.slashCommand({ user: 'bob', name: 'draw' });
    expect((await draw.reply()).pngs()).toHaveLength(1);
  });

  it('survives a dropped gateway connection by resuming', async () => {
    const before = discord.gatewayStats;
    await discord.dropGateway();
    expect(discord.gatewayStats).toEqual({ identifies: before.identifies, resumes: before.resumes + 1 });
    const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
    expect((await draw.reply()).content).toBe('Here is the table');
  });

  it('replays what the client missed while disconnected when it resumes', async () => {
    const updated = once(client, 'channelUpdate');
    const back = discord.dropGateway();
    discord.setBotChannelPermissions(discord.channel.id, { deny: ['AttachFiles'] });
    await back;
    await updated;
    expect(discord.gatewayStats.identifies).toBe(1);
    try {
      const cached = client.channels.cache.get(discord.channel.id);
      expect(
        cached?.isTextBased() && !cached.isDMBased() && cached.permissionsFor(discord.bot.id)?.has('AttachFiles'),
      ).toBe(false);
    } finally {
      discord.setBotChannelPermissions(discord.channel.id, {});
    }
  });

  it('refuses messages over Discord limits with 400 / 50035', async () => {
    const withdraw = discord.expectError({ status: 400, code: 50035 });
    const row = { type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'x'.repeat(101) }] };
    await expect(
      client.rest.post(`/channels/${discord.channel.id}/messages`, { body: { content: 'hi', components: [row] } }),
    ).rejects.toThrow(/custom_id/);
    withdraw();
  });
});

describe('threads archived and locked, as Discord keeps them', () => {
  let discord: FakeDiscord;
  let client: Client;
  const botErrors: unknown[] = [];

  beforeAll(async () => {
    discord = await startFakeDiscord({ users: ['alice', { username: 'mod', moderator: true }] });
    client = await startTinyBot(
      { apiBase: discord.apiBase, token: discord.token, guildId: discord.guildId, restRps: 1000 },
      (e) => botErrors.push(e),
    );
  });

  afterAll(async () => {
    await client?.destroy();
    await discord?.close();
  });

  it('only moderators write in a locked thread, nothing changes in an archived one, and no one clicks there', async () => {
    const lobby = await (await discord.slashCommand({ user: 'alice', name: 'game' })).reply();
    const board = await discord.waitFor(() => discord.messages(lobby.id)[0], 'the board in the thread');
    const counter = await (await discord.slashCommand({ user: 'alice', name: 'draw', channel: lobby.id })).reply();
    const thread = await client.channels.fetch(lobby.id);
    if (!thread?.isThread()) throw new Error('no thread');
    // Locking needs Manage Threads, even in the bot's own thread; archiving it does not.
    let withdraw = discord.expectError({ status: 403, code: 50013 });
    await expect(thread.setLocked(true)).rejects.toThrow(/Missing Permissions/);
    withdraw();
    await thread.setArchived(true);
    expect(discord.thread(lobby.id)?.thread).toMatchObject({ archived: true, locked: false });
    // Archived: messages are not edited, the thread is not locked, until it is unarchived.
    withdraw = discord.expectError({ status: 400, code: 50083 });
    await expect(thread.messages.edit(board.id, { content: 'Edited' })).rejects.toThrow(/Thread is archived/);
    discord.setBotPermissions([...DEFAULT_BOT_PERMISSIONS, 'ManageThreads']);
    await expect(thread.setLocked(true)).rejects.toThrow(/Thread is archived/);
    withdraw();
    // A user's message unarchives a thread that is not locked.
    discord.say(lobby.id, 'alice', 'hello');
    expect(discord.thread(lobby.id)?.thread?.archived).toBe(false);
    await thread.edit({ archived: true, locked: true });
    expect(discord.thread(lobby.id)?.thread).toMatchObject({ archived: true, locked: true });
    expect(() => discord.say(lobby.id, 'alice', 'anyone?')).toThrow(/locked/);
    await expect(discord.click(counter, 'count:0', 'alice')).rejects.toThrow(/its thread is locked/);
    // The bot created it: it may unarchive it, locked; it stays locked, and only moderators write there.
    await thread.setArchived(false);
    expect(discord.thread(lobby.id)?.thread).toMatchObject({ archived: false, locked: true });
    expect(() => discord.say(lobby.id, 'alice', 'anyone?')).toThrow(/locked/);
    expect(discord.say(lobby.id, 'mod', 'closed, sorry').content).toBe('closed, sorry');
    discord.setBotPermissions(DEFAULT_BOT_PERMISSIONS);
    withdraw = discord.expectError({ status: 403, code: 160005 });
    await expect(thread.send('one more')).rejects.toThrow(/Thread is locked/);
    withdraw();
    await discord.assertClean();
    expect(botErrors).toEqual([]);
  });

  it('a client unarchives a thread that is not locked before sending a click from it', async () => {
    const lobby = await (await discord.slashCommand({ user: 'alice', name: 'game' })).reply();
    await discord.waitFor(() => discord.messages(lobby.id)[0], 'the board in the thread');
    const counter = await (await discord.slashCommand({ user: 'alice', name: 'draw', channel: lobby.id })).reply();
    const thread = await client.channels.fetch(lobby.id);
    if (!thread?.isThread()) throw new Error('no thread');
    await thread.setArchived(true);
    const click = await discord.click(counter, 'count:0', 'alice');
    expect((await click.reply()).content).toBe('Count 1');
    expect(discord.thread(lobby.id)?.thread?.archived).toBe(false);
    await discord.assertClean();
  });
});

describe('strict mode', () => {
  it('records unknown routes, unexpected errors and interactions left unanswered, and refuses late callbacks', async () => {
    const discord = await startFakeDiscord({ interactionDeadlineMs: 100 });
    const client = await startTinyBot(
      { apiBase: discord.apiBase, token: discord.token, guildId: discord.guildId, restRps: 1000 },
      () => undefined,
    );
    try {
      await expect(client.rest.get('/guilds/1/audit-logs')).rejects.toThrow();
      client.removeAllListeners('interactionCreate');
      const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
      await discord.waitFor(() => draw.expired, 'the deadline');
      expect(discord.unansweredInteractions()).toEqual([draw]);
      const late = await fetch(`${discord.apiBase}/v10/interactions/${draw.id}/${draw.token}/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 4, data: { content: 'late' } }),
      });
      expect(late.status).toBe(404);
      await expect(discord.assertClean()).rejects.toThrow(
        /unknown route: GET \/guilds\/1\/audit-logs[\s\S]*not answered within 100 ms[\s\S]*10062/,
      );
    } finally {
      await client.destroy();
      await discord.close();
    }
  });
});

describe('the bot as a child process', () => {
  const entry = 'test/fake-discord/fixtures/tiny-bot-main.ts';

  it('runs with the fake environment, is killed with SIGKILL and restarted, and a crash fails the wait with its stderr', async () => {
    const discord = await startFakeDiscord();
    const first = startBot({ entry, env: discord.env() });
    discord.watch(first);
    let second = first;
    try {
      await first.race(discord.waitForReady());
      const draw = await discord.slashCommand({ user: 'bob', name: 'draw' });
      expect((await draw.reply()).pngs()).toHaveLength(1);
      expect((await first.kill()).signal).toBe('SIGKILL');

      second = startBot({ entry, env: { ...discord.env(), TINY_BOT_CRASH: '1' } });
      discord.watch(second);
      await discord.waitFor(() => discord.gatewayStats.identifies === 2, 'the second login');
      await second.waitForOutput(/tiny bot ready/);
      await discord.assertClean();
      const fatal = await discord.slashCommand({ user: 'alice', name: 'draw' });
      await expect(fatal.reply()).rejects.toThrow(/exited unexpectedly[\s\S]*tiny bot crashed on purpose/);
      expect(second.exit?.code).toBe(1);
      expect(discord.errors).toHaveLength(1);
    } finally {
      await first.kill();
      await second.kill();
      await discord.close();
    }
  });
});

/** A new message of the bot's in channel `c`, its body not yet applied. */
function botMessage(ids: SnowflakeFactory): FakeMessage {
  const bot = makeUser({ id: ids.next(), username: 'bot', bot: true });
  return new FakeMessage(ids.next(), 'c', bot, Date.now(), null, null, null, MessageType.Default);
}

describe('the rules the fake applies, without a client', () => {
  it('makes real, increasing snowflakes that carry their time', () => {
    const ids = new SnowflakeFactory();
    const now = Date.now();
    const made = Array.from({ length: 5000 }, () => ids.next(now));
    expect(made.every((id) => /^\d{17,19}$/.test(id))).toBe(true);
    expect(made.every((id, i) => i === 0 || BigInt(id) > BigInt(made[i - 1] ?? '0'))).toBe(true);
    expect(Math.abs(snowflakeTime(made[0] ?? '') - now)).toBeLessThanOrEqual(1);
  });

  it('computes permissions like Discord: the member overwrite wins over roles, no View Channel means nothing', () => {
    const base = {
      guildId: 'g',
      ownerId: 'owner',
      memberId: 'm',
      roles: [{ id: 'g', permissions: permissionBits(['ViewChannel', 'SendMessages', 'AttachFiles']) }],
    };
    const deny = (names: PermissionName[], id = 'm', type = OverwriteType.Member) => ({
      id,
      type,
      allow: '0',
      deny: String(permissionBits(names)),
    });
    expect(permissionNames(computePermissions({ ...base, overwrites: [deny(['AttachFiles'])] }))).toEqual([
      'ViewChannel',
      'SendMessages',
    ]);
    expect(computePermissions({ ...base, overwrites: [deny(['ViewChannel'], 'g', OverwriteType.Role)] })).toBe(0n);
    expect(computePermissions({ ...base, memberId: 'owner', overwrites: [deny(['ViewChannel'], 'owner')] })).not.toBe(
      0n,
    );
  });

  it('refuses messages Discord would refuse', () => {
    const ids = new SnowflakeFactory();
    const fresh = () => botMessage(ids);
    const apply = (body: MessageBody) =>
      applyMessageBody(fresh(), body, [], { isEdit: false, newId: () => ids.next() });
    const button = (id: string) => ({ type: 2, style: 1, label: id, custom_id: id });
    const row = (...ids: string[]) => ({ type: 1, components: ids.map(button) });
    expect(() => apply({ content: '' })).toThrow(/empty message/);
    expect(() => apply({ content: 'x'.repeat(2001) })).toThrow(/2001 characters/);
    expect(() => apply({ components: [row('a', 'b', 'c', 'd', 'e', 'f')] })).toThrow(/6 buttons/);
    expect(() => apply({ components: [row('a'), row('b'), row('c'), row('d'), row('e'), row('f')] })).toThrow(/6 rows/);
    expect(() => apply({ components: [row('a', 'a')] })).toThrow(/used twice/);
    expect(() => apply({ components: [row('a', 'b', 'c', 'd', 'e'), row('f')] })).not.toThrow();
  });

  it('keeps attachments on edit unless the attachments list leaves them out', () => {
    const ids = new SnowflakeFactory();
    const message = botMessage(ids);
    const png = { index: 0, filename: 'a.png', contentType: 'image/png', bytes: TINY_PNG };
    const opts = (isEdit: boolean) => ({ isEdit, newId: () => ids.next() });
    applyMessageBody(message, { content: 'one' }, [png], opts(false));
    applyMessageBody(message, { content: 'two' }, [], opts(true));
    expect(message.attachments.map((a) => a.filename)).toEqual(['a.png']);
    applyMessageBody(message, { attachments: [{ id: 0, filename: 'b.png' }] }, [png], opts(true));
    expect(message.attachments.map((a) => a.filename)).toEqual(['b.png']);
  });

  it('sends @silent when asked at creation: the mention kept, no edit sets or clears it', () => {
    const ids = new SnowflakeFactory();
    const fresh = () => botMessage(ids);
    const opts = (isEdit: boolean) => ({ isEdit, newId: () => ids.next() });
    const user = ids.next();
    const body = { content: `<@${user}>, your turn`, allowed_mentions: { users: [user] } };
    const silent = fresh();
    applyMessageBody(silent, { ...body, flags: MessageFlags.SuppressNotifications }, [], opts(false));
    expect(silent).toMatchObject({ silent: true, pinged: [user] });
    applyMessageBody(silent, { content: 'edited', flags: MessageFlags.SuppressEmbeds }, [], opts(true));
    expect(silent.silent).toBe(true);
    const loud = fresh();
    applyMessageBody(loud, body, [], opts(false));
    applyMessageBody(loud, { content: 'edited', flags: MessageFlags.SuppressNotifications }, [], opts(true));
    expect(loud).toMatchObject({ silent: false, pinged: [user] });
  });

  it('checks command definitions on registration', () => {
    expect(() => validateCommands([{ name: 'Kingdomino', description: 'x' }])).toThrow(/lowercase/);
    expect(() =>
      validateCommands([
        {
          name: 'k',
          description: 'x',
          options: [
            { name: 'a', description: 'a', type: 3 },
            { name: 'b', description: 'b', type: 3, required: true },
          ],
        },
      ]),
    ).toThrow(/required options/);
    expect(validateCommands(TINY_COMMANDS)).toHaveLength(TINY_COMMANDS.length);
  });
});
