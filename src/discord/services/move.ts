/**
 * Making a move, for humans, computer seats and the turn timer alike: the table layer
 * checks and applies it, and the store saves it with the posts it owes the thread in
 * one save; then the driver makes those posts (driver.ts).
 */
import { apply, prompt, type AiLevel, type GameState, type Grid } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  correspondencePace,
  noteOf,
  placedOf,
  planDue,
  planFailed,
  planFor,
  refuse,
  playMove,
  STAND_IN_LEVEL,
  postsForMove,
  takeBack,
  undoable,
  withoutUndo,
  type GameTable,
  type Move,
  type MoveNote,
  type Mover,
  type Step,
  type Table,
  type TableResult,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import type { Worded } from '../wire/answer.js';
import { describeMove, refusalText } from '../messages/text.js';
import type { AiJobStart } from '../../ai/pool.js';
import * as clock from '../../runtime/clock.js';
import { errorText } from '../../runtime/log.js';
import { saveDone } from './done.js';

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
  /** A player's move in a game over days, and how long after their turn began (their pace: /kingdomino stats). */
  readonly took: { readonly userId: string; readonly ms: number } | null;
}

/** The player's own move (by hand, by plan, or the time up) at a correspondence pace: whose, and how long it took. */
function tookOf(table: Table, player: number, mover: Mover): Made['took'] {
  const seat = table.seats[player];
  if (table.status !== 'playing' || !correspondencePace(table.settings) || seat?.kind !== 'human') return null;
  if (mover.kind === 'seat' && mover.as === 'stand-in') return null;
  return { userId: seat.userId, ms: clock.now() - table.turnStartedAt };
}

/** What the mover is told: the move in words, and the turn its Undo button acts at (null: none). */
export interface MadeMove {
  readonly text: string;
  readonly undoTurn: number | null;
  /** The mover may plan their next move already (their move revealed the next line): the table to plan at. */
  readonly planAt: string | null;
}

/**
 * Apply and save a move with its posts (on `known`, the table as last read, if given):
 * the refusal changes nothing. `request` may be read off the table as stored (a plan's).
 */
async function saveMove(
  bot: Bot,
  tableId: string,
  request: MoveRequest | ((current: Table) => MoveRequest | Refused),
  known?: Table,
) {
  const saved = await bot.store.update<TableResult<Made>>(
    tableId,
    (current) => {
      const asked = typeof request === 'function' ? request(current) : request;
      if ('ok' in asked) return keep(asked);
      const played = playMove(current, asked.mover, asked.turn, asked.move, clock.now());
      if (!played.ok) return keep(played);
      const planned = asked.mover.kind === 'seat' && asked.mover.as === 'plan';
      const note = noteOf(played.value, asked.timedOut ?? false, planned);
      // A plan the move left without its picks is marked failed with it: its player is asked.
      const owed = planFailed(postsForMove(played.value, note));
      // A player's own click can be taken back until someone else acts; any other move ends the last one's chance.
      const after: GameTable =
        asked.mover.kind === 'user' && current.status === 'playing'
          ? undoable(owed, current, asked.mover.userId, clock.now())
          : withoutUndo(owed);
      const undoTurn = after.undo ? after.undo.turn : null;
      const took = tookOf(current, played.value.player, asked.mover);
      return save(after, { ok: true, value: { note, grid: played.value.game.options.grid, undoTurn, took } });
    },
    known,
  );
  if (saved.value.ok && saved.value.value.took) await recordPace(bot, saved.value.value.took);
  return saved;
}

/** A move's time kept for its player's pace: a failure costs the figure one move, never the move. */
async function recordPace(bot: Bot, took: NonNullable<Made['took']>): Promise<void> {
  await bot.store.recordMoveTime(took.userId, took.ms).catch((error: unknown) => {
    bot.log.warn('could not keep the time a move took', { user: took.userId, error: errorText(error) });
  });
}

/** A player's move: saved with its posts, then its board posted; what it did, in words, or the refusal. */
export async function makeMove(
  bot: Bot,
  tableId: string,
  request: MoveRequest,
  known?: Table,
): Promise<Worded<MadeMove>> {
  const started = performance.now();
  const { value, table } = await saveMove(bot, tableId, request, known);
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  const text = describeMove(value.value.note, table.seats, value.value.grid);
  const saved = performance.now();
  const shown = await bot.driver.settle(tableId, table);
  bot.log.info('move', {
    guild: table.guildId,
    game: tableId,
    turn: request.turn,
    text,
    shown,
    save_ms: Math.round(saved - started),
    post_ms: Math.round(performance.now() - saved),
  });
  const planAt = request.mover.kind === 'user' && planFor(table, request.mover.userId).ok ? tableId : null;
  return {
    ok: true,
    value: { text: shown ? text : t('move.notPosted', { text }), undoTurn: value.value.undoTurn, planAt },
  };
}

/** Take back the user's last move (table/undo.ts) and post what it owes: the turn it was made at, or the refusal. */
export async function undoMove(bot: Bot, tableId: string, userId: string): Promise<Worded<number>> {
  // The move's board, just posted, is known as such first: until then the move could not be taken back.
  await bot.driver.settle(tableId);
  const { value, table } = await bot.store.update<TableResult<number>>(tableId, (current) => {
    const back = takeBack(current, userId);
    return back.ok ? save(back.value, { ok: true, value: back.value.game.turn }) : keep(back);
  });
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  bot.log.info('move undone', { guild: table.guildId, game: tableId, turn: value.value });
  await bot.driver.settle(tableId, table);
  return value;
}

/** A refusal that changes nothing. */
type Refused = Extract<TableResult<never>, { readonly ok: false }>;

/**
 * The plan of the player to move (table/plan.ts), read off the table as stored: played
 * as their own move, or marked failed (they are then asked, their turn's DM sent with
 * that save).
 */
export async function playPlan(bot: Bot, table: Table, player: number): Promise<Table> {
  const due = planDue(table);
  if (table.status !== 'playing' || due?.player !== player) return table;
  if (!due.outcome.ok) {
    bot.log.info('a plan could not be played: the player is asked', { game: table.id, why: due.outcome.failed });
    return saveDone(bot, table, planFailed);
  }
  const { value, table: saved } = await saveMove(
    bot,
    table.id,
    (current) => {
      const now = planDue(current);
      if (current.status !== 'playing' || now?.player !== player || !now.outcome.ok)
        return refuse({ code: 'stale-turn' });
      return { turn: current.game.turn, mover: { kind: 'seat', player, as: 'plan' }, move: now.outcome.move };
    },
    table,
  );
  if (!value.ok) bot.log.debug('plan not played', { game: table.id, why: value.refusal.code });
  return saved;
}

type MoveStep = Extract<Step, { readonly kind: 'computer' | 'time-up' }>;

/**
 * The driver's move for a seat: a computer's (an AI seat, a stand-in) at a readable
 * pace, or the timer's for a player whose time ran out (counted towards absence:
 * table/absence.ts). Not made if the bot is stopping meanwhile (the next start makes it).
 */
export async function moveFor(bot: Bot, table: Table, step: MoveStep, stopping: () => boolean): Promise<Table> {
  if (table.status !== 'playing') return table;
  const turn = table.game.turn;
  const thinking = clock.now();
  const level: AiLevel = step.kind === 'computer' ? step.level : STAND_IN_LEVEL;
  const move = await computerMove(bot, table.game, level, table.id);
  // A readable pace: thinking time counts towards the pause.
  if (step.kind === 'computer') await clock.sleep(bot.config.aiMoveDelayMs - (clock.now() - thinking));
  if (stopping()) return table;
  const mover: Mover =
    step.kind === 'time-up'
      ? { kind: 'seat', player: step.player, as: 'timer' }
      : step.standIn
        ? { kind: 'seat', player: step.player, as: 'stand-in' }
        : { kind: 'seat', player: step.player };
  const { value, table: saved } = await saveMove(
    bot,
    table.id,
    { turn, mover, move, timedOut: step.kind === 'time-up' },
    table,
  );
  if (!value.ok) bot.log.debug('AI move not made', { game: table.id, why: value.refusal.code });
  return saved;
}

/**
 * One whole move for a seat: what to do with the domino in hand, then which domino
 * to take. In the AI pool it takes its turn with the other games' (`tableId` is its
 * key), after the interactive jobs; the hard level thinks AI_HARD_MS, less when the
 * queue is long (ai/pool.ts). Logged with what it waited and the time it was given.
 */
export async function computerMove(bot: Bot, game: GameState, level: AiLevel, tableId?: string): Promise<Move> {
  const opts = { timeMs: bot.config.aiHardMs };
  let waitMs = 0;
  let budgetMs: number | null = null;
  const job = {
    priority: 'game' as const,
    ...(tableId ? { key: tableId } : {}),
    onStart: (start: AiJobStart) => {
      waitMs += start.waitMs;
      if (start.budgetMs !== null) budgetMs = Math.min(budgetMs ?? Infinity, start.budgetMs);
    },
  };
  const started = performance.now();
  const first = await bot.ai.choose(game, level, opts, job);
  const after = first.type === 'claim' ? null : apply(game, first);
  if (after && !after.ok) throw new Error(`the AI chose an illegal action: ${after.error.message}`);
  const next = after ? prompt(after.value) : null;
  const claims = after !== null && next?.kind === 'claim' && next.player === first.player;
  const second = claims ? await bot.ai.choose(after.value, level, opts, job) : null;
  bot.log.info('computer move', {
    game: tableId,
    level,
    wait_ms: Math.round(waitMs),
    budget_ms: budgetMs ?? undefined,
    ms: Math.round(performance.now() - started),
  });
  if (first.type === 'claim') return { placed: { kind: 'none' }, claim: first.domino };
  return { placed: placedOf(first), claim: second?.type === 'claim' ? second.domino : null };
}
