/**
 * Which language where: a private answer in the clicking user's Discord language
 * (the router sets it for each interaction), anything posted for everyone in a
 * game's thread or lobby in the game's language (its table's setting: the server's
 * language by default, or the `language` option of /kingdomino start).
 */
import { inLocale, localeFor, type Locale } from '../../i18n/index.js';
import type { TableSettings } from '../../table/index.js';

export function gameLocale(settings: TableSettings): Locale {
  return localeFor(settings.language);
}

/** Build what everyone sees at this table in the game's language. */
export function inGameLocale<T>(table: { readonly settings: TableSettings }, work: () => T): T {
  return inLocale(gameLocale(table.settings), work);
}
