/**
 * PNG encoding of our opaque canvases, built for a picture after every move.
 *
 * A picture is written as an indexed PNG: its colours reduced to a palette of at
 * most 256 taken from its own pixels (quantize.ts), one byte a pixel. The flat colours
 * that carry the game (terrains, players, text) stay exact; only the anti-aliased
 * edges of text and shapes move to their nearest entry. A table is a third of the
 * bytes of the RGBA PNG we wrote before (207 KB -> about 65 KB) for no more CPU: a
 * quarter of the data to deflate pays for choosing the palette.
 *
 * The rows are left unfiltered (on palette indices a filter only scrambles the
 * repeats deflate finds) and deflated in one synchronous call, in the thread that
 * drew them: the bot draws in worker threads (RenderPool), one picture per worker
 * at a time, so no event loop that answers clicks waits on it. The canvas's own
 * encoder (Skia: zlib level 6, every row tried with all five filters) spent about
 * 3/4 of a table's time.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { paletteOf, type Palette, type Pixels } from './quantize.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LEVEL = Number(process.env.PNG_LEVEL ?? 6);

/** The thread's scanline buffer: a table needs 1 MB of it, allocated once rather than for every picture. */
let rows = Buffer.alloc(0);

/** Draws a picture and encodes it as a PNG (a failed drawing rejects). */
export function renderPng(draw: () => Canvas): Promise<Buffer> {
  return new Promise((resolve) => resolve(encodePng(draw())));
}

/**
 * The canvas as an indexed PNG (the canvas's pixels are straight RGBA, opaque). Its
 * pixels are read at once, so the canvas may be drawn over as soon as this returns.
 */
export function encodePng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  const pixels = pixelsOf(canvas.data());
  const palette = paletteOf(pixels);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height)),
    chunk('PLTE', plte(palette.colours)),
    chunk('IDAT', deflateSync(scanlines(pixels, palette, width, height), { level: LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The RGBA bytes as one 32-bit number a pixel (copied only if the buffer is not 4-aligned). */
function pixelsOf(data: Buffer): Pixels {
  const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
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

/** The pixels as PNG scanlines of palette indices (a filter byte, 0 for none, before each row). */
function scanlines(pixels: Pixels, palette: Palette, width: number, height: number): Buffer {
  const length = (width + 1) * height;
  if (rows.length < length) rows = Buffer.allocUnsafe(length);
  const out = rows.subarray(0, length);
  let colour = -1;
  let index = 0;
  for (let y = 0; y < height; y++) {
    const at = y * (width + 1);
    out[at] = 0;
    for (let x = 0; x < width; x++) {
      const p = pixels[y * width + x]!;
      // Runs of one colour are the rule: look a colour up only when it changes.
      if (p !== colour) {
        colour = p;
        index = palette.indexOf(p);
      }
      out[at + 1 + x] = index;
    }
  }
  return out;
}
