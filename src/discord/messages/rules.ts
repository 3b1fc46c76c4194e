/** /kingdomino rules: the game in a few lines, as played here. */
import { t, type Locale, type MessageKey } from '../../i18n/index.js';

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

/** The rules in `locale`: no default, so that no caller can forget the reader's language. */
export function rulesText(locale: Locale): string {
  return LINES.map((key) => t(key, {}, locale)).join('\n');
}
