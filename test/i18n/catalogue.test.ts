/**
 * The message catalogue: every key is used and every literal key exists, every
 * message is valid ICU syntax that English reads back unchanged, every `t()` call
 * passes exactly the placeholders its message has, and plurals and ordinals work.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALES,
  MESSAGE_KEYS,
  isLocale,
  messageSource,
  placeholders,
  t,
  type Locale,
  type MessageKey,
} from '../../src/i18n/index.js';
import * as catalogues from '../../src/i18n/locales/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Keys written for code that is being rewritten and will say them (handlers, messages/text.ts).
 * A key leaves this list as soon as something uses it (the test below insists).
 */
const AWAITING: readonly MessageKey[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keys an expression can stand for: a literal, a template such as `terrain.${t}`, or either branch of a `?:`. */
function keysOf(node: ts.Expression): MessageKey[] | null {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return keysOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return (MESSAGE_KEYS as readonly string[]).includes(node.text) ? [node.text as MessageKey] : null;
  }
  if (ts.isTemplateExpression(node)) {
    if (!/^[a-z]+\./.test(node.head.text)) return null;
    const pattern = new RegExp(
      `^${escape(node.head.text)}${node.templateSpans.map((s) => `[^.]+${escape(s.literal.text)}`).join('')}$`,
    );
    const keys = MESSAGE_KEYS.filter((k) => pattern.test(k));
    return keys.length > 0 ? keys : null;
  }
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [keysOf(node.whenTrue), keysOf(node.whenFalse)];
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

interface Call {
  readonly where: string;
  readonly keys: readonly MessageKey[];
  /** The names passed, or null when they cannot be read from the call (a variable, a spread). */
  readonly names: readonly string[] | null;
}

function paramNames(arg: ts.Expression | undefined): string[] | null {
  if (arg === undefined) return [];
  if (!ts.isObjectLiteralExpression(arg)) return null;
  const names: string[] = [];
  for (const p of arg.properties) {
    if (
      (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
      (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
    )
      names.push(p.name.text);
    else return null;
  }
  return names.sort();
}

/** Every key the code names, and every `t(...)` call whose key can be read. */
function scan(): { used: Set<MessageKey>; calls: Call[] } {
  const used = new Set<MessageKey>();
  const calls: Call[] = [];
  for (const file of [...sourceFiles('src'), ...sourceFiles('commands')]) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
        for (const k of keysOf(node) ?? []) used.add(k);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 't' &&
        node.arguments[0]
      ) {
        const keys = keysOf(node.arguments[0]);
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        if (keys) calls.push({ where: `${relative(ROOT, file)}:${line}`, keys, names: paramNames(node.arguments[1]) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { used, calls };
}

const code = scan();

describe('the catalogue', () => {
  it('has English as the default and every language listed', () => {
    expect(DEFAULT_LOCALE).toBe('en');
    expect(LOCALES).toContain('en');
    expect(LOCALES).toEqual(Object.keys(catalogues));
    expect(isLocale('en')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(isLocale('toString')).toBe(false);
  });

  it('names keys by where they are said: dot-separated camelCase words', () => {
    for (const key of MESSAGE_KEYS) expect(key).toMatch(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z0-9]*)+$/);
  });

  it('has no key that nothing says', () => {
    const dead = MESSAGE_KEYS.filter((k) => !code.used.has(k) && !AWAITING.includes(k));
    expect(dead).toEqual([]);
  });

  it('lists as awaiting only keys that nothing says yet', () => {
    for (const key of AWAITING) {
      expect(MESSAGE_KEYS, key).toContain(key);
      expect(code.used.has(key), `${key} is used now: take it off AWAITING`).toBe(false);
    }
  });

  it('finds the calls it checks', () => {
    expect(code.calls.length).toBeGreaterThan(100);
  });

  it('is valid ICU message syntax in every language', () => {
    for (const locale of LOCALES) {
      for (const key of MESSAGE_KEYS) {
        expect(
          () => new IntlMessageFormat(messageSource(key, locale), locale, undefined, { ignoreTag: true }),
          `${locale} ${key}`,
        ).not.toThrow();
      }
    }
  });

  it('reads back English unchanged: quotes, braces and markdown are not eaten by the syntax', () => {
    for (const key of MESSAGE_KEYS) {
      const source = messageSource(key);
      if (/\{\w+, (plural|select|selectordinal|number)/.test(source)) continue;
      const values = Object.fromEntries(placeholders(key).map((name) => [name, `<${name}>`]));
      expect(t(key, values), key).toBe(source.replace(/\{(\w+)\}/g, '<$1>'));
    }
  });
});

describe('t()', () => {
  it('is called with exactly the placeholders of its message', () => {
    const wrong: string[] = [];
    for (const call of code.calls) {
      if (call.names === null) continue;
      for (const key of call.keys) {
        const expected = placeholders(key);
        // A conditional key may pass a value only the other message uses.
        const missing = expected.filter((n) => !call.names!.includes(n));
        const extra = call.keys.length === 1 ? call.names.filter((n) => !expected.includes(n)) : [];
        if (missing.length > 0 || extra.length > 0)
          wrong.push(`${call.where} ${key}: missing [${missing}] extra [${extra}]`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('fills placeholders', () => {
    expect(t('lobby.seats', { taken: 3, max: 4 })).toBe('**Seats (3/4)**');
    expect(t('lobby.title', { hostId: '123' })).toBe('👑 **Kingdomino** — a table hosted by <@123>');
    expect(t('refusal.notYourTurn', { player: '**Ana**' })).toBe("It is **Ana**'s turn.");
    expect(t('picture.preview.outside', { size: 7 })).toBe('outside the 7x7 frame');
    expect(t('turn.button.yourTurn', { name: 'Ana {x} #1' })).toBe('Your turn, Ana {x} #1');
  });

  it('refuses a missing placeholder', () => {
    expect(() => t('lobby.seats', { taken: 3 })).toThrow(/max/);
    expect(() => t('refusal.notYourTurn', {})).toThrow(/player/);
    expect(() => t('refusal.notYourTurn')).toThrow(/player/);
  });

  it('says every message of every language as intl-messageformat does, words and numbers alike', () => {
    const differ: string[] = [];
    for (const locale of LOCALES as Locale[]) {
      for (const key of MESSAGE_KEYS) {
        const source = (catalogues[locale] as Partial<Record<MessageKey, string>>)[key];
        if (source === undefined) continue;
        const names = placeholders(key, locale);
        const format = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
        for (const values of [
          Object.fromEntries(names.map((name) => [name, `'{${name}}' #`])),
          Object.fromEntries(names.map((name, i) => [name, i * 1001])),
        ]) {
          const expected = format.format(values) as string;
          if (t(key, values, locale) !== expected) differ.push(`${locale} ${key}: ${t(key, values, locale)}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('says plurals by the plural rules of the language', () => {
    expect(t('picture.pile', { count: 1 })).toBe('1 domino to come');
    expect(t('picture.pile', { count: 24 })).toBe('24 dominoes to come');
    expect(t('picture.pile', { count: 0 })).toBe('0 dominoes to come');
    const permission = (count: number): string => t('permission.missing', { where: 'here', list: 'X', count });
    expect(permission(1)).toContain('grant this permission to');
    expect(permission(2)).toContain('grant these permissions to');
  });

  it('says ordinals by the ordinal rules of the language', () => {
    expect([1, 2, 3, 4, 5, 11, 12, 13, 21, 22].map((rank) => t('picture.sheet.place', { rank }))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });

  it('formats in the locale asked for, the same text every time', () => {
    for (const locale of LOCALES as Locale[])
      expect(t('picture.round', { round: 2, rounds: 13 }, locale)).toBe(
        t('picture.round', { round: 2, rounds: 13 }, locale),
      );
    expect(t('picture.round', { round: 2, rounds: 13 }, 'en')).toBe('Round 2 of 13');
  });

  it('lists placeholders, plural and select branches included', () => {
    expect(placeholders('permission.missing')).toEqual(['count', 'list', 'where']);
    expect(placeholders('picture.sheet.place')).toEqual(['rank']);
    expect(placeholders('lobby.ready')).toEqual([]);
  });
});
