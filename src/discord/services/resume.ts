/**
 * Start-up: every table the store's due index says is due within DUE_HORIZON_MS goes
 * on through the driver (the others wait in the store for its poll), in the one
 * process whose shard has the table's guild when the bot runs as several
 * (Bot.owns). The list comes from the store, not from the threads Discord happens to
 * report at start-up: a thread auto-archived while the bot was down is not in the
 * gateway's cache, so it is fetched by id and unarchived (places.ts, reopen).
 */
import { closeDue, DUE_HORIZON_MS, pendingPosts, type Table } from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { errorText } from '../../runtime/log.js';
import type { Bot } from '../bot.js';
import type { TableDriver } from './driver.js';

type DueTable = { readonly id: string; readonly at: number };

/**
 * Whether the table goes on in this process: a finished game's thread still to be
 * archived (not reopened: the driver closes it when due), or a running game (or a
 * finished one owing posts) whose thread still exists, opened again if archived.
 */
async function resumable(bot: Bot, table: Table): Promise<boolean> {
  if (!bot.owns(table.guildId)) return false;
  const owes = pendingPosts(table).length > 0;
  if (!owes && closeDue(table) !== null) return true;
  if (table.status !== 'playing' && table.status !== 'finished') return false;
  return (table.status === 'playing' || owes) && (await bot.places.reopen(table)) === 'open';
}

/** Resume the tables due soon (a table that cannot be resumed is logged and skipped); then the driver's poll. */
export async function resumeGames(bot: Bot, driver: TableDriver): Promise<void> {
  let due: readonly DueTable[];
  try {
    due = await bot.store.dueTables(clock.now() + DUE_HORIZON_MS);
  } catch (error) {
    bot.log.error('could not list the games due: none resumed', { error: errorText(error) });
    due = [];
  }
  const resumed: Table[] = [];
  for (const { id } of due) {
    try {
      const loaded = await bot.store.get(id);
      if (loaded.kind === 'found' && (await resumable(bot, loaded.table))) resumed.push(loaded.table);
    } catch (error) {
      bot.log.error('could not resume a game', { game: id, error: errorText(error) });
    }
  }
  driver.resume(due, resumed);
  bot.log.info('resumed running games', { games: resumed.length, due: due.length });
}
