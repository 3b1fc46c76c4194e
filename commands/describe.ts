/** Names and descriptions of the slash command's parts, in English and every other language of the catalogue. */
import type { LocalizationMap, SlashCommandStringOption } from 'discord.js';
import { PACE_KEYS } from '../src/discord/messages/text.js';
import { DEFAULT_LOCALE, DISCORD_LOCALES, localeFor, t, type MessageKey } from '../src/i18n/index.js';
import { PACES } from '../src/table/index.js';

/**
 * A text in every Discord locale whose catalogue is not English (`fr`, `es-ES` and
 * `es-419`, ...): what Discord shows users whose client is in that language.
 */
export function localized(key: MessageKey): LocalizationMap {
  const map: Record<string, string> = {};
  for (const discordLocale of DISCORD_LOCALES) {
    const locale = localeFor(discordLocale);
    if (locale !== DEFAULT_LOCALE) map[discordLocale] = t(key, {}, locale);
  }
  return map as LocalizationMap;
}

interface Described {
  setName(name: string): this;
  setDescription(description: string): this;
  setNameLocalizations(names: LocalizationMap | null): this;
  setDescriptionLocalizations(descriptions: LocalizationMap | null): this;
}

/** Name and description in English, and in every other language of the catalogue. */
export function described<B extends Described>(builder: B, name: MessageKey, description: MessageKey): B {
  return builder
    .setName(t(name))
    .setNameLocalizations(localized(name))
    .setDescription(t(description))
    .setDescriptionLocalizations(localized(description));
}

/** The pace option, as /kingdomino start and a league's creation offer it. */
export function paceOption(o: SlashCommandStringOption): SlashCommandStringOption {
  return described(o, 'command.start.pace.name', 'command.start.pace.description').addChoices(
    ...PACES.map((pace) => ({
      name: t(PACE_KEYS[pace]),
      name_localizations: localized(PACE_KEYS[pace]),
      value: pace,
    })),
  );
}
