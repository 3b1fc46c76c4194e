/**
 * Review, on the final message: the player who pressed it gets, privately, what the
 * hard computer player thinks of their game (src/ai/review.ts): computed in the AI
 * workers on the first press, within a budget of REVIEW_BUDGET_MS (8 s) at the
 * default AI_HARD_MS and in proportion to it otherwise, then kept with the table so
 * that every later press (after a restart too) only draws it. Two presses at once
 * share one computation. Only the game's players may ask; anyone else is told so.
 * A Dynasty has one button per game, each reviewed on its own.
 *
 * The answer is a phone-sized summary (messages/review.ts) with the three costliest
 * moves drawn, their reasons read off the positions (ai/review.ts reasonsOf); the full
 * move list is behind its button, read from the review kept with the table: a click
 * from anyone but the game's players, or once the review is no longer kept, gets a
 * friendly private answer and changes nothing.
 */
import { costliest } from '../../ai/index.js';
import { result, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { playerOf, reviewKey, type FinishedTable, type TableReview } from '../../table/index.js';
import { privately, updating, type Answer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { computed } from '../services/reviews.js';
import { errorText } from '../../runtime/log.js';
import { renderReviewMove } from '../messages/pictures.js';
import {
  costlyMove,
  listInfo,
  listPageCount,
  reviewListView,
  reviewView,
  type CostlyMove,
} from '../messages/review.js';

export interface ReviewClick {
  readonly tableId: string;
  readonly userId: string;
  /** 1 for a single game, 1 to 3 in a Dynasty. */
  readonly game: number;
}

/** The finished game a button names: the only one, or one of a Dynasty's three. */
function gameOf(table: FinishedTable, number: number): GameState | null {
  const game = table.dynasty ? table.dynasty.games[number - 1] : number === 1 ? table.game : undefined;
  return game && result(game) ? game : null;
}

/** The costliest moves drawn, with their points now and reasons, in the clicking user's language. */
function pictures(game: GameState, review: TableReview): Promise<CostlyMove[]> {
  return Promise.all(
    costliest(review).map(async (m) => {
      const { words, picture } = costlyMove(game, review, m);
      return { ...words, png: await renderReviewMove(picture) };
    }),
  );
}

/** The finished table a review button names and the clicker's seat in it; or the answer that refuses. */
async function reviewerOf(
  bot: Bot,
  click: ReviewClick,
): Promise<{ readonly table: FinishedTable; readonly player: number } | Answer> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return privately(t('error.gameCorrupt'));
  if (loaded.kind !== 'found') return privately(t('error.gameMissing'));
  const { table } = loaded;
  if (table.status !== 'finished') return privately(t('review.notOver'));
  const player = playerOf(table, click.userId);
  return player === null ? privately(t('review.playersOnly')) : { table, player };
}

export async function review(bot: Bot, click: ReviewClick): Promise<Answer> {
  const reviewer = await reviewerOf(bot, click);
  if ('kind' in reviewer) return reviewer;
  const { table, player } = reviewer;
  const game = gameOf(table, click.game);
  if (!game) return privately(t('review.noSuchGame'));
  const key = reviewKey(click.game, player);
  let found = table.reviews?.[key];
  if (!found) {
    try {
      found = await computed(bot, table, key, game, player);
    } catch (error) {
      bot.log.error('game review failed', { game: table.id, key, error: errorText(error) });
      return privately(t('review.failed'));
    }
  }
  const drawn = await pictures(game, found);
  return {
    kind: 'private',
    message: reviewView({ ...listInfo(table, game, click.game, found), pictures: drawn }),
  };
}

export interface ReviewListClick extends ReviewClick {
  /** 0-based page of the move list. */
  readonly page: number;
}

/**
 * The full move list's button: page `page` of the clicker's own review, kept with the
 * table. Only the game's players have one; a review no longer kept, or a page that is
 * not there, gets a friendly answer.
 */
export async function reviewList(bot: Bot, click: ReviewListClick, open: boolean): Promise<Answer> {
  const reviewer = await reviewerOf(bot, click);
  if ('kind' in reviewer) return reviewer;
  const { table, player } = reviewer;
  const game = gameOf(table, click.game);
  const kept = table.reviews?.[reviewKey(click.game, player)];
  if (!game || !kept) return privately(t('review.list.stale'));
  const info = listInfo(table, game, click.game, kept);
  if (click.page >= listPageCount(info)) return privately(t('review.list.noSuchPage'));
  const message = reviewListView(info, click.page);
  return open ? { kind: 'private', message } : updating(message);
}
