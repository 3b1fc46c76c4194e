/**
 * The slash command as `npm run deploy` registers it: its name and description,
 * every subcommand's, option's and choice's, localised in every Discord locale
 * that has a catalogue other than English, within Discord's size limit.
 */
import { Locale as DiscordLocale } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { data } from '../../commands/kingdomino.js';
import { DEFAULT_LOCALE, DISCORD_LOCALES, LOCALES, localeFor, t } from '../../src/i18n/index.js';

interface Node {
  readonly name: string;
  readonly description?: string;
  readonly name_localizations?: Readonly<Record<string, string>> | null;
  readonly description_localizations?: Readonly<Record<string, string>> | null;
  readonly options?: readonly Node[];
  readonly choices?: readonly Node[];
  readonly value?: unknown;
}

const command = data.toJSON() as unknown as Node;

/** Every node of the command: itself, its subcommands and options, and their choices, with a path to name them. */
function* walk(node: Node, path = `/${node.name}`): Generator<[string, Node, 'choice' | 'described']> {
  yield [path, node, 'described'];
  for (const option of node.options ?? []) yield* walk(option, `${path} ${option.name}`);
  for (const choice of node.choices ?? []) yield [`${path} = ${String(choice.value)}`, choice, 'choice'];
}
const nodes = [...walk(command)];

/** The Discord locales a catalogue other than English answers. */
const LOCALISED = DISCORD_LOCALES.filter((d) => localeFor(d) !== DEFAULT_LOCALE);

describe('Discord locales', () => {
  it('are the ones Discord has', () => {
    expect([...DISCORD_LOCALES].sort()).toEqual(Object.values(DiscordLocale).sort());
  });

  it('map to the catalogue of the same code, else of the same language, else English', () => {
    expect(localeFor('fr')).toBe('fr');
    expect(localeFor('de')).toBe('de');
    expect(localeFor('es-ES')).toBe('es');
    expect(localeFor('es-419')).toBe('es');
    expect(localeFor('pt-BR')).toBe('pt-BR');
    expect(localeFor('en-US')).toBe('en');
    expect(localeFor('en-GB')).toBe('en');
    expect(localeFor('ja')).toBe('en');
    expect(localeFor('xx-YY')).toBe('en');
    expect(localeFor('')).toBe('en');
    expect(localeFor(null)).toBe('en');
    expect(localeFor(undefined)).toBe('en');
    expect(localeFor('toString')).toBe('en');
  });

  it('reach every catalogue (a language Discord never sends is never said)', () => {
    for (const locale of LOCALES)
      expect(
        DISCORD_LOCALES.some((d) => localeFor(d) === locale),
        locale,
      ).toBe(true);
  });
});

describe('the /kingdomino command', () => {
  it('has subcommands, options and choices to localise', () => {
    expect(nodes.filter(([, , kind]) => kind === 'choice').length).toBeGreaterThan(0);
    expect(nodes.length).toBeGreaterThan(15);
  });

  it('localises every name and description in every Discord locale that has a catalogue', () => {
    expect(LOCALISED.length).toBeGreaterThanOrEqual(LOCALES.length - 1);
    for (const [path, node, kind] of nodes) {
      // A choice may keep one name in every language (a language, by its own name).
      if (kind === 'choice' && !node.name_localizations) continue;
      expect(Object.keys(node.name_localizations ?? {}).sort(), `${path} names`).toEqual([...LOCALISED].sort());
      if (kind === 'described')
        expect(Object.keys(node.description_localizations ?? {}).sort(), `${path} descriptions`).toEqual(
          [...LOCALISED].sort(),
        );
    }
  });

  it('localises the AI levels among the choices', () => {
    const levels = nodes.filter(([path, , kind]) => kind === 'choice' && path.startsWith('/kingdomino start ai-level'));
    expect(levels.length).toBeGreaterThan(0);
    for (const [path, node] of levels)
      expect(Object.keys(node.name_localizations ?? {}).sort(), path).toEqual([...LOCALISED].sort());
  });

  it('says each locale in its own catalogue', () => {
    const [, fr] = nodes.find(([path]) => path === '/kingdomino start')!;
    for (const d of LOCALISED) {
      expect(fr.name_localizations?.[d]).toBe(t('command.start.name', {}, localeFor(d)));
      expect(fr.description_localizations?.[d]).toBe(t('command.start.description', {}, localeFor(d)));
    }
  });

  it('keeps names distinct among siblings in every locale (Discord refuses duplicates)', () => {
    const siblings = (node: Node): readonly Node[] => node.options ?? [];
    for (const [path, node] of nodes) {
      const children = siblings(node);
      for (const d of LOCALISED) {
        const names = children.map((c) => c.name_localizations?.[d] ?? c.name);
        expect(new Set(names).size, `${path} in ${d}: ${names}`).toBe(names.length);
      }
    }
  });

  it('fits in 8000 characters, counting the longest localisation of each field', () => {
    // Discord counts names, descriptions and choice values; each field by its longest localisation.
    const longest = (base: string, map: Readonly<Record<string, string>> | null | undefined): number =>
      Math.max(base.length, ...Object.values(map ?? {}).map((s) => s.length));
    let total = 0;
    for (const [, node, kind] of nodes) {
      total += longest(node.name, node.name_localizations);
      if (kind === 'described') total += longest(node.description ?? '', node.description_localizations);
      else total += String(node.value).length;
    }
    expect(total).toBeLessThanOrEqual(8000);
  });
});
