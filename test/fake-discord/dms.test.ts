/** The fake's direct messages: Create DM, then a message in the DM channel (its buttons the recipient's alone), refused with 50007 when the user refuses DMs. */
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './index.js';
import { call } from './fixtures/call.js';

describe('direct messages in the fake Discord', () => {
  let discord: FakeDiscord | undefined;
  afterEach(async () => {
    await discord?.close();
    discord = undefined;
  });

  it('opens one DM channel per user and delivers messages there', async () => {
    discord = await startFakeDiscord();
    const alice = discord.user('alice');
    const opened = await call(discord, 'POST', '/users/@me/channels', { recipient_id: alice.id });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ type: 1, recipients: [{ id: alice.id }] });
    const again = await call(discord, 'POST', '/users/@me/channels', { recipient_id: alice.id });
    expect(again.body?.['id']).toBe(opened.body?.['id']);
    const sent = await call(discord, 'POST', `/channels/${String(opened.body?.['id'])}/messages`, { content: 'hi' });
    expect(sent.status).toBe(200);
    expect(discord.dms(alice).map((m) => m.content)).toEqual(['hi']);
    expect(discord.dms('bob')).toEqual([]);
  });

  it("lets only the user at the other end click a DM's buttons", async () => {
    discord = await startFakeDiscord();
    const alice = discord.user('alice');
    const opened = await call(discord, 'POST', '/users/@me/channels', { recipient_id: alice.id });
    const components = [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'k1:j' }] }];
    await call(discord, 'POST', `/channels/${String(opened.body?.['id'])}/messages`, { content: 'hi', components });
    const [dm] = discord.dms(alice);
    await expect(discord.click(dm!, 'k1:j', 'bob')).rejects.toThrow(/in the bot's DM with alice/);
  });

  it('refuses a DM to a user who does not accept them with 50007, and an unknown recipient with 50035', async () => {
    discord = await startFakeDiscord();
    discord.refuseDms('bob');
    const opened = await call(discord, 'POST', '/users/@me/channels', { recipient_id: discord.user('bob').id });
    expect(opened.status).toBe(200);
    const sent = await call(discord, 'POST', `/channels/${String(opened.body?.['id'])}/messages`, { content: 'hi' });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({ code: 50007, message: 'Cannot send messages to this user' });
    expect(discord.dms('bob')).toEqual([]);
    const unknown = await call(discord, 'POST', '/users/@me/channels', { recipient_id: '123' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 50035 });
  });
});
