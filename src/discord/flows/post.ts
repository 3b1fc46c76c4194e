/**
 * Posting in the game thread after a move: the turn message (table PNG, what
 * happened, who is next), the end of a game (score sheet, winner), and keeping the
 * older turn message's buttons from looking live.
 */
import type { MessageCreateOptions, SendableChannels } from 'discord.js';
import { renderScoreSheet, renderTable } from '../pictures.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import { dynastyProgress, type GameTable, type MoveOutcome } from '../../table/index.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { endView } from '../views/end.js';
import { dynastyHeader } from '../views/text.js';
import { turnView } from '../views/turn.js';

async function threadOf(bot: Bot, table: GameTable): Promise<SendableChannels> {
  const id = table.messages.threadId ?? table.id;
  const channel = bot.client.channels.cache.get(id) ?? await bot.client.channels.fetch(id);
  if (!channel?.isSendable()) throw new Error(`game thread ${id} is gone or not writable`);
  return channel;
}

/** Remember the new turn message, and take the buttons off the previous one (they would only say "earlier turn"). */
async function rememberTurnMessage(bot: Bot, table: GameTable, messageId: string, thread: SendableChannels): Promise<void> {
  const turn = table.game.turn;
  const { value: previous } = await bot.store.update(table.id, (current) => {
    if (current.status === 'lobby' || !current.game || current.game.turn !== turn) return keep(null);
    return save({ ...current, messages: { ...current.messages, turnMessageId: messageId } }, current.messages.turnMessageId);
  });
  if (previous && previous !== messageId && 'messages' in thread) {
    // Not awaited: the player's answer need not wait for this cosmetic edit.
    void thread.messages.edit(previous, { components: [] }).catch((error: unknown) =>
      bot.log.debug('could not clear old turn buttons', { game: table.id, error: errorText(error) }));
  }
}

/** Post the board for the move to come, with `happened` on top. */
export async function postTurn(bot: Bot, table: GameTable, happened: string | null): Promise<void> {
  const thread = await threadOf(bot, table);
  const started = performance.now();
  const png = await renderTable(table.game);
  bot.log.debug('table rendered', { game: table.id, ms: Math.round(performance.now() - started), kb: Math.round(png.length / 1024) });
  const message = await thread.send(turnView({ game: table.game, seats: table.seats, happened, header: dynastyHeader(dynastyProgress(table)), png }) as MessageCreateOptions);
  await rememberTurnMessage(bot, table, message.id, thread);
}

/** After a saved move: the end of a game if it ended, then the next turn if the table plays on. */
export async function postAfterMove(bot: Bot, outcome: MoveOutcome, happened: string): Promise<void> {
  const { table, ended } = outcome;
  if (ended) {
    const thread = await threadOf(bot, table);
    const finalOfTable = table.status === 'finished';
    const header = dynastyHeader(ended.number === null || !table.dynasty ? null : { game: ended.number, of: table.dynasty.length });
    const png = await renderScoreSheet(ended.game);
    const totals = outcome.dynastyTotals;
    await thread.send(endView({ result: ended.result, seats: table.seats, happened, header, final: finalOfTable, totals, png }) as MessageCreateOptions);
    if (finalOfTable) {
      await clearTurnButtons(bot, table, thread);
      return;
    }
    await postTurn(bot, table, t('game.nextOfDynasty'));
    return;
  }
  await postTurn(bot, table, happened);
}

async function clearTurnButtons(bot: Bot, table: GameTable, thread: SendableChannels): Promise<void> {
  const id = table.messages.turnMessageId;
  if (!id || !('messages' in thread)) return;
  await thread.messages.edit(id, { components: [] }).catch((error: unknown) =>
    bot.log.debug('could not clear last turn buttons', { game: table.id, error: errorText(error) }));
}
