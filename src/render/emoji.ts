/**
 * The tiles' own art as Discord emojis (uploaded by `npm run deploy` as the
 * application's emojis): one square per terrain, drawn as the kingdoms draw it, and
 * the crown. Text and buttons then show what the pictures show, not a look-alike
 * (🐑 for a grassland the tiles draw as sprouts).
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Terrain } from '../game/index.js';
import { drawCrown, terrainTile } from './tiles.js';

/** What an emoji shows: a terrain's square, or the crown. */
export type EmojiArt = Terrain | 'crown';

/** Discord's emoji image: "the 128x128 emoji image". */
const SIDE = 128;

/** Rounded corners, so a square reads as a tile beside the text, not a hole in it. */
const CORNER = SIDE * 0.16;

function terrainEmoji(terrain: Terrain): Buffer {
  const canvas = createCanvas(SIDE, SIDE);
  const c = canvas.getContext('2d');
  c.beginPath();
  c.roundRect(0, 0, SIDE, SIDE, CORNER);
  c.clip();
  c.drawImage(terrainTile(terrain, 0, SIDE), 0, 0);
  return canvas.toBuffer('image/png');
}

function crownEmoji(): Buffer {
  const canvas = createCanvas(SIDE, SIDE);
  const w = SIDE * 0.9;
  drawCrown(canvas.getContext('2d'), (SIDE - w) / 2, (SIDE - w * 0.8) / 2, w);
  return canvas.toBuffer('image/png');
}

/** The PNG of one emoji (the same bytes for the same code: its hash names the upload). */
export function emojiPng(art: EmojiArt): Buffer {
  return art === 'crown' ? crownEmoji() : terrainEmoji(art);
}
