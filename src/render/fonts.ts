/**
 * The shipped font, registered once. Canvas text falls back to the system's fonts
 * when a family is unknown, and draws nothing at all on a machine without any, so
 * every string we draw names only our families.
 *
 * The font comes in subsets (latin, latin-ext, cyrillic, greek, ...). The canvas
 * takes a glyph only from the first face of a family, but does try each family of
 * a CSS list in turn, so each subset is its own family and font() lists them all.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

export const FONT_FAMILY = 'Kingdomino Sans';
/** assets/ sits at the project's root: beside src/, and so one level further up once compiled (dist/src/render). */
export const FONTS_DIR = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../assets/fonts' : '../../../assets/fonts', import.meta.url),
);

export type Weight = 600 | 800;

/** Our families in fallback order, quoted for a CSS font string; set by ensureFonts. */
let familyList = `"${FONT_FAMILY}"`;
let registered = false;

/** "inter-cyrillic-ext-800-normal.woff2" -> "cyrillic-ext". */
function subsetOf(file: string): string {
  return /^[a-z0-9]+-(.+)-\d+-normal\./i.exec(file)?.[1] ?? file;
}

function familyOf(subset: string): string {
  return subset === 'latin' ? FONT_FAMILY : `${FONT_FAMILY} ${subset}`;
}

/** Registers every font file of assets/fonts; throws if none loads (a broken install). */
export function ensureFonts(): void {
  if (registered) return;
  const files = readdirSync(FONTS_DIR)
    .filter((f) => /\.(woff2?|ttf|otf)$/.test(f))
    .sort();
  const loaded = files.filter((f) => GlobalFonts.registerFromPath(join(FONTS_DIR, f), familyOf(subsetOf(f))) !== null);
  if (loaded.length === 0) throw new Error(`no font could be registered from ${FONTS_DIR}`);
  // Basic Latin first: most text is in it, and a family is tried glyph by glyph in this order.
  const subsets = [...new Set(loaded.map(subsetOf))].sort(
    (a, b) => Number(b === 'latin') - Number(a === 'latin') || a.localeCompare(b),
  );
  familyList = subsets.map((s) => `"${familyOf(s)}"`).join(', ');
  registered = true;
}

/** Every character within Latin-1 (code points below 256). */
function isLatin1(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

/**
 * A CSS font string in our families, e.g. font(800, 32). Give the text when it may
 * hold more than Latin-1 (names): the whole list costs the text layout a lookup in
 * every family, so plain text names only the Latin one.
 */
export function font(weight: Weight, px: number, forText = ''): string {
  const families = isLatin1(forText) ? `"${FONT_FAMILY}"` : familyList;
  return `${weight} ${Math.round(px)}px ${families}`;
}

/** Widths already measured, by font and text; cleared when full. */
const widths = new Map<string, number>();
const WIDTHS = 4096;

/**
 * The width of `text` in the context's font. Laying text out to measure it costs as
 * much as drawing it (about 10 µs), and the pictures measure the same names, scores
 * and words move after move, so each is measured once.
 */
export function textWidth(c: SKRSContext2D, text: string): number {
  const key = `${c.font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = c.measureText(text).width;
    if (widths.size >= WIDTHS) widths.clear();
    widths.set(key, width);
  }
  return width;
}
