/**
 * The tiles' own art in text and buttons: `npm run deploy` uploads it as the
 * application's emojis (once: a second deploy uploads nothing; changed art replaced,
 * other emojis left alone), and the bot, once ready, shows them in the rules and on
 * the panel's Take buttons; before any deploy it shows the Unicode look-alikes.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPLOY_ENTRY, nodeArgs } from '../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/fake.js';
import type { FakeMessage } from '../fake-discord/model.js';
import { launch, lastMessage, startTable, userToPlay, yourTurnId, type World } from './harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run deploy` against the fake (the compiled entry, as the script runs it). */
function deploy(discord: FakeDiscord): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs(DEPLOY_ENTRY),
      { cwd: ROOT, env: { ...process.env, ...discord.env() }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function rules(discord: FakeDiscord): Promise<string> {
  return (await (await discord.slashCommand({ user: 'alice', name: 'kingdomino', subcommand: 'rules' })).reply())
    .content;
}

/** The panel of whoever is to play in the thread. */
async function panel(discord: FakeDiscord, threadId: string): Promise<FakeMessage> {
  const turn = lastMessage(discord, threadId);
  return (await discord.click(turn, yourTurnId(turn), userToPlay(discord, turn)!)).reply();
}

const takeButtons = (m: FakeMessage) => m.buttons().filter((b) => /^k1:k:/.test(b.customId ?? ''));
const CUSTOM = /<:(kd_[a-z]+_[0-9a-f]+):(\d+)>/g;

describe("the tiles' art as application emojis", () => {
  let world: World;
  afterAll(async () => {
    await world?.close();
  });

  it(
    'shows Unicode look-alikes before a deploy, the uploaded art after it, uploaded once',
    { timeout: 90_000 },
    async () => {
      world = await launch();
      const { discord } = world;
      // Before any deploy: today's Unicode, and Take buttons without an emoji.
      expect(await rules(discord)).toContain('🐑 grassland');
      const thread = await startTable(discord, 'alice', ['bob']);
      const before = takeButtons(await panel(discord, thread));
      expect(before.length).toBeGreaterThan(0);
      for (const b of before) expect(b.raw.emoji).toBeUndefined();

      // An emoji of the operator's own, and our wheat from older art.
      const foreign = discord.addAppEmoji('party_parrot');
      const stale = discord.addAppEmoji('kd_wheat_0000');
      await world.restart({}, async () => {
        const first = await deploy(discord);
        expect(first.stderr).toBe('');
        expect(first.stdout).toMatch(/Emojis: 7 uploaded, 1 old ones deleted, 0 already there\./);
        const second = await deploy(discord);
        expect(second.stdout).toMatch(/Emojis: 0 uploaded, 0 old ones deleted, 7 already there\./);
      });
      const emojis = discord.appEmojis();
      expect(emojis.map((e) => e.id)).toContain(foreign);
      expect(emojis.map((e) => e.id)).not.toContain(stale);
      const ours = new Map(emojis.filter((e) => e.name?.startsWith('kd_')).map((e) => [e.id!, e.name!]));
      expect(ours.size).toBe(7);
      // Each a PNG of Discord's 128x128, under 256 KiB.
      for (const id of ours.keys()) {
        const png = discord.appEmojiImage(id)!;
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([128, 128]);
      }

      // The rules name each terrain by its tile: seven emojis of the app, the grassland's among them.
      const text = await rules(discord);
      expect(text).not.toContain('🐑');
      const shown = [...text.matchAll(CUSTOM)];
      expect(shown).toHaveLength(7);
      for (const [, name, id] of shown) expect(ours.get(id!)).toBe(name);
      expect(text).toMatch(/<:kd_grassland_[0-9a-f]+:\d+> grassland/);

      // The panel's Take buttons carry a tile of their domino, one of the app's emojis.
      const after = takeButtons(await panel(discord, thread));
      expect(after.length).toBeGreaterThan(0);
      for (const b of after) {
        const emoji = b.raw.emoji as { id: string; name: string };
        expect(ours.get(emoji.id)).toBe(emoji.name);
        expect(b.label).not.toMatch(/🌾|🌲|🌊|🐑|🐸|⛏/);
      }
      await discord.assertClean();
    },
  );

  it('takes an emoji deleted under the running bot as one failed panel, then goes on without it', async () => {
    const { discord } = world;
    const thread = discord.threads()[0]!.id;
    // Every tile goes: whichever the next Take buttons show is gone.
    for (const e of discord.appEmojis()) if (e.name?.startsWith('kd_')) discord.removeAppEmoji(e.id!);
    const refused = discord.expectError({ status: 400, code: 50035 });
    const refetched = discord.nextRequest({ method: 'GET', path: '/applications/:app/emojis' });
    expect((await panel(discord, thread)).content).toMatch(/Something went wrong/);
    await refetched;
    refused();
    const again = takeButtons(await panel(discord, thread));
    expect(again.length).toBeGreaterThan(0);
    for (const b of again) expect(b.raw.emoji).toBeUndefined();
    expect(await rules(discord)).toContain('🐑 grassland');
    await discord.assertClean();
  });

  it('says so when Discord refuses the upload (the app holds 2000 emojis), the commands registered all the same', async () => {
    const discord = await startFakeDiscord();
    try {
      for (let i = 0; i < 2000; i++) discord.addAppEmoji(`theirs_${i}`);
      discord.expectError({ status: 400, code: 30008 });
      const ran = await deploy(discord);
      expect(ran.status).toBe(1);
      expect(ran.stdout).toMatch(/Registered 1 command/);
      expect(ran.stderr).toMatch(
        /Could not upload the emojis \(the bot shows Unicode ones instead\).*Maximum number of emojis/,
      );
      expect(discord.appEmojis()).toHaveLength(2000);
      expect(discord.commands().map((c) => c.name)).toEqual(['kingdomino']);
      await discord.assertClean();
    } finally {
      await discord.close();
    }
  });
});
