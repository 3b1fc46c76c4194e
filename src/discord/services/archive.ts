/**
 * The thread after the game. ARCHIVE_AFTER_S after a game's last post (the outbox
 * stores when: `closeAt`, so a restart keeps it; the scheduler arms it), the thread
 * is archived and locked (locked only when the bot has Manage Threads there: else it
 * is just archived, and the log says so), the final message kept.
 *
 * Buttons in a locked thread cannot be counted on: Discord's clients show them
 * greyed out, or first try to unarchive the thread as the user, which fails for
 * everyone but moderators, and the click never comes. So before archiving, the
 * game's first message in the channel (the lobby message the thread hangs on) gets
 * the result and a Rematch button. A click that does come from the archived thread
 * (a moderator's, or a client that sends it anyway) is answered with the thread
 * opened for the answer (Discord refuses answers and edits in archived threads),
 * then archived again.
 *
 * A close Discord refuses (403: the bot lost a permission there, say) is tried again
 * once a minute, REFUSALS_ALLOWED times in all, then given up for good (table/giveup.ts):
 * the thread stays open, its final message keeps its Rematch. A 5xx or a timeout is
 * not a refusal, and is tried again until it works.
 */
import { ButtonStyle, PermissionFlagsBits } from 'discord.js';
import type { Channel, MessageEditOptions } from 'discord.js';
import { dynastyResult, result } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  closeRefused,
  threadClosed,
  type FinishedTable,
  type Refused,
  type Table,
  threadIdOf,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { errorText } from '../../runtime/log.js';
import { button, row } from '../messages/components.js';
import { winnerLine } from '../messages/end.js';
import { closedLobbyView, lobbyLink } from '../messages/lobby.js';
import { gone, refused } from '../wire/followups.js';
import * as clock from '../../runtime/clock.js';

/** The lobby message once the game's thread is archived: the result, and Rematch (unless a rematch lobby is open already). */
export function lobbyAfterView(table: FinishedTable): MessageEditOptions {
  const final = table.dynasty ? dynastyResult(table.dynasty) : result(table.game);
  const winner = final ? winnerLine(final, table.seats) : '';
  const opened = table.rematch?.lobbyId ?? null;
  if (opened) {
    const link = lobbyLink(table, opened);
    return { ...closedLobbyView(table, t('archive.lobbyNoteRematched', { winner, link })), components: [] };
  }
  const view = closedLobbyView(table, t('archive.lobbyNote', { winner }));
  return { ...view, components: [row(button(t('end.button.rematch'), { verb: 'rematch-here' }, ButtonStyle.Success))] };
}

/** Rematch on the lobby message, in the channel the thread hangs on. */
async function rematchHere(bot: Bot, table: FinishedTable): Promise<void> {
  try {
    const parent = await bot.client.channels.fetch(table.messages.lobbyChannelId);
    if (!parent?.isTextBased() || !('messages' in parent)) return;
    await parent.messages.edit(
      table.id,
      inGameLocale(table, () => lobbyAfterView(table)),
    );
  } catch (error) {
    if (!gone(error)) throw error;
    bot.log.warn('the lobby message is gone: no Rematch there', { game: table.id, error: errorText(error) });
  }
}

type Archived = 'locked' | 'archived' | 'gone';

/** Archive the thread, locked when the bot may lock it (Manage Threads). */
async function archive(bot: Bot, table: FinishedTable): Promise<Archived> {
  let thread: Channel | null;
  try {
    thread = await bot.client.channels.fetch(threadIdOf(table));
  } catch (error) {
    if (gone(error)) return 'gone';
    throw error;
  }
  if (!thread?.isThread()) return 'gone';
  const me = bot.client.user;
  const canLock = (me ? thread.permissionsFor(me)?.has(PermissionFlagsBits.ManageThreads) : false) ?? false;
  if (thread.archived && (thread.locked || !canLock)) return thread.locked ? 'locked' : 'archived';
  // Discord refuses to lock an archived thread (archived by hand, or by Discord while the bot was down): open it first.
  if (thread.archived) await thread.setArchived(false, 'to lock it');
  await thread.edit({ archived: true, ...(canLock ? { locked: true } : {}), reason: 'the game is over' });
  return canLock ? 'locked' : 'archived';
}

/**
 * Close the thread of a finished game: true when done, or given up (look at the table
 * again); false when Discord failed or refused (try again later).
 */
export async function closeThread(bot: Bot, table: FinishedTable): Promise<boolean> {
  const context = { guild: table.guildId, channel: threadIdOf(table), game: table.id };
  try {
    await rematchHere(bot, table);
    const done = await archive(bot, table);
    await bot.store.update(table.id, (current) => {
      const closed = threadClosed(current, clock.now());
      return closed === current ? keep() : save(closed);
    });
    if (done === 'archived')
      bot.log.info('archived the game thread, not locked: I need Manage Threads there to lock it', context);
    else
      bot.log.info(
        done === 'gone' ? 'the game thread is gone: nothing to archive' : 'archived and locked the game thread',
        context,
      );
    return true;
  } catch (error) {
    if (refused(error)) return countRefusal(bot, table, error);
    bot.log.warn('could not archive the game thread: will try again', { ...context, error: errorText(error) });
    return false;
  }
}

/**
 * Discord refused to close the thread (the lobby's edit or the archive: a permission
 * taken away, say): counted on the table, and at the limit given up for good (the
 * thread stays open; its final message keeps its Rematch), logged once. True when
 * given up. A failure without a refusal (a 5xx, a timeout) is not counted.
 */
async function countRefusal(bot: Bot, table: FinishedTable, error: unknown): Promise<boolean> {
  const context = { guild: table.guildId, channel: threadIdOf(table), game: table.id, error: errorText(error) };
  const counted: { refused?: Refused<Table> } = {};
  await bot.store.update(table.id, (current) => {
    counted.refused = closeRefused(current, clock.now());
    return counted.refused.table === current ? keep() : save(counted.refused.table);
  });
  const refusals = counted.refused?.refusals ?? 0;
  if (counted.refused?.gaveUp) {
    bot.log.warn('Discord keeps refusing to archive the game thread: given up, it stays open', {
      ...context,
      refusals,
    });
    await bot.outbox.tell(
      table,
      inGameLocale(table, () => t('archive.notArchived')),
    );
    return true;
  }
  bot.log.warn('Discord refused to archive the game thread: will try again', { ...context, refusals });
  return false;
}

/**
 * Run `work` (the answer to a click in the game's thread) with the thread open:
 * Discord refuses answers and edits in an archived thread. If the bot had closed it,
 * it is archived again afterwards (and stays locked if it was: unarchiving does not
 * unlock); a running game's thread stays open.
 */
export async function withThreadOpen(
  bot: Bot,
  tableId: string,
  thread: Channel | null,
  work: () => Promise<void>,
): Promise<void> {
  if (!thread?.isThread() || !thread.archived) return work();
  const context = { guild: thread.guildId, channel: thread.id, game: tableId };
  const reopened = await thread.setArchived(false, 'a button of the game was used').then(
    () => true,
    (error: unknown) => {
      bot.log.warn('could not unarchive the game thread to answer a click', { ...context, error: errorText(error) });
      return false;
    },
  );
  try {
    await work();
  } finally {
    if (reopened) {
      const loaded = await bot.store.get(tableId).catch(() => null);
      const closed =
        loaded?.kind === 'found' && loaded.table.status === 'finished' && loaded.table.closedAt !== undefined;
      if (closed) {
        await thread
          .setArchived(true, 'the game is over')
          .catch((error: unknown) =>
            bot.log.warn('could not archive the game thread again', { ...context, error: errorText(error) }),
          );
      }
    }
  }
}
