/**
 * The pictures of every move are encoded on a palette known in advance
 * (src/render/known-palette.ts, KnownPalette in quantize.ts): they must find their
 * colours in it; a picture with a colour it lacks, on an area, gets a palette of its
 * own, so that colour still ships exactly (test/render/shipped.test.ts checks what
 * the known palette does to the pictures' other colours).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { judgePlacement, legalPlacements } from '../../src/game/index.js';
import { inLocale } from '../../src/i18n/index.js';
import { draw, renderPreview, renderTable } from '../../src/render/index.js';
import { encodePng, MOVE_PALETTE } from '../../src/render/png.js';
import { distance, KnownPalette, pixelsOf } from '../../src/render/quantize.js';
import { midGame, play, newGame } from './games.js';

/** The PNG's chunk of `type`. */
function chunk(png: Buffer, type: string): Buffer {
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === type) return png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
  }
  throw new Error(`no ${type}`);
}

/** The known palette as PLTE bytes. */
const knownPlte = Buffer.from(Array.from(MOVE_PALETTE.palette).flatMap((c) => [c & 0xff, (c >>> 8) & 0xff, c >>> 16]));

describe('the known palette of the pictures of every move', () => {
  it('serves the tables and previews of every set-up, in two languages, with no palette of their own', async () => {
    for (const locale of ['en', 'de'] as const) {
      for (const state of [midGame('4p'), midGame('2p'), midGame('duel'), play(newGame('3p'))]) {
        const png = await inLocale(locale, () => renderTable(state));
        expect(chunk(png, 'PLTE').equals(knownPlte)).toBe(true);
      }
      const state = midGame('4p');
      const spot = legalPlacements(state)[0]!;
      const png = await inLocale(locale, () => renderPreview(state, judgePlacement(state, spot.a, spot.b)));
      expect(chunk(png, 'PLTE').equals(knownPlte)).toBe(true);
    }
  });

  it('gives a picture with an area of a colour it lacks a palette of its own, which ships that colour', async () => {
    const canvas = draw.table(midGame('4p'));
    const c = canvas.getContext('2d');
    c.fillStyle = '#FF00FF'; // no picture of ours has magenta
    c.fillRect(100, 100, 20, 20);
    const png = encodePng(canvas, MOVE_PALETTE);
    expect(chunk(png, 'PLTE').equals(knownPlte)).toBe(false);
    const image = await loadImage(png);
    const shipped = createCanvas(image.width, image.height);
    shipped.getContext('2d').drawImage(image, 0, 0);
    const pixels = pixelsOf(shipped.data());
    expect(pixels[110 * canvas.width + 110]! & 0xffffff).toBe(0xff00ff);
    // Indexed colour, a byte a pixel and a filter byte a row, either way.
    expect(inflateSync(chunk(png, 'IDAT'))).toHaveLength((canvas.width + 1) * canvas.height);
  });

  it('writes each pixel as its nearest entry, at any width, picture after picture', () => {
    let seed = 11;
    const random = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const entries = Array.from({ length: 256 }, () => random(1 << 24));
    const known = new KnownPalette(entries);
    const found = new Map<number, number>();
    const nearest = (pixel: number): number => {
      const distances = entries.map((entry) => distance(pixel & 0xffffff, entry));
      if (!found.has(pixel)) found.set(pixel, distances.indexOf(Math.min(...distances)));
      return found.get(pixel)!;
    };
    // Runs of 1 to 40 pixels, each an entry a little off (thousands of colours): a width
    // no multiple of 4 and rows enough for several bands; then pixels all of their own
    // (more than the colours remembered), near an entry too.
    const nudged = (): number =>
      (entries[random(256)]! ^ random(8) ^ (random(8) << 8) ^ (random(8) << 16)) | 0xff000000;
    const runs = (length: number): Uint32Array => {
      const pixels = new Uint32Array(length);
      for (let i = 0; i < length;) pixels.fill(nudged(), i, (i += 1 + random(40)));
      return pixels;
    };
    for (const [width, height, pixels] of [
      [37, 2000, runs(37 * 2000)],
      [4, 4, runs(16)],
      [301, 300, Uint32Array.from({ length: 301 * 300 }, nudged)],
      [37, 2000, runs(37 * 2000)],
    ] as const) {
      const rows = known.scanlines(pixels, width, height);
      const expected = Buffer.alloc((width + 1) * height);
      pixels.forEach((pixel, i) => (expected[i + Math.floor(i / width) + 1] = nearest(pixel)));
      expect(rows?.equals(expected)).toBe(true);
    }
  });
});
