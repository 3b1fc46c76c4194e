/**
 * Making a move, for humans, computer seats and the turn timer alike: under the
 * table's lock the table layer checks and applies it, and the store saves it with
 * the posts it owes the thread; then the outbox makes those posts.
 */
import type { Grid } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  noteOf,
  playMove,
  postsForMove,
  takeBack,
  undoable,
  withoutUndo,
  type GameTable,
  type Move,
  type MoveNote,
  type Mover,
  type TableResult,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import type { Worded } from '../wire/answer.js';
import { describeMove, refusalText } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';

export interface MoveRequest {
  readonly turn: number;
  readonly mover: Mover;
  readonly move: Move;
  /** Made by the bot because the player's time ran out. */
  readonly timedOut?: boolean;
}

/** What a move saved: its note, the grid it is worded on, the turn it can be taken back at (undo.ts). */
interface Made {
  readonly note: MoveNote;
  readonly grid: Grid;
  readonly undoTurn: number | null;
}

/** What the mover is told: the move in words, and the turn its Undo button acts at (null: none). */
export interface MadeMove {
  readonly text: string;
  readonly undoTurn: number | null;
}

/** Apply and save a move with its posts, then post its board: what the move did, in words, or the refusal (which changes nothing). */
export async function makeMove(bot: Bot, tableId: string, request: MoveRequest): Promise<Worded<MadeMove>> {
  const started = performance.now();
  const timedOut = request.timedOut ?? false;
  const { value, table } = await bot.store.update<TableResult<Made>>(tableId, (current) => {
    const played = playMove(current, request.mover, request.turn, request.move, clock.now());
    if (!played.ok) return keep(played);
    const note = noteOf(played.value, timedOut);
    const owed = postsForMove(played.value, note);
    // A player's own click can be taken back until someone else acts; any other move ends the last one's chance.
    const after: GameTable =
      request.mover.kind === 'user' && current.status === 'playing'
        ? undoable(owed, current, request.mover.userId, clock.now())
        : withoutUndo(owed);
    const undoTurn = after.undo ? after.undo.turn : null;
    return save(after, { ok: true, value: { note, grid: played.value.game.options.grid, undoTurn } });
  });
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  const text = describeMove(value.value.note, table.seats, value.value.grid);
  const saved = performance.now();
  const shown = await bot.outbox.flush(tableId, table);
  bot.log.info('move', {
    guild: table.guildId,
    game: tableId,
    turn: request.turn,
    text,
    shown,
    save_ms: Math.round(saved - started),
    post_ms: Math.round(performance.now() - saved),
  });
  return { ok: true, value: { text: shown ? text : t('move.notPosted', { text }), undoTurn: value.value.undoTurn } };
}

/** Take back the user's last move (table/undo.ts) and post what it owes: the turn it was made at, or the refusal. */
export async function undoMove(bot: Bot, tableId: string, userId: string): Promise<Worded<number>> {
  const { value, table } = await bot.store.update<TableResult<number>>(tableId, (current) => {
    const back = takeBack(current, userId);
    return back.ok ? save(back.value, { ok: true, value: back.value.game.turn }) : keep(back);
  });
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  bot.log.info('move undone', { guild: table.guildId, game: tableId, turn: value.value });
  await bot.outbox.flush(tableId, table);
  return value;
}
