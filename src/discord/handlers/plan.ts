/**
 * Planning ahead (table/plan.ts): "Plan ahead" on a board opens the player's planning
 * panel, privately: the move panel on the game as their move will find it, whose pick
 * saves the plan; then the plan, a next choice should the ones before be taken, Change
 * and Withdraw. Two taps make a plan, a third adds a next choice. The driver plays it
 * when the turn comes (services/move.ts, playPlan).
 */
import { rankedCandidates } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  choicesAfter,
  currentPlan,
  dropPlan,
  planElse,
  planFor,
  setPlan,
  type Placed,
  type Planner,
  type PlayingTable,
  type Table,
  type TableResult,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { privately, updating, type Answer, type OrAnswer } from '../wire/answer.js';
import { cursorCells, IN_PLAN, type Cursor, type PanelClick } from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { planningPanel, planView } from '../messages/plan.js';
import { refusalText } from '../messages/text.js';
import { NO_SPOT, openingSpot, pickPanel, placementPanel } from './panel.js';

export interface PlanClick {
  readonly tableId: string;
  readonly userId: string;
}

type Message = Answer['message'];

/** The table, and what this user may plan on it now, or the answer that says why not. */
async function load(bot: Bot, click: PlanClick): Promise<OrAnswer<Planner>> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return { ok: false, answer: privately(t('error.gameCorrupt')) };
  if (loaded.kind !== 'found') return { ok: false, answer: privately(t('error.gameMissing')) };
  return planned(loaded.table, click.userId);
}

function planned(table: Table, userId: string): OrAnswer<Planner> {
  const may = planFor(table, userId);
  return may.ok ? may : { ok: false, answer: privately(refusalText(may.refusal, table.seats)) };
}

/** The plan made, with its next choices; null when there is none. */
function planMessage(planner: Planner): Message | null {
  const { table, player, target } = planner;
  const plan = currentPlan(table, player);
  if (!plan) return null;
  const free = choicesAfter(target.view, player, plan.placed) ?? [];
  return planView({ table: table.id, plan, domino: target.domino, grid: table.game.options.grid, free });
}

/** The planning panel: the domino in hand at `at` (else where the move panel would open it), or the picks alone. */
async function panel(bot: Bot, planner: Planner, at?: Cursor): Promise<Message> {
  const { table, player, target } = planner;
  const scope = IN_PLAN(table.id);
  if (target.domino === null) {
    const picks = pickPanel(target.view, player, { kind: 'none' }, scope, table.id);
    return planningPanel(picks ?? { content: t('panel.nothingToPick'), components: [] });
  }
  const ranked = rankedCandidates(target.view);
  const spot = at ?? (await openingSpot(bot, target.view, ranked)) ?? NO_SPOT;
  // No hint while planning: the hint is one per turn, and the turn is not yet.
  const state = { at: spot, hint: null, hintUsed: true, table: table.id };
  return planningPanel(await placementPanel(target.view, state, scope, ranked));
}

/** "Plan ahead": the plan made, else the planning panel. */
export async function openPlan(bot: Bot, click: PlanClick): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  return { kind: 'private', message: planMessage(loaded.value) ?? (await panel(bot, loaded.value)) };
}

/** A click on the planning panel: the same panel elsewhere, the picks after a placement, or the plan saved. */
export async function planPanelClick(
  bot: Bot,
  click: PlanClick,
  action: PanelClick,
  spot: Cursor | null,
): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  switch (action.verb) {
    case 'preview':
      return updating(await panel(bot, loaded.value, action.at));
    case 'spot':
      return spot ? updating(await panel(bot, loaded.value, spot)) : privately(t('error.forgedButton'));
    case 'hint':
      return privately(t('error.forgedButton'));
    case 'confirm':
      return placeThenPlan(bot, click, loaded.value, { kind: 'place', ...cursorCells(action.at) });
    case 'discard':
      return placeThenPlan(bot, click, loaded.value, { kind: 'discard' });
    case 'pick':
      return savePlan(bot, click, (table) => setPlan(table, click.userId, action.placed, action.domino, clock.now()));
  }
}

/** The picks once placed; in the last round (nothing to pick), the plan saved at once. */
function placeThenPlan(bot: Bot, click: PlanClick, planner: Planner, placed: Placed): Promise<Answer> | Answer {
  const { table, player, target } = planner;
  const picks = pickPanel(target.view, player, placed, IN_PLAN(table.id), table.id);
  if (picks) return updating(planningPanel(picks));
  return savePlan(bot, click, (current) => setPlan(current, click.userId, placed, null, clock.now()));
}

/** A plan's change saved; then the plan as it is now (or the refusal, nothing changed). */
async function savePlan(
  bot: Bot,
  click: PlanClick,
  change: (table: Table) => TableResult<PlayingTable>,
): Promise<Answer> {
  const { value, table } = await bot.store.update<TableResult<PlayingTable>>(click.tableId, (current) => {
    const changed = change(current);
    return changed.ok ? save(changed.value, changed) : keep(changed);
  });
  if (!value.ok) return privately(refusalText(value.refusal, table.seats));
  bot.log.info('plan changed', { game: click.tableId, user: click.userId });
  // A plan withdrawn may release moves held for it (table/outbox.ts): the driver posts them.
  bot.driver.changed(click.tableId, table);
  const now = planned(table, click.userId);
  const message = now.ok ? planMessage(now.value) : null;
  return updating(message ?? { content: t('plan.dropped'), components: [], files: [] });
}

/** A next choice for the plan: a domino, or (null) the lowest-numbered one left. */
export function planElseClick(bot: Bot, click: PlanClick, domino: number | null): Promise<Answer> {
  return savePlan(bot, click, (table) => planElse(table, click.userId, domino ?? 'lowest', clock.now()));
}

/** Withdraw: the player is asked when their turn comes. */
export function planDropClick(bot: Bot, click: PlanClick): Promise<Answer> {
  return savePlan(bot, click, (table) => dropPlan(table, click.userId));
}
