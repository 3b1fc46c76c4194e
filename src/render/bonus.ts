/** Words for a bonus a kingdom missed: its name and what kept it away. */
import type { MissedBonus } from '../game/index.js';
import { t } from '../i18n/index.js';

export interface MissedWords {
  readonly bonus: string;
  readonly why: string;
}

export function missedWords(m: MissedBonus): MissedWords {
  if (m.bonus === 'middleKingdom') return { bonus: t('variant.middleKingdom'), why: t('picture.sheet.missedCentre') };
  const why = [
    m.empty > 0 ? t('picture.sheet.missedEmpty', { count: m.empty }) : null,
    m.discarded > 0 ? t('picture.sheet.missedDiscarded', { count: m.discarded }) : null,
  ].filter((x): x is string => x !== null);
  return { bonus: t('variant.harmony'), why: why.join(', ') };
}
