/**
 * Planning ahead: a player's move made before their turn, played as soon as the turn
 * comes. Pure. This module decides (what may be planned, whether a plan plays);
 * planning.ts edits the plans.
 *
 * Kingdomino suits it: a player's placement depends only on their own kingdom, which
 * nobody else changes, so once a round's new line is revealed every player knows the
 * domino they will place and where it fits; only the pick depends on the others. A
 * plan places the domino in hand and ranks the dominoes of the new line ("#37, else
 * #22, else the lowest left"). When the turn comes it is played if it still applies
 * (the placement still legal, a ranked domino still free); otherwise it is kept,
 * marked failed, and the player is asked as without a plan: a plan never makes a move
 * its player did not choose.
 *
 * A plan is for one move: the player's next king's, in this round (a player with two
 * kings plans the second once the first has moved). Their own move, however made,
 * ends it. Plans are private until played: nothing public reads them.
 */
import { prompt, type GameState, type Move, type Placed } from '../game/index.js';
import { afterPlacing, pickChoices } from './move.js';
import { correspondencePace } from './pace.js';
import type { Plan, Table, TableSettings } from './types.js';

/** Whether the table's players may plan ahead: as its settings say, else at a correspondence pace only. */
export function plansAllowed(settings: TableSettings): boolean {
  return settings.planAhead ?? correspondencePace(settings) !== null;
}

/** What a player may plan now: their next king's move of this round. */
export interface PlanTarget {
  readonly round: number;
  readonly king: number;
  /** The domino in hand; null in the opening round (a pick only). */
  readonly domino: number | null;
  /**
   * The game as that move will find it, as far as anyone knows now: it is the
   * player's turn in it (the panel and the rules judge the plan on it), and every
   * domino of the new line still free is open to them.
   */
  readonly view: GameState;
}

function isResolved(game: GameState, player: number, domino: number): boolean {
  const kingdom = game.kingdoms[player];
  return !!kingdom && (kingdom.discarded.includes(domino) || kingdom.placements.some((p) => p.domino === domino));
}

/** The move `player` may plan now, or null: their turn already (they play it), nothing left this round, the game over. */
export function planTarget(game: GameState, player: number): PlanTarget | null {
  const now = prompt(game);
  if (now.kind === 'over' || now.player === player) return null;
  if (game.current.length === 0) {
    // The opening round: kings claim in their order, a pick only.
    const king = game.kings.findIndex((owner, k) => owner === player && !game.next.some((s) => s.king === k));
    return king < 0 ? null : { round: game.round, king, domino: null, view: game };
  }
  const index = game.current.findIndex(
    (s) => s.king !== null && game.kings[s.king] === player && !isResolved(game, player, s.domino),
  );
  const slot = game.current[index];
  if (!slot || slot.king === null) return null;
  // The kings before it have moved by then: its slot first, the next line as it is now.
  const view = { ...game, current: game.current.slice(index) };
  return { round: game.round, king: slot.king, domino: slot.domino, view };
}

/** The player's plan for the move they may plan now (a plan of an earlier move, left over, is none). */
export function currentPlan(table: Table, player: number): Plan | null {
  if (table.status !== 'playing') return null;
  const plan = table.plans?.[String(player)];
  const target = planTarget(table.game, player);
  return plan && target && plan.round === target.round && plan.king === target.king ? plan : null;
}

/** The dominoes a plan may pick in `view` after `placed` (none in the last round), or null when `placed` is illegal there. */
export function choicesAfter(view: GameState, player: number, placed: Placed): readonly number[] | null {
  const after = afterPlacing(view, player, placed);
  return after.ok ? pickChoices(after.value) : null;
}

/** The table without `player`'s plan (their move ended it). */
export function withoutPlanOf<T extends Table>(table: T, player: number): T {
  if (table.status !== 'playing' || !table.plans?.[String(player)]) return table;
  const { [String(player)]: _gone, ...rest } = table.plans;
  const { plans: _plans, ...bare } = table;
  return (Object.keys(rest).length > 0 ? { ...bare, plans: rest } : bare) as T;
}

/** What playing a plan now would do: its move, or why it cannot be played. */
export type PlanOutcome =
  { readonly ok: true; readonly move: Move } | { readonly ok: false; readonly failed: NonNullable<Plan['failed']> };

/** The human to move and their plan for this move, if any (failed or not). */
function planOfMover(table: Table): { readonly player: number; readonly plan: Plan } | null {
  if (table.status !== 'playing') return null;
  const p = prompt(table.game);
  const seat = p.kind === 'over' ? undefined : table.seats[p.player];
  if (p.kind === 'over' || seat?.kind !== 'human' || seat.standIn) return null;
  const plan = table.plans?.[String(p.player)];
  return plan && plan.round === table.game.round && plan.king === p.king ? { player: p.player, plan } : null;
}

/** The plan of the player to move, when it is for this move and has not failed: its outcome. Null: no plan to play. */
export function planDue(table: Table): { readonly player: number; readonly outcome: PlanOutcome } | null {
  const mover = planOfMover(table);
  if (!mover || mover.plan.failed || table.status !== 'playing') return null;
  return { player: mover.player, outcome: playable(table.game, mover.player, mover.plan) };
}

function playable(game: GameState, player: number, plan: Plan): PlanOutcome {
  const choices = choicesAfter(game, player, plan.placed);
  if (choices === null) return { ok: false, failed: 'placement' };
  if (choices.length === 0) return { ok: true, move: { placed: plan.placed, claim: null } };
  const claim = plan.picks.find((d) => choices.includes(d)) ?? (plan.thenLowest ? Math.min(...choices) : undefined);
  return claim === undefined ? { ok: false, failed: 'taken' } : { ok: true, move: { placed: plan.placed, claim } };
}

/** Whether the move to make now is a plan that will be played at once. */
export function planPlaysNext(table: Table): boolean {
  return planDue(table)?.outcome.ok === true;
}

/** The failed plan of the player to move, for their panel to say why they are asked. */
export function failedPlan(table: Table, player: number): Plan | null {
  const mover = planOfMover(table);
  return mover?.player === player && mover.plan.failed ? mover.plan : null;
}
