/** /kingdomino rules: the game in a few lines, as played here. */
import { t, type Locale, type MessageKey, type Params } from '../../i18n/index.js';
import { EMOJI_ARTS, textEmoji } from './emoji.js';

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
  const emojis = tileEmojis();
  return LINES.map((key) => t(key, emojis, locale)).join('\n');
}

/** Each terrain's and the crown's emoji, by the name the rules' placeholders give them. */
function tileEmojis(): Params {
  return Object.fromEntries(EMOJI_ARTS.map((art) => [art, textEmoji(art)]));
}
