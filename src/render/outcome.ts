import { t } from '../i18n/index.js';

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
