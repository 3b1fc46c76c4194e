/**
 * Direct messages for the players who asked for them (/kingdomino notify): a turn
 * come or about to be played for them, with a link to the game's thread and a
 * "Your turn" button that opens the panel right there. Discord refusing one
 * (error 50007: the user's privacy settings) is remembered, and the user told once in
 * the thread; no DM is tried again until they turn DMs on anew.
 */
import { ButtonStyle, ComponentType, DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { deadlineOf, isPaused, turnLimitS, type PlayingTable } from '../../table/index.js';
import { keep, save } from '../../store/index.js';
import type { Bot } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { threadLink } from '../messages/lobby.js';
import { playButtonAway } from '../messages/games.js';
import { relativeTime } from '../messages/text.js';

/** A DM to the player to move that their move will be made for them at `deadline` (if they asked for DMs). */
export function dmReminder(bot: Bot, table: PlayingTable, userId: string, deadline: number): Promise<void> {
  return dmIfAsked(bot, table, userId, () => t('notify.dm.reminder', { when: relativeTime(deadline) }), {
    play: true,
  });
}

/**
 * Under a correspondence pace, a DM to the player whose turn just came (if they asked
 * for DMs): marked on the table first, so a restart does not send it twice.
 */
export async function dmYourTurn(bot: Bot, table: PlayingTable, userId: string): Promise<void> {
  if (isPaused(table) || !(await asked(bot, userId))) return;
  const turn = table.game.turn;
  const { value: marked } = await bot.store.update(table.id, (current) =>
    current.status === 'playing' && current.game.turn === turn && current.notifiedTurn !== turn
      ? save({ ...current, notifiedTurn: turn }, true)
      : keep(false),
  );
  const deadline = deadlineOf(table, turnLimitS(table));
  if (marked && deadline !== null)
    await sendDm(bot, table, userId, () => t('notify.dm.yourTurn', { when: relativeTime(deadline) }), { play: true });
}

/**
 * A DM about the game (its words in the game's language), with a link to its thread
 * and, for a turn of theirs (`play`), its "Your turn" button, to a player who asked for DMs.
 */
export async function dmIfAsked(
  bot: Bot,
  table: PlayingTable,
  userId: string,
  words: () => string,
  opts: { readonly play?: boolean } = {},
): Promise<void> {
  if (await asked(bot, userId)) await sendDm(bot, table, userId, words, opts);
}

/** Whether the user asked for DMs and Discord has not refused one since. */
async function asked(bot: Bot, userId: string): Promise<boolean> {
  const prefs = await bot.store.notifyPrefs(userId);
  return prefs.directMessages && !prefs.refused;
}

/** The DM itself (see dmIfAsked); a refusal (50007) is remembered and told once. */
async function sendDm(
  bot: Bot,
  table: PlayingTable,
  userId: string,
  words: () => string,
  opts: { readonly play?: boolean },
): Promise<void> {
  const message = inGameLocale(table, () => ({
    content: words(),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          ...(opts.play ? [playButtonAway(table, t('notify.dm.play'))] : []),
          { type: ComponentType.Button, style: ButtonStyle.Link, label: t('notify.dm.open'), url: threadLink(table) },
        ],
      },
    ],
  }));
  try {
    const dm = await bot.client.users.createDM(userId);
    await dm.send(message);
    bot.log.info('sent a DM', { game: table.id, user: userId });
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser) {
      await refused(bot, table, userId);
      return;
    }
    bot.log.warn('could not send a DM', { game: table.id, user: userId, error: errorText(error) });
  }
}

/** Discord will not deliver DMs to this user: remember it, and tell them once, where they play. */
async function refused(bot: Bot, table: PlayingTable, userId: string): Promise<void> {
  await bot.store.setNotifyPrefs(userId, { directMessages: true, refused: true });
  bot.log.info('a user refuses DMs: not tried again', { game: table.id, user: userId });
  await bot.outbox.tell(
    table,
    inGameLocale(table, () => t('notify.refused', { userId })),
  );
}
