/**
 * Every language against English and against Discord's limits. Generic over
 * LOCALES: a new catalogue is checked by adding its file and its line in
 * locales/index.ts.
 *
 * - the same keys as English, and in each message the same placeholders;
 * - valid ICU, every plural form the language uses, no quote that swallows text;
 * - slash command names Discord accepts, descriptions and choices within 100;
 * - button labels within 80, select menu texts within 100, whole messages
 *   within 2000, once filled with long values;
 * - the pictures' two-word line titles, and `/kingdomino <sub>` written with
 *   the names the language gives the subcommands.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  MESSAGE_KEYS,
  messageSource,
  placeholders,
  t,
  type Locale,
  type MessageKey,
  type Params,
} from '../../src/i18n/index.js';
import * as catalogues from '../../src/i18n/locales/index.js';
import { EMOJI_ARTS, emojiName } from '../../src/discord/messages/emoji.js';

/** Discord's limits (https://discord.com/developers/docs). */
const LIMIT = {
  commandName: 32,
  description: 100,
  choiceName: 100,
  buttonLabel: 80,
  selectText: 100,
  message: 2000,
} as const;
/** A command, subcommand or option name: lowercase where the letter has a lowercase form. */
const COMMAND_NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** The keys of the parts of a select menu: its placeholder, an option's label, an option's description. */
const SELECT_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((k) => /^panel\.spot/.test(k));
const BUTTON_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((k) => /\.button\./.test(k));
const COMMAND_NAME_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((k) =>
  /^command\.([a-zA-Z]+\.){0,2}name$/.test(k),
);
const COMMAND_DESCRIPTION_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((k) =>
  /^command\.([a-zA-Z]+\.){0,2}description$/.test(k),
);
const CHOICE_KEYS: readonly MessageKey[] = MESSAGE_KEYS.filter((k) => k.startsWith('ai.level.'));
const RULES: readonly MessageKey[] = MESSAGE_KEYS.filter((k) => k.startsWith('rules.'));
/** The rules' terrain and crown emojis at their longest: the application's (ids: 19 digits until about 2090). */
const APP_EMOJIS = Object.fromEntries(
  EMOJI_ARTS.map((art) => [art, `<:${emojiName(art, Buffer.from(art))}:${'9'.repeat(19)}>`]),
);
/** Drawn on two lines, a word on each, in the two-player layout of the table picture. */
const LINE_TITLES: readonly MessageKey[] = ['picture.line.current', 'picture.line.next'];

interface AstNode {
  readonly type: number;
  readonly value?: unknown;
  readonly pluralType?: 'cardinal' | 'ordinal';
  readonly options?: Readonly<Record<string, { readonly value: readonly AstNode[] }>>;
}
/** Node types of the ICU parser's AST. */
const ARGUMENT = 1;
const NUMBER = 2;
const PLURAL = 6;

function ast(key: MessageKey, locale: Locale): readonly AstNode[] {
  return new IntlMessageFormat(messageSource(key, locale), locale, undefined, {
    ignoreTag: true,
  }).getAst() as unknown as AstNode[];
}

function* nodes(list: readonly AstNode[]): Generator<AstNode> {
  for (const node of list) {
    yield node;
    for (const option of Object.values(node.options ?? {})) yield* nodes(option.value);
  }
}

const own = (locale: Locale): Readonly<Record<string, string>> =>
  (catalogues as Record<Locale, Record<string, string>>)[locale];
const longest = (words: readonly string[]): string => words.reduce((a, b) => (b.length > a.length ? b : a), '');
const TERRAINS = MESSAGE_KEYS.filter((k) => k.startsWith('terrain.'));

/**
 * Long but possible values, by placeholder name: a 32-character display name,
 * the longest terrain and AI level of the language, a domino with three crowns.
 * A number is 999; any other value, 100 characters.
 */
function longValues(key: MessageKey, locale: Locale): Params {
  const terrain = longest(TERRAINS.map((k) => t(k, {}, locale)));
  const byName: Record<string, string> = {
    name: 'N'.repeat(32),
    level: longest(CHOICE_KEYS.map((k) => t(k, {}, locale))),
    domino: `#48 🌾 ${terrain} 👑👑👑 + ⛏️ ${terrain}`,
    terrain: `⛏️ ${terrain} 👑👑👑`,
    cell: 'G7',
    where: 'G7-G6',
    gain: '+99',
  };
  const values: Record<string, string | number> = {};
  for (const node of nodes(ast(key, locale))) {
    if (typeof node.value !== 'string') continue;
    if (node.type === ARGUMENT && !NUMBERS.has(node.value))
      values[node.value] ??= byName[node.value] ?? 'x'.repeat(100);
    else values[node.value] = 999;
  }
  return values;
}

/**
 * Placeholders that are numbers in every message that has them, though English
 * may write them as they are: a language may say them with a plural.
 */
const NUMBERS = new Set<string>([
  'best',
  'count',
  'crowns',
  'game',
  'index',
  'largest',
  'max',
  'min',
  'minutes',
  'number',
  'of',
  'points',
  'rank',
  'rounds',
  'seconds',
  'size',
  'squares',
  'taken',
  'total',
]);

const fill = (key: MessageKey, locale: Locale): string => t(key, longValues(key, locale), locale);

/** The plural forms a language uses for 0 to 1000 (and `other`, which ICU requires). */
function formsUsed(locale: Locale, type: 'cardinal' | 'ordinal'): string[] {
  const rules = new Intl.PluralRules(locale, { type });
  const forms = new Set(['other']);
  for (let n = 0; n <= 1000; n++) forms.add(rules.select(n));
  return [...forms].sort();
}

describe.each(LOCALES)('the %s catalogue', (locale) => {
  it('has exactly the keys of English', () => {
    const keys = Object.keys(own(locale));
    expect(
      MESSAGE_KEYS.filter((k) => !keys.includes(k)),
      'missing',
    ).toEqual([]);
    expect(
      keys.filter((k) => !(MESSAGE_KEYS as readonly string[]).includes(k)),
      'extra',
    ).toEqual([]);
  });

  it('has the placeholders of English in every message, and no other', () => {
    const differ = MESSAGE_KEYS.filter(
      (k) => placeholders(k, locale).join() !== placeholders(k, DEFAULT_LOCALE).join(),
    ).map((k) => `${k}: [${placeholders(k, locale)}] in ${locale}, [${placeholders(k, DEFAULT_LOCALE)}] in English`);
    expect(differ).toEqual([]);
  });

  it('is valid ICU, and formats with long values', () => {
    for (const key of MESSAGE_KEYS) {
      expect(() => ast(key, locale), key).not.toThrow();
      expect(typeof fill(key, locale), key).toBe('string');
    }
  });

  it('says every plural and ordinal form the language uses', () => {
    const wrong: string[] = [];
    for (const key of MESSAGE_KEYS) {
      for (const node of nodes(ast(key, locale))) {
        if (node.type !== PLURAL || !node.pluralType) continue;
        const has = Object.keys(node.options ?? {});
        const missing = formsUsed(locale, node.pluralType).filter((f) => !has.includes(f));
        const unknown = has.filter(
          (f) => !f.startsWith('=') && !['zero', 'one', 'two', 'few', 'many', 'other'].includes(f),
        );
        if (missing.length > 0 || unknown.length > 0)
          wrong.push(`${key} {${String(node.value)}}: missing [${missing}] unknown [${unknown}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('formats numbers only where English has a number (a plural needs a number)', () => {
    // A placeholder that English fills with text cannot become a plural or a number.
    const wrong: string[] = [];
    for (const key of MESSAGE_KEYS) {
      const numeric = (l: Locale): Set<string> =>
        new Set(
          [...nodes(ast(key, l))]
            .filter((n) => (n.type === PLURAL || n.type === NUMBER) && typeof n.value === 'string')
            .map((n) => n.value as string),
        );
      const english = numeric(DEFAULT_LOCALE);
      for (const name of numeric(locale)) if (!english.has(name) && !NUMBERS.has(name)) wrong.push(`${key} {${name}}`);
    }
    expect(wrong).toEqual([]);
  });

  it("has no quote that swallows text (a ' before {, } or # starts a quoted span in ICU)", () => {
    const swallowing = MESSAGE_KEYS.filter(
      (k) => /'[{}#]/.test(messageSource(k, locale)) && !/'[{}#]/.test(messageSource(k, DEFAULT_LOCALE)),
    );
    expect(swallowing).toEqual([]);
  });

  it('names the slash command, its subcommands and options as Discord allows', () => {
    for (const key of COMMAND_NAME_KEYS) {
      const name = t(key, {}, locale);
      expect(name, `${locale} ${key}`).toMatch(COMMAND_NAME);
      expect(name, `${locale} ${key} must be lowercase`).toBe(name.toLocaleLowerCase(locale));
      expect(name.length, key).toBeLessThanOrEqual(LIMIT.commandName);
    }
  });

  it('gives the subcommands, and the options of each, distinct names', () => {
    // Siblings: command.<sub>.name for every <sub>; command.<sub>.<option>.name for one <sub>.
    const parents = new Map<string, string[]>();
    for (const key of COMMAND_NAME_KEYS) {
      const parent = key.split('.').slice(0, -2).join('.');
      parents.set(parent, [...(parents.get(parent) ?? []), t(key, {}, locale)]);
    }
    for (const [parent, names] of parents)
      expect(new Set(names).size, `${locale} under ${parent}: ${names}`).toBe(names.length);
  });

  it('describes the command, subcommands and options in 1-100 characters, and names choices in 1-100', () => {
    for (const key of COMMAND_DESCRIPTION_KEYS) {
      const text = t(key, {}, locale);
      expect(text.length, key).toBeGreaterThan(0);
      expect(text.length, `${key}: ${text}`).toBeLessThanOrEqual(LIMIT.description);
    }
    for (const key of CHOICE_KEYS) {
      expect(t(key, {}, locale).length, key).toBeGreaterThan(0);
      expect(t(key, {}, locale).length, key).toBeLessThanOrEqual(LIMIT.choiceName);
    }
  });

  it('fits every button label in 80 characters, with long values', () => {
    expect(BUTTON_KEYS.length).toBeGreaterThan(10);
    const long = BUTTON_KEYS.map((k) => [k, fill(k, locale)] as const).filter(
      ([, text]) => text.length > LIMIT.buttonLabel,
    );
    expect(long).toEqual([]);
  });

  it('fits the select menu texts in 100 characters, with long values', () => {
    const long = SELECT_KEYS.map((k) => [k, fill(k, locale)] as const).filter(
      ([, text]) => text.length > LIMIT.selectText,
    );
    expect(long).toEqual([]);
    // An option's description: where each half goes, "<half a> · <half b>".
    if (MESSAGE_KEYS.includes('panel.spotHalf' as MessageKey)) {
      const half = fill('panel.spotHalf' as MessageKey, locale);
      expect(`${half} · ${half}`.length).toBeLessThanOrEqual(LIMIT.selectText);
    }
  });

  it('fits the rules in one message, and every message, with long values, in 2000 characters', () => {
    const rules = RULES.map((k) => t(k, k === 'rules.kingdom' ? APP_EMOJIS : {}, locale)).join('\n');
    expect(rules.length).toBeLessThanOrEqual(LIMIT.message);
    const long = MESSAGE_KEYS.map((k) => [k, fill(k, locale).length] as const).filter(([, n]) => n > LIMIT.message);
    expect(long).toEqual([]);
  });

  it('titles the lines of the table picture in at most two words (drawn one per line)', () => {
    for (const key of LINE_TITLES)
      expect(t(key, {}, locale).split(' ').length, `${locale} ${key}`).toBeLessThanOrEqual(2);
  });

  it('writes /kingdomino <subcommand> with the names this language gives them', () => {
    const command = t('command.name', {}, locale);
    const subs = new Set(COMMAND_NAME_KEYS.filter((k) => k.split('.').length === 3).map((k) => t(k, {}, locale)));
    const wrong: string[] = [];
    for (const key of MESSAGE_KEYS) {
      for (const [, name, sub] of messageSource(key, locale).matchAll(/\/(\p{L}+) ([-\p{L}\p{N}]+)/gu)) {
        if (name === command && !subs.has(sub!)) wrong.push(`${key}: /${name} ${sub}`);
        if (name !== command && name!.toLowerCase() === 'kingdomino') wrong.push(`${key}: /${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
