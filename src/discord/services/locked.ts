/**
 * A game whose thread a moderator locked: the bot does not reopen it. The game waits
 * (table.threadLocked: nothing due, no timer: table/due.ts), says so once in the
 * lobby's channel and by DM to the players who asked for DMs, and goes on at the
 * THREAD_UPDATE that unlocks the thread: its boards, then the clearings of older buttons.
 */
import type { AnyThreadChannel } from 'discord.js';
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { keep, save } from '../../store/index.js';
import type { PlayingTable, Table } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { threadLink } from '../messages/lobby.js';
import { dmIfAsked } from './notify.js';

/** The game found its thread locked: it waits; the first time, it says so. The table as saved. */
export async function waitForUnlock(bot: Bot, table: PlayingTable): Promise<Table> {
  const { value: first, table: saved } = await bot.store.update(
    table.id,
    (current) =>
      current.status === 'playing' && current.threadLocked !== true
        ? save({ ...current, threadLocked: true }, true)
        : keep(false),
    table,
  );
  if (!first) return saved;
  bot.log.info('the game thread is locked: the game waits', { guild: table.guildId, game: table.id });
  const link = threadLink(table);
  await bot.places.notice(table, () => t('locked.waiting', { link }), { in: 'lobby' });
  for (const seat of table.seats)
    if (seat.kind === 'human') await dmIfAsked(bot, table, seat.userId, () => t('locked.dm'));
  return saved;
}

/** A thread changed: unlocked, the game waiting for it goes on. */
export async function threadUpdated(bot: Bot, thread: AnyThreadChannel): Promise<void> {
  if (thread.locked === true || !bot.owns(thread.guildId)) return;
  try {
    const loaded = await bot.store.get(thread.id);
    if (loaded.kind !== 'found' || loaded.table.status !== 'playing' || loaded.table.threadLocked !== true) return;
    const { table } = await bot.store.update(
      thread.id,
      (current) => {
        if (current.status !== 'playing' || current.threadLocked !== true) return keep();
        const { threadLocked: _locked, ...rest } = current;
        return save(rest);
      },
      loaded.table,
    );
    bot.log.info('the game thread is unlocked: the game goes on', { guild: thread.guildId, game: thread.id });
    bot.driver.changed(thread.id, table);
  } catch (error) {
    bot.log.warn('could not resume a game whose thread was unlocked', { game: thread.id, error: errorText(error) });
  }
}
