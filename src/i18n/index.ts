/**
 * Every word a user reads, by key, from one catalogue per language
 * (`locales/<locale>.json`, ICU message syntax: `{name}`, `{n, plural, one {...} other {...}}`).
 */
import en from './locales/en.json' with { type: 'json' };

export type Catalogue = typeof en;
export type MessageKey = keyof Catalogue;
export type Params = Readonly<Record<string, string | number>>;
export type Locale = 'en';
export const DEFAULT_LOCALE: Locale = 'en';

/** The text of `key` in `locale`, with its placeholders filled. */
export function t(key: MessageKey, params: Params = {}, locale: Locale = DEFAULT_LOCALE): string {
  void locale;
  return en[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
