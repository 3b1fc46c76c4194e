/**
 * The game's posts in its thread, composed here for every path that shows them (a
 * move's board and the end of a game from the outbox, /kingdomino status, a resumed
 * game): the pictures and their descriptions drawn by the picture workers, the words
 * in the game's language.
 */
import type { BaseMessageOptions } from 'discord.js';
import { dynastyResult, result } from '../../game/index.js';
import {
  correspondencePace,
  deadlineOf,
  dynastyProgress,
  isPaused,
  turnLimitS,
  type GameTable,
} from '../../table/index.js';
import { endView } from './end.js';
import { inGameLocale } from './locale.js';
import { showDynastySheet, showScoreSheet, showTable } from './pictures.js';
import { dynastyHeader } from './text.js';
import { turnView } from './turn.js';

/** The current move's deadline, said under a correspondence pace (a live game's timer says it in the rules line). */
function dueShown(table: GameTable): number | null {
  if (table.status !== 'playing' || !correspondencePace(table.settings) || isPaused(table)) return null;
  return deadlineOf(table, turnLimitS(table));
}

/** The board after a move: the table picture, what happened (lines already in the game's language), who is next. */
export function boardMessage(table: GameTable, happened: readonly string[]): Promise<BaseMessageOptions> {
  return inGameLocale(table, async () =>
    turnView({
      game: table.game,
      seats: table.seats,
      happened: happened.join('\n') || null,
      header: dynastyHeader(dynastyProgress(table)),
      picture: await showTable(table.game, { dynasty: table.dynasty ?? null }),
      deadline: dueShown(table),
    }),
  );
}

/**
 * The end of a game: the score sheet, the ranking and, after the last game, Rematch,
 * Review and Replay. `game` is the Dynasty's game it ends (null: the table's game, or
 * the last one); null when that game is not over.
 */
export function endMessage(
  table: GameTable,
  game: number | null,
  happened: string | null,
): Promise<BaseMessageOptions | null> {
  return inGameLocale(table, async () => {
    const dynasty = table.dynasty ?? null;
    const state = game === null ? table.game : (dynasty?.games[game - 1] ?? table.game);
    const over = result(state);
    if (!over) return null;
    const final = table.status === 'finished' && (game === null || game === dynasty?.length);
    return endView({
      result: over,
      seats: table.seats,
      happened,
      header: dynastyHeader(game === null || !dynasty ? null : { game, of: dynasty.length }),
      final,
      totals: final && dynasty ? dynastyResult(dynasty) : null,
      sheet: await showScoreSheet(state),
      dynastySheet: dynasty ? await showDynastySheet(dynasty) : null,
    });
  });
}
