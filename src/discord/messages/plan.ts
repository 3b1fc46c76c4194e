/**
 * Planning ahead (table/plan.ts), as its player sees it, privately: the plan made
 * (where the domino goes, the picks in order), a next choice should the ones before be
 * taken, Change and Withdraw. Nobody else sees a plan until it is played.
 */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import type { Grid } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { Plan } from '../../table/index.js';
import { IN_PLAN, cursorOf } from './codec.js';
import { button, rows } from './components.js';
import { placementText } from './text.js';

/** "#37, else #22, else the lowest left": the picks in the order they are tried. */
export function picksText(plan: Pick<Plan, 'picks' | 'thenLowest'>): string {
  const picks = [...plan.picks.map((n) => `#${n}`), ...(plan.thenLowest ? [t('plan.lowest')] : [])];
  return picks.join(t('plan.else'));
}

/** What the plan does, one line each: the domino placed (or discarded), then the picks. */
function planLines(plan: Plan, domino: number | null, grid: Grid): string[] {
  const placed =
    plan.placed.kind === 'place' && domino !== null
      ? [t('plan.place', { domino, where: placementText(grid, plan.placed) })]
      : plan.placed.kind === 'discard' && domino !== null
        ? [t('plan.discard', { domino })]
        : [];
  const picks = plan.picks.length > 0 ? [t('plan.take', { picks: picksText(plan) })] : [];
  const ask = plan.picks.length > 0 && !plan.thenLowest ? [t('plan.thenAsk')] : [];
  return [...placed, ...picks, ...ask];
}

export interface PlanInfo {
  readonly table: string;
  readonly plan: Plan;
  /** The domino the plan places (null in the opening round). */
  readonly domino: number | null;
  readonly grid: Grid;
  /** The dominoes the plan may still add as a next choice. */
  readonly free: readonly number[];
}

/** The plan made: what it does, a button per next choice, Change and Withdraw. */
export function planView(info: PlanInfo): BaseMessageOptions {
  const { table, plan } = info;
  const more = plan.thenLowest ? [] : info.free.filter((n) => !plan.picks.includes(n));
  const elses =
    plan.picks.length === 0 || plan.thenLowest
      ? []
      : [
          ...more.map((domino) =>
            button(t('plan.button.else', { domino: `#${domino}` }), { verb: 'plan-else', table, domino }),
          ),
          button(t('plan.button.lowest'), { verb: 'plan-else', table, domino: null }),
        ];
  const change =
    plan.placed.kind === 'place'
      ? IN_PLAN(table)({ verb: 'preview', turn: 0, slot: 'here', at: cursorOf(plan.placed), hint: null })
      : null;
  const last = [
    ...(change ? [button(t('plan.button.change'), change)] : []),
    button(t('plan.button.drop'), { verb: 'plan-drop', table }, ButtonStyle.Danger),
  ];
  return {
    content: [t('plan.made'), ...planLines(plan, info.domino, info.grid).map((line) => `• ${line}`)].join('\n'),
    components: [...rows(elses), ...rows(last)],
    files: [],
  };
}

/** A planning panel: the move panel's own view, under a line that says it is a plan. */
export function planningPanel(panel: BaseMessageOptions): BaseMessageOptions {
  return { ...panel, content: `${t('plan.panel')}\n${panel.content ?? ''}` };
}

/** On the player's panel when their turn came and their plan could not be played. */
export function planFailedText(plan: Plan): string {
  return plan.failed === 'placement' ? t('plan.failed.placement') : t('plan.failed.taken', { picks: picksText(plan) });
}
