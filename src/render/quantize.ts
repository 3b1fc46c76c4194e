/**
 * The colours of an opaque picture reduced to a palette of at most 256, for an
 * indexed PNG (a byte a pixel instead of four: a quarter of the data to deflate).
 *
 * Our pictures are flat colours (palette.ts) plus the anti-aliased edges of text,
 * patterns and shapes: a table has about 3,000-6,000 distinct colours, and the 256
 * most frequent cover 96-99% of its pixels. So the palette is chosen among the
 * picture's own colours, never averaged: every colour drawn on a large area (the
 * terrains, the players, the panels, the text) comes out exactly as drawn, and a
 * picture of 256 colours or fewer comes out unchanged. Greedily, each next entry is
 * the colour whose pixels are worst served so far (pixel count x squared distance
 * to the nearest entry), so a small but distinct mark (a red cross, a dashed hint)
 * gets its own entry before the hundredth shade of an edge; every other colour
 * takes its nearest entry. No dithering: on flat colours it would only add noise
 * and bytes.
 */

/** Pixels as 0xAABBGGRR (the canvas's RGBA bytes read little-endian). */
export type Pixels = Uint32Array;

export interface Palette {
  /** The entries, 0xBBGGRR, at most 256. */
  readonly colours: Uint32Array;
  /** The entry a colour of the picture is drawn with. */
  indexOf(colour: number): number;
}

const MAX_COLOURS = Number(process.env.K ?? 256);
const RGB = 0xffffff;
const FARTHER = 10 * 255 * 255;

/** The palette for these pixels (alpha is ignored: every picture is opaque). */
export function paletteOf(pixels: Pixels): Palette {
  const table = histogram(pixels);
  const { colours, counts, slots } = table.entries();
  const { entries, nearest } =
    colours.length <= MAX_COLOURS
      ? { entries: colours, nearest: colours.map((_, i) => i) }
      : greedyEntries(colours, counts);
  slots.forEach((slot, i) => (table.values[slot] = nearest[i]!));
  return { colours: entries, indexOf: (colour) => table.values[table.slot(colour & RGB)]! };
}

/** Every colour with its number of pixels (a run of equal pixels is counted at once). */
function histogram(pixels: Pixels): ColourTable {
  const table = new ColourTable();
  let run = pixels[0]!;
  let length = 0;
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i]!;
    if (p === run) {
      length++;
      continue;
    }
    table.values[table.slot(run & RGB)]! += length;
    run = p;
    length = 1;
  }
  if (length > 0) table.values[table.slot(run & RGB)]! += length;
  return table;
}

/**
 * 256 of the colours, greedily: first the most frequent, then each time the colour
 * with the largest count x squared distance to its nearest entry so far; and for
 * every colour, the index of its nearest entry.
 */
function greedyEntries(colours: Uint32Array, counts: Uint32Array): { entries: Uint32Array; nearest: Uint8Array } {
  const red = colours.map((c) => c & 0xff);
  const green = colours.map((c) => (c >>> 8) & 0xff);
  const blue = colours.map((c) => (c >>> 16) & 0xff);
  const entries = new Uint32Array(MAX_COLOURS);
  const nearest = new Uint8Array(colours.length);
  const served = new Float64Array(colours.length).fill(FARTHER); // squared distance to the nearest entry
  let next = counts.indexOf(Math.max(...counts));
  for (let n = 0; n < MAX_COLOURS; n++) {
    entries[n] = colours[next]!;
    const [r, g, b] = [red[next]!, green[next]!, blue[next]!];
    let worst = -1;
    for (let i = 0; i < colours.length; i++) {
      const dr = red[i]! - r;
      const dg = green[i]! - g;
      const db = blue[i]! - b;
      // Squared distance, the channels weighted roughly as the eye weighs them.
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (d < served[i]!) {
        served[i] = d;
        nearest[i] = n;
      }
      const score = counts[i]! * served[i]!;
      if (score > worst) {
        worst = score;
        next = i;
      }
    }
  }
  return { entries, nearest };
}

const EMPTY = -1;

/** Open addressing from a colour (0xBBGGRR) to a number: a Map of thousands of colours hashed a million times would cost more than the deflating. */
class ColourTable {
  private bits = 12;
  private keys = new Int32Array(1 << this.bits).fill(EMPTY);
  values = new Uint32Array(1 << this.bits);
  size = 0;

  /** The slot of `colour`, added with a value of 0 if it was not there. */
  slot(colour: number): number {
    const i = this.find(colour);
    if (this.keys[i] === colour) return i;
    if (2 * (this.size + 1) <= this.keys.length) {
      this.keys[i] = colour;
      this.size++;
      return i;
    }
    this.grow();
    return this.slot(colour);
  }

  /** The colours, their values and their slots. */
  entries(): { colours: Uint32Array; counts: Uint32Array; slots: Uint32Array } {
    const colours = new Uint32Array(this.size);
    const counts = new Uint32Array(this.size);
    const slots = new Uint32Array(this.size);
    let n = 0;
    for (let i = 0; i < this.keys.length; i++) {
      if (this.keys[i] === EMPTY) continue;
      colours[n] = this.keys[i]!;
      counts[n] = this.values[i]!;
      slots[n++] = i;
    }
    return { colours, counts, slots };
  }

  /** Where `colour` is, or the empty slot where it would go. */
  private find(colour: number): number {
    const mask = this.keys.length - 1;
    let i = Math.imul(colour, 0x9e3779b1) >>> (32 - this.bits);
    while (this.keys[i] !== colour && this.keys[i] !== EMPTY) i = (i + 1) & mask;
    return i;
  }

  private grow(): void {
    const { keys, values } = this;
    this.bits++;
    this.keys = new Int32Array(1 << this.bits).fill(EMPTY);
    this.values = new Uint32Array(1 << this.bits);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === EMPTY) continue;
      const at = this.find(keys[i]!);
      this.keys[at] = keys[i]!;
      this.values[at] = values[i]!;
    }
  }
}
