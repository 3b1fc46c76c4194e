/**
 * The places beyond the bot's guild, as the fake Discord models them: the bot's DM
 * with a user as a full channel, group DMs and servers that did not add the bot
 * (every REST route about them 403 / 50001, no events), users who share no server
 * with the bot and users who installed the app.
 */
import { ChannelType, Client, DiscordAPIError, GatewayIntentBits, type DMChannel } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './index.js';

async function call(discord: FakeDiscord, method: string, path: string, body?: unknown) {
  const res = await fetch(`${discord.apiBase}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

let discord: FakeDiscord | undefined;
let client: Client | undefined;

async function start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  discord = await startFakeDiscord(opts);
  return discord;
}

/** A real discord.js client logged in to the fake (Direct Messages intent, as a bot reading its DMs would). */
async function login(fake: FakeDiscord): Promise<Client> {
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    ...fake.clientOptions(),
  });
  const ready = new Promise<void>((resolve) => client?.once('clientReady', () => resolve()));
  await client.login(fake.token);
  await ready;
  return client;
}

afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await discord?.close();
  discord = undefined;
});

describe("the bot's DM with a user", () => {
  it('is a DM channel discord.js fetches, where the bot posts, reads its history, edits and deletes', async () => {
    const fake = await start();
    const bot = await login(fake);
    const dmId = fake.dmChannelOf('alice');
    expect(fake.dmChannelOf('alice')).toBe(dmId);
    const channel = (await bot.channels.fetch(dmId)) as DMChannel;
    expect(channel.type).toBe(ChannelType.DM);
    expect(channel.recipientId).toBe(fake.user('alice').id);
    const first = await channel.send('first');
    const second = await channel.send('second');
    const third = await channel.send('third');
    expect((await channel.messages.fetch({ limit: 2 })).map((m) => m.content)).toEqual(['third', 'second']);
    expect((await channel.messages.fetch({ after: first.id })).map((m) => m.content)).toEqual(['third', 'second']);
    expect((await channel.messages.fetch({ before: third.id })).map((m) => m.content)).toEqual(['second', 'first']);
    const fetched = await channel.messages.fetch({ message: second.id, force: true });
    expect(fetched.content).toBe('second');
    await fetched.edit('second, edited');
    await first.delete();
    expect(fake.dms('alice').map((m) => m.content)).toEqual(['second, edited', 'third']);
    expect((await call(fake, 'GET', `/channels/${dmId}`)).body).toMatchObject({
      id: dmId,
      type: ChannelType.DM,
      last_message_id: third.id,
      recipients: [{ id: fake.user('alice').id }],
    });
    expect((await call(fake, 'POST', `/channels/${dmId}/typing`)).status).toBe(204);
    await fake.assertClean();
  });

  it('has no threads, and nobody deletes the other side of the conversation: 403 / 50003', async () => {
    const fake = await start();
    const dmId = fake.dmChannelOf('bob');
    const posted = await call(fake, 'POST', `/channels/${dmId}/messages`, { content: 'a board' });
    const mine = String(posted.body?.['id']);
    const bobs = fake.say(dmId, 'bob', 'hello bot');
    fake.expectError({ status: 403, code: 50003 });
    const refused = [
      await call(fake, 'POST', `/channels/${dmId}/messages/${mine}/threads`, { name: 'game' }),
      await call(fake, 'POST', `/channels/${dmId}/threads`, { name: 'game', type: 11 }),
      await call(fake, 'DELETE', `/channels/${dmId}/messages/${bobs.id}`),
    ];
    expect(refused.map((r) => [r.status, r.body?.['code']])).toEqual(Array(3).fill([403, 50003]));
    expect(fake.dms('bob').map((m) => m.content)).toEqual(['a board', 'hello bot']);
    expect(() => fake.say(dmId, 'carol', 'let me in')).toThrow(/bob/);
    await fake.assertClean();
  });

  it('refuses a DM to a user who shares no server with the bot until they install the app: 403 / 50007', async () => {
    const fake = await start({ users: ['alice', { username: 'stranger', member: false }] });
    const stranger = fake.user('stranger');
    const bot = await login(fake);
    expect(bot.guilds.cache.first()?.members.cache.has(stranger.id)).toBe(false);
    const opened = await call(fake, 'POST', '/users/@me/channels', { recipient_id: stranger.id });
    expect(opened.status).toBe(200);
    const dmId = String(opened.body?.['id']);
    fake.expectError({ status: 403, code: 50007 });
    const refused = await call(fake, 'POST', `/channels/${dmId}/messages`, { content: 'your turn' });
    expect(refused).toMatchObject({ status: 403, body: { code: 50007, message: 'Cannot send messages to this user' } });
    fake.expectError({ status: 404, code: 10007 });
    expect((await call(fake, 'GET', `/guilds/${fake.guildId}/members/${stranger.id}`)).status).toBe(404);
    fake.installForUser(stranger);
    expect((await call(fake, 'POST', `/channels/${dmId}/messages`, { content: 'your turn' })).status).toBe(200);
    fake.installForUser(stranger, false);
    expect((await call(fake, 'POST', `/channels/${dmId}/messages`, { content: 'again' })).status).toBe(403);
    expect(fake.dms(stranger).map((m) => m.content)).toEqual(['your turn']);
    await fake.assertClean();
  });
});

describe('channels the bot is not in', () => {
  /** Every kind of request about the channel, known route or not. */
  async function everyRoute(fake: FakeDiscord, channelId: string) {
    const path = `/channels/${channelId}`;
    return [
      await call(fake, 'GET', path),
      await call(fake, 'PATCH', path, { name: 'x' }),
      await call(fake, 'GET', `${path}/messages`),
      await call(fake, 'POST', `${path}/messages`, { content: 'hi' }),
      await call(fake, 'GET', `${path}/messages/1`),
      await call(fake, 'PATCH', `${path}/messages/1`, { content: 'hi' }),
      await call(fake, 'DELETE', `${path}/messages/1`),
      await call(fake, 'POST', `${path}/typing`),
      await call(fake, 'POST', `${path}/threads`, { name: 'game', type: 11 }),
      await call(fake, 'POST', `${path}/messages/1/threads`, { name: 'game' }),
      await call(fake, 'PUT', `${path}/pins/1`),
      await call(fake, 'GET', `${path}/pins`),
    ];
  }

  it('a group DM answers 403 / 50001 to every route, discord.js cannot fetch it, and the bot hears nothing of it', async () => {
    const fake = await start();
    const bot = await login(fake);
    const groupId = fake.groupDm(['alice', 'bob', fake.user('carol')], 'Friday night');
    fake.expectError({ status: 403, code: 50001 });
    const answers = await everyRoute(fake, groupId);
    expect(answers.map((a) => [a.status, a.body?.['code']])).toEqual(Array(answers.length).fill([403, 50001]));
    await expect(bot.channels.fetch(groupId)).rejects.toSatisfy(
      (e: unknown) => e instanceof DiscordAPIError && e.code === 50001,
    );
    expect(fake.messages(groupId)).toEqual([]);
    // Unknown routes under it are answered as Discord would, not reported as missing from the fake.
    expect(fake.requests.filter((r) => r.path.includes('/pins')).map((r) => r.route)).toEqual([
      '/channels/:channel/*',
      '/channels/:channel/*',
    ]);
    await fake.assertClean();
  });

  it('a channel of a server without the bot answers 403 / 50001 too, and its server is not among the bot’s', async () => {
    const fake = await start();
    const bot = await login(fake);
    const foreign = fake.foreignChannel();
    fake.expectError({ status: 403, code: 50001 });
    const answers = await everyRoute(fake, foreign);
    expect(answers.map((a) => [a.status, a.body?.['code']])).toEqual(Array(answers.length).fill([403, 50001]));
    expect([...bot.guilds.cache.keys()]).toEqual([fake.guildId]);
    expect(() => fake.setUseExternalApps(fake.channel.id, false)).toThrow(/not a channel of a server without the bot/);
    await fake.assertClean();
  });
});
