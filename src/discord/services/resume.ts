/**
 * Start-up: every table the store's due index says is due within DUE_HORIZON_MS goes
 * on (AI seats whose turn it is play, turn timers are re-armed; the others wait in the
 * store for the poll, due.ts), in the one process whose shard has the table's guild
 * when the bot runs as several (scheduler.ts, ownsGuild). The list comes from the store, not from the threads
 * Discord happens to report at start-up: a thread auto-archived while the bot was
 * down is not in the gateway's cache, so it is fetched by id and unarchived.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type Channel, type Message } from 'discord.js';
import { keep, save } from '../../store/index.js';
import { decode } from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { ourRecentMessages } from './outbox.js';
import { ownsGuild } from './scheduler.js';
import {
  closeDue,
  DUE_HORIZON_MS,
  owe,
  pendingPosts,
  shownDone,
  type GameTable,
  threadIdOf,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';

/** The game's thread, open again if it was archived; null when it no longer exists. */
async function reopenThread(bot: Bot, table: GameTable): Promise<'open' | 'gone'> {
  const id = threadIdOf(table);
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
  // A running game's thread a moderator locked is theirs to reopen: the outbox finds it locked and the game waits (locked.ts).
  if (thread?.isThread() && thread.archived && !(thread.locked === true && table.status === 'playing')) {
    await thread.setArchived(false, 'the game goes on').then(
      () => bot.log.info('unarchived the game thread', context),
      (error: unknown) => bot.log.warn('could not unarchive the game thread', { ...context, error: errorText(error) }),
    );
  }
  return 'open';
}

/** Does the message carry a "Your turn" button? */
function hasTurnButton(message: Message): boolean {
  const json = JSON.stringify(message.components.map((c) => c.toJSON()));
  return [...json.matchAll(/"custom_id":"([^"]+)"/g)].some((m) => decode(m[1] ?? '')?.verb === 'your-turn');
}

/**
 * "Your turn" buttons the store does not know of: a /kingdomino status board answered
 * just before the previous process died, before the store was told it is the live
 * turn message (handlers/commands.ts tracks it after the reply). Nothing else would ever
 * clear it. Looked for once the owed posts are made (so the live turn message is
 * known), among the bot's messages from before this process started (a status
 * answered since is being tracked now), and owed a clearing like any older turn message.
 */
async function clearStrayButtons(bot: Bot, key: string): Promise<void> {
  const loaded = await bot.store.get(key);
  if (loaded.kind !== 'found' || (loaded.table.status !== 'playing' && loaded.table.status !== 'finished')) return;
  const table = loaded.table;
  const thread = await bot.client.channels.fetch(threadIdOf(table));
  const stray = (await ourRecentMessages(bot, thread))
    .filter((m) => m.createdTimestamp < performance.timeOrigin && hasTurnButton(m))
    .map((m) => m.id);
  // Looked for: a status board being shown when the last process died is found now (or was never posted).
  const { value: owed } = await bot.store.update(key, (current) => {
    const clearing = new Set(pendingPosts(current).flatMap((p) => (p.kind === 'clear' ? [p.messageId] : [])));
    const fresh = stray.filter((id) => id !== current.messages.turnMessageId && !clearing.has(id));
    const done = shownDone(current);
    if (fresh.length === 0) return done === current ? keep(0) : save(done, 0);
    return save(
      owe(
        done,
        fresh.map((messageId) => ({ kind: 'clear' as const, messageId })),
      ),
      fresh.length,
    );
  });
  if (owed === 0) return;
  bot.log.info('stray turn buttons found at start-up: clearing them', {
    guild: table.guildId,
    game: key,
    messages: owed,
  });
  bot.outbox.kick(key);
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
    // Then (in the background) the buttons a crash may have left live are cleared.
    void bot.outbox
      .resume(key)
      .then((done) => (done ? clearStrayButtons(bot, key) : undefined))
      .catch((error: unknown) =>
        bot.log.warn('could not look for stray turn buttons', { game: key, error: errorText(error) }),
      );
    return true;
  } catch (error) {
    bot.log.error('could not resume a game', { game: key, error: errorText(error) });
    return false;
  }
}

/**
 * Resume the tables due within DUE_HORIZON_MS (table/due.ts: posts owed, a computer
 * to move, a turn's reminder or deadline, a status board a crash may have left live),
 * not every open game: the others wait in the store until the poll finds them due
 * (due.ts). A table that cannot be resumed is logged and skipped. Returns what it read.
 */
export async function resumeGames(bot: Bot): Promise<readonly { readonly id: string; readonly at: number }[]> {
  let due: readonly { readonly id: string; readonly at: number }[];
  try {
    due = await bot.store.dueTables(clock.now() + DUE_HORIZON_MS);
  } catch (error) {
    bot.log.error('could not list the games due: none resumed', { error: errorText(error) });
    return [];
  }
  let resumed = 0;
  for (const { id } of due) if (await resumeTable(bot, id)) resumed++;
  bot.log.info('resumed running games', { games: resumed, due: due.length });
  return due;
}
