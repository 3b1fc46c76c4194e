/**
 * What each step of the driver does (table/due.ts says which is due): it acts through
 * the places (places.ts) and saves what it did with one compare-and-set save on the
 * table it was given (no read before it), and returns the table as saved.
 *
 * Steps that act first and then save (posts, a notice, a close) fold the marks of
 * a reminder or a turn's DM due at once into the same save: those are marked
 * before they go out (a crash in between loses one rather than sending it twice).
 */
import { t } from '../../i18n/index.js';
import { inGameLocale } from '../messages/locale.js';
import { dmTurn, remind, saveDone, type StepOptions } from './done.js';
import { keep, save } from '../../store/index.js';
import {
  absentAfter,
  closeRefused,
  owe,
  pendingPosts,
  shownDone,
  threadClosed,
  told,
  type FinishedTable,
  type Refused,
  type Step,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import type { Bot, Closed } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { gone, refused } from '../wire/followups.js';
import { decode } from '../messages/codec.js';
import { nonceOf } from '../wire/limits.js';
import { lobbyAfterView } from './archive.js';
import { moveFor, playPlan } from './move.js';
import { makePosts } from './posts.js';

/** Do the step and save what it did: the table as saved. */
export async function doStep(bot: Bot, table: Table, step: Step, opts: StepOptions): Promise<Table> {
  switch (step.kind) {
    case 'post':
      return makePosts(bot, table, opts);
    case 'computer':
    case 'time-up':
      return moveFor(bot, table, step, opts.stopping);
    case 'plan':
      return playPlan(bot, table, step.player);
    case 'remind':
      return remind(bot, table, step);
    case 'dm':
      return dmTurn(bot, table);
    case 'tell':
      return tellStandIn(bot, table, step.player);
    case 'strays':
      return clearStrays(bot, table);
    case 'close':
      return close(bot, table);
  }
}

/** Tell the thread that the computer plays a player's seat now (once: marked told, even if Discord failed). */
async function tellStandIn(bot: Bot, table: Table, player: number): Promise<Table> {
  const seat = table.seats[player];
  const standIn = seat?.kind === 'human' ? seat.standIn : undefined;
  if (seat?.kind === 'human' && standIn) {
    const absent = standIn.reason === 'absent';
    await bot.places.notice(
      table,
      () =>
        absent
          ? t('absent.replaced', { userId: seat.userId, count: absentAfter(table.settings) + 1, name: seat.name })
          : t('absent.replacedByHost', { by: standIn.by ?? '', name: seat.name }),
      { ping: absent ? [seat.userId] : [], nonce: nonceOf('s', table.id, player, standIn.at) },
    );
    bot.log.info('the computer plays a seat', {
      guild: table.guildId,
      game: table.id,
      user: seat.userId,
      reason: standIn.reason,
    });
  }
  return saveDone(bot, table, (current) => told(current, player));
}

/**
 * "Your turn" buttons the store does not know of: a /kingdomino status board shown
 * while a process died, before the store was told it is the live turn message
 * (handlers/commands.ts tracks it after the reply). Owed a clearing like any older turn message.
 */
export async function clearStrays(bot: Bot, table: Table, before = Infinity): Promise<Table> {
  if (table.status !== 'playing' && table.status !== 'finished') return table;
  const stray = (await bot.places.ownMessages(table))
    .filter((m) => m.createdTimestamp < before && m.customIds.some((id) => decode(id)?.verb === 'your-turn'))
    .map((m) => m.id);
  let found = 0;
  const saved = await saveDone(bot, table, (current) => {
    const clearing = new Set(pendingPosts(current).flatMap((p) => (p.kind === 'clear' ? [p.messageId] : [])));
    const fresh = stray.filter((id) => id !== current.messages.turnMessageId && !clearing.has(id));
    found = fresh.length;
    const done = shownDone(current);
    return fresh.length === 0
      ? done
      : owe(
          done,
          fresh.map((messageId) => ({ kind: 'clear' as const, messageId })),
        );
  });
  if (found > 0)
    bot.log.info('stray turn buttons found: clearing them', { guild: table.guildId, game: table.id, messages: found });
  return saved;
}

/**
 * Close the thread of a finished game: the lobby message gets the result and Rematch,
 * then the thread is archived and locked (archive.ts). A refusal is counted and tried
 * again later (table/giveup.ts); a failure without one is thrown (tried again).
 */
async function close(bot: Bot, table: Table): Promise<Table> {
  if (table.status !== 'finished') return table;
  const context = { guild: table.guildId, game: table.id };
  try {
    await bot.places
      .editLobby(
        table,
        inGameLocale(table, () => lobbyAfterView(table)),
      )
      .catch((error: unknown) => {
        if (!gone(error)) throw error;
        bot.log.warn('the lobby message is gone: no Rematch there', { ...context, error: errorText(error) });
      });
    const done = await bot.places.close(table);
    bot.log.info(closedText(done), context);
    return await saveDone(bot, table, (current) => threadClosed(current, clock.now()));
  } catch (error) {
    if (!refused(error)) throw error;
    return closeRefusedBy(bot, table, error);
  }
}

function closedText(done: Closed): string {
  if (done === 'archived') return 'archived the game thread, not locked: I need Manage Threads there to lock it';
  return done === 'gone' ? 'the game thread is gone: nothing to archive' : 'archived and locked the game thread';
}

/**
 * Discord refused to close the thread (the lobby's edit or the archive: a permission
 * taken away, say): counted on the table, tried again CLOSE_RETRY_MS later, and at the
 * limit given up for good (the thread stays open; its final message keeps its
 * Rematch), which the thread hears once.
 */
async function closeRefusedBy(bot: Bot, table: FinishedTable, error: unknown): Promise<Table> {
  const context = { guild: table.guildId, game: table.id, error: errorText(error) };
  const { value: refusal, table: saved } = await bot.store.update<Refused<Table>>(
    table.id,
    (current) => {
      const counted = closeRefused(current, clock.now());
      return counted.table === current ? keep(counted) : save(counted.table, counted);
    },
    table,
  );
  if (!refusal.gaveUp) {
    bot.log.warn('Discord refused to archive the game thread: will try again', {
      ...context,
      refusals: refusal.refusals,
    });
    return saved;
  }
  bot.log.warn('Discord keeps refusing to archive the game thread: given up, it stays open', {
    ...context,
    refusals: refusal.refusals,
  });
  await bot.places.notice(table, () => t('archive.notArchived'));
  return saved;
}
