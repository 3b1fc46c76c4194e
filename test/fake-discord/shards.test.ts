/**
 * The fake as Discord shards a bot: each IDENTIFY's `shard: [id, count]` makes its
 * own session (several bot connections at once), READY and GUILD_CREATE carry that
 * shard's guilds only, and every event about a guild goes to shard
 * `(guild_id >> 22) % count`.
 */
import { Client, Events, GatewayIntentBits, MessageFlags, type Interaction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './index.js';
import { shardOf } from './world.js';

let open: Array<{ close(): Promise<unknown> }> = [];

afterEach(async () => {
  for (const o of open.reverse()) await o.close();
  open = [];
});

interface Shard {
  readonly client: Client;
  readonly seen: Interaction[];
}

async function shard(discord: FakeDiscord, id: number, count: number): Promise<Shard> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    shards: id,
    shardCount: count,
    ...discord.clientOptions(),
  });
  const seen: Interaction[] = [];
  client.on(Events.InteractionCreate, (i) => {
    seen.push(i);
    if (i.isChatInputCommand()) void i.reply({ content: `shard ${id}`, flags: MessageFlags.Ephemeral });
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.token);
  await ready;
  open.push({ close: () => client.destroy() });
  return { client, seen };
}

describe('a sharded bot', () => {
  it("gets each guild on the shard (guild_id >> 22) % count, its guild's events there only", async () => {
    const discord = await startFakeDiscord({ guilds: 4 });
    open.push(discord);
    expect(discord.guildIds).toHaveLength(4);
    // Made a millisecond apart: two shards get two guilds each.
    expect(discord.guildIds.map((g) => shardOf(g, 2)).sort()).toEqual([0, 0, 1, 1]);
    const shards = [await shard(discord, 0, 2), await shard(discord, 1, 2)];
    await discord.waitForReady();
    expect(discord.shardCount).toBe(2);
    expect(discord.gatewayStats.identifies).toBe(2);
    for (const [id, s] of shards.entries()) {
      const mine = discord.guildIds.filter((g) => shardOf(g, 2) === id);
      expect([...s.client.guilds.cache.keys()].sort()).toEqual([...mine].sort());
    }
    for (const guildId of discord.guildIds) {
      const channel = discord.channelOf(guildId);
      expect(channel.guildId).toBe(guildId);
      const reply = await (await discord.slashCommand({ user: 'alice', channel, name: 'where' })).reply();
      expect(reply.content).toBe(`shard ${shardOf(guildId, 2)}`);
    }
    expect(shards[0]?.seen.map((i) => i.guildId).every((g) => g !== null && shardOf(g, 2) === 0)).toBe(true);
    expect(shards[1]?.seen.map((i) => i.guildId).every((g) => g !== null && shardOf(g, 2) === 1)).toBe(true);
    expect(shards.map((s) => s.seen.length)).toEqual([2, 2]);
    await discord.assertClean();
  });

  it("names each guild's channels, and a thread belongs to its parent's guild", async () => {
    const discord = await startFakeDiscord({ guilds: 2, channels: ['kingdomino', 'other'] });
    open.push(discord);
    const [first, second] = discord.guildIds as [string, string];
    expect(discord.channelOf(first).name).toBe('kingdomino');
    expect(discord.channelOf(second).name).toBe('kingdomino-2');
    expect(discord.channelNamed('other-2').guildId).toBe(second);
    const s = await shard(discord, 0, 1); // one shard: every guild
    expect([...s.client.guilds.cache.keys()].sort()).toEqual([first, second].sort());
    const parent = await s.client.channels.fetch(discord.channelOf(second).id);
    if (!parent?.isTextBased() || parent.isDMBased() || !('threads' in parent)) throw new Error('no text channel');
    const thread = await parent.threads.create({ name: 'game' });
    expect(thread.guildId).toBe(second);
    expect(discord.thread(thread.id)?.guildId).toBe(second);
  });

  it('lets a shard that died identify again and get its guilds back, while the other shard goes on', async () => {
    const discord = await startFakeDiscord({ guilds: 2 });
    open.push(discord);
    const [a, b] = [await shard(discord, 0, 2), await shard(discord, 1, 2)];
    const onB = discord.guildIds.find((g) => shardOf(g, 2) === 1) as string;
    const onA = discord.guildIds.find((g) => shardOf(g, 2) === 0) as string;
    await b.client.destroy();
    expect(
      (await (await discord.slashCommand({ user: 'bob', channel: discord.channelOf(onA), name: 'where' })).reply())
        .content,
    ).toBe('shard 0');
    const again = await shard(discord, 1, 2);
    expect([...again.client.guilds.cache.keys()]).toEqual([onB]);
    expect(
      (await (await discord.slashCommand({ user: 'bob', channel: discord.channelOf(onB), name: 'where' })).reply())
        .content,
    ).toBe('shard 1');
    expect(a.seen).toHaveLength(1);
  });
});
