/**
 * PNG encoding of our opaque canvases, built for a picture after every move.
 *
 * The canvas's own encoder (Skia: zlib level 6, every row tried with all five
 * filters) spent about 3/4 of a table's time. Here the rows are left unfiltered
 * and cut into bands of BAND_ROWS rows; each band is deflated as its own stream on
 * the libuv thread pool (so bands compress in parallel and the event loop never
 * waits on zlib), and the bands' raw deflate data are joined into the one zlib
 * stream PNG wants, the way pigz joins its blocks: every band ends on a sync-flush
 * boundary, the joined stream ends with an empty final block, and its Adler-32 is
 * combined from the bands' own.
 *
 * A band depends only on its own pixels, so a band equal to the same band of a
 * recent picture of the same size reuses that band's deflate output: between two
 * moves most of the preview, and part of the table, stays the same. Same pixels,
 * same bytes, whatever was encoded before.
 *
 * renderPng draws and encodes a picture in its turn: at most RENDER_SLOTS at once
 * in a thread (gate.ts).
 */
import { constants, crc32, createDeflate } from 'node:zlib';
import type { Canvas } from '@napi-rs/canvas';
import { Gate } from './gate.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LEVEL = 2;
/** Rows per band: fewer bands cost less zlib set-up, smaller ones are reused more often. */
const BAND_ROWS = 64;
/** Pictures whose bands may be reused (about 5 MB of pixels each for a table). */
const RECENT = 4;
/** zlib header: deflate with a 32 KB window, "fast" level, no dictionary. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
/** An empty final block (fixed codes, end-of-block only), byte aligned. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const SYNC_MARKER = 0x0000ffff;
const ADLER_BASE = 65521;

/** One band's raw deflate data (ending on a sync-flush boundary) and the Adler-32 of its scanlines. */
interface Band {
  readonly deflated: Buffer;
  readonly adler: number;
  readonly length: number;
}

interface Picture {
  readonly width: number;
  readonly height: number;
  readonly pixels: Buffer;
  readonly bands: readonly Band[];
}

const recent: Picture[] = [];

/**
 * Pictures drawn and encoded at once in a thread: two (one is drawn while the other's
 * bands deflate on the thread pool).
 */
export const RENDER_SLOTS = 2;
export const renders = new Gate(RENDER_SLOTS);

/** Draws a picture and encodes it as a PNG, once one of the RENDER_SLOTS is free. */
export function renderPng(draw: () => Canvas): Promise<Buffer> {
  return renders.run(() => encodePng(draw()));
}

/**
 * The canvas as an 8-bit RGBA PNG (the canvas's pixels are straight RGBA). Its
 * pixels are read at once, so the canvas may be drawn over as soon as this returns.
 */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  const { width, height } = canvas;
  const pixels = canvas.data();
  const pending: Promise<Band>[] = [];
  for (let y0 = 0; y0 < height; y0 += BAND_ROWS) {
    const y1 = Math.min(height, y0 + BAND_ROWS);
    const reused = reusableBand(width, height, pixels, y0, y1);
    pending.push(reused ? Promise.resolve(reused) : deflateBand(pixels, width, y0, y1));
  }
  const bands = await Promise.all(pending);
  remember({ width, height, pixels, bands });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header(width, height)),
    chunk('IDAT', joinBands(bands)),
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

/**
 * A lane of bands deflated one after the other, each from the lane's own scanline
 * buffer (a picture needs 3-4 MB of them, and allocating them anew for every picture
 * kept the garbage collector busy). Each band gets a zlib stream of its own, closed
 * as soon as it is done: a stream kept and reset between bands carried its output
 * buffer's position from one band to the next, and where that buffer filled up just
 * at a band's flush zlib wrote a second flush marker, so the same band came out 5
 * bytes longer or shorter depending on what was encoded before it.
 */
class Deflater {
  private rows = Buffer.alloc(0);
  private queue: Promise<unknown> = Promise.resolve();
  /** Bands given to it and not deflated yet. */
  pending = 0;

  /** Rows y0..y1 of the pixels as one band, after the bands given to it before. */
  deflate(pixels: Buffer, width: number, y0: number, y1: number): Promise<Band> {
    this.pending++;
    const band = this.queue.then(() => this.run(pixels, width, y0, y1));
    this.queue = band.catch(() => undefined);
    return band.finally(() => this.pending--);
  }

  /**
   * The band as a complete zlib stream written in two steps (the rows with a sync
   * flush, then the end), which gives its raw deflate data, ending on the flush
   * boundary, and its Adler-32 from the trailer, with no pass over the data in
   * JavaScript. What zlib writes after the flush is fixed: an empty final block and
   * the trailer; anything else is refused rather than joined into a broken PNG.
   */
  private run(pixels: Buffer, width: number, y0: number, y1: number): Promise<Band> {
    const rows = this.scanlines(pixels, width, y0, y1);
    return new Promise((resolve, reject) => {
      const z = createDeflate({ level: LEVEL });
      const out: Buffer[] = [];
      z.on('data', (b: Buffer) => out.push(b));
      z.on('error', reject);
      z.on('end', () => {
        z.close();
        const all = Buffer.concat(out);
        const n = all.length;
        const tail = n - 6;
        if (n < 12 || all.readUInt32BE(tail - 4) !== SYNC_MARKER || !all.subarray(tail, tail + 2).equals(FINAL_BLOCK)) {
          reject(new Error('zlib ended a PNG band in an unexpected way'));
          return;
        }
        resolve({ deflated: all.subarray(2, tail), adler: all.readUInt32BE(n - 4), length: rows.length });
      });
      z.write(rows);
      z.flush(constants.Z_SYNC_FLUSH, () => z.end());
    });
  }

  /** Rows y0..y1 as PNG scanlines (a filter byte, 0 for none, before each row), in its own buffer. */
  private scanlines(pixels: Buffer, width: number, y0: number, y1: number): Buffer {
    const stride = width * 4;
    const length = (stride + 1) * (y1 - y0);
    if (this.rows.length < length) this.rows = Buffer.allocUnsafe(length);
    const out = this.rows.subarray(0, length);
    for (let y = y0; y < y1; y++) {
      const at = (y - y0) * (stride + 1);
      out[at] = 0;
      pixels.copy(out, at + 1, y * stride, (y + 1) * stride);
    }
    return out;
  }
}

/** One deflater per render slot: the bands of the pictures in progress share them. */
const deflaters = Array.from({ length: RENDER_SLOTS }, () => new Deflater());

/** The band to the deflater with the least work waiting. */
function deflateBand(pixels: Buffer, width: number, y0: number, y1: number): Promise<Band> {
  let at = 0;
  deflaters.forEach((d, i) => {
    if (d.pending < deflaters[at]!.pending) at = i;
  });
  return deflaters[at]!.deflate(pixels, width, y0, y1);
}

/** The same band of a recent picture of this size, when its pixels are the same. */
function reusableBand(width: number, height: number, pixels: Buffer, y0: number, y1: number): Band | null {
  const from = y0 * width * 4;
  const to = y1 * width * 4;
  const mine = pixels.subarray(from, to);
  for (const p of recent) {
    if (p.width === width && p.height === height && p.pixels.subarray(from, to).equals(mine)) {
      return p.bands[y0 / BAND_ROWS] ?? null;
    }
  }
  return null;
}

function remember(p: Picture): void {
  recent.unshift(p);
  recent.length = Math.min(recent.length, RECENT);
}

/** One zlib stream from the bands: header, their deflate data in order, a final block, the combined Adler-32. */
function joinBands(bands: readonly Band[]): Buffer {
  let adler = 1;
  for (const b of bands) adler = adler32Combine(adler, b.adler, b.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler, 0);
  return Buffer.concat([ZLIB_HEADER, ...bands.map((b) => b.deflated), FINAL_BLOCK, trailer]);
}

/** Adler-32 of A followed by B, from adler(A), adler(B) and B's length (zlib's adler32_combine). */
function adler32Combine(a: number, b: number, lengthB: number): number {
  const rem = lengthB % ADLER_BASE;
  let sum1 = a & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (b & 0xffff) + ADLER_BASE - 1;
  sum2 += (a >>> 16) + (b >>> 16) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= 2 * ADLER_BASE) sum2 -= 2 * ADLER_BASE;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}
