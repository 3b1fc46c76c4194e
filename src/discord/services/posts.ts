/**
 * The posts a table owes (table/outbox.ts), made: its boards and ends in order, each
 * exactly once (places.ts), then the clearings of older turn messages; what was made
 * is saved in one save. A failure saves what was made before it and is thrown (the
 * driver tries again); a post whose thread or message is gone is dropped; a clearing
 * Discord keeps refusing is given up (table/giveup.ts), the thread told once.
 */
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import {
  clearRefused,
  closeThreadAt,
  homeOf,
  pendingPosts,
  posted,
  type GameTable,
  type Post,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import type { Bot } from '../bot.js';
import { boardMessage, endMessage, happenedLines } from '../messages/board.js';
import { inGameLocale } from '../messages/locale.js';
import { gone, refused } from '../wire/followups.js';
import { waitForUnlock } from './locked.js';
import { saveDone, type StepOptions } from './done.js';

/** What became of one post: made (as that message, if any), or refused (a clearing: counted). */
type Made =
  { readonly seq: number; readonly messageId: string | null } | { readonly seq: number; readonly refused: unknown };

export async function makePosts(bot: Bot, table: Table, opts: StepOptions): Promise<Table> {
  if (table.status === 'playing' && (await bot.places.locked(table))) return waitForUnlock(bot, table);
  const made: Made[] = [];
  let failure: unknown = null;
  const boards = pendingPosts(table).filter((post) => post.kind !== 'clear');
  try {
    for (const post of boards) made.push({ seq: post.seq, messageId: await makeOne(bot, table, post, opts.maybeMade) });
    opts.shown?.();
    // The clearings owed then, all at once (edits, in their own rate-limit bucket).
    const clears = pendingPosts(table).filter((post) => post.kind === 'clear');
    const results = await Promise.allSettled(clears.map((post) => clearOne(bot, table, post)));
    for (const result of results) {
      if (result.status === 'rejected') failure ??= result.reason;
      else made.push(result.value);
      // Counted now, tried again after the driver's backoff (not at once: each refusal counts against the bot).
      if (result.status === 'fulfilled' && 'refused' in result.value) failure ??= result.value.refused;
    }
  } catch (error) {
    failure = error;
  }
  const saved = made.length > 0 ? await saveMade(bot, table, made) : table;
  if (failure !== null) throw failure;
  return saved;
}

/** Save what was made; a clearing given up is logged, and the first at this table is told in the thread. */
async function saveMade(bot: Bot, table: Table, made: readonly Made[]): Promise<Table> {
  let givenUp: { readonly seq: number; readonly refusals: number; readonly first: boolean }[] = [];
  const saved = await saveDone(bot, table, (current) => {
    let after = current;
    givenUp = [];
    for (const one of made) {
      if (!('refused' in one)) {
        after = posted(after, one.seq, one.messageId);
        continue;
      }
      const counted = clearRefused(after, one.seq, clock.now());
      if (counted.gaveUp) givenUp.push({ seq: one.seq, refusals: counted.refusals, first: counted.firstOfKind });
      after = counted.table;
    }
    return closing(bot, after);
  });
  for (const { seq, refusals } of givenUp)
    bot.log.warn("Discord keeps refusing to clear an old board's buttons: given up", {
      game: table.id,
      message: clearedMessage(table, seq),
      refusals,
    });
  // Its buttons stay: they only answer that they are from an earlier turn, which the thread hears once.
  if (givenUp.some((one) => one.first)) await bot.places.notice(table, () => t('refusal.buttonsStay'));
  return saved;
}

function clearedMessage(table: Table, seq: number): string | undefined {
  const post = pendingPosts(table).find((p) => p.seq === seq);
  return post?.kind === 'clear' ? post.messageId : undefined;
}

/** The game's last post made: its thread is due to be archived ARCHIVE_AFTER_S from now (the close step); other homes have nothing to close. */
function closing(bot: Bot, table: Table): Table {
  const last =
    table.status === 'finished' &&
    homeOf(table) === 'thread' &&
    pendingPosts(table).length === 0 &&
    bot.config.archiveAfterS > 0;
  return last ? closeThreadAt(table, clock.now() + bot.config.archiveAfterS * 1000) : table;
}

/** Make one board, end or withdrawal: the id of the message it made, if any; null too when its thread is gone. */
async function makeOne(bot: Bot, table: Table, post: Post, maybeMade: boolean): Promise<string | null> {
  if (table.status === 'lobby' || !table.game) return null;
  const game = table as GameTable;
  try {
    return await inGameLocale(table, async () => {
      if (post.kind === 'withdraw') {
        // A board whose move was taken back (table/undo.ts).
        await bot.places.remove(game, post.messageId);
        return null;
      }
      if (post.kind === 'clear') return null;
      const view = await viewOf(game, post);
      return view ? bot.places.post(game, post.seq, view, maybeMade) : null;
    });
  } catch (error) {
    if (!gone(error)) throw error;
    bot.log.warn('a post found its thread or message gone: skipped', {
      game: table.id,
      post: post.kind,
      error: errorText(error),
    });
    return null;
  }
}

/** The board or the end a post shows, with what happened (the moves held back first). */
async function viewOf(table: GameTable, post: Extract<Post, { readonly kind: 'turn' | 'end' }>) {
  const told = { move: post.move, occasion: post.kind === 'turn' ? post.occasion : null, held: post.held ?? [] };
  const happened = happenedLines(table, told);
  if (post.kind === 'turn') return boardMessage(table, happened);
  return endMessage(table, post.game, happened.join('\n') || null);
}

/** Take the buttons off an older turn message: made (or its message gone), or refused (counted). */
async function clearOne(bot: Bot, table: Table, post: Post): Promise<Made> {
  if (post.kind !== 'clear' || table.status === 'lobby' || !table.game) return { seq: post.seq, messageId: null };
  try {
    await bot.places.clearButtons(table as GameTable, post.messageId);
    return { seq: post.seq, messageId: null };
  } catch (error) {
    if (gone(error)) return { seq: post.seq, messageId: null };
    if (!refused(error)) throw error;
    bot.log.warn("Discord refused to clear an old board's buttons", {
      game: table.id,
      message: post.messageId,
      error: errorText(error),
    });
    return { seq: post.seq, refused: error };
  }
}
