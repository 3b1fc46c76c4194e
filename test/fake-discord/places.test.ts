/**
 * The places beyond the bot's guild, as the fake Discord models them: the bot's DM
 * with a user as a full channel, group DMs and servers that did not add the bot
 * (every REST route about them 403 / 50001, no events), users who share no server
 * with the bot and users who installed the app.
 */
import {
  ChannelType,
  Client,
  DiscordAPIError,
  GatewayIntentBits,
  Partials,
  PermissionFlagsBits,
  type DMChannel,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions, type FakeInteraction } from './index.js';
import { call } from './fixtures/call.js';

let discord: FakeDiscord | undefined;
let client: Client | undefined;

async function start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  discord = await startFakeDiscord(opts);
  return discord;
}

/**
 * A real discord.js client logged in to the fake (Direct Messages intent, as a bot
 * reading its DMs would; the Channel partial, without which discord.js keeps no channel
 * for an interaction from a group DM: `interaction.channel` would be null).
 */
async function login(fake: FakeDiscord): Promise<Client> {
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
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

/** A global command offered wherever Discord allows: every context, both installs. */
const ANYWHERE = { name: 'kd', description: 'Play', contexts: [0, 1, 2], integration_types: [0, 1] };

/** Answers an interaction by hand, as a bot would: the callback, then its token's webhook. */
function answer(fake: FakeDiscord, i: FakeInteraction) {
  const hook = `/webhooks/${fake.applicationId}/${i.token}`;
  return {
    callback: (type: number, data?: unknown) =>
      call(fake, 'POST', `/interactions/${i.id}/${i.token}/callback`, { type, ...(data ? { data } : {}) }),
    followUp: (data: unknown) => call(fake, 'POST', `${hook}?wait=true`, data),
    get: (which: string) => call(fake, 'GET', `${hook}/messages/${which}`),
    edit: (which: string, data: unknown) => call(fake, 'PATCH', `${hook}/messages/${which}`, data),
    remove: (which: string) => call(fake, 'DELETE', `${hook}/messages/${which}`),
  };
}

const againRow = [{ type: 1, components: [{ type: 2, style: 1, label: 'Again', custom_id: 'again' }] }];

describe('interactions in every context', () => {
  it('a group DM: the user-installed command, its one message, anyone in the group clicks it; discord.js reads it all', async () => {
    const fake = await start();
    const bot = await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    const seen: Array<Record<string, unknown>> = [];
    bot.on('interactionCreate', (i) => {
      seen.push({
        context: i.context,
        guildId: i.guildId,
        member: i.member,
        user: i.user.id,
        channelType: i.channel?.type,
        owners: [i.authorizingIntegrationOwners.guildId, i.authorizingIntegrationOwners.userId],
      });
      if (i.isChatInputCommand()) void i.reply({ content: 'Lobby', components: againRow });
      else if (i.isButton()) void i.update({ content: `Lobby, joined by ${i.user.username}` });
    });
    const alice = fake.user('alice');
    const group = fake.groupDm(['alice', 'bob', 'carol'], 'Friday night');
    fake.installForUser(alice);
    await expect(fake.slashCommand({ user: 'bob', channel: group, name: 'kd' })).rejects.toThrow(
      /not offered to bob .*has not installed it/,
    );
    const start_ = await fake.slashCommand({ user: alice, channel: group, name: 'kd' });
    expect(start_.payload).toMatchObject({
      context: 2,
      channel_id: group,
      channel: { id: group, type: ChannelType.GroupDM, name: 'Friday night', recipients: expect.any(Array) },
      user: { id: alice.id },
      authorizing_integration_owners: { '1': alice.id },
    });
    expect(start_.payload).not.toHaveProperty('guild_id');
    expect(start_.payload).not.toHaveProperty('member');
    const lobby = await start_.reply();
    expect(fake.messages(group).map((m) => m.content)).toEqual(['Lobby']);
    // Bob has not installed the app, yet he may click; the owners are those of the interaction that made the message.
    const join = await fake.click(lobby, 'again', 'bob');
    expect(join.owners).toEqual({ '1': alice.id });
    expect((await join.reply()).content).toBe('Lobby, joined by bob');
    await expect(fake.click(lobby, 'again', 'dave')).rejects.toThrow(/not in that group DM/);
    expect(seen).toEqual([
      {
        context: 2,
        guildId: null,
        member: null,
        user: alice.id,
        channelType: ChannelType.GroupDM,
        owners: [null, alice.id],
      },
      {
        context: 2,
        guildId: null,
        member: null,
        user: fake.user('bob').id,
        channelType: ChannelType.GroupDM,
        owners: [null, alice.id],
      },
    ]);
    fake.say(group, 'carol', 'good luck');
    expect(() => fake.say(group, 'dave', 'hi')).toThrow(/not in that group DM/);
    expect(fake.messages(group).map((m) => m.content)).toEqual(['Lobby, joined by bob', 'good luck']);
    // The bot hears its DM's messages, and nothing of the group DM's (events come in order: the DM's is last).
    const heard: string[] = [];
    const dmId = fake.dmChannelOf(alice);
    const dmHeard = new Promise<void>((resolve) =>
      bot.on('raw', (packet: { t?: string; d?: { channel_id?: string } }) => {
        if (!packet.t?.startsWith('MESSAGE_')) return;
        heard.push(`${packet.t} ${packet.d?.channel_id === group ? 'group' : 'dm'}`);
        if (packet.d?.channel_id === dmId) resolve();
      }),
    );
    await fake.click(lobby, 'again', 'carol');
    await fake.waitFor(() => fake.messages(group)[0]?.content.endsWith('carol'), 'the lobby updated');
    await call(fake, 'POST', `/channels/${dmId}/messages`, { content: 'Your turn' });
    await dmHeard;
    expect(heard).toEqual(['MESSAGE_CREATE dm']);
    await fake.assertClean();
  });

  it("offers a command only where its contexts and integration types and the user's installs allow", async () => {
    const fake = await start({ users: ['alice', 'bob', { username: 'stranger', member: false }] });
    await login(fake);
    const command = (over: object) => fake.registerCommands([{ ...ANYWHERE, ...over }], { global: true });
    const owners = async (user: string, channel: string) =>
      (await fake.slashCommand({ user, channel, name: 'kd' })).owners;
    const alice = fake.user('alice').id;
    const stranger = fake.user('stranger').id;
    const dm = (user: string) => fake.dmChannelOf(user);
    const group = fake.groupDm(['alice', 'bob']);
    const foreign = fake.foreignChannel();
    fake.setLimits({ interactionDeadlineMs: 60_000 }); // nobody answers here

    command({});
    expect(await owners('alice', fake.channel.id)).toEqual({ '0': fake.guildId });
    expect(await owners('alice', dm('alice'))).toEqual({ '0': '0' });
    await expect(owners('alice', group)).rejects.toThrow(/not offered to alice/);
    await expect(owners('alice', dm('bob'))).rejects.toThrow(/it is bob's/);
    await expect(owners('stranger', dm('stranger'))).rejects.toThrow(/not offered to stranger/);
    await expect(owners('stranger', fake.channel.id)).rejects.toThrow(/not in that server/);
    fake.installForUser('alice');
    fake.installForUser('stranger');
    expect(await owners('alice', fake.channel.id)).toEqual({ '0': fake.guildId, '1': alice });
    expect(await owners('alice', dm('alice'))).toEqual({ '0': '0', '1': alice });
    expect(await owners('stranger', dm('stranger'))).toEqual({ '1': stranger });
    expect(await owners('alice', group)).toEqual({ '1': alice });
    expect(await owners('stranger', foreign)).toEqual({ '1': stranger });

    command({ integration_types: [0] });
    await expect(owners('alice', foreign)).rejects.toThrow(/integration_types are \[0\]/);
    expect(await owners('alice', dm('alice'))).toEqual({ '0': '0' });
    command({ integration_types: undefined }); // the app's default: guild install
    await expect(owners('alice', group)).rejects.toThrow(/integration_types are \[0\]/);
    command({ integration_types: [1] });
    expect(await owners('alice', fake.channel.id)).toEqual({ '1': alice });
    await expect(owners('bob', fake.channel.id)).rejects.toThrow(/bob has not installed it/);
    command({ contexts: [0] });
    await expect(owners('alice', dm('alice'))).rejects.toThrow(/contexts are \[0\], this is context 1 \(BotDM\)/);
    await expect(owners('alice', group)).rejects.toThrow(/this is context 2 \(PrivateChannel\)/);
    fake.registerCommands([], { global: true });
    fake.registerCommands([ANYWHERE]); // a guild command: its guild only
    expect(await owners('alice', fake.channel.id)).toEqual({ '0': fake.guildId });
    await expect(owners('alice', dm('alice'))).rejects.toThrow(/registered to a guild/);
    fake.errors.splice(0);
  });

  it("the bot's DM and a server without the bot: their payloads, and Use External Apps in the member's permissions", async () => {
    const fake = await start();
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('alice');
    const alice = fake.user('alice');
    const inDm = await fake.slashCommand({ user: alice, channel: fake.dmChannelOf(alice), name: 'kd' });
    expect(inDm.payload).toMatchObject({
      context: 1,
      channel: { type: ChannelType.DM, recipients: [{ id: alice.id }] },
      user: { id: alice.id },
    });
    expect(inDm.payload).not.toHaveProperty('guild_id');
    const foreign = fake.foreignChannel();
    const inForeign = await fake.slashCommand({ user: alice, channel: foreign, name: 'kd' });
    const external = (i: FakeInteraction) =>
      (BigInt((i.payload as { member: { permissions: string } }).member.permissions) &
        PermissionFlagsBits.UseExternalApps) !==
      0n;
    expect(inForeign.payload).toMatchObject({
      context: 0,
      channel: { id: foreign, type: ChannelType.GuildText },
      member: { user: { id: alice.id } },
      authorizing_integration_owners: { '1': alice.id },
    });
    expect(inForeign.payload.guild_id).not.toBe(fake.guildId);
    expect(BigInt(inForeign.payload.app_permissions)).toBe(
      PermissionFlagsBits.ViewChannel |
        PermissionFlagsBits.SendMessages |
        PermissionFlagsBits.EmbedLinks |
        PermissionFlagsBits.AttachFiles |
        PermissionFlagsBits.ReadMessageHistory |
        PermissionFlagsBits.UseExternalEmojis,
    );
    expect(external(inForeign)).toBe(true);
    fake.setUseExternalApps(foreign, false);
    expect(external(await fake.slashCommand({ user: alice, channel: foreign, name: 'kd' }))).toBe(false);
    fake.setLimits({ interactionDeadlineMs: 60_000 });
    fake.errors.splice(0);
  });
});

describe('selects and modals where the bot is not', () => {
  it('a select in a group DM and the modal it opens keep the owners of the command that made the message', async () => {
    const fake = await start();
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('alice');
    const alice = fake.user('alice').id;
    const group = fake.groupDm(['alice', 'bob']);
    const command = await fake.slashCommand({ user: 'alice', channel: group, name: 'kd' });
    const menu = [
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: 'seat',
            options: [
              { label: 'Red', value: 'red' },
              { label: 'Blue', value: 'blue' },
            ],
          },
        ],
      },
    ];
    await answer(fake, command).callback(4, { content: 'Pick a colour', components: menu });
    const pick = await fake.select(await command.reply(), 'seat', ['blue'], 'bob');
    expect(pick.payload).toMatchObject({
      context: 2,
      user: { id: fake.user('bob').id },
      data: { custom_id: 'seat', values: ['blue'] },
      authorizing_integration_owners: { '1': alice },
    });
    const modal = {
      custom_id: 'name',
      title: 'Your name',
      components: [{ type: 1, components: [{ type: 4, custom_id: 'n', label: 'Name', style: 1 }] }],
    };
    await answer(fake, pick).callback(9, modal);
    const submitted = await fake.submitModal(pick, { n: 'Bob' });
    expect(submitted.payload).toMatchObject({
      context: 2,
      channel_id: group,
      authorizing_integration_owners: { '1': alice },
    });
    await answer(fake, submitted).callback(7, { content: 'Bob is blue', components: [] });
    expect((await command.reply()).content).toBe('Bob is blue');
    await fake.assertClean();
  });
});

describe('answers through the interaction only', () => {
  it('lets an app only user-installed make 5 follow-ups, the 6th 400 / 40094; a guild-installed one more', async () => {
    const fake = await start({ limits: { interactionWebhook: { limit: 100 } } }); // the token's 5 per 2 s aside
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('alice');
    const followUps = async (channel: string) => {
      const i = await fake.slashCommand({ user: 'alice', channel, name: 'kd' });
      const a = answer(fake, i);
      expect((await a.callback(5)).status).toBe(204);
      const statuses: Array<[number, unknown]> = [];
      for (let n = 1; n <= 6; n++) {
        const r = await a.followUp({ content: `move ${n}` });
        statuses.push([r.status, r.body?.['code']]);
      }
      return statuses;
    };
    const group = fake.groupDm(['alice', 'bob']);
    fake.expectError({ status: 400, code: 40094 });
    expect(await followUps(group)).toEqual([...Array(5).fill([200, undefined]), [400, 40094]]);
    expect(fake.messages(group).map((m) => m.content)).toEqual(['move 1', 'move 2', 'move 3', 'move 4', 'move 5']);
    expect(fake.requests.at(-1)?.response).toMatchObject({
      message: 'This interaction has hit the maximum number of follow up messages',
    });
    expect(await followUps(fake.dmChannelOf('alice'))).toEqual(Array(6).fill([200, undefined])); // owners "0" and "1"
    await fake.assertClean();
  });

  it('keeps the 15-minute token on every webhook route in a group DM, and edits only its own messages', async () => {
    const fake = await start({ limits: { interactionWebhook: { limit: 100 } } }); // the token's 5 per 2 s aside
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('alice');
    const group = fake.groupDm(['alice', 'bob']);
    const first = await fake.slashCommand({ user: 'alice', channel: group, name: 'kd' });
    const a = answer(fake, first);
    expect((await a.callback(4, { content: 'Board' })).status).toBe(204);
    const follow = await a.followUp({ content: 'Your turn, bob' });
    const followId = String(follow.body?.['id']);
    expect((await a.get('@original')).body).toMatchObject({ content: 'Board', channel_id: group });
    expect((await a.edit('@original', { content: 'Board, move 1' })).status).toBe(200);
    expect((await a.edit(followId, { content: 'Your turn, alice' })).status).toBe(200);
    const other = await fake.slashCommand({ user: 'alice', channel: group, name: 'kd' });
    expect((await answer(fake, other).callback(4, { content: 'Another' })).status).toBe(204);
    fake.expectError({ status: 404, code: 10008 });
    expect((await answer(fake, other).edit(followId, { content: 'not mine' })).status).toBe(404);
    expect(fake.messages(group).map((m) => m.content)).toEqual(['Board, move 1', 'Your turn, alice', 'Another']);
    fake.advanceClock(15 * 60_000);
    fake.expectError({ status: 401, code: 50027 });
    const expired = [
      await a.followUp({ content: 'late' }),
      await a.get('@original'),
      await a.edit('@original', { content: 'late' }),
      await a.edit(followId, { content: 'late' }),
      await a.remove(followId),
      await a.remove('@original'),
    ];
    expect(expired.map((r) => [r.status, r.body?.['code']])).toEqual(Array(6).fill([401, 50027]));
    await fake.assertClean();
  });

  it('forces the answers of a user-installed app private where Use External Apps is off', async () => {
    const fake = await start();
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('alice');
    const foreign = fake.foreignChannel({ useExternalApps: false });
    const run = async () => {
      const i = await fake.slashCommand({ user: 'alice', channel: foreign, name: 'kd' });
      const a = answer(fake, i);
      await a.callback(4, { content: 'Lobby', components: againRow });
      await a.followUp({ content: 'Rules' });
      return i;
    };
    const off = await run();
    expect(off.messages().map((m) => [m.content, m.ephemeral, m.visibleTo])).toEqual([
      ['Lobby', true, fake.user('alice').id],
      ['Rules', true, fake.user('alice').id],
    ]);
    expect(fake.messages(foreign)).toEqual([]);
    // An update of the private message is fine.
    const click = await fake.click(await off.reply(), 'again', 'alice');
    expect((await answer(fake, click).callback(7, { content: 'Lobby, again' })).status).toBe(204);
    expect((await off.reply()).content).toBe('Lobby, again');
    const deferred = await fake.slashCommand({ user: 'alice', channel: foreign, name: 'kd' });
    await answer(fake, deferred).callback(5);
    expect(fake.message(deferred.originalId ?? '')?.ephemeral).toBe(true);
    await answer(fake, deferred).edit('@original', { content: 'thought it over' });
    fake.setUseExternalApps(foreign, true);
    await run();
    expect(fake.messages(foreign).map((m) => m.content)).toEqual(['Lobby', 'Rules']);
    await fake.assertClean();
  });

  it('a click carries the owners of the interaction that made the message, else the installs where it is', async () => {
    const fake = await start({ users: ['alice', { username: 'stranger', member: false }] });
    await login(fake);
    fake.registerCommands([ANYWHERE], { global: true });
    fake.installForUser('stranger');
    const dm = fake.dmChannelOf('stranger');
    const i = await fake.slashCommand({ user: 'stranger', channel: dm, name: 'kd' });
    await answer(fake, i).callback(4, { content: 'Daily', components: againRow });
    const click = await fake.click(await i.reply(), 'again', 'stranger');
    expect(click.owners).toEqual({ '1': fake.user('stranger').id });
    expect(click.payload).toMatchObject({ context: 1, user: { id: fake.user('stranger').id } });
    await answer(fake, click).callback(6);
    const posted = await call(fake, 'POST', `/channels/${fake.dmChannelOf('alice')}/messages`, {
      content: 'Your turn',
      components: againRow,
    });
    const fromBot = await fake.click(String(posted.body?.['id']), 'again', 'alice');
    expect(fromBot.owners).toEqual({ '0': '0' });
    await answer(fake, fromBot).callback(6);
    // In the bot's guild, a message it posted itself is its guild install's, whoever installed the app too.
    fake.installForUser('alice');
    const inGuild = await call(fake, 'POST', `/channels/${fake.channel.id}/messages`, {
      content: 'Lobby',
      components: againRow,
    });
    const guildClick = await fake.click(String(inGuild.body?.['id']), 'again', 'alice');
    expect(guildClick.owners).toEqual({ '0': fake.guildId });
    await answer(fake, guildClick).callback(6);
    await fake.assertClean();
  });
});
