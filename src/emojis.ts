/**
 * `npm run deploy`'s second half: the tiles' art (src/render/emoji.ts) uploaded as
 * the application's emojis, for the bot's text and buttons (src/discord/messages/emoji.ts).
 * Idempotent: an emoji whose name (art and content hash) is already there is kept;
 * changed art is uploaded under its new name, then the old one deleted; emojis that
 * are not ours (no `kd_` name) are left alone.
 */
import { Routes, type REST } from 'discord.js';
import type { APIEmoji } from 'discord-api-types/v10';
import { artOf, EMOJI_ARTS, emojiName } from './discord/messages/emoji.js';
import { emojiPng } from './render/index.js';

/** Discord's limit for an emoji's image: "a maximum file size of 256 KiB". */
const MAX_EMOJI_BYTES = 256 * 1024;

export interface EmojiSync {
  readonly uploaded: readonly string[];
  readonly deleted: readonly string[];
  readonly kept: readonly string[];
}

export async function syncEmojis(rest: REST, applicationId: string): Promise<EmojiSync> {
  const wanted = EMOJI_ARTS.map((art) => {
    const png = emojiPng(art);
    if (png.length > MAX_EMOJI_BYTES) throw new Error(`the ${art} emoji is ${png.length} bytes, Discord takes 256 KiB`);
    return { name: emojiName(art, png), png };
  });
  const { items } = (await rest.get(Routes.applicationEmojis(applicationId))) as { items: APIEmoji[] };
  const present = new Set(items.map((e) => e.name));
  const uploaded: string[] = [];
  for (const { name, png } of wanted.filter((w) => !present.has(w.name))) {
    const image = `data:image/png;base64,${png.toString('base64')}`;
    await rest.post(Routes.applicationEmojis(applicationId), { body: { name, image } });
    uploaded.push(name);
  }
  // Old art goes once the new is there, so the bot always finds one of each.
  const names = new Set(wanted.map((w) => w.name));
  const stale = items.filter(
    (e): e is APIEmoji & { id: string; name: string } =>
      e.id !== null && e.name !== null && artOf(e.name) !== null && !names.has(e.name),
  );
  for (const emoji of stale) await rest.delete(Routes.applicationEmoji(applicationId, emoji.id));
  return {
    uploaded,
    deleted: stale.map((e) => e.name),
    kept: wanted.map((w) => w.name).filter((n) => present.has(n)),
  };
}
