/**
 * The fake's application emojis, strict to Discord's docs: List / Get / Create /
 * Modify / Delete, names of 2-32 [A-Za-z0-9_] unique in the app, images of at most
 * 256 KiB, 2000 an app, 10014 for an unknown one; and a button whose custom emoji
 * the app cannot use is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeDiscord, type FakeDiscord } from './index.js';
import { call } from './fixtures/call.js';

const PNG = `data:image/png;base64,${Buffer.from('a small png').toString('base64')}`;

describe('application emojis in the fake Discord', () => {
  let discord: FakeDiscord | undefined;
  afterEach(async () => {
    await discord?.assertClean();
    await discord?.close();
    discord = undefined;
  });

  it('creates, lists, gets, renames and deletes an emoji', async () => {
    discord = await startFakeDiscord();
    const app = `/applications/${discord.applicationId}/emojis`;
    const made = await call(discord, 'POST', app, { name: 'kd_lake', image: PNG });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'kd_lake', require_colons: true, managed: false, animated: false });
    const id = String(made.body?.['id']);
    expect((await call(discord, 'GET', app)).body).toMatchObject({ items: [{ id, name: 'kd_lake' }] });
    expect((await call(discord, 'GET', `${app}/${id}`)).body).toMatchObject({ id, user: { id: discord.bot.id } });
    expect((await call(discord, 'PATCH', `${app}/${id}`, { name: 'kd_sea' })).body).toMatchObject({ name: 'kd_sea' });
    expect((await call(discord, 'DELETE', `${app}/${id}`)).status).toBe(204);
    expect((await call(discord, 'GET', app)).body).toEqual({ items: [] });
  });

  it('refuses bad and taken names under `name`, bad images under `image`, and an image over 256 KiB without a code', async () => {
    discord = await startFakeDiscord();
    const app = `/applications/${discord.applicationId}/emojis`;
    discord.expectError({ status: 400 });
    for (const name of ['k', 'kd-lake', 'x'.repeat(33), 'kd lake']) {
      const refused = await call(discord, 'POST', app, { name, image: PNG });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 50035, errors: { name: { _errors: [{ code: 'STRING_TYPE_REGEX' }] } } },
      });
    }
    await call(discord, 'POST', app, { name: 'kd_lake', image: PNG });
    expect(await call(discord, 'POST', app, { name: 'kd_lake', image: PNG })).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { name: { _errors: [{ code: 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN' }] } } },
    });
    expect(await call(discord, 'POST', app, { name: 'kd_mine', image: 'not a data uri' })).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { image: { _errors: [{ code: 'IMAGE_INVALID' }] } } },
    });
    const big = `data:image/png;base64,${Buffer.alloc(256 * 1024 + 1).toString('base64')}`;
    const oversize = await call(discord, 'POST', app, { name: 'kd_mine', image: big });
    expect(oversize.status).toBe(400);
    expect(oversize.body).not.toHaveProperty('code');
    expect(discord.appEmojis().map((e) => e.name)).toEqual(['kd_lake']);
  });

  it('answers 10014 Unknown Emoji for an emoji the app does not have, and 30008 past 2000', async () => {
    discord = await startFakeDiscord();
    const app = `/applications/${discord.applicationId}/emojis`;
    discord.expectError({ status: 404, code: 10014 });
    discord.expectError({ status: 400, code: 30008 });
    for (const method of ['GET', 'PATCH', 'DELETE'])
      expect(
        await call(discord, method, `${app}/1234567890123456789`, method === 'PATCH' ? { name: 'kd_x' } : undefined),
      ).toMatchObject({
        status: 404,
        body: { code: 10014, message: 'Unknown Emoji' },
      });
    for (let i = 0; i < 2000; i++) discord.addAppEmoji(`e${i}`);
    expect(await call(discord, 'POST', app, { name: 'kd_one_more', image: PNG })).toMatchObject({
      status: 400,
      body: { code: 30008 },
    });
  });

  it("refuses a button whose custom emoji is not the app's, and takes one that is", async () => {
    discord = await startFakeDiscord();
    const channel = discord.channelNamed('kingdomino').id;
    const own = discord.addAppEmoji('kd_forest');
    const buttonWith = (emoji: unknown) => ({
      content: 'pick',
      components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Take', custom_id: 'k1:x', emoji }] }],
    });
    discord.expectError({ status: 400, code: 50035 });
    expect(
      await call(
        discord,
        'POST',
        `/channels/${channel}/messages`,
        buttonWith({ id: '1234567890123456789', name: 'x' }),
      ),
    ).toMatchObject({
      status: 400,
      body: {
        code: 50035,
        errors: {
          components: {
            0: { components: { 0: { emoji: { id: { _errors: [{ code: 'BUTTON_COMPONENT_INVALID_EMOJI' }] } } } } },
          },
        },
      },
    });
    const sent = await call(
      discord,
      'POST',
      `/channels/${channel}/messages`,
      buttonWith({ id: own, name: 'kd_forest' }),
    );
    expect(sent.status).toBe(200);
    // An edit that does not send the components again is not refused for an emoji deleted since.
    discord.removeAppEmoji(own);
    const edited = await call(discord, 'PATCH', `/channels/${channel}/messages/${String(sent.body?.['id'])}`, {
      content: 'picked',
    });
    expect(edited.status).toBe(200);
    // A Unicode emoji needs no id.
    expect((await call(discord, 'POST', `/channels/${channel}/messages`, buttonWith({ name: '🌲' }))).status).toBe(200);
  });
});
