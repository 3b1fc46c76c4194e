/**
 * The shipped font, registered once. Canvas text falls back to the system's fonts
 * when a family is unknown, and draws nothing at all on a machine without any, so
 * every string we draw names this family and only this family.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

export const FONT_FAMILY = 'Kingdomino Sans';
export const FONTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../assets/fonts');

export type Weight = 600 | 800;

let registered = false;

/** Registers every font file of assets/fonts under FONT_FAMILY; throws if none loads (a broken install). */
export function ensureFonts(): void {
  if (registered) return;
  const files = readdirSync(FONTS_DIR).filter((f) => /\.(woff2?|ttf|otf)$/.test(f)).sort();
  const loaded = files.filter((f) => GlobalFonts.registerFromPath(join(FONTS_DIR, f), FONT_FAMILY) !== null);
  if (loaded.length === 0) throw new Error(`no font could be registered from ${FONTS_DIR}`);
  registered = true;
}

/** A CSS font string in our family, e.g. font(800, 32). */
export function font(weight: Weight, px: number): string {
  return `${weight} ${Math.round(px)}px "${FONT_FAMILY}"`;
}
