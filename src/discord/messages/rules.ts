/** /kingdomino rules: the game in a few lines, as played here. */
import { DEFAULT_LOCALE, t, type Locale, type MessageKey } from '../../i18n/index.js';

const LINES: readonly MessageKey[] = [
  'rules.title',
  'rules.kingdom',
  'rules.round',
  'rules.placing',
  'rules.scoring',
  'rules.players',
  'rules.variants',
  'rules.howToPlay',
];

export function rulesText(locale: Locale = DEFAULT_LOCALE): string {
  return LINES.map((key) => t(key, {}, locale)).join('\n');
}
