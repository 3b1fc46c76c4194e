/**
 * Plans edited (plan.ts decides what they are and when they play): made, given a next
 * choice, withdrawn by their player, marked failed when their turn came. Pure.
 */
import type { Placed } from '../game/index.js';
import { heldMoves, releaseHeld } from './outbox.js';
import {
  choicesAfter,
  currentPlan,
  planDue,
  plansAllowed,
  planTarget,
  withoutPlanOf,
  type PlanTarget,
} from './plan.js';
import { refuse, type TableResult } from './refusal.js';
import { playerOf } from './seats.js';
import type { Plan, PlayingTable, Table } from './types.js';

export interface Planner {
  readonly table: PlayingTable;
  readonly player: number;
  readonly target: PlanTarget;
}

/** The user's seat and what they may plan now (the panel's game and their move), or why they may not. */
export function planFor(table: Table, userId: string): TableResult<Planner> {
  if (table.status !== 'playing') return refuse({ code: 'over' });
  if (!plansAllowed(table.settings)) return refuse({ code: 'no-plans' });
  const player = playerOf(table, userId);
  if (player === null) return refuse({ code: 'not-seated' });
  const seat = table.seats[player];
  if (seat?.kind === 'human' && seat.standIn) return refuse({ code: 'seat-replaced' });
  const target = planTarget(table.game, player);
  if (!target) return refuse({ code: 'nothing-to-plan' });
  return { ok: true, value: { table, player, target } };
}

function withPlan(table: PlayingTable, player: number, plan: Plan): PlayingTable {
  return { ...table, plans: { ...table.plans, [String(player)]: plan } };
}

/** Moves held for a plan that no longer plays at once are owed their board (outbox.ts). */
function released(table: PlayingTable): PlayingTable {
  return heldMoves(table).length > 0 ? releaseHeld(table) : table;
}

/**
 * The user's plan for their next move: `placed` (none in the opening round), then
 * `pick` (null in the last round, where there is nothing to pick). Replaces their plan.
 */
export function setPlan(
  table: Table,
  userId: string,
  placed: Placed,
  pick: number | null,
  now: number,
): TableResult<PlayingTable> {
  const may = planFor(table, userId);
  if (!may.ok) return may;
  const { player, target } = may.value;
  const choices = choicesAfter(target.view, player, placed);
  const wrongPlace = (target.domino === null) !== (placed.kind === 'none');
  if (choices === null || wrongPlace) return refuse({ code: 'nothing-to-place' });
  if (pick === null ? choices.length > 0 : !choices.includes(pick)) return refuse({ code: 'stale-turn' });
  const picks = pick === null ? [] : [pick];
  const plan: Plan = { round: target.round, king: target.king, placed, picks, thenLowest: false, at: now };
  return { ok: true, value: withPlan(may.value.table, player, plan) };
}

/** A next choice for the user's plan, should the ones before it be taken: a domino, or the lowest-numbered one left. */
export function planElse(
  table: Table,
  userId: string,
  pick: number | 'lowest',
  now: number,
): TableResult<PlayingTable> {
  const may = planFor(table, userId);
  if (!may.ok) return may;
  const { player, target } = may.value;
  const plan = currentPlan(table, player);
  if (!plan) return refuse({ code: 'nothing-to-plan' });
  if (pick === 'lowest') return { ok: true, value: withPlan(may.value.table, player, { ...plan, thenLowest: true }) };
  const choices = choicesAfter(target.view, player, plan.placed) ?? [];
  if (!choices.includes(pick) || plan.picks.includes(pick)) return refuse({ code: 'stale-turn' });
  return { ok: true, value: withPlan(may.value.table, player, { ...plan, picks: [...plan.picks, pick], at: now }) };
}

/** The user withdraws their plan. */
export function dropPlan(table: Table, userId: string): TableResult<PlayingTable> {
  const may = planFor(table, userId);
  if (!may.ok) return may;
  return { ok: true, value: released(withoutPlanOf(may.value.table, may.value.player)) };
}

/**
 * The plan of the player to move cannot be played: marked so (their panel says why);
 * they are asked. Saved with the move that made it so, so the panel knows it at once.
 */
export function planFailed<T extends Table>(table: T): T {
  const due = planDue(table);
  if (table.status !== 'playing' || !due || due.outcome.ok) return table;
  const plan = table.plans?.[String(due.player)];
  if (!plan) return table;
  return released(withPlan(table, due.player, { ...plan, failed: due.outcome.failed })) as T;
}
