/**
 * Replays: a game as an animated GIF, one frame per move, built from its record.
 *
 * The record is checked and replayed through the engine (fromRecord), then played
 * again action by action from the same set-up, and the table is drawn after every
 * move as players see one (place or discard the domino in hand, then claim: one
 * post in the thread): frame 0 is the table before the opening picks, frame k the
 * table after move k, the last one the end of the game, held longer.
 *
 * GIF because Discord animates it everywhere (desktop, web, phones, link previews).
 * The frames are the table as posted (800 px wide, made to be read on a phone at
 * 400 px), on one global palette of 255 colours quantized (gifenc's PnnQuant) from
 * the first, a middle and the last frame: the table has a few dozen flat colours
 * and their anti-aliasing, so 255 colours show no banding, and without dithering
 * the LZW runs stay long. After the first frame, every pixel equal to the one
 * before it is the transparent index (disposal 1 keeps what is under it), so a
 * frame costs about what it changed: a 4-player game is about 2 MB.
 *
 * Drawing a frame and encoding it each take a few tens of milliseconds on this
 * thread; `pause` is awaited between them (by default setImmediate), so a bot
 * rendering a replay keeps answering clicks between two frames.
 */
import { createRequire } from 'node:module';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { Palette } from 'gifenc';
import { replayStates, type DynastyState, type GameState, type Rejection, type Result } from '../game/index.js';
import { tableView } from './adapter.js';
import { UI } from './palette.js';
import { drawTable } from './table.js';
import { text, wrapWords } from './draw.js';

/**
 * gifenc ships CommonJS for Node and an ES module for bundlers, whose default
 * exports differ (the whole API, or the encoder alone): loaded as CommonJS
 * everywhere (the app, vitest), it is the one API.
 */
const gifenc = createRequire(import.meta.url)('gifenc') as typeof import('gifenc').default;

/** How long each frame is shown. */
export const REPLAY_TIMING = { firstMs: 2000, moveMs: 900, lastMs: 6000 } as const;

/** The colour index that means "as in the frame before". */
const TRANSPARENT = 255;

export interface ReplayOptions {
  /** The Dynasty the game belongs to: every frame says which game it is and the totals so far. */
  readonly dynasty?: DynastyState | null;
  /** Frames drawn smaller than the table (1 = as posted): a fallback for a file too big. */
  readonly scale?: number;
  /**
   * One caption per frame (what the move before it did, worded by the caller), drawn
   * in a band under the table; none without.
   */
  readonly captions?: readonly string[];
  /** Awaited between two pieces of work; by default yields to the event loop. */
  readonly pause?: () => Promise<void>;
}

export interface Replay {
  readonly gif: Buffer;
  /** Frames in the GIF: moves + 1 (the table before the first move). */
  readonly frames: number;
  readonly moves: number;
  readonly width: number;
  readonly height: number;
  /** One loop of the animation. */
  readonly durationMs: number;
  /** The game as the record leaves it (the last frame). */
  readonly last: GameState;
}

/** Where the states come from (the engine, pure): re-exported for the renderer's callers. */
export { replayStates };

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The caption band under the table: two lines of text, as read at 400 px on a phone (about 13 px). */
const CAPTION = { size: 34, line: 44, pad: 24, lines: 2 } as const;

/** The table with `caption` in a band under it (wrapped on two lines, the rest cut with an ellipsis). */
function captioned(table: Canvas, caption: string): Canvas {
  const band = CAPTION.line * CAPTION.lines + CAPTION.pad;
  const canvas = createCanvas(table.width, table.height + band);
  const c = canvas.getContext('2d');
  c.fillStyle = UI.background;
  c.fillRect(0, 0, canvas.width, canvas.height);
  c.drawImage(table, 0, 0);
  const width = table.width - 2 * CAPTION.pad;
  const words = wrapWords(c, caption, 600, CAPTION.size, width);
  const lines = words.slice(0, CAPTION.lines);
  if (words.length > CAPTION.lines) lines[CAPTION.lines - 1] = words.slice(CAPTION.lines - 1).join(' ');
  lines.forEach((line, i) => {
    const y = table.height + CAPTION.pad / 2 + CAPTION.line * (i + 0.5);
    text(c, line, CAPTION.pad, y, { weight: 600, size: CAPTION.size, colour: UI.text }, width);
  });
  return canvas;
}

interface Frame {
  readonly width: number;
  readonly height: number;
  /** RGBA, one 32-bit word per pixel. */
  readonly pixels: Uint32Array;
}

/**
 * The frame's pixels at `scale`, or fitted into `size` (the first frame's) when
 * given: a GIF has one size, and a table that came out another size (a layout
 * that grows with what it shows) is scaled to fit it, centred on the background.
 */
function pixelsOf(
  canvas: Canvas,
  scale: number,
  size: { readonly width: number; readonly height: number } | null,
): Frame {
  const width = size?.width ?? Math.round(canvas.width * scale);
  const height = size?.height ?? Math.round(canvas.height * scale);
  let source = canvas;
  if (width !== canvas.width || height !== canvas.height) {
    source = createCanvas(width, height);
    const c = source.getContext('2d');
    c.fillStyle = UI.background;
    c.fillRect(0, 0, width, height);
    c.imageSmoothingEnabled = true;
    c.imageSmoothingQuality = 'high';
    const fit = Math.min(width / canvas.width, height / canvas.height);
    const w = Math.round(canvas.width * fit);
    const h = Math.round(canvas.height * fit);
    c.drawImage(canvas, Math.floor((width - w) / 2), Math.floor((height - h) / 2), w, h);
  }
  const data = source.data();
  // A copy: the canvas's buffer need not be 4-byte aligned, and the frame outlives the canvas.
  const words = new Uint32Array(data.length / 4);
  new Uint8Array(words.buffer).set(data);
  return { width, height, pixels: words };
}

function rgba(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}

/** One palette for every frame, from the first, a middle and the last one. */
function globalPalette(samples: readonly Uint32Array[]): Palette {
  const size = samples.reduce((n, s) => n + s.length, 0);
  const all = new Uint32Array(size);
  let at = 0;
  for (const s of samples) {
    all.set(s, at);
    at += s.length;
  }
  return gifenc.quantize(rgba(all), TRANSPARENT, { format: 'rgb565' });
}

/**
 * Each colour's nearest palette entry, remembered for the whole replay: a colour
 * must map to the same entry in every frame, or a pixel left transparent (same
 * colour as before) and its neighbour looked up again (changed, then changed back)
 * would show two entries for one colour, a ghost of earlier frames. (gifenc's
 * applyPalette caches per call by rgb565 bucket: the first colour seen in a bucket
 * decides for the others, which differs from call to call.) Open addressing on
 * typed arrays: a replay meets some ten thousand colours.
 */
class NearestColours {
  private keys = new Int32Array(1 << 15).fill(-1);
  private values = new Uint8Array(1 << 15);
  /** Fibonacci hashing: the top bits of key * 2^32/phi pick the slot. */
  private shift = 32 - 15;
  private count = 0;
  private readonly rgb: Int32Array;

  constructor(private readonly palette: Palette) {
    this.rgb = Int32Array.from(palette.flatMap((c) => [c[0]!, c[1]!, c[2]!]));
  }

  /** The palette index of an RGBA word (alpha ignored: the table is opaque). */
  index(word: number): number {
    const key = word & 0xffffff;
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = this.keys[slot]!;
      if (k === key) return this.values[slot]!;
      if (k === -1) break;
      slot = (slot + 1) & mask;
    }
    const found = this.nearest(key & 0xff, (key >>> 8) & 0xff, key >>> 16);
    this.keys[slot] = key;
    this.values[slot] = found;
    if (++this.count * 2 > this.keys.length) this.grow();
    return found;
  }

  private nearest(r: number, g: number, b: number): number {
    const rgb = this.rgb;
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < rgb.length; i += 3) {
      const dr = r - rgb[i]!;
      const dg = g - rgb[i + 1]!;
      const db = b - rgb[i + 2]!;
      const d = dr * dr + dg * dg + db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = i / 3;
      }
    }
    return best;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Uint8Array(keys.length * 2);
    this.count = 0;
    this.shift -= 1;
    const mask = this.keys.length - 1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      if (key === -1) continue;
      let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
      while (this.keys[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.values[slot] = values[i]!;
      this.count++;
    }
  }
}

/** Palette indexes of `frame`; pixels equal in `before` become TRANSPARENT. */
function indexFrame(frame: Uint32Array, before: Uint32Array | null, colours: NearestColours): Uint8Array {
  const out = new Uint8Array(frame.length);
  for (let i = 0; i < frame.length; i++) {
    const word = frame[i]!;
    out[i] = before && before[i] === word ? TRANSPARENT : colours.index(word);
  }
  return out;
}

/**
 * The animated GIF of a game from its record (parsed or JSON text): one frame per
 * move. A record the engine rejects gives its rejection. Same record, same bytes.
 */
export async function renderReplay(record: unknown, opts: ReplayOptions = {}): Promise<Result<Replay, Rejection>> {
  const replayed = replayStates(record);
  if (!replayed.ok) return replayed;
  const states = replayed.value;
  const scale = opts.scale ?? 1;
  const pause = opts.pause ?? yieldToLoop;
  const dynasty = opts.dynasty ?? null;
  const captions = opts.captions ?? null;
  const draw = (k: number): Canvas => {
    const table = drawTable(tableView(states[k]!, dynasty));
    return captions ? captioned(table, captions[k] ?? '') : table;
  };
  const first = pixelsOf(draw(0), scale, null);
  const frame = (k: number): Frame => pixelsOf(draw(k), scale, first);

  await pause();
  const middle = frame(Math.floor(states.length / 2));
  await pause();
  const final = frame(states.length - 1);
  await pause();
  const palette = globalPalette([first.pixels, middle.pixels, final.pixels]);
  // The transparent index needs a colour in the table: the global one has 256 entries.
  const table: Palette = [...palette];
  while (table.length <= TRANSPARENT) table.push([0, 0, 0]);
  const colours = new NearestColours(palette);
  await pause();

  const { width, height } = first;
  const encoder = gifenc.GIFEncoder({ initialCapacity: 1 << 20 });
  let before: Uint32Array | null = null;
  let durationMs = 0;
  for (let k = 0; k < states.length; k++) {
    const { pixels } = k === 0 ? first : k === states.length - 1 ? final : frame(k);
    if (k !== 0 && k !== states.length - 1) await pause();
    const delay =
      k === 0 ? REPLAY_TIMING.firstMs : k === states.length - 1 ? REPLAY_TIMING.lastMs : REPLAY_TIMING.moveMs;
    const indexes = indexFrame(pixels, before, colours);
    encoder.writeFrame(
      indexes,
      width,
      height,
      before
        ? { delay, transparent: true, transparentIndex: TRANSPARENT, dispose: 1 }
        : { delay, palette: table, repeat: 0, dispose: 1 },
    );
    durationMs += delay;
    before = pixels;
    await pause();
  }
  encoder.finish();
  return {
    ok: true,
    value: {
      gif: Buffer.from(encoder.bytesView()),
      frames: states.length,
      moves: states.length - 1,
      width,
      height,
      durationMs,
      last: states[states.length - 1]!,
    },
  };
}
