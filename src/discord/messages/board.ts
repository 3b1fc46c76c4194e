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
  plansAllowed,
  turnLimitS,
  type GameTable,
  type TurnTold,
} from '../../table/index.js';
import { endView } from './end.js';
import { inGameLocale } from './locale.js';
import { showDynastySheet, showScoreSheet, showTable, type Shown } from './pictures.js';
import { describeMove, dynastyHeader, occasionText } from './text.js';
import { turnView, type TurnInfo } from './turn.js';

/** The current move's deadline, said under a correspondence pace (a live game's timer says it in the rules line). */
function dueShown(table: GameTable): number | null {
  if (table.status !== 'playing' || !correspondencePace(table.settings) || isPaused(table)) return null;
  return deadlineOf(table, turnLimitS(table));
}

/** The board after a move: the table picture, what happened (lines already in the game's language), who is next. */
export function boardMessage(table: GameTable, happened: readonly string[]): Promise<BaseMessageOptions> {
  return inGameLocale(table, async () =>
    turnView(turnInfo(table, happened, await showTable(table.game, { dynasty: table.dynasty ?? null }))),
  );
}

/**
 * The live turn message as it would be posted now, for an edit (its picture kept):
 * what it told (table.messages.turnTold), whose turn it is, the deadline, the buttons.
 */
export function boardEdit(table: GameTable): BaseMessageOptions {
  return inGameLocale(table, () => turnView(turnInfo(table, happenedLines(table, table.messages.turnTold), null)));
}

function turnInfo(table: GameTable, happened: readonly string[], picture: Shown | null): TurnInfo {
  return {
    game: table.game,
    seats: table.seats,
    happened: happened.join('\n') || null,
    header: dynastyHeader(dynastyProgress(table)),
    picture,
    deadline: dueShown(table),
    planAhead: table.status === 'playing' && plansAllowed(table.settings),
  };
}

/** What a board tells above whose turn it is, in the game's words: the moves held before, the move, or why it was posted. */
export function happenedLines(table: GameTable, told: TurnTold | undefined): string[] {
  if (!told) return [];
  const moves = [...(told.held ?? []), ...(told.move ? [told.move] : [])];
  const lines = moves.map((move) => describeMove(move, table.seats, table.game.options.grid));
  return told.occasion ? [...lines, occasionText(told.occasion)] : lines;
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
