/**
 * The interaction lane (src/discord/wire/rest.ts) against the faithful fake: interaction
 * endpoints (the callback, @original, follow-ups) do not wait behind the bot's
 * global limit, whether that is the client's own limiter or a 429 global from
 * Discord, while keeping their per-route buckets and 429 handling; every other
 * request still goes through the global limiter.
 */
import {
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  Routes,
  type ChatInputCommandInteraction,
  type SendableChannels,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LanedREST, isInteractionRoute } from '../../src/discord/wire/rest.js';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from '../fake-discord/index.js';

type Handler = (i: ChatInputCommandInteraction) => Promise<void>;

interface World {
  readonly discord: FakeDiscord;
  readonly client: Client;
  /** What the next slash command does. */
  handle: Handler;
  readonly errors: unknown[];
}

let open: World[] = [];

/** The fake and a client with the lane installed as the bot does it (gateway/client.ts), with its own global cap. */
async function world(rps: number, opts: FakeDiscordOptions = {}, laned = true): Promise<World> {
  const discord = await startFakeDiscord(opts);
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: discord.apiBase, globalRequestsPerSecond: rps },
  });
  if (laned) {
    client.rest.clearHashSweeper();
    client.rest.clearHandlerSweeper();
    client.rest = new LanedREST(client.options.rest);
  }
  const w: World = { discord, client, handle: async () => {}, errors: [] };
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void w.handle(i).catch((e: unknown) => w.errors.push(e));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(discord.token);
  await ready;
  open.push(w);
  return w;
}

afterEach(async () => {
  for (const w of open) {
    await w.client.destroy();
    await w.discord.close();
    expect(w.errors).toEqual([]);
  }
  open = [];
});

async function channelOf(w: World): Promise<SendableChannels> {
  const channel = await w.client.channels.fetch(w.discord.channel.id);
  if (!channel?.isSendable()) throw new Error('not sendable');
  return channel;
}

/** `n` ordinary requests queued on the global limiter (GET /users/@me, nothing else touched). */
function flood(w: World, n: number): Promise<unknown[]> {
  return Promise.all(Array.from({ length: n }, () => w.client.rest.get(Routes.user('@me'))));
}

describe('isInteractionRoute', () => {
  it('takes the callback and interaction webhooks called with their token, nothing else', () => {
    expect(isInteractionRoute({ fullRoute: '/interactions/1/tok/callback', auth: false })).toBe(true);
    expect(isInteractionRoute({ fullRoute: '/webhooks/12/tok', auth: false })).toBe(true);
    expect(isInteractionRoute({ fullRoute: '/webhooks/12/tok/messages/@original', auth: false })).toBe(true);
    expect(isInteractionRoute({ fullRoute: '/webhooks/12', auth: true })).toBe(false);
    expect(isInteractionRoute({ fullRoute: '/channels/1/messages' })).toBe(false);
    expect(isInteractionRoute({ fullRoute: '/channels/1/messages/2', auth: true })).toBe(false);
  });
});

describe('the interaction lane', () => {
  it("answers, edits @original and follows up at once while the client's own global limiter is full", async () => {
    const w = await world(2);
    const timings: Record<string, number> = {};
    let queued: Promise<unknown[]> = Promise.resolve([]);
    w.handle = async (i) => {
      const t0 = performance.now();
      queued = flood(w, 8); // 4 s of work at 2 requests/s
      await new Promise((r) => setTimeout(r, 50));
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const t1 = performance.now();
      await i.editReply('done');
      timings.edit = performance.now() - t1;
      await i.followUp({ content: 'and more', flags: MessageFlags.Ephemeral });
      timings.all = performance.now() - t0;
    };
    const command = await w.discord.slashCommand({ user: 'alice', name: 'go' });
    expect((await command.reply()).content).toBe('done');
    await queued;
    // The flood takes 4 s; the interaction's three requests none of it.
    expect(timings.edit).toBeLessThan(300);
    expect(timings.all).toBeLessThan(1000);
    const lane = w.discord.requests.filter(
      (r) => r.path.startsWith('/interactions/') || r.path.startsWith('/webhooks/'),
    );
    expect(lane.map((r) => `${r.method} ${r.route}`)).toEqual([
      'POST /interactions/:id/:token/callback',
      'PATCH /webhooks/:app/:token/messages/:message',
      'POST /webhooks/:app/:token',
    ]);
    expect(lane.every((r) => !r.global && r.status < 300)).toBe(true);
    await w.discord.assertClean();
  });

  it('without the lane, the same edit waits behind the global limiter (the control)', async () => {
    const w = await world(2, {}, false);
    let editMs = 0;
    let queued: Promise<unknown[]> = Promise.resolve([]);
    w.handle = async (i) => {
      queued = flood(w, 8);
      await new Promise((r) => setTimeout(r, 50));
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      const t0 = performance.now();
      await i.editReply('done');
      editMs = performance.now() - t0;
    };
    await (await w.discord.slashCommand({ user: 'alice', name: 'go' })).reply();
    await queued;
    // It waits for the limiter's next second at least.
    expect(editMs).toBeGreaterThan(400);
  });

  it('goes on through a 429 global from Discord, which holds the ordinary requests until its retry_after', async () => {
    const w = await world(1000);
    const channel = await channelOf(w);
    w.discord.injectFault(
      { method: 'POST', path: '/channels/:channel/messages' },
      { kind: 'rate-limit', retryAfterMs: 2000, global: true },
    );
    const done: Record<string, number> = {};
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    w.handle = async (i) => {
      const t0 = performance.now();
      const post = channel.send('the board').then(() => (done.post = performance.now() - t0));
      await new Promise((r) => setTimeout(r, 200)); // the 429 global is in
      const other = w.client.rest.get(Routes.user('@me')).then(() => (done.other = performance.now() - t0));
      await i.reply({ content: 'answered', flags: MessageFlags.Ephemeral });
      await i.editReply('edited');
      done.interaction = performance.now() - t0;
      await Promise.all([post, other]);
      finish();
    };
    const command = await w.discord.slashCommand({ user: 'alice', name: 'go' });
    await command.edited(1);
    await finished;
    expect(done.interaction).toBeLessThan(1000);
    expect(done.post).toBeGreaterThan(1900);
    expect(done.other).toBeGreaterThan(1900);
    expect(w.discord.messages().map((m) => m.content)).toContain('the board');
    await w.discord.assertClean();
  });

  it('keeps the per-token bucket of interaction webhooks: follow-ups wait for the reset they are told, none is refused or lost', async () => {
    const w = await world(1000, { limits: { interactionWebhook: { limit: 2, windowMs: 1000 } } });
    w.handle = async (i) => {
      await i.deferReply();
      for (let n = 1; n <= 5; n++) await i.followUp(`follow-up ${n}`);
    };
    const command = await w.discord.slashCommand({ user: 'alice', name: 'go' });
    const last = await command.followUp(4, 10_000);
    expect(last.content).toBe('follow-up 5');
    const posts = w.discord.requests.filter((r) => r.method === 'POST' && r.route === '/webhooks/:app/:token');
    expect(posts).toHaveLength(5);
    expect(posts.filter((r) => r.limited !== null)).toHaveLength(0);
    // Two per second: the fifth goes out two windows after the first.
    expect((posts[4]?.receivedAt ?? 0) - (posts[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(1900);
    await w.discord.assertClean();
  });

  it('retries an interaction webhook refused with 429 after its retry_after', async () => {
    const w = await world(1000);
    w.discord.injectFault(
      { method: 'PATCH', path: '/webhooks/:app/:token/messages/:message' },
      { kind: 'rate-limit', retryAfterMs: 300 },
    );
    w.handle = async (i) => {
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await i.editReply('after the retry');
    };
    const reply = await (await w.discord.slashCommand({ user: 'alice', name: 'go' })).reply();
    expect(reply.content).toBe('after the retry');
    const edits = w.discord.requests.filter(
      (r) => r.method === 'PATCH' && r.route === '/webhooks/:app/:token/messages/:message',
    );
    expect(edits.map((r) => r.status)).toEqual([429, 200]);
    await w.discord.assertClean();
  });

  it("does not count the interaction endpoints against the client's own global limiter", async () => {
    const w = await world(50);
    const rest = w.client.rest as LanedREST;
    w.handle = async (i) => {
      await new Promise((r) => setTimeout(r, 1100)); // a fresh second for the limiter
      const before = rest.globalRemaining;
      await i.deferReply();
      await i.editReply('one');
      await i.followUp('two');
      expect(rest.globalRemaining).toBe(before);
      expect(rest.interactions.globalRemaining).toBe(Number.POSITIVE_INFINITY);
    };
    await (await w.discord.slashCommand({ user: 'alice', name: 'go' })).followUp(0);
    await w.discord.assertClean();
  });
});
