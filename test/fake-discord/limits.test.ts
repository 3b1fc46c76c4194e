/**
 * The fake enforces Discord's limits: the global 50 requests/s (interaction
 * endpoints exempt), per-route buckets with their X-RateLimit-* headers, the 3 s
 * deadline of the first answer and the 15-minute interaction token, on a clock
 * the tests move forward instead of waiting.
 */
import type { Client } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TINY_PNG, startTinyBot } from './fixtures/tiny-bot.js';
import { DISCORD_LIMITS, startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from './index.js';
import { call, type Answer } from './fixtures/call.js';

const bucketHeaders = (a: Answer) => ({
  limit: a.headers.get('x-ratelimit-limit'),
  remaining: a.headers.get('x-ratelimit-remaining'),
  bucket: a.headers.get('x-ratelimit-bucket'),
});

let open: Array<{ discord: FakeDiscord; client: Client }> = [];
const botErrors: unknown[] = [];

/** A fake with the tiny bot logged in (in process, its own limiter off: 1000 requests/s). */
async function world(opts: FakeDiscordOptions = {}, answer = true): Promise<{ discord: FakeDiscord; client: Client }> {
  const discord = await startFakeDiscord(opts);
  const client = await startTinyBot(
    { apiBase: discord.apiBase, token: discord.token, guildId: discord.guildId, restRps: 1000 },
    (e) => botErrors.push(e),
  );
  if (!answer) client.removeAllListeners('interactionCreate');
  open.push({ discord, client });
  return { discord, client };
}

afterEach(async () => {
  for (const { discord, client } of open) {
    await client.destroy();
    await discord.close();
  }
  open = [];
  expect(botErrors.splice(0)).toEqual([]);
});

describe('the limits in force', () => {
  it("default to Discord's figures", async () => {
    const { discord } = await world();
    expect(discord.limits).toEqual(DISCORD_LIMITS);
    expect(DISCORD_LIMITS).toMatchObject({
      global: { limit: 50, windowMs: 1000 },
      messageCreate: { limit: 5, windowMs: 5000 },
      interactionDeadlineMs: 3000,
      interactionTokenTtlMs: 900_000,
    });
  });

  it('can be changed in part, at start and later, and restored', async () => {
    const { discord } = await world({ limits: { messageCreate: { limit: 2 } }, interactionDeadlineMs: 500 });
    expect(discord.limits.messageCreate).toEqual({ limit: 2, windowMs: 5000 });
    expect(discord.limits.interactionDeadlineMs).toBe(500);
    const restore = discord.setLimits({ global: { windowMs: 2000 } });
    expect(discord.limits.global).toEqual({ limit: 50, windowMs: 2000 });
    restore();
    expect(discord.limits.global).toEqual({ limit: 50, windowMs: 1000 });
    expect(() => discord.setLimits({ global: { limit: 0 } })).toThrow(/limit >= 1/);
  });
});

describe('the global rate limit', () => {
  it('answers the 51st request in a second with 429, global: true, and the global headers; the next window lets requests through', async () => {
    const { discord } = await world();
    discord.advanceClock(1000); // a fresh window: the login's requests are behind
    const answers = await Promise.all(Array.from({ length: 60 }, () => call(discord, 'GET', '/users/@me')));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    expect(refused).toHaveLength(10);
    for (const a of refused) {
      expect(a.body).toEqual({ message: 'You are being rate limited.', retry_after: expect.any(Number), global: true });
      const retryAfter = a.body?.retry_after as number;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(1);
      expect(a.headers.get('x-ratelimit-global')).toBe('true');
      expect(a.headers.get('x-ratelimit-scope')).toBe('global');
      expect(a.headers.get('retry-after')).toBe(String(Math.ceil(retryAfter))); // whole seconds, as Discord sends it
      expect(a.headers.get('content-type')).toBe('application/json');
    }
    expect(discord.requests.filter((r) => r.limited === 'global')).toHaveLength(10);
    discord.advanceClock(1000);
    expect((await call(discord, 'GET', '/users/@me')).status).toBe(200);
    await discord.assertClean(); // 429s are not strict-mode errors: the client is expected to wait and retry
  });

  it('counts every ordinary route, unknown and unauthorized ones too, but not the interaction endpoints', async () => {
    const { discord } = await world({ limits: { global: { limit: 3, windowMs: 60_000 } } }, false);
    discord.advanceClock(60_000);
    const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
    expect((await call(discord, 'GET', '/users/@me')).status).toBe(200);
    expect((await call(discord, 'GET', '/users/@me', undefined, false)).status).toBe(401);
    expect((await call(discord, 'GET', '/guilds/1/audit-logs')).status).toBe(404);
    expect((await call(discord, 'GET', '/users/@me')).status).toBe(429);
    discord.errors.splice(0); // the 401 and the unknown route were provoked

    // Globally limited now, yet the interaction's callback, @original and follow-ups go through.
    const base = `/webhooks/${discord.applicationId}/${draw.token}`;
    expect((await call(discord, 'POST', `/interactions/${draw.id}/${draw.token}/callback`, { type: 5 })).status).toBe(
      204,
    );
    expect((await call(discord, 'PATCH', `${base}/messages/@original`, { content: 'edited' })).status).toBe(200);
    expect((await call(discord, 'POST', `${base}?wait=true`, { content: 'follow-up' })).status).toBe(200);
    expect((await call(discord, 'GET', `${base}/messages/@original`)).status).toBe(200);
    expect(
      (await call(discord, 'POST', `/channels/${discord.channel.id}/messages`, { content: 'a post' })).status,
    ).toBe(429);
    const byRoute = (route: string) => discord.requests.filter((r) => r.route === route);
    expect(byRoute('/interactions/:id/:token/callback').map((r) => r.global)).toEqual([false]);
    expect(byRoute('/webhooks/:app/:token/messages/:message').every((r) => !r.global && r.limited === null)).toBe(true);
    expect(byRoute('/users/@me').map((r) => r.global)).toEqual([true, true, true]);
    await discord.assertClean();
  });

  it('lets the real client answer interactions while it is globally limited, and it retries the rest after retry_after', async () => {
    const { discord, client } = await world({ limits: { global: { limit: 4, windowMs: 300 } } });
    discord.advanceClock(300);
    const channel = discord.channel.id;
    let listed = 0;
    const reads = Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        client.rest.get(`/channels/${channel}/messages?limit=${n + 1}`).then(() => (listed += 1)),
      ),
    );
    await discord.waitFor(() => discord.requests.some((r) => r.limited === 'global'), 'a global 429');
    // The client now holds every ordinary request for Retry-After (1 s); the interaction still gets its answer.
    const draw = await discord.slashCommand({ user: 'bob', name: 'draw' });
    expect((await draw.reply()).pngs()).toHaveLength(1);
    expect(listed).toBeLessThan(8);
    await reads;
    expect(discord.requests.filter((r) => r.route === '/channels/:channel/messages' && r.status === 200)).toHaveLength(
      8,
    );
    expect(discord.requests.find((r) => r.path.includes(draw.id))).toMatchObject({
      status: 204,
      global: false,
      limited: null,
    });
    await discord.assertClean();
  });
});

describe('per-route buckets', () => {
  it('announce X-RateLimit-* on every response, count down per channel, refuse with scope user when empty, and reset', async () => {
    const { discord } = await world({ channels: ['one', 'two'] });
    const one = discord.channelNamed('one').id;
    const two = discord.channelNamed('two').id;
    const before = discord.now();
    const answers: Answer[] = [];
    for (let n = 0; n < 6; n++)
      answers.push(await call(discord, 'POST', `/channels/${one}/messages`, { content: `post ${n}` }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0']);
    expect(
      answers.every(
        (a) => a.headers.get('x-ratelimit-limit') === '5' && a.headers.get('x-ratelimit-bucket') === 'message-create',
      ),
    ).toBe(true);
    const first = answers[0] as Answer;
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeCloseTo(5, 1);
    expect(Number(first.headers.get('x-ratelimit-reset')) * 1000).toBeGreaterThanOrEqual(before + 5000);
    expect(first.headers.get('x-ratelimit-scope')).toBeNull();
    expect(first.headers.get('retry-after')).toBeNull();

    const refused = answers[5] as Answer;
    expect(refused.body).toEqual({
      message: 'You are being rate limited.',
      retry_after: expect.any(Number),
      global: false,
    });
    const retryAfter = refused.body?.retry_after as number;
    expect(retryAfter).toBeGreaterThan(4);
    expect(retryAfter).toBeLessThanOrEqual(5);
    expect(refused.headers.get('x-ratelimit-scope')).toBe('user');
    expect(refused.headers.get('x-ratelimit-global')).toBeNull();
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(Number(refused.headers.get('x-ratelimit-reset-after'))).toBeCloseTo(retryAfter, 3);
    expect(discord.messages(one).map((m) => m.content)).toEqual(['post 0', 'post 1', 'post 2', 'post 3', 'post 4']);

    // Another channel is another bucket; edits are a bucket of their own.
    expect(bucketHeaders(await call(discord, 'POST', `/channels/${two}/messages`, { content: 'elsewhere' }))).toEqual({
      limit: '5',
      remaining: '4',
      bucket: 'message-create',
    });
    const edit = await call(discord, 'PATCH', `/channels/${one}/messages/${discord.messages(one)[0]?.id}`, {
      content: 'edited',
    });
    expect(bucketHeaders(edit)).toEqual({ limit: '5', remaining: '4', bucket: 'message-edit' });
    // Routes without a known figure still announce a bucket.
    expect(bucketHeaders(await call(discord, 'GET', `/channels/${one}`))).toMatchObject({
      bucket: 'GET /channels/:channel',
    });

    discord.advanceClock(5000);
    const again = await call(discord, 'POST', `/channels/${one}/messages`, { content: 'after the reset' });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4');
    await discord.assertClean();
  });

  it('give interaction webhooks a bucket per token, and thread creation one per channel', async () => {
    const { discord } = await world({}, false);
    const [a, b] = [
      await discord.slashCommand({ user: 'alice', name: 'draw' }),
      await discord.slashCommand({ user: 'bob', name: 'draw' }),
    ];
    for (const i of [a, b])
      await call(discord, 'POST', `/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'hi' } });
    const edit = (i: typeof a) =>
      call(discord, 'PATCH', `/webhooks/${discord.applicationId}/${i.token}/messages/@original`, { content: 'edit' });
    const edits: Answer[] = [];
    for (let n = 0; n < 6; n++) edits.push(await edit(a));
    expect(edits.map((e) => e.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(edits.map((e) => e.headers.get('x-ratelimit-bucket'))).toEqual(Array(6).fill('interaction-webhook'));
    expect(edits[5]?.headers.get('x-ratelimit-scope')).toBe('user');
    expect(bucketHeaders(await edit(b))).toEqual({ limit: '5', remaining: '4', bucket: 'interaction-webhook' });

    const threads: Answer[] = [];
    for (let n = 0; n < 6; n++)
      threads.push(await call(discord, 'POST', `/channels/${discord.channel.id}/threads`, { name: `t${n}`, type: 11 }));
    expect(threads.map((t) => t.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(threads[0]?.headers.get('x-ratelimit-bucket')).toBe('thread-create');
    await discord.assertClean();
  });

  it('let 30 webhook messages a minute into a channel, whatever the token, then answer 429 scope shared, not counted invalid', async () => {
    const { discord } = await world(
      { channels: ['kingdomino', 'other'], limits: { interactionWebhook: { limit: 100 } } },
      false,
    );
    const answered = async (channel: string) => {
      const i = await discord.slashCommand({ user: 'alice', name: 'draw', channel });
      await call(discord, 'POST', `/interactions/${i.id}/${i.token}/callback`, { type: 4, data: { content: 'hi' } });
      return (content: string) =>
        call(discord, 'POST', `/webhooks/${discord.applicationId}/${i.token}?wait=true`, { content });
    };
    const [first, second] = [await answered(discord.channel.id), await answered(discord.channel.id)];
    const elsewhere = await answered(discord.channelNamed('other').id);
    for (let n = 0; n < 30; n++) expect((await (n % 2 ? first : second)(`n${n}`)).status).toBe(200);
    const invalid = discord.invalidRequests;
    const refused = await second('one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: 'The resource is being rate limited.', global: false });
    expect(refused.body?.retry_after).toBeGreaterThan(50);
    expect(refused.headers.get('x-ratelimit-scope')).toBe('shared');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    // The token's own bucket is not spent: a client must not wait on it.
    expect(refused.headers.get('x-ratelimit-bucket')).toBe('interaction-webhook');
    expect(Number(refused.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
    expect((await first('another token, same channel')).status).toBe(429);
    expect((await elsewhere('another channel')).status).toBe(200);
    expect(discord.invalidRequests).toBe(invalid);
    expect(discord.requests.filter((r) => r.limited === 'shared')).toHaveLength(2);
    discord.advanceClock(60_000);
    expect((await first('a minute later')).status).toBe(200);
    expect(discord.messages(discord.channel).filter((m) => m.content === 'one too many')).toHaveLength(0);
    await discord.assertClean();
  });

  it('are honoured by the real client: it waits for the reset it is told, and every post arrives', async () => {
    const { discord, client } = await world({ limits: { messageCreate: { limit: 2, windowMs: 300 } } });
    const channel = discord.channel.id;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        client.rest.post(`/channels/${channel}/messages`, { body: { content: `n${n}` } }),
      ),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 300 - 50);
    expect(discord.messages(channel).map((m) => m.content)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(discord.requests.filter((r) => r.limited === 'user').length).toBeLessThanOrEqual(1); // it reads the headers, it does not hammer
    await discord.assertClean();
  });
});

describe('interaction deadlines and tokens', () => {
  it('refuses a first answer after 3 s with 404 / 10062, and the token with it', async () => {
    const { discord } = await world({}, false);
    const draw = await discord.slashCommand({ user: 'alice', name: 'draw' });
    discord.advanceClock(3001);
    expect(draw.expired).toBe(true);
    expect(discord.errors).toEqual([expect.stringMatching(/\/draw by alice was not answered within 3000 ms/)]);
    const late = await call(discord, 'POST', `/interactions/${draw.id}/${draw.token}/callback`, {
      type: 4,
      data: { content: 'late' },
    });
    expect(late).toMatchObject({ status: 404, body: { code: 10062, message: 'Unknown interaction' } });
    const followUp = await call(discord, 'POST', `/webhooks/${discord.applicationId}/${draw.token}?wait=true`, {
      content: 'late too',
    });
    expect(followUp).toMatchObject({ status: 404, body: { code: 10015, message: 'Unknown Webhook' } });
    discord.errors.splice(0);
  });

  it('refuses a late callback even before the fake noticed the deadline, and takes one just in time', async () => {
    const { discord } = await world({}, false);
    const [late, onTime] = [
      await discord.slashCommand({ user: 'alice', name: 'draw' }),
      await discord.slashCommand({ user: 'bob', name: 'draw' }),
    ];
    expect(
      (await call(discord, 'POST', `/interactions/${onTime.id}/${onTime.token}/callback`, { type: 5 })).status,
    ).toBe(204);
    discord.setLimits({ interactionDeadlineMs: 0 });
    expect((await call(discord, 'POST', `/interactions/${late.id}/${late.token}/callback`, { type: 5 })).status).toBe(
      404,
    );
    expect(late.expired).toBe(true);
    discord.errors.splice(0);
  });

  it('lets the token edit and follow up for 15 minutes, then answers 401 / 50027 Invalid Webhook Token', async () => {
    const { discord } = await world();
    const draw = await discord.slashCommand({ user: 'carol', name: 'draw' });
    await draw.reply();
    const base = `/webhooks/${discord.applicationId}/${draw.token}`;
    discord.advanceClock(15 * 60_000 - 1000);
    expect((await call(discord, 'PATCH', `${base}/messages/@original`, { content: 'still mine' })).status).toBe(200);
    discord.advanceClock(1000);
    const expired = [
      await call(discord, 'PATCH', `${base}/messages/@original`, { content: 'too late' }),
      await call(discord, 'POST', `${base}?wait=true`, { content: 'too late' }),
      await call(discord, 'GET', `${base}/messages/@original`),
    ];
    expect(expired.map((e) => [e.status, e.body?.code, e.body?.message])).toEqual(
      Array(3).fill([401, 50027, 'Invalid Webhook Token']),
    );
    expect((await draw.reply()).content).toBe('still mine');
    expect(discord.errors).toHaveLength(3); // strict mode reports them: a bot should not use a dead token
    discord.errors.splice(0);
    // A component on the reply is a new interaction, with a new token.
    const click = await discord.click(await draw.reply(), 'count:0', 'carol');
    expect((await click.reply()).content).toBe('Count 1');
    await discord.assertClean();
  });
});

describe('invalid requests', () => {
  it('counts 401, 403 and 429 answers, and strict mode reports going over the allowance (Discord bans the IP)', async () => {
    const { discord } = await world({ limits: { invalidRequestsPer10Min: 3 } });
    const before = discord.invalidRequests;
    for (let n = 0; n < 4; n++) await call(discord, 'GET', '/users/@me', undefined, false);
    expect(discord.invalidRequests).toBe(before + 4);
    expect(discord.errors.filter((e) => /ban the IP/.test(e))).toHaveLength(1);
    discord.advanceClock(600_000);
    expect(discord.invalidRequests).toBe(0);
    discord.errors.splice(0);
  });
});

describe('a channel the bot cannot see', () => {
  it('answers 403 / 50001 Missing Access to every channel route about it and its threads', async () => {
    const { discord } = await world();
    const channel = discord.channel.id;
    const posted = await call(discord, 'POST', `/channels/${channel}/messages`, { content: 'hi' });
    const thread = await call(discord, 'POST', `/channels/${channel}/messages/${String(posted.body?.id)}/threads`, {
      name: 'game',
    });
    discord.setBotChannelPermissions(channel, { deny: ['ViewChannel'] });
    const threadId = String(thread.body?.id);
    const answers = [
      await call(discord, 'GET', `/channels/${channel}`),
      await call(discord, 'PATCH', `/channels/${channel}/messages/${String(posted.body?.id)}`, { content: 'edit' }),
      await call(discord, 'POST', `/channels/${threadId}/messages`, { content: 'in the thread' }),
      await call(discord, 'PATCH', `/channels/${threadId}`, { archived: true }),
    ];
    expect(answers.map((a) => [a.status, a.body?.code])).toEqual(Array(4).fill([403, 50001]));
    expect(discord.errors).toHaveLength(4);
    discord.errors.splice(0);
  });
});

// A PNG upload goes through the same buckets as any other post.
describe('uploads', () => {
  it('count in the channel bucket like other posts', async () => {
    const { discord, client } = await world();
    await client.rest.post(`/channels/${discord.channel.id}/messages`, {
      body: { content: 'png' },
      files: [{ name: 'a.png', data: TINY_PNG }],
    });
    expect(discord.requests.at(-1)).toMatchObject({ bucket: 'message-create', global: true, limited: null });
  });
});
