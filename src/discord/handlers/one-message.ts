/**
 * The buttons of a game away from threads (table/types.ts, Home). On a one-message
 * game (a group DM, a server without the bot) the bot cannot post on its own, so every
 * click on the message brings it up to date when it lags (a board the driver could not
 * show, every click's token having run out) and tells the clicker the rest privately
 * beside it: their panel, or why not. The click's token then carries the message's next
 * edits (wire/followups.ts), the computer's moves after a human's too. In the bot's DM
 * the boards are posted as in a thread: only the end's Review and Step through come here.
 */
import { t } from '../../i18n/index.js';
import { boardsOwed, homeOf, mayAct, type Table } from '../../table/index.js';
import { MessageFlags, type BaseMessageOptions } from 'discord.js';
import { aside, privately, updating, type Answer, type ComponentInteraction } from '../wire/answer.js';
import type { Actor } from '../wire/actor.js';
import { IN_AWAY } from '../messages/codec.js';
import { currentView } from '../messages/one-message.js';
import { refusalText } from '../messages/text.js';
import type { Bot } from '../bot.js';
import { imBack } from './moderation.js';
import { openPanel } from './panel.js';
import { rematchAsAnswer } from './rematch.js';
import { review } from './review.js';
import { openViewer } from './viewer.js';

/** A click on a game's message away from threads: the table it names, who clicked, and where. */
export interface AwayFromThreads {
  readonly tableId: string;
  readonly userId: string;
  readonly messageId: string;
  readonly channelId: string;
}

/** The table the click names, if the message clicked is that table's (a forged id on another message is refused). */
async function load(bot: Bot, click: AwayFromThreads): Promise<Table | string> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return t('error.gameCorrupt');
  if (loaded.kind !== 'found') return t('error.gameMissing');
  const table = loaded.table;
  const home = homeOf(table);
  const its =
    (home === 'message' && click.messageId === table.id) ||
    (home === 'dm' && click.channelId === table.messages.lobbyChannelId);
  return its ? table : t('origin.elsewhere');
}

/** Does the one message lag behind the table: a board owed, or the last one not shown in it? */
function behind(table: Table): boolean {
  return boardsOwed(table).length > 0 || table.status !== 'playing' || table.messages.turnMessageId !== table.id;
}

/** "Your turn" on the one message: the clicker's panel privately (or why not), the message brought up to date if it lags. */
export async function tableTurn(bot: Bot, click: AwayFromThreads, turn: number): Promise<Answer> {
  const table = await load(bot, click);
  if (typeof table === 'string') return privately(table);
  const update = homeOf(table) === 'message' && behind(table) ? await currentView(table) : null;
  const may = mayAct(table, { kind: 'user', userId: click.userId }, turn);
  if (!may.ok) return beside(bot, click, update, privately(refusalText(may.refusal, table.seats)).message);
  const panel = await openPanel(bot, { tableId: table.id, userId: click.userId, turn, scope: IN_AWAY(table.id) });
  return beside(bot, click, update, panel.message);
}

/**
 * A private word beside the message, the message brought up to date and this click's token
 * kept for its next edits. The word is a follow-up: where the channel has had its share of
 * them this minute, it is the click's own private answer alone (the message waits for another click).
 */
function beside(
  bot: Bot,
  click: AwayFromThreads,
  update: BaseMessageOptions | null,
  message: BaseMessageOptions,
): Answer {
  return bot.places.takeFollowUp(click.channelId) ? aside(update, message) : { kind: 'private', message };
}

/** Show the table: the one message as it should read now, for anyone. */
export async function tableShow(bot: Bot, click: AwayFromThreads): Promise<Answer> {
  const table = await load(bot, click);
  if (typeof table === 'string') return privately(table);
  return homeOf(table) === 'message' ? updating(await currentView(table)) : privately(t('origin.elsewhere'));
}

export async function tableReview(bot: Bot, click: AwayFromThreads, game: number): Promise<Answer> {
  const table = await load(bot, click);
  return typeof table === 'string' ? privately(table) : review(bot, { tableId: table.id, userId: click.userId, game });
}

export async function tableReplay(bot: Bot, click: AwayFromThreads, game: number): Promise<Answer> {
  const table = await load(bot, click);
  return typeof table === 'string' ? privately(table) : openViewer(bot, { tableId: table.id, game });
}

/** "I'm back" on a game's message away from threads. */
export async function tableBack(bot: Bot, click: AwayFromThreads, player: number): Promise<Answer> {
  const table = await load(bot, click);
  if (typeof table === 'string') return privately(table);
  return imBack(bot, { tableId: table.id, userId: click.userId, player, messageId: click.messageId });
}

/** Rematch on a game's message away from threads: the new lobby is this click's answer (rematch.ts). */
export async function tableRematch(
  bot: Bot,
  interaction: ComponentInteraction,
  click: AwayFromThreads,
  actor: Actor,
): Promise<void> {
  const table = await load(bot, click);
  if (typeof table === 'string') {
    await interaction.reply({ content: table, flags: MessageFlags.Ephemeral });
    return;
  }
  await rematchAsAnswer(bot, interaction, { ...actor, tableId: table.id });
}
