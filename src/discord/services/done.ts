/**
 * Saving what a step of the driver did (steps.ts): one compare-and-set save on the
 * table the step was given (no read before it). A step that acts first and saves
 * after (posts, a notice, a close) folds into the same save the mark of a reminder or
 * a turn's DM due at once: those are marked before they go out (a crash in between
 * loses one rather than sending it twice), then sent.
 */
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  correspondencePace,
  isPaused,
  next,
  notified,
  reminded,
  remindedNow,
  type PlayingTable,
  type Step,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import type { Bot } from '../bot.js';
import { durationText, relativeTime } from '../messages/text.js';
import { dmIfAsked } from './notify.js';

export interface StepOptions {
  /** The posts owed may have been made by a previous process (resumed at start-up). */
  readonly maybeMade: boolean;
  /** Called once the boards and ends owed are posted. */
  readonly shown?: () => void;
  /** Whether the bot is stopping: a move computed meanwhile is not made. */
  readonly stopping: () => boolean;
}

export type MarkedStep = Extract<Step, { readonly kind: 'remind' | 'dm' }>;

/** The table marked for a reminder or a turn's DM, or null when it no longer applies (a move came meanwhile). */
function markOf(table: Table, step: MarkedStep, turn: number): PlayingTable | null {
  if (table.status !== 'playing' || table.game.turn !== turn || isPaused(table)) return null;
  if (step.kind === 'remind') return remindedNow(table) ? null : reminded(table);
  return table.notifiedTurn === turn ? null : notified(table);
}

/** A reminder or a turn's DM: marked and saved, then sent. */
export async function markThen(bot: Bot, table: Table, step: MarkedStep): Promise<Table | null> {
  const turn = table.status === 'playing' ? table.game.turn : -1;
  const { value: marked, table: saved } = await bot.store.update(
    table.id,
    (current) => {
      const after = markOf(current, step, turn);
      return after ? save(after, true) : keep(false);
    },
    table,
  );
  if (marked && saved.status === 'playing') await send(bot, saved, step);
  return saved;
}

/**
 * Save what a step did (`mark` on the table as stored), with the mark of a reminder
 * or a turn's DM due at once folded in; that one is sent after the save.
 */
export async function saveDone(bot: Bot, table: Table, mark: (current: Table) => Table): Promise<Table> {
  const turn = table.status === 'playing' ? table.game.turn : -1;
  const { value: folded, table: saved } = await bot.store.update<MarkedStep | null>(
    table.id,
    (current) => {
      const done = mark(current);
      const then = next(done, clock.now(), bot.config);
      const step =
        then && then.at <= clock.now() && (then.step.kind === 'remind' || then.step.kind === 'dm') ? then.step : null;
      const both = step ? markOf(done, step, turn) : null;
      if (both) return save(both, step);
      return done === current ? keep(null) : save(done, null);
    },
    table,
  );
  if (folded && saved.status === 'playing') await send(bot, saved, folded);
  return saved;
}

/** The reminder in the thread (and by DM to who asked), or the turn's DM. */
async function send(bot: Bot, table: PlayingTable, step: MarkedStep): Promise<void> {
  const { userId } = step;
  if (step.kind === 'dm') {
    const { deadline } = step;
    if (deadline !== null)
      await dmIfAsked(bot, table, userId, () => t('notify.dm.yourTurn', { when: relativeTime(deadline) }), true);
    return;
  }
  // Late (the clock jumped past the deadline): the time it was meant to leave.
  const from = clock.now() < step.deadline ? Math.max(clock.now(), step.remindAt) : step.remindAt;
  const left = Math.round((step.deadline - from) / 1000);
  await bot.places.notice(
    table,
    () =>
      correspondencePace(table.settings)
        ? t('timer.reminderBy', { userId, when: relativeTime(step.deadline) })
        : t('timer.reminder', { userId, left: durationText(left) }),
    { ping: [userId] },
  );
  await dmIfAsked(bot, table, userId, () => t('notify.dm.reminder', { when: relativeTime(step.deadline) }), true);
}
