/**
 * A game whose thread a moderator locked: the bot does not reopen it. The game waits
 * (table.threadLocked: nothing due, no timer), says so once in the lobby's channel
 * and by DM to the players who asked for DMs, and goes on at the THREAD_UPDATE that
 * unlocks the thread.
 */
import type { AnyThreadChannel } from 'discord.js';
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { keep, save } from '../../store/index.js';
import type { PlayingTable } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { threadLink } from '../messages/lobby.js';
import { inGameLocale } from '../messages/locale.js';
import { dmIfAsked } from './notify.js';
import { ownsGuild } from './scheduler.js';

/** The game found its thread locked: it waits; the first time, it says so. */
export async function waitForUnlock(bot: Bot, table: PlayingTable): Promise<void> {
  const { value: first } = await bot.store.update(table.id, (current) =>
    current.status === 'playing' && current.threadLocked !== true
      ? save({ ...current, threadLocked: true }, true)
      : keep(false),
  );
  if (!first) return;
  bot.log.info('the game thread is locked: the game waits', { guild: table.guildId, game: table.id });
  const link = threadLink(table);
  try {
    const channel = await bot.client.channels.fetch(table.messages.lobbyChannelId);
    if (channel?.isSendable())
      await channel.send({
        content: inGameLocale(table, () => t('locked.waiting', { link })),
        allowedMentions: { parse: [] },
      });
  } catch (error) {
    bot.log.warn('could not say that the game waits for its thread', { game: table.id, error: errorText(error) });
  }
  for (const seat of table.seats)
    if (seat.kind === 'human') await dmIfAsked(bot, table, seat.userId, () => t('locked.dm'));
}

/** A thread changed: unlocked, the game waiting for it goes on. */
export async function threadUpdated(bot: Bot, thread: AnyThreadChannel): Promise<void> {
  if (thread.locked === true || !ownsGuild(bot.client, thread.guildId)) return;
  try {
    const loaded = await bot.store.get(thread.id);
    if (loaded.kind !== 'found' || loaded.table.status !== 'playing' || loaded.table.threadLocked !== true) return;
    await bot.store.update(thread.id, (current) => {
      if (current.status !== 'playing' || current.threadLocked !== true) return keep();
      const { threadLocked: _locked, ...rest } = current;
      return save(rest);
    });
    bot.log.info('the game thread is unlocked: the game goes on', { guild: thread.guildId, game: thread.id });
    bot.outbox.kick(thread.id);
  } catch (error) {
    bot.log.warn('could not resume a game whose thread was unlocked', { game: thread.id, error: errorText(error) });
  }
}
