/**
 * Start-up: every live table in the store goes on (AI seats whose turn it is play,
 * turn timers are re-armed), in the one process whose shard has the table's guild
 * when the bot runs as several (scheduler.ts, ownsGuild). The list comes from the store, not from the threads
 * Discord happens to report at start-up: a thread auto-archived while the bot was
 * down is not in the gateway's cache, so it is fetched by id and unarchived.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type Channel } from 'discord.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { ownsGuild } from './scheduler.js';
import { closeDue, pendingPosts, type GameTable } from '../../table/index.js';

/** The game's thread, open again if it was archived; null when it no longer exists. */
async function reopenThread(bot: Bot, table: GameTable): Promise<'open' | 'gone'> {
  const id = table.messages.threadId ?? table.id;
  const context = { guild: table.guildId, channel: id, game: table.id };
  let thread: Channel | null;
  try {
    thread = await bot.client.channels.fetch(id);
  } catch (error) {
    if (error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.UnknownChannel) {
      bot.log.warn('the game thread no longer exists: game not resumed', context);
      return 'gone';
    }
    // Discord may be briefly unreachable: let the game try anyway, its own posts log what fails.
    bot.log.warn('could not fetch the game thread', { ...context, error: errorText(error) });
    return 'open';
  }
  if (thread?.isThread() && thread.archived) {
    await thread.setArchived(false, 'the game goes on').then(
      () => bot.log.info('unarchived the game thread', context),
      (error: unknown) => bot.log.warn('could not unarchive the game thread', { ...context, error: errorText(error) }));
  }
  return 'open';
}

async function resumeTable(bot: Bot, key: string): Promise<boolean> {
  try {
    const loaded = await bot.store.get(key);
    if (loaded.kind !== 'found') return false;
    const table = loaded.table;
    // Resumed by the one process whose shard has the game's guild.
    if (!ownsGuild(bot.client, table.guildId)) return false;
    const owes = pendingPosts(table).length > 0;
    // A finished game whose thread is still to be archived: the scheduler does it when due (not reopened).
    if (!owes && closeDue(table) !== null) {
      bot.scheduler.kick(key);
      return true;
    }
    if (table.status !== 'playing' && !(table.status === 'finished' && owes)) return false;
    if ((await reopenThread(bot, table)) === 'gone') return false;
    // The posts owed first; the outbox then lets the computer players and the timer go on.
    bot.outbox.kick(key);
    return true;
  } catch (error) {
    bot.log.error('could not resume a game', { game: key, error: errorText(error) });
    return false;
  }
}

/** Resume every running game the store lists; a table that cannot be resumed is logged and skipped. */
export async function resumeGames(bot: Bot): Promise<void> {
  let keys: readonly string[];
  try {
    keys = await bot.store.liveTables();
  } catch (error) {
    bot.log.error('could not list the running games: none resumed', { error: errorText(error) });
    return;
  }
  let resumed = 0;
  for (const key of keys) if (await resumeTable(bot, key)) resumed++;
  bot.log.info('resumed running games', { games: resumed, live: keys.length });
}
