/**
 * Direct messages for the players who asked for them (/kingdomino notify): a turn
 * come or about to be played for them, the game waiting for its thread, with a link
 * to the game and a "Your turn" button that opens the panel right there. Discord
 * refusing one (error 50007: the user's privacy settings) is remembered, and the user
 * told once in the thread; no DM is tried again until they turn DMs on anew.
 */
import { t } from '../../i18n/index.js';
import type { PlayingTable } from '../../table/index.js';
import type { Bot } from '../bot.js';

/** A DM about the game (its words in the game's language), with its "Your turn" button for `play`, if the player asked. */
export async function dmIfAsked(
  bot: Bot,
  table: PlayingTable,
  userId: string,
  words: () => string,
  play = false,
): Promise<void> {
  const prefs = await bot.store.notifyPrefs(userId);
  if (!prefs.directMessages || prefs.refused) return;
  if ((await bot.places.dm(table, userId, words, play)) !== 'refused') return;
  // Several DMs refused at once (a reminder and another game's turn) tell the user once.
  if (!(await bot.store.dmsRefused(userId))) return;
  bot.log.info('a user refuses DMs: not tried again', { game: table.id, user: userId });
  await bot.places.notice(table, () => t('notify.refused', { userId }));
}
