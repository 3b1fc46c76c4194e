/**
 * Making a move, for humans, AI seats and the turn timer alike: under the table's
 * lock, check that the move is still the one expected (same turn, same player),
 * apply it, save; then, outside the lock, render and post.
 */
import { prompt } from '../../game/index.js';
import { keep, save, type Table } from '../../store/index.js';
import type { Placed } from '../codec.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { moveActions } from '../moves.js';
import { applyMove, playerOf, type MoveOutcome } from '../tables.js';
import { describeMove, seatName } from '../views/text.js';
import { postAfterMove } from './post.js';

/** Who is moving: a user clicking, or a seat moved by the bot (AI, timer). */
export type Mover = { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'seat'; readonly player: number };

export interface MoveRequest {
  readonly turn: number;
  readonly mover: Mover;
  readonly placed: Placed;
  readonly claim: number | null;
  /** Added to the posted text, e.g. "(time ran out)". */
  readonly note?: string;
}

export type MoveResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly refusal: string };

/**
 * Why this user may not act on this table at this turn, or null when they may.
 * The one validator for "may this user act": every game click goes through it.
 */
export function refusal(table: Table, mover: Mover, turn: number): string | null {
  if (table.status === 'lobby') return 'This game has not started yet.';
  if (table.status === 'cancelled') return 'This game was cancelled.';
  if (table.status === 'finished') return 'This game is over.';
  const player = mover.kind === 'user' ? playerOf(table, mover.userId) : mover.player;
  if (player === null) return 'You are not in this game.';
  if (turn !== table.game.turn) return 'This button is from an earlier turn.';
  const p = prompt(table.game);
  if (p.kind === 'over') return 'This game is over.';
  if (p.player !== player) {
    const seat = table.seats[p.player];
    return `It is ${seat ? seatName(seat) : 'another player'}'s turn.`;
  }
  return null;
}

interface Applied {
  readonly outcome: MoveOutcome;
  readonly text: string;
}

type Decision = { readonly ok: true; readonly applied: Applied } | { readonly ok: false; readonly refusal: string };

function decide(table: Table, request: MoveRequest): Decision {
  const why = refusal(table, request.mover, request.turn);
  if (why !== null || table.status !== 'playing') return { ok: false, refusal: why ?? 'This game is not running.' };
  const before = table.game;
  const p = prompt(before);
  if (p.kind === 'over') return { ok: false, refusal: 'This game is over.' };
  const actions = moveActions(p.player, request.placed, request.claim);
  const applied = applyMove(table, actions, Date.now());
  if (!applied.ok) return { ok: false, refusal: `That move is not possible: ${applied.error.message}` };
  const seat = table.seats[p.player];
  const who = seat ? seatName(seat) : `Player ${p.player + 1}`;
  const inHand = p.kind === 'place' ? p.domino : null;
  const text = describeMove(before, applied.value.game, p.player, who, inHand, request.placed, request.claim);
  return { ok: true, applied: { outcome: applied.value, text: request.note ? `${text} ${request.note}` : text } };
}

/** Apply and save a move, then post it. A refusal changes nothing. */
export async function makeMove(bot: Bot, tableId: string, request: MoveRequest): Promise<MoveResult> {
  const started = performance.now();
  const { value } = await bot.store.update<Decision>(tableId, (table) => {
    const decision = decide(table, request);
    return decision.ok ? save(decision.applied.outcome.table, decision) : keep(decision);
  });
  if (!value.ok) return value;
  const { outcome, text } = value.applied;
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
  return { ok: true, text: posted ? text : `${text}\n⚠️ I could not post the board in the game thread (do I still have Send Messages in Threads and Attach Files there?). The move is saved: /kingdomino status shows the board.` };
}
