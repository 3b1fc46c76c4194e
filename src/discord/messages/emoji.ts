/**
 * The terrain and crown emojis of text and buttons: the application's own emojis
 * (the tiles' art, uploaded by `npm run deploy`: src/render/emoji.ts) once the bot
 * has fetched them, else the Unicode look-alikes. The one place that says which
 * emoji stands for which terrain.
 *
 * An application emoji is named `kd_<art>_<hash>`: the prefix marks it as ours (the
 * deploy leaves any other emoji of the application alone), the hash is the first
 * hex digits of its PNG's SHA-256, so changed art gets a new name and is uploaded again.
 */
import { createHash } from 'node:crypto';
import type { EmojiArt } from '../../render/index.js';

/** Unicode stand-ins, for a bot whose application has no emojis uploaded (yet). */
const UNICODE: Readonly<Record<EmojiArt, string>> = {
  wheat: '🌾',
  forest: '🌲',
  lake: '🌊',
  grassland: '🐑',
  swamp: '🐸',
  mine: '⛏️',
  crown: '👑',
};

/** Every emoji the deploy uploads. */
export const EMOJI_ARTS = Object.keys(UNICODE) as readonly EmojiArt[];

export const EMOJI_PREFIX = 'kd_';
/**
 * 4 hex digits: art changed with the same 4 is 1 in 65,536; more would push the
 * rules (which show all seven) past Discord's 2,000 characters in German.
 */
const HASH_DIGITS = 4;
const NAME = new RegExp(`^${EMOJI_PREFIX}([a-z]+)_([0-9a-f]{${HASH_DIGITS}})$`);

/** An application emoji as Discord gives it: what a button's `emoji` and `<:name:id>` need. */
export interface AppEmoji {
  readonly id: string;
  readonly name: string;
}

/** The name an emoji of this art and these bytes is uploaded under. */
export function emojiName(art: EmojiArt, png: Buffer): string {
  return `${EMOJI_PREFIX}${art}_${createHash('sha256').update(png).digest('hex').slice(0, HASH_DIGITS)}`;
}

/** The art an emoji name stands for, or null for a name that is not one of ours. */
export function artOf(name: string): EmojiArt | null {
  const art = NAME.exec(name)?.[1];
  return art !== undefined && Object.hasOwn(UNICODE, art) ? (art as EmojiArt) : null;
}

/** The application's emojis this process uses (empty: the Unicode ones). */
let uploaded = new Map<EmojiArt, AppEmoji>();

/**
 * Takes the application's emojis (fetched once the bot is ready): ours by their name,
 * any other ignored. An art found twice (a deploy stopped midway) takes the newest.
 */
export function useAppEmojis(emojis: Iterable<AppEmoji>): void {
  const next = new Map<EmojiArt, AppEmoji>();
  for (const emoji of emojis) {
    const art = artOf(emoji.name);
    const held = art ? next.get(art) : undefined;
    if (art && (!held || BigInt(emoji.id) > BigInt(held.id))) next.set(art, { id: emoji.id, name: emoji.name });
  }
  uploaded = next;
}

/** The emoji in message text: `<:kd_lake_…:id>`, or the Unicode one. */
export function textEmoji(art: EmojiArt): string {
  const own = uploaded.get(art);
  return own ? `<:${own.name}:${own.id}>` : UNICODE[art];
}

/**
 * A glyph for plain text (button labels, menu options: Discord draws no custom
 * emoji there): the Unicode one without the application's, else none for a terrain
 * (the look-alike would contradict the art beside it) and 👑 for the crown.
 */
export function labelEmoji(art: EmojiArt): string | null {
  return uploaded.has(art) && art !== 'crown' ? null : UNICODE[art];
}

/** A button's `emoji`: the application's, or none (a Take button then shows the domino's number alone). */
export function buttonEmoji(art: EmojiArt): AppEmoji | null {
  return uploaded.get(art) ?? null;
}
