/**
 * PNG encoding of our opaque canvases, built for a picture after every move.
 *
 * The canvas's own encoder (Skia: zlib level 6, every row tried with all five
 * filters) spent about 3/4 of a table's time. Here the rows are left unfiltered and
 * deflated at a fast level in one synchronous call, in the thread that drew them:
 * the bot draws in worker threads (RenderPool), one picture per worker at a time, so
 * no event loop that answers clicks waits on it. Deflating in bands on the libuv
 * pool, in parallel and reusing the unchanged bands of recent pictures, cost half as
 * much CPU again (the streams, the hops between threads, the comparisons) for a
 * reuse that under load, with other games' pictures in between, hardly ever came.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LEVEL = 2;

/** The thread's scanline buffer: a table needs 4 MB of it, allocated once rather than for every picture. */
let rows = Buffer.alloc(0);

/** Draws a picture and encodes it as a PNG (a failed drawing rejects). */
export function renderPng(draw: () => Canvas): Promise<Buffer> {
  return new Promise((resolve) => resolve(encodePng(draw())));
}

/**
 * The canvas as an 8-bit RGBA PNG (the canvas's pixels are straight RGBA). Its
 * pixels are read at once, so the canvas may be drawn over as soon as this returns.
 */
export function encodePng(canvas: Canvas): Buffer {
  const { width, height } = canvas;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height)),
    chunk('IDAT', deflateSync(scanlines(canvas.data(), width, height), { level: LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function header(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering (all "none" here), no interlace
  return ihdr;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The pixels as PNG scanlines (a filter byte, 0 for none, before each row). */
function scanlines(pixels: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const length = (stride + 1) * height;
  if (rows.length < length) rows = Buffer.allocUnsafe(length);
  const out = rows.subarray(0, length);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    out[at] = 0;
    pixels.copy(out, at + 1, y * stride, (y + 1) * stride);
  }
  return out;
}
