/**
 * Where the pictures are drawn. A new canvas costs its pixels' memory anew (a table
 * is 2.4 MB: allocated, faulted in page by page, zeroed) and that memory then waits
 * for the garbage collector, so the pictures drawn for every move are drawn on
 * canvases kept for the process and cleared instead.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts } from './fonts.js';
import { probing } from './probe.js';
import { UI } from './palette.js';

/** The canvas cleared to the background colour (every picture is opaque: png.ts relies on it). */
export function clearCanvas(canvas: Canvas): SKRSContext2D {
  const c = canvas.getContext('2d');
  // Drops what was drawn before (the canvas records and rasterises later) and the state.
  c.reset();
  c.fillStyle = UI.background;
  c.fillRect(0, 0, canvas.width, canvas.height);
  return c;
}

/** A new canvas filled with the background colour, for a picture that is kept (or read at leisure). */
export function blankCanvas(width: number, height: number): { canvas: Canvas; c: SKRSContext2D } {
  ensureFonts();
  const canvas = createCanvas(width, height);
  return { canvas, c: clearCanvas(canvas) };
}

const scratch = new Map<string, Canvas>();

/**
 * The canvas of this size kept for pictures whose pixels are read as soon as they
 * are drawn (renderTable, renderPreview): one per size, and the table and preview
 * have five sizes in all, so 12 MB at most.
 */
export function scratchCanvas(width: number, height: number): { canvas: Canvas; c: SKRSContext2D } {
  ensureFonts();
  const key = `${width}x${height}`;
  let canvas = scratch.get(key);
  if (!canvas) {
    canvas = createCanvas(width, height);
    scratch.set(key, canvas);
  }
  return { canvas, c: clearCanvas(canvas) };
}

/** Where a kept picture goes on the canvas drawn, in that canvas's pixels (whole pixels). */
export interface Place {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/**
 * Share of the pictures asked for lately that were kept, or would have been, below which
 * a new picture is drawn in place (see PictureCache), and the weight of each in that share.
 */
const REUSE_TO_KEEP = 0.25;
const REUSE_WEIGHT = 1 / 16;

/**
 * Pictures drawn once and blitted many times, by what they show, shared by every
 * game. Beyond `bytes` of pixels the least recently used are dropped, and a dropped
 * canvas of the right size is drawn over for the next picture rather than a new
 * one allocated.
 *
 * While pictures come back (a game or two), each is kept as it is first drawn. Under
 * load (a hundred games taking their turns in between) nothing comes back in time, and
 * a picture drawn on a canvas of its own and then copied costs a fill and a copy of its
 * pixels more than drawn in place: then a new picture is drawn in place, and kept only
 * when it is asked for again while it would still have been kept (a player stepping
 * through spots keeps their preview's base from the second spot on).
 *
 * A kept picture is replayed where it goes (drawCanvas: the canvas's recorded drawing),
 * not blitted: Skia's anti-aliasing depends on where on the canvas a shape falls, so a
 * kingdom panel kept and blitted could differ by a shade in a few edge pixels from the
 * same panel drawn in place, and the same state must give the same bytes whatever was
 * drawn before. Replayed, it is the pixels of the picture drawn in place.
 */
export class PictureCache {
  private readonly pictures = new Map<string, Canvas>();
  private used = 0;
  /** What was drawn in place lately, by key, with its bytes: what would have been kept. */
  private readonly seen = new Map<string, number>();
  private seenBytes = 0;
  /** Moving share of the pictures asked for that were kept or would have been. */
  private reuse = 1;

  constructor(private readonly bytes: number) {}

  /**
   * Draws the picture of `key` on `c` in `box`: replayed when kept, else drawn by `draw`
   * (in `c`'s coordinates, nothing outside `box`, over the background colour).
   */
  place(c: SKRSContext2D, key: string, box: Place, draw: (c: SKRSContext2D) => void): void {
    const kept = probing() ? null : (this.known(key) ?? this.kept(key, box, draw));
    if (kept) c.drawCanvas(kept, box.x, box.y);
    else draw(c);
  }

  private known(key: string): Canvas | null {
    const known = this.pictures.get(key);
    if (!known) return null;
    this.noteReuse(true);
    this.pictures.delete(key);
    this.pictures.set(key, known);
    return known;
  }

  /** The picture drawn on a canvas kept for it, or null when it is to be drawn in place. */
  private kept(key: string, box: Place, draw: (c: SKRSContext2D) => void): Canvas | null {
    const bytes = box.w * box.h * 4;
    const again = this.seen.has(key);
    this.noteReuse(again);
    if (!again && this.reuse < REUSE_TO_KEEP) {
      this.remember(key, bytes);
      return null;
    }
    if (again) {
      this.seen.delete(key);
      this.seenBytes -= bytes;
    }
    const spare = this.makeRoom(box.w, box.h);
    const { canvas, c } = spare ? { canvas: spare, c: clearCanvas(spare) } : blankCanvas(box.w, box.h);
    c.translate(-box.x, -box.y);
    draw(c);
    this.pictures.set(key, canvas);
    this.used += bytes;
    return canvas;
  }

  private noteReuse(reused: boolean): void {
    this.reuse += REUSE_WEIGHT * ((reused ? 1 : 0) - this.reuse);
  }

  private remember(key: string, bytes: number): void {
    this.seen.set(key, bytes);
    this.seenBytes += bytes;
    for (const [old, size] of this.seen) {
      if (this.seenBytes <= this.bytes) break;
      this.seen.delete(old);
      this.seenBytes -= size;
    }
  }

  /** Drops the least recently used until width x height fits; returns one of them of that size, if any. */
  private makeRoom(width: number, height: number): Canvas | null {
    let spare: Canvas | null = null;
    for (const [key, canvas] of this.pictures) {
      if (this.used + width * height * 4 <= this.bytes) break;
      this.pictures.delete(key);
      this.used -= canvas.width * canvas.height * 4;
      if (!spare && canvas.width === width && canvas.height === height) spare = canvas;
    }
    return spare;
  }
}
