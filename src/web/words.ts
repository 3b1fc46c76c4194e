/**
 * The page's words: the catalogue the bot sent for the user's language (src/i18n's
 * `activity.*` keys, and the thread's words it shares: terrains, the lobby's buttons,
 * the computer's levels, the variants, the start command's options), formatted as
 * the bot formats its own.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type en from '../i18n/locales/en.json';

type Key = Extract<
  keyof typeof en,
  | `activity.${string}`
  | `terrain.${string}`
  | `lobby.button.${string}`
  | `ai.level.${string}`
  | `variant.${string}`
  | `command.start.${string}.description`
  | `review.button${string}`
  | 'replay.button'
  | `replay.view.round${string}`
  | 'dynasty.header'
>;
type Params = Readonly<Record<string, string | number>>;

let locale = 'en';
let words: Readonly<Record<string, string>> = {};
const compiled = new Map<string, IntlMessageFormat>();

export function useWords(lang: string, catalogue: Readonly<Record<string, string>>): void {
  locale = lang;
  words = catalogue;
  compiled.clear();
  document.documentElement.lang = lang;
}

/** The words of `key` with `params`; the key itself until the bot has sent the words. */
export function say(key: Key, params?: Params): string {
  const source = words[key];
  if (source === undefined) return key;
  let format = compiled.get(key);
  if (!format) compiled.set(key, (format = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true })));
  return String(format.format(params));
}
