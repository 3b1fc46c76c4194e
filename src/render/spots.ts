/**
 * The spots of the domino in hand named by letters: the best first, as the panel's
 * menu ranks them (game/candidate.ts), so that the picture and the menu say the
 * same letter for the same spot. Only the first few get one: more would cover the
 * kingdom, and the rest are the ones worth the least. No canvas here (render/text.ts).
 */
const LETTERS = 'ABCDEFGH';

/** The letter of the spot ranked `index` (0: the best), or null past the lettered ones. */
export function spotLetter(index: number): string | null {
  return LETTERS[index] ?? null;
}
