/**
 * What a host chooses when opening a table, as `/kingdomino start`'s options and the
 * live board's form both offer it, and the table's settings it makes. Pure.
 */
import { MAX_PLAYERS, type AiLevel, type VariantChoice } from '../game/index.js';
import { withPace } from './pace.js';
import type { Pace, TableSettings } from './types.js';

/** The longest turn timer a host may ask for, in minutes: a day (a longer wait is a correspondence pace). */
export const MAX_TIMER_MIN = 24 * 60;
/** Computer seats a host may ask for at once: every seat but theirs. */
export const MAX_AI_SEATS = MAX_PLAYERS - 1;

/** A host's choices; null where left to the default. */
export interface StartChoice {
  readonly aiSeats: number;
  readonly aiLevel: AiLevel;
  readonly variants: VariantChoice;
  /** Minutes a move (0: none); null: the bot's default timer, which applies when more than one human plays. */
  readonly turnTimerMin: number | null;
  /** The game's language (a catalogue's code). */
  readonly language: string;
  readonly pace: Pace | null;
  readonly planAhead: boolean | null;
}

/** The table's settings from the host's choices; `defaultTimerS`, the bot's, when they asked for no timer. */
export function startSettings(choice: StartChoice, defaultTimerS: number): TableSettings {
  const timer =
    choice.turnTimerMin === null
      ? { turnTimerS: defaultTimerS, turnTimerAuto: true }
      : { turnTimerS: choice.turnTimerMin * 60 };
  const planAhead = choice.planAhead === null ? {} : { planAhead: choice.planAhead };
  // A correspondence pace sets the time a move has; the turn timer is a live game's.
  return withPace({ ...choice.variants, ...timer, language: choice.language, ...planAhead }, choice.pace ?? 'live');
}
