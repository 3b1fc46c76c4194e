/**
 * The colours of an opaque picture reduced to a palette of at most 256, for an
 * indexed PNG (a byte a pixel instead of four: a quarter of the data to deflate).
 *
 * Our pictures are flat colours (palette.ts) plus the anti-aliased edges of text,
 * patterns and shapes: a table has about 3,000-6,000 distinct colours, and its 256
 * most frequent cover 96-99% of its pixels. So the palette is chosen among the
 * picture's own colours, never averaged: the colours drawn on areas (terrains,
 * players, panels, text) come out exactly as drawn (test/render/shipped.test.ts), and
 * a picture of 256 colours or fewer comes out unchanged. Greedily, each next entry
 * is the colour whose pixels are worst served so far (pixel count x squared distance
 * to the nearest entry), so a small but distinct mark (a red cross, a dashed hint)
 * gets its own entry before the hundredth shade of an edge; every other colour is
 * drawn with its nearest entry. No dithering: on flat colours it would only add
 * noise and bytes.
 */

import { SCAN_WASM } from './scan-wasm.js';

/** Pixels as 0xAABBGGRR (the canvas's RGBA bytes read little-endian). */
export type Pixels = Uint32Array;

export interface Indexed {
  /** The palette, 0xBBGGRR, at most 256 entries. */
  readonly palette: Uint32Array;
  /** Each pixel's entry, row after row (the thread's buffer: read it before the next picture). */
  readonly indices: Uint8Array;
}

const MAX_ENTRIES = 256;
const RGB = 0xffffff;
/** More than the distance between any two colours. */
const FARTHER = 10 * 255 * 255;

/** The RGBA bytes as one 32-bit number a pixel (copied only if the buffer is not 4-aligned). */
export function pixelsOf(data: Buffer): Pixels {
  const aligned = data.byteOffset % 4 === 0 ? data : Buffer.from(data);
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length / 4);
}

/** The thread's buffers, grown to the largest picture rather than allocated for every one. */
let runIds: Uint32Array = new Uint32Array(0);
let runEnds: Uint32Array = new Uint32Array(0);
let indexBuffer = new Uint8Array(0);

/** The picture as a palette and an entry per pixel (alpha is ignored: every picture is opaque). */
export function indexPixels(pixels: Pixels): Indexed {
  const colours = new ColourTable();
  const runs = readRuns(pixels, colours);
  const palette = chooseEntries(colours.colours(), colours.counts());
  const nearest = nearestEntries(colours.colours(), palette);
  if (indexBuffer.length < pixels.length) indexBuffer = new Uint8Array(pixels.length);
  const indices = indexBuffer.subarray(0, pixels.length);
  // A loop rather than fill(): most runs are a few pixels, shorter than a call to fill() costs.
  const [ids, ends] = [runIds, runEnds];
  for (let r = 0, i = 0; r < runs; r++) {
    const entry = nearest[ids[r]!]!;
    for (const end = ends[r]!; i < end; i++) indices[i] = entry;
  }
  return { palette, indices };
}

/**
 * How much a colour's pixels count when a palette is chosen for many pictures: as
 * their number to this power, so that a shade of a few hundred pixels in a few of
 * them (the edges of whole kingdoms at a game's end) is not drowned by the millions
 * of the backgrounds. Measured on test/render/shipped.test.ts's pictures: with 1,
 * 0.06% of a finished table's pixels move noticeably (the test allows 0.05%); with
 * 0.7, 0.04% move noticeably and 9% move at all (10% allowed); with 0.5, 10.3% move.
 */
const SHARED_WEIGHT = 0.7;

/**
 * The palette chosen once for many pictures (the generator of known-palette.ts):
 * the greedy choice of `chooseEntries` on the colours of all of them counted
 * together (SHARED_WEIGHT).
 */
export function paletteOf(pictures: readonly Pixels[]): Uint32Array {
  const colours = new ColourTable();
  for (const pixels of pictures) readRuns(pixels, colours);
  const weights = Uint32Array.from(colours.counts(), (n) => Math.ceil(n ** SHARED_WEIGHT));
  return chooseEntries(colours.colours(), weights);
}

/**
 * A colour this far from its nearest entry (weighted squared distance: about 20 a
 * channel) is not a shade of an edge between colours the palette knows but a colour
 * it lacks (scan.wat's FAR); FAR_PIXELS of them make an area, and the picture is then
 * indexed on a palette of its own (a colour added to the pictures and not yet to the
 * palette: `npm run palette`). Tables and previews have none, or a few lone edge pixels.
 */
const FAR_PIXELS = 100;
/** Rows of pixels copied into the module's memory at a time: about 64 KB, a band that stays in the cache. */
const BAND_BYTES = 1 << 16;
/** WebAssembly's page. */
const PAGE = 1 << 16;

/** scan.wat's exports. */
interface Scan {
  readonly memory: WebAssembly.Memory;
  readonly SPACE: WebAssembly.Global;
  palette(entries: number): void;
  begin(first: number): void;
  rows(pixels: number, out: number, width: number, rows: number, index: number): void;
  end(pixels: number): number;
}

let scanModule: WebAssembly.Module | null = null;

/**
 * A palette known in advance: the pictures of every move are drawn in our colours
 * (palette.ts), and their edges in shades between them, so their palette is chosen
 * once from reference pictures (known-palette.ts) rather than for each picture. Each
 * colour's nearest entry is remembered from picture to picture, so a picture is
 * indexed in one pass (scan.wat, in WebAssembly: a third of the JavaScript loop's
 * time), a colour looked up once a run. A colour's entry depends on the palette alone,
 * so the same picture gives the same bytes whatever was drawn before.
 */
export class KnownPalette {
  readonly palette: Uint32Array;
  private readonly scan: Scan;

  constructor(palette: readonly number[]) {
    this.palette = Uint32Array.from(palette);
    scanModule ??= new WebAssembly.Module(Buffer.from(SCAN_WASM, 'base64'));
    this.scan = new WebAssembly.Instance(scanModule).exports as unknown as Scan;
    const channels = new Int32Array(this.scan.memory.buffer, 0, 3 * MAX_ENTRIES);
    for (const [at, channel] of [red, green, blue].entries()) {
      channels.set(Int32Array.from(this.palette, channel), at * MAX_ENTRIES);
    }
    this.scan.palette(this.palette.length);
  }

  /**
   * The pixels as PNG scanlines (a filter byte, 0 for none, then an entry a pixel);
   * null when colours the palette lacks cover an area (the picture then needs a
   * palette of its own). The scanlines are the module's memory: read them before the
   * next picture.
   */
  scanlines(pixels: Pixels, width: number, height: number): Buffer | null {
    const band = Math.max(1, Math.floor(BAND_BYTES / (4 * width)));
    const space = this.scan.SPACE.value as number;
    const out = space + 4 * band * width;
    const length = (width + 1) * height;
    this.reserve(out + length);
    const memory = new Uint8Array(this.scan.memory.buffer);
    const bytes = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    this.scan.begin(pixels[0]!);
    for (let y = 0; y < height; y += band) {
      const rows = Math.min(band, height - y);
      memory.set(bytes.subarray(4 * y * width, 4 * (y + rows) * width), space);
      this.scan.rows(space, out + y * (width + 1), width, rows, y * width);
    }
    if (this.scan.end(pixels.length) >= FAR_PIXELS) return null;
    return Buffer.from(this.scan.memory.buffer, out, length);
  }

  /** The module's memory grown to `bytes`. */
  private reserve(bytes: number): void {
    const { memory } = this.scan;
    const short = Math.ceil((bytes - memory.buffer.byteLength) / PAGE);
    if (short > 0) memory.grow(short);
  }
}

/**
 * The pixels as runs of one colour (runIds, runEnds), each colour counted in
 * `colours`: the pictures are mostly flat, so a table of a million pixels is about
 * a hundred thousand runs, and a colour is looked up once a run.
 */
function readRuns(pixels: Pixels, colours: ColourTable): number {
  let [ids, ends] = [runIds, runEnds]; // locals: the module's bindings cost more to reach in this loop
  let runs = 0;
  let start = 0;
  const last = pixels.length - 1;
  for (let i = 0; i <= last; i++) {
    if (i < last && pixels[i + 1] === pixels[start]) continue;
    if (runs === ids.length) [ids, ends] = growRuns();
    ids[runs] = colours.add(pixels[start]! & RGB, i + 1 - start);
    ends[runs++] = i + 1;
    start = i + 1;
  }
  return runs;
}

/** Twice the room for runs (a table needs about 100,000; a noisy picture up to one a pixel). */
function growRuns(): [Uint32Array, Uint32Array] {
  const length = Math.max(2 * runIds.length, 1 << 16);
  [runIds, runEnds] = [grown(runIds, length), grown(runEnds, length)];
  return [runIds, runEnds];
}

/**
 * At most 256 of the colours: all if they fit, else greedily the colour with the
 * largest count x squared distance to its nearest entry so far. Lazily: a colour's
 * score only falls as entries are added, so a stale score is an upper bound and
 * only the colour on top of the heap needs comparing with the entries added since
 * its last look (the same choice as rescoring every colour each time, at a fraction
 * of the cost).
 */
function chooseEntries(colours: Uint32Array, counts: Uint32Array, size = MAX_ENTRIES): Uint32Array {
  if (colours.length <= size) return colours.slice();
  const served = new Float64Array(colours.length).fill(FARTHER); // squared distance to the nearest entry
  const compared = new Uint16Array(colours.length); // entries it was compared with
  const scores = new Float64Array(colours.length);
  for (let i = 0; i < colours.length; i++) scores[i] = counts[i]! * FARTHER;
  const heap = new MaxHeap(scores);
  const entries = new Uint32Array(size);
  // The entries' channels apart: this loop is most of the choosing.
  const [reds, greens, blues] = [new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  for (let n = 0; n < size;) {
    const top = heap.top();
    if (compared[top] === n) {
      entries[n] = colours[top]!;
      [reds[n], greens[n], blues[n]] = [red(entries[n]!), green(entries[n]!), blue(entries[n]!)];
      n++;
      heap.pop();
      continue;
    }
    const [r, g, b] = [red(colours[top]!), green(colours[top]!), blue(colours[top]!)];
    let nearest = served[top]!;
    for (let e = compared[top]!; e < n; e++) {
      const d = weighted(r - reds[e]!, g - greens[e]!, b - blues[e]!);
      if (d < nearest) nearest = d;
    }
    served[top] = nearest;
    compared[top] = n;
    heap.lowerTop(counts[top]! * nearest);
  }
  return entries;
}

/**
 * For each colour, the index of its nearest entry. The entries are sorted by green
 * (the heaviest channel in the distance), and the search goes out from the colour's
 * green both ways until green alone is farther than the best so far.
 */
function nearestEntries(colours: Uint32Array, entries: Uint32Array): Uint8Array {
  const order = Array.from(entries.keys()).sort((a, b) => green(entries[a]!) - green(entries[b]!));
  const sorted = Uint32Array.from(order, (e) => entries[e]!);
  const greens = Array.from(sorted, green);
  const nearest = new Uint8Array(colours.length);
  for (let i = 0; i < colours.length; i++) {
    const colour = colours[i]!;
    const g = green(colour);
    const from = firstAtLeast(greens, g);
    let best = FARTHER;
    let k = from;
    for (let j = from; j < sorted.length && 4 * (greens[j]! - g) ** 2 < best; j++) {
      const d = distance(colour, sorted[j]!);
      if (d < best) [best, k] = [d, j];
    }
    for (let j = from - 1; j >= 0 && 4 * (greens[j]! - g) ** 2 < best; j--) {
      const d = distance(colour, sorted[j]!);
      if (d < best) [best, k] = [d, j];
    }
    nearest[i] = order[k]!;
  }
  return nearest;
}

/** The first index whose value is at least `value` in an ascending list (its length if none). */
function firstAtLeast(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const red = (colour: number): number => colour & 0xff;
const green = (colour: number): number => (colour >>> 8) & 0xff;
const blue = (colour: number): number => (colour >>> 16) & 0xff;

/** Squared distance from channel differences, weighted roughly as the eye weighs the channels. */
const weighted = (dr: number, dg: number, db: number): number => 2 * dr * dr + 4 * dg * dg + 3 * db * db;

/** Squared distance between two 0xBBGGRR colours. */
export function distance(p: number, q: number): number {
  return weighted(red(p) - red(q), green(p) - green(q), blue(p) - blue(q));
}

/** A max-heap of the indices 0..n-1 by a score, whose top's score may be lowered. */
class MaxHeap {
  private readonly heap: Uint32Array;
  private size: number;

  constructor(private readonly scores: Float64Array) {
    this.size = scores.length;
    this.heap = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i++) this.heap[i] = i;
    for (let i = (this.size >>> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  top(): number {
    return this.heap[0]!;
  }

  pop(): void {
    this.heap[0] = this.heap[--this.size]!;
    this.siftDown(0);
  }

  lowerTop(score: number): void {
    this.scores[this.heap[0]!] = score;
    this.siftDown(0);
  }

  private siftDown(at: number): void {
    const { heap, scores } = this;
    const item = heap[at]!;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && scores[heap[child + 1]!]! > scores[heap[child]!]!) child++;
      if (scores[heap[child]!]! <= scores[item]!) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = item;
  }
}

const EMPTY = -1;

/**
 * The picture's colours (0xBBGGRR), each with an id in order of first appearance and
 * a pixel count. Open addressing on typed arrays: a Map of thousands of colours,
 * looked up a hundred thousand times, would cost more than the deflating.
 */
class ColourTable {
  private bits = 12;
  private keys = new Int32Array(1 << this.bits).fill(EMPTY);
  private ids = new Uint32Array(1 << this.bits);
  /** By id; the table grows before these fill (at half its slots). */
  private list: Uint32Array = new Uint32Array(1 << (this.bits - 1));
  private count: Uint32Array = new Uint32Array(1 << (this.bits - 1));
  private size = 0;

  /** The colour's id, after adding `pixels` to its count. */
  add(colour: number, pixels: number): number {
    const slot = this.find(colour);
    if (this.keys[slot] === colour) {
      const id = this.ids[slot]!;
      this.count[id]! += pixels;
      return id;
    }
    if (this.size === this.list.length) {
      this.grow();
      return this.add(colour, pixels);
    }
    const id = this.size++;
    this.keys[slot] = colour;
    this.ids[slot] = id;
    this.list[id] = colour;
    this.count[id] = pixels;
    return id;
  }

  /** By id. */
  colours(): Uint32Array {
    return this.list.subarray(0, this.size);
  }

  /** By id. */
  counts(): Uint32Array {
    return this.count.subarray(0, this.size);
  }

  /** Where `colour` is, or the empty slot where it would go. */
  private find(colour: number): number {
    const mask = this.keys.length - 1;
    let slot = Math.imul(colour, 0x9e3779b1) >>> (32 - this.bits);
    while (this.keys[slot] !== colour && this.keys[slot] !== EMPTY) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    this.bits++;
    this.keys = new Int32Array(1 << this.bits).fill(EMPTY);
    this.ids = new Uint32Array(1 << this.bits);
    [this.list, this.count] = [grown(this.list, 1 << (this.bits - 1)), grown(this.count, 1 << (this.bits - 1))];
    for (let id = 0; id < this.size; id++) {
      const slot = this.find(this.list[id]!);
      this.keys[slot] = this.list[id]!;
      this.ids[slot] = id;
    }
  }
}

/** A longer copy of `list`. */
function grown(list: Uint32Array, length: number): Uint32Array {
  const out = new Uint32Array(length);
  out.set(list);
  return out;
}
