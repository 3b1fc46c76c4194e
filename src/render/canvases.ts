/**
 * Where the pictures are drawn. A new canvas costs its pixels' memory anew (a table
 * is 4 MB: allocated, faulted in page by page, zeroed) and that memory then waits
 * for the garbage collector, so the pictures drawn for every move are drawn on
 * canvases kept for the process and cleared instead.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts } from './fonts.js';
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
 * have five sizes in all, so 18 MB at most.
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

/**
 * Pictures drawn once and blitted many times, by what they show, shared by every
 * game. Beyond `bytes` of pixels the least recently used are dropped, and a dropped
 * canvas of the right size is drawn over for the next picture rather than a new
 * one allocated.
 */
export class PictureCache {
  private readonly pictures = new Map<string, Canvas>();
  private used = 0;

  constructor(private readonly bytes: number) {}

  /** The picture of `key`, drawn by `draw` on a blank canvas of width x height when it is not kept. */
  picture(key: string, width: number, height: number, draw: (c: SKRSContext2D) => void): Canvas {
    const known = this.pictures.get(key);
    if (known) {
      this.pictures.delete(key);
      this.pictures.set(key, known);
      return known;
    }
    const spare = this.makeRoom(width, height);
    const { canvas, c } = spare ? { canvas: spare, c: clearCanvas(spare) } : blankCanvas(width, height);
    draw(c);
    this.pictures.set(key, canvas);
    this.used += width * height * 4;
    return canvas;
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
