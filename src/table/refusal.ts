/**
 * Why the table refuses what someone asked for. Typed, not worded: the Discord
 * side turns each code into the clicking user's language.
 */
import type { Rejection } from '../game/index.js';
import type { Table } from './types.js';

export type Refusal =
  // the table is not in the state the action needs
  | { readonly code: 'not-started' }
  | { readonly code: 'already-started' }
  | { readonly code: 'over' }
  | { readonly code: 'cancelled' }
  // who asks
  | { readonly code: 'not-seated' }
  | { readonly code: 'host-only' }
  | { readonly code: 'stale-turn' }
  | { readonly code: 'not-your-turn'; readonly player: number }
  /** The seat is played by the computer now (absence.ts): its player must come back first. */
  | { readonly code: 'seat-replaced' }
  // lobby edits
  | { readonly code: 'already-seated' }
  | { readonly code: 'table-full' }
  | { readonly code: 'not-at-table' }
  | { readonly code: 'host-cannot-leave' }
  | { readonly code: 'no-ai-seat' }
  | { readonly code: 'seat-count'; readonly min: number; readonly max: number }
  | { readonly code: 'lobby-has-cancel' }
  // the move itself
  | { readonly code: 'nothing-to-place' }
  | { readonly code: 'illegal-move'; readonly rejection: Rejection }
  /** Undo asked after someone else acted, or by someone else than the mover (undo.ts). */
  | { readonly code: 'undo-too-late' }
  // planning ahead (plan.ts)
  /** The table does not let its players plan ahead. */
  | { readonly code: 'no-plans' }
  /** Nothing to plan now: the player's turn has come, or their moves of this round are made. */
  | { readonly code: 'nothing-to-plan' };

export type TableResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

export const refuse = (refusal: Refusal): { readonly ok: false; readonly refusal: Refusal } => ({ ok: false, refusal });

/** Why a table that is not playing refuses what only a running game allows. */
export function notPlaying(table: Table): Extract<Refusal, { readonly code: 'not-started' | 'cancelled' | 'over' }> {
  if (table.status === 'lobby') return { code: 'not-started' };
  if (table.status === 'cancelled') return { code: 'cancelled' };
  return { code: 'over' };
}
