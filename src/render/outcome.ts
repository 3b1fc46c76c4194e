import type { TieBreak } from '../game/index.js';
import { t, type MessageKey } from '../i18n/index.js';

const TIE_TEXT: Readonly<Record<TieBreak, MessageKey | null>> = {
  none: null,
  'largest-territory': 'picture.sheet.tieTerritory',
  crowns: 'picture.sheet.tieCrowns',
  shared: 'picture.sheet.tieShared',
};

/** What decided a tie for first place, for the banner and its description; null without a tie. */
export function tieText(decidedBy: TieBreak): string | null {
  const key = TIE_TEXT[decidedBy];
  return key ? t(key) : null;
}

const PLACE_TIE_TEXT: Readonly<Record<TieBreak, MessageKey | null>> = {
  none: null,
  'largest-territory': 'picture.sheet.tiedTerritory',
  crowns: 'picture.sheet.tiedCrowns',
  shared: 'picture.sheet.tiedShared',
};

/** What decided between a player and the one placed just above on the same points; null without a tie. */
export function placeTieText(tie: { readonly above: number; readonly decidedBy: TieBreak } | null): string | null {
  const key = tie ? PLACE_TIE_TEXT[tie.decidedBy] : null;
  return tie && key ? t(key, { place: t('picture.sheet.place', { rank: tie.above }) }) : null;
}

/**
 * The headline of a finished game, said once for the pictures and their descriptions:
 * who won, a shared victory, or, alone at the table (the daily deal), nobody to beat.
 */
export function outcomeText(winnerNames: readonly string[], seats: number, join = ' & '): string {
  if (seats === 1 && winnerNames.length === 1) return t('picture.soloDone', { name: winnerNames[0]! });
  return winnerNames.length > 1
    ? t('picture.sharedVictory', { names: winnerNames.join(join) })
    : t('picture.wins', { name: winnerNames[0] ?? '' });
}
