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
  onDeckDue,
  onDeckTold,
  reminded,
  remindedNow,
  turnDmDue,
  type PlayingTable,
  type Step,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import type { Bot } from '../bot.js';
import { durationText, relativeTime } from '../messages/text.js';
import { dmIfAsked, dmOnDeck } from './notify.js';

export interface StepOptions {
  /** The posts owed may have been made by a previous process (resumed at start-up). */
  readonly maybeMade: boolean;
  /** Called once the boards and ends owed are posted. */
  readonly shown?: () => void;
  /** Whether the bot is stopping: a move computed meanwhile is not made. */
  readonly stopping: () => boolean;
}

export type RemindStep = Extract<Step, { readonly kind: 'remind' }>;

/** What a save marks before it is sent: the turn's reminder, or (correspondence) the DM that a turn came, or the on-deck DM. */
type Marked =
  | { readonly kind: 'remind'; readonly step: RemindStep }
  | { readonly kind: 'dm'; readonly userId: string; readonly deadline: number }
  | { readonly kind: 'deck'; readonly userId: string; readonly player: number };

/** The table marked for `marked`, or null when it no longer applies (a move came meanwhile, the clock paused). */
function markOf(table: Table, marked: Marked, turn: number): PlayingTable | null {
  if (table.status !== 'playing' || table.game.turn !== turn || isPaused(table)) return null;
  if (marked.kind === 'remind') return remindedNow(table) ? null : reminded(table);
  if (marked.kind === 'deck') return onDeckDue(table) ? onDeckTold(table) : null;
  return table.notifiedTurn === turn ? null : notified(table);
}

/** Mark and save, then send: the turn's reminder (a step), or its DM (after a pause, say). */
async function markThen(bot: Bot, table: Table, marked: Marked): Promise<Table> {
  const turn = table.status === 'playing' ? table.game.turn : -1;
  const { value: applied, table: saved } = await bot.store.update(
    table.id,
    (current) => {
      const after = markOf(current, marked, turn);
      return after ? save(after, true) : keep(false);
    },
    table,
  );
  if (applied && saved.status === 'playing') await send(bot, saved, marked);
  return saved;
}

/** The turn's reminder: marked and saved, then sent. */
export function remind(bot: Bot, table: Table, step: RemindStep): Promise<Table> {
  return markThen(bot, table, { kind: 'remind', step });
}

/** The DM that the player's turn came, if it is due and was not sent (correspondence; after a pause or quiet hours end). */
export function dmTurn(bot: Bot, table: Table): Promise<Table> {
  const due = turnDmDue(table);
  return due && due.at <= clock.now() ? markThen(bot, table, { kind: 'dm', ...due }) : Promise.resolve(table);
}

/** The marks due at once after `done`: its turn's DM, and the reminder if it is due now. */
function dueMarks(bot: Bot, done: Table): Marked[] {
  const due = turnDmDue(done);
  // Held by the player's quiet hours: its own step when they end (table/due.ts).
  const dm = due && due.at <= clock.now() ? due : null;
  const then = next(done, clock.now(), bot.config);
  const step = then && then.at <= clock.now() && then.step.kind === 'remind' ? then.step : null;
  const deck = onDeckDue(done);
  return [
    ...(dm ? [{ kind: 'dm' as const, ...dm }] : []),
    ...(deck ? [{ kind: 'deck' as const, ...deck }] : []),
    ...(step ? [{ kind: 'remind' as const, step }] : []),
  ];
}

/**
 * Save what a step did (`mark` on the table as stored), with the marks of a turn's
 * DM and of a reminder due at once folded in; those are sent after the save.
 */
export async function saveDone(bot: Bot, table: Table, mark: (current: Table) => Table): Promise<Table> {
  const { value: folded, table: saved } = await bot.store.update<Marked[]>(
    table.id,
    (current) => {
      const done = mark(current);
      const turn = done.status === 'playing' ? done.game.turn : -1;
      let marked: Table = done;
      const applied: Marked[] = [];
      for (const due of dueMarks(bot, done)) {
        const after = markOf(marked, due, turn);
        if (!after) continue;
        marked = after;
        applied.push(due);
      }
      return marked === current ? keep(applied) : save(marked, applied);
    },
    table,
  );
  if (saved.status === 'playing') for (const marked of folded) await send(bot, saved, marked);
  return saved;
}

/** The reminder in the thread (and by DM to who asked), or the turn's DM. */
async function send(bot: Bot, table: PlayingTable, marked: Marked): Promise<void> {
  if (marked.kind === 'dm') {
    const when = relativeTime(marked.deadline);
    await dmIfAsked(bot, table, marked.userId, () => t('notify.dm.yourTurn', { when }), 'turn');
    return;
  }
  if (marked.kind === 'deck') return dmOnDeck(bot, table, marked.userId, marked.player);
  const { step } = marked;
  const { userId } = step;
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
  await dmIfAsked(bot, table, userId, () => t('notify.dm.reminder', { when: relativeTime(step.deadline) }), 'turn');
}
