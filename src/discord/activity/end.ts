/**
 * After the game, on the live board, as the thread's final message offers it: the
 * replay (the game's record, once it is over, with each move's caption in the thread's
 * words) and a player's review of their own game (services/reviews.ts, kept with the
 * table), each game of a Dynasty on its own.
 */
import { replayStates, result, toRecord, type GameRecord, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { playerOf, reviewKey, type Table } from '../../table/index.js';
import type { Worded } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { listInfo, reviewLines } from '../messages/review.js';
import { replayPictureCaptions } from '../messages/text.js';
import { computed } from '../services/reviews.js';

/** The games of a table that is over: a Dynasty's, or its one game; null while it is not over. */
function gamesOver(table: Table): readonly GameState[] | null {
  if (table.status === 'finished') return table.dynasty?.games ?? [table.game];
  if (table.status === 'cancelled' && table.game) return [table.game];
  return null;
}

/** Game `number`'s record and every replayed move's caption (the record holds the seed: only once the game is over). */
export function replayFromBoard(
  table: Table,
  number: number,
): Worded<{ readonly record: GameRecord; readonly captions: readonly string[] }> {
  const games = gamesOver(table);
  if (!games) return { ok: false, refusal: t('replay.notYet') };
  const game = games[number - 1];
  if (!game) return { ok: false, refusal: t('replay.noSuchGame', { game: number, count: games.length }) };
  const record = toRecord(game);
  const states = replayStates(record);
  if (!states.ok) return { ok: false, refusal: t('replay.failed') };
  return { ok: true, value: { record, captions: replayPictureCaptions(states.value, table.seats) } };
}

/** A player's review of game `number`, in words: kept with the table, or computed now (as the Review button does). */
export async function reviewFromBoard(
  bot: Bot,
  table: Table,
  userId: string,
  number: number,
): Promise<Worded<readonly string[]>> {
  if (table.status !== 'finished') return { ok: false, refusal: t('review.notOver') };
  const player = playerOf(table, userId);
  if (player === null) return { ok: false, refusal: t('review.playersOnly') };
  const game = (table.dynasty ? table.dynasty.games : [table.game])[number - 1];
  if (!game || !result(game)) return { ok: false, refusal: t('review.noSuchGame') };
  const key = reviewKey(number, player);
  try {
    const review = table.reviews?.[key] ?? (await computed(bot, table, key, game, player));
    return { ok: true, value: reviewLines(listInfo(table, game, number, review)) };
  } catch (error) {
    bot.log.error('game review failed', { game: table.id, key, error: errorText(error) });
    return { ok: false, refusal: t('review.failed') };
  }
}
