/**
 * Every word a user reads, by key, from one catalogue per language
 * (`locales/<locale>.json`, listed in `locales/index.ts`).
 *
 * Messages are ICU MessageFormat, formatted by FormatJS's intl-messageformat:
 * `{name}` a placeholder, `{n, plural, one {# crown} other {# crowns}}` plural
 * forms by Intl.PluralRules, `{n, number}` Intl.NumberFormat, `{x, select, a {...} other {...}}`.
 * Tags are off, so Discord's `<@id>` and `<#id>` are plain text; a quote `'` is
 * literal unless it stands before `{`, `}` or `#` (then `'{'` is a literal brace).
 *
 * Keys are dot-namespaced by where the words appear (see README in this folder)
 * and typed from en.json, so an unknown key is a type error.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  isArgumentElement,
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  type ArgumentElement,
  type LiteralElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, MissingValueError } from 'intl-messageformat';
import * as catalogues from './locales/index.js';

export type Catalogue = typeof catalogues.en;
export type MessageKey = keyof Catalogue;
export type Locale = keyof typeof catalogues;
export type Params = Readonly<Record<string, string | number>>;

export const DEFAULT_LOCALE: Locale = 'en';
/**
 * Every language's catalogue. A key a language lacks is said in English (test/i18n
 * fails on it, so none ships; the type lets a key be added in English first).
 */
const CATALOGUES: Readonly<Record<Locale, Readonly<Partial<Record<MessageKey, string>>>>> = catalogues;
export const LOCALES: readonly Locale[] = Object.keys(CATALOGUES) as Locale[];
export const MESSAGE_KEYS: readonly MessageKey[] = Object.keys(CATALOGUES[DEFAULT_LOCALE]) as MessageKey[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(CATALOGUES, value);
}

/** A message ready to say: `params` in, words out. */
type Formatter = (params: Params | undefined) => string;

/** Compiled messages, per locale then key: parsing is done once, formatting is on every move's path. */
const compiled = new Map<Locale, Map<MessageKey, Formatter>>();

function compile(key: MessageKey, locale: Locale): Formatter {
  let byKey = compiled.get(locale);
  if (!byKey) compiled.set(locale, (byKey = new Map()));
  let format = byKey.get(key);
  if (!format) {
    const own = CATALOGUES[locale][key];
    // A key a language does not have yet is said in English.
    format = own === undefined ? compile(key, DEFAULT_LOCALE) : formatterOf(own, locale);
    byKey.set(key, format);
  }
  return format;
}

function parsed(source: string, locale: Locale): IntlMessageFormat {
  return new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
}

/** A node of text as it is, or a `{name}` placeholder: what a message joined directly is made of. */
function isPlain(node: MessageFormatElement): node is LiteralElement | ArgumentElement {
  return isLiteralElement(node) || isArgumentElement(node);
}

/** The value a node names (a placeholder, a number, date or time, a select, a plural); null for text, `#` or a tag. */
function nameOf(node: MessageFormatElement): string | null {
  return isLiteralElement(node) || isPoundElement(node) || isTagElement(node) ? null : node.value;
}

/**
 * Most messages are text and `{name}` placeholders only; intl-messageformat formats
 * even those through a list of parts, merged again (its `formatToParts` made 6.6% of
 * the main thread's allocations at 400 games: a panel's menu says 75 texts). They
 * are joined directly here, as intl-messageformat would: a value as `String(value)`,
 * a missing one its error. Plurals, selects and numbers go through intl-messageformat.
 */
function formatterOf(source: string, locale: Locale): Formatter {
  const message = parsed(source, locale);
  const ast = message.getAst();
  if (!ast.every(isPlain)) return (params) => message.format(params) as string;
  return (params) => {
    let text = '';
    for (const node of ast) {
      if (isLiteralElement(node)) text += node.value;
      else if (params !== undefined && node.value in params) text += String(params[node.value]);
      else throw new MissingValueError(node.value, source);
    }
    return text;
  };
}

/**
 * The language words are said in where no locale is given: set for a piece of work
 * (one interaction: the clicking user's language; posts in a game's thread: the
 * game's language) by `inLocale`, and carried through its awaits.
 */
const scope = new AsyncLocalStorage<Locale>();

/** Run `work` with `locale` as the language of every `t()` without an explicit locale. */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return scope.run(locale, work);
}

export function currentLocale(): Locale {
  return scope.getStore() ?? DEFAULT_LOCALE;
}

/**
 * The text of `key` in `locale` (by default the current one, see `inLocale`), its
 * placeholders filled from `params`. A placeholder without a value throws (a bug:
 * the tests check every call).
 */
export function t(key: MessageKey, params?: Params, locale: Locale = currentLocale()): string {
  return compile(key, locale)(params);
}

/** The source text of a message (ICU syntax, unformatted). */
export function messageSource(key: MessageKey, locale: Locale = DEFAULT_LOCALE): string {
  return CATALOGUES[locale][key] ?? catalogues.en[key];
}

/** The placeholder names a message uses, sorted (plural and select branches included). */
export function placeholders(key: MessageKey, locale: Locale = DEFAULT_LOCALE): string[] {
  const names = new Set<string>();
  const walk = (nodes: readonly MessageFormatElement[]): void => {
    for (const node of nodes) {
      const name = nameOf(node);
      if (name !== null) names.add(name);
      if (isSelectElement(node) || isPluralElement(node))
        for (const option of Object.values(node.options)) walk(option.value);
    }
  };
  walk(parsed(messageSource(key, locale), locale).getAst());
  return [...names].sort();
}

/**
 * Discord's locales: what it sends as `interaction.locale` and `guildLocale`, and
 * the keys of `name_localizations` / `description_localizations`
 * (https://discord.com/developers/docs/reference#locales).
 */
export const DISCORD_LOCALES = [
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
] as const;
export type DiscordLocale = (typeof DISCORD_LOCALES)[number];

/**
 * The catalogue for a Discord locale: the one of the same code ('fr', 'pt-BR'),
 * else the one of its language ('es-ES' and 'es-419' → 'es', 'en-US' and 'en-GB' → 'en'),
 * else English (unknown, missing or null, as `guildLocale` can be).
 */
export function localeFor(discordLocale: string | null | undefined): Locale {
  if (!discordLocale) return DEFAULT_LOCALE;
  if (isLocale(discordLocale)) return discordLocale;
  const language = discordLocale.split('-')[0];
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
