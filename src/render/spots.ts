/**
 * The spots of the domino in hand named by letters: the best first, as the panel's
 * menu ranks them (game/candidate.ts), so that the picture and the menu say the
 * same letter for the same spot. Only the first few get one: more would cover the
 * kingdom, and the rest are the ones worth the least. A spot whose letter would sit
 * on one already given gets none (it would hide it). No canvas here (render/text.ts).
 */
import type { Pos } from '../game/index.js';

const LETTERS = 'ABCDEFGH';
/** Where a spot's letter sits: on its first half, this far towards the second (in cells). */
export const LETTER_TOWARDS = 0.3;
/** How far apart (in cells) two letters' centres must be to be both read. */
const LETTERS_APART = 0.55;

/** The centre of a spot's letter, in cells (the first half's centre is `a`). */
function letterPoint(spot: { readonly a: Pos; readonly b: Pos }): readonly [number, number] {
  return [spot.a[0] + (spot.b[0] - spot.a[0]) * LETTER_TOWARDS, spot.a[1] + (spot.b[1] - spot.a[1]) * LETTER_TOWARDS];
}

/** The letter of each spot, best first (null: none), as both the picture and the menu show them. */
export function spotLetters(ranked: readonly { readonly a: Pos; readonly b: Pos }[]): (string | null)[] {
  const given: (readonly [number, number])[] = [];
  return ranked.map((spot) => {
    if (given.length >= LETTERS.length) return null;
    const p = letterPoint(spot);
    if (given.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < LETTERS_APART)) return null;
    given.push(p);
    return LETTERS[given.length - 1] ?? null;
  });
}
