/**
 * Faults of the fake Discord that a client only sees in its timing: a request lost on
 * the way (no-answer), one answered past the timeout (slow), and one carried out at
 * once whose answer is on its way a while (late).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './index.js';

let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord();
});

afterAll(async () => {
  await discord?.close();
});

/** POST a message as the bot; resolves with the status, or 'timeout' when it gave up after `ms`. */
async function post(content: string, nonce: string, ms: number): Promise<number | 'timeout'> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  try {
    const res = await fetch(`${discord.apiBase}/v10/channels/${discord.channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content, nonce, enforce_nonce: true }),
      signal: abort.signal,
    });
    await res.arrayBuffer();
    return res.status;
  } catch (error) {
    if ((error as Error).name === 'AbortError') return 'timeout';
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

it('no-answer: the request is never carried out nor answered; recorded once the client gives up', async () => {
  discord.injectFault({ method: 'POST', path: '/channels/:channel/messages' }, { kind: 'no-answer' });
  expect(await post('lost', 'n-lost', 300)).toBe('timeout');
  const lost = await discord.waitFor(
    () => discord.requests.find((r) => r.fault === 'no-answer'),
    'the lost request recorded',
  );
  expect(lost).toMatchObject({ method: 'POST', status: 0, route: '/channels/:channel/messages' });
  expect(discord.messages().map((m) => m.content)).not.toContain('lost');
  // The client tries again: this time it lands, once.
  expect(await post('lost', 'n-lost', 5000)).toBe(200);
  expect(discord.messages().filter((m) => m.content === 'lost')).toHaveLength(1);
  await discord.assertClean();
});

it('slow past the timeout: the request still lands after the client gave up, and a retry with its nonce posts nothing more', async () => {
  discord.injectFault({ method: 'POST', path: '/channels/:channel/messages' }, { kind: 'slow', delayMs: 600 });
  expect(await post('late', 'n-late', 200)).toBe('timeout');
  await discord.waitFor(() => discord.messages().some((m) => m.content === 'late'), 'the late post to land');
  expect(await post('late', 'n-late', 5000)).toBe(200);
  expect(discord.messages().filter((m) => m.content === 'late')).toHaveLength(1);
  await discord.assertClean();
});

it('late: the request is carried out and seen at once; the client hears of it only after the delay', async () => {
  discord.injectFault({ method: 'POST', path: '/channels/:channel/messages' }, { kind: 'late', delayMs: 400 });
  const answered = post('heard late', 'n-heard-late', 5000);
  await discord.waitFor(() => discord.messages().some((m) => m.content === 'heard late'), 'the post to land');
  expect(discord.requests.at(-1)).toMatchObject({ fault: 'late', status: 200 });
  // Carried out, not yet answered: the client still waits.
  expect(await Promise.race([answered, Promise.resolve('waiting')])).toBe('waiting');
  expect(await answered).toBe(200);
  await discord.assertClean();
});
