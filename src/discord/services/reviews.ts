/**
 * The game reviews this process computes (handlers/review.ts shows them): in the AI
 * pool, once per table and player at a time (a second press waits for the first
 * one's), then kept with the table so that no process computes one twice.
 */
import { REVIEW_BUDGET_MS } from '../../ai/index.js';
import { loadConfig, type Config } from '../../config.js';
import type { GameState } from '../../game/index.js';
import { errorText } from '../../runtime/log.js';
import { keep, save } from '../../store/index.js';
import type { FinishedTable, TableReview } from '../../table/index.js';
import type { Bot } from '../bot.js';

/** The search time of one review: REVIEW_BUDGET_MS at the default hard thinking time, in proportion to AI_HARD_MS. */
function reviewBudgetMs(config: Pick<Config, 'aiHardMs'>): number {
  return Math.max(1, Math.round((REVIEW_BUDGET_MS * config.aiHardMs) / loadConfig({}).aiHardMs));
}

/** Reviews being computed in this process, by table and key: a second press waits for the first one's. */
const running = new Map<string, Promise<TableReview>>();

/** A seed of the table's own, so a review does not depend on which process computed it (as far as time allows). */
function seedOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h >>> 0;
}

/** Keep the review with the table (unless one is there already); a failed save only costs a recomputation later. */
async function keepReview(bot: Bot, tableId: string, key: string, review: TableReview): Promise<void> {
  try {
    await bot.store.update(tableId, (table) => {
      if (table.status !== 'finished' || table.reviews?.[key]) return keep();
      return save({ ...table, reviews: { ...table.reviews, [key]: review } });
    });
  } catch (error) {
    bot.log.warn('could not keep a game review', { game: tableId, key, error: errorText(error) });
  }
}

export function computed(
  bot: Bot,
  table: FinishedTable,
  key: string,
  game: GameState,
  player: number,
): Promise<TableReview> {
  const id = `${table.id}/${key}`;
  const known = running.get(id);
  if (known) return known;
  const started = Date.now();
  const work = bot.ai
    .review(game, player, { budgetMs: reviewBudgetMs(bot.config), seed: seedOf(id) })
    .then(async (review) => {
      bot.log.info('game reviewed', {
        game: table.id,
        key,
        ms: Date.now() - started,
        search: review.ms,
        accuracy: review.accuracy,
        lost: review.lost,
      });
      await keepReview(bot, table.id, key, review);
      return review;
    })
    .finally(() => running.delete(id));
  running.set(id, work);
  return work;
}
