/**
 * PNG encoding of our opaque canvases, built for a picture after every move.
 *
 * A picture is written as an indexed PNG: its colours reduced to a palette of at most
 * 256, one byte a pixel: for the pictures of every move a palette known in advance
 * (MOVE_PALETTE, indexed in one pass of WebAssembly: scan.wat), for the others, or
 * one of them with a colour the known palette lacks, a palette taken from its own
 * pixels (quantize.ts). The colours drawn on areas (terrains, players, panels, text)
 * stay exact; only anti-aliased edge pixels take their nearest entry, a shade no one
 * sees at the pictures' scale (test/render/shipped.test.ts). A table is 0.39 of the bytes of the RGBA PNG we
 * wrote before (207 -> 79 KB mid-game), a preview 0.40, for 1.5 to 2 times the
 * encoding's CPU (about 4 to 7 ms more a table, 3 a preview): choosing the palette,
 * partly paid back by deflating a quarter of the data.
 *
 * Measured on tables against that RGBA PNG (1 for bytes and CPU, one option a process):
 * RGB rows at zlib level 6 0.79 at 2.5x; Skia's PNG 1.02 at 4x; lossless WebP 0.63 at
 * 7.6x (Skia's), 0.56 at 7.6x (libwebp's fastest effort, through sharp), 0.50 at 36x
 * (@napi-rs/image), and on previews 1.4 times the PNG's bytes; a palette PNG from
 * libimagequant 0.27 at 80x (@napi-rs/image's pngQuantize, with oxipng) or 0.39 at 5x
 * (libvips, through sharp, moving every flat colour a little), from gifenc's PnnQuant
 * 0.38 at 3x (on colours rounded to RGB565, so flat colours move too). PNG filters on
 * the rows, RGB or indices, only made them larger. PNG shows inline in every Discord
 * client; WebP would have been the riskier format as well as the heavier one.
 *
 * The rows are left unfiltered and deflated by deflate.ts (only runs and rows repeated
 * from above are looked for: zlib level 2's bytes in 0.6 of its time), in one synchronous
 * call, in the thread that drew them: the bot draws in worker threads (RenderPool), one
 * picture per worker at a time, so no event loop that answers clicks waits on it. The
 * canvas's own encoder (Skia: zlib level 6, every row tried with all five filters)
 * spent about 3/4 of a table's time.
 */
import { crc32 } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { deflate } from './deflate.js';
import { KNOWN_PALETTE } from './known-palette.js';
import { indexPixels, KnownPalette, pixelsOf } from './quantize.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The palette of the pictures of every move (the table, the preview), known in advance. */
export const MOVE_PALETTE = new KnownPalette(KNOWN_PALETTE);

/** The thread's scanline buffer for pictures on a palette of their own, allocated once rather than for every picture. */
let rows = Buffer.alloc(0);

/** Draws a picture and encodes it as a PNG (a failed drawing rejects). */
export function renderPng(draw: () => Canvas, known?: KnownPalette): Promise<Buffer> {
  return new Promise((resolve) => resolve(encodePng(draw(), known)));
}

/**
 * The canvas as an indexed PNG (the canvas's pixels are straight RGBA, opaque). Its
 * pixels are read at once, so the canvas may be drawn over as soon as this returns.
 */
export function encodePng(canvas: Canvas, known?: KnownPalette): Buffer {
  const { width, height } = canvas;
  const pixels = pixelsOf(canvas.data());
  const indexed = known?.scanlines(pixels, width, height);
  if (known && indexed) return png(width, height, known.palette, indexed);
  const length = (width + 1) * height;
  if (rows.length < length) rows = Buffer.allocUnsafe(length);
  const out = rows.subarray(0, length);
  const { palette, indices } = indexPixels(pixels);
  return png(width, height, palette, scanlines(indices, width, height, out));
}

function png(width: number, height: number, palette: Uint32Array, rows: Buffer): Buffer {
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height)),
    chunk('PLTE', plte(palette)),
    chunk('IDAT', deflate(rows, width + 1)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8); // 8 bits, indexed colour, deflate, adaptive filtering (all "none" here), no interlace
  return ihdr;
}

/** The palette as RGB triples. */
function plte(colours: Uint32Array): Buffer {
  const out = Buffer.alloc(3 * colours.length);
  colours.forEach((c, i) => out.set([c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff], 3 * i));
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The indices as PNG scanlines (a filter byte, 0 for none, before each row) into `out`. */
function scanlines(indices: Uint8Array, width: number, height: number, out: Buffer): Buffer {
  for (let y = 0; y < height; y++) {
    out[y * (width + 1)] = 0;
    out.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return out;
}
