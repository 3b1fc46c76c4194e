/**
 * The thread after the game. ARCHIVE_AFTER_S after a game's last post (posts.ts
 * stores when: `closeAt`, so a restart keeps it; the driver's close step), the thread
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
import { ButtonStyle } from 'discord.js';
import type { Channel, MessageEditOptions } from 'discord.js';
import { dynastyResult, result } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { type FinishedTable } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { button, row } from '../messages/components.js';
import { winnerLine } from '../messages/end.js';
import { closedLobbyView, lobbyLink } from '../messages/lobby.js';

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
