/**
 * Making a move, for humans, computer seats and the turn timer alike: under the
 * table's lock the table layer checks and applies it, the store saves it; then,
 * outside the lock, the move is described, rendered and posted.
 */
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import { playMove, type Move, type Mover, type MoveOutcome, type TableResult } from '../../table/index.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { describeMove, refusalText } from '../views/text.js';
import { postAfterMove } from './post.js';

export interface MoveRequest {
  readonly turn: number;
  readonly mover: Mover;
  readonly move: Move;
  /** Added to the posted text, e.g. "(time ran out)". */
  readonly note?: string;
}

export type MoveResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly refusal: string };

/** Apply and save a move, then post it. A refusal changes nothing. */
export async function makeMove(bot: Bot, tableId: string, request: MoveRequest): Promise<MoveResult> {
  const started = performance.now();
  const { value, table } = await bot.store.update<TableResult<MoveOutcome>>(tableId, (current) => {
    const played = playMove(current, request.mover, request.turn, request.move, Date.now());
    return played.ok ? save(played.value.table, played) : keep(played);
  });
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  const outcome = value.value;
  const described = describeMove(outcome, outcome.table.seats);
  const text = request.note ? `${described} ${request.note}` : described;
  const saved = performance.now();
  let posted = true;
  try {
    await postAfterMove(bot, outcome, text);
    bot.log.info('move', { guild: outcome.table.guildId, game: tableId, turn: request.turn, text, save_ms: Math.round(saved - started), post_ms: Math.round(performance.now() - saved) });
  } catch (error) {
    // The move is saved; /kingdomino status re-posts the board once the thread is writable again.
    posted = false;
    bot.log.error('could not post the move', { guild: outcome.table.guildId, game: tableId, error: errorText(error) });
  }
  bot.scheduler.kick(tableId);
  return { ok: true, text: posted ? text : t('move.notPosted', { text }) };
}
