/**
 * Solo Kingdomino: the "Crown of Thorns" variant of the community sheet "Kingdomino –
 * Solo Variants" (see docs/rules.md, Solo). One king, all 48 dominoes in twelve lines
 * of four; the king claims one domino of each line and the other three are dropped.
 * Which slot of a line the king took limits the next claim to the first slots of the
 * next line. Every line is drawn from the seed alone, so one seed deals the same lines
 * in the same order whatever the player chooses: the daily deal rests on that.
 *
 * Pure. The engine reads `soloClaimLimit`; the rest of the solo game is the ordinary
 * engine with one seat (setup.ts: one king, lines of 4, the leftovers dropped).
 */
import type { GameOptions, GameState, Seat } from './types.js';

/** A solo line: four dominoes, as in the 4-player game. */
export const SOLO_LINE = 4;

/**
 * Crown of Thorns: after taking the k-th domino of a line (1st = lowest number), the
 * next claim is among the first SOLO_NEXT_CHOICES[k-1] dominoes of the next line.
 * 1st: any of the four; 2nd: 1st-3rd; 3rd: 1st-2nd; 4th: the 1st only.
 */
export const SOLO_NEXT_CHOICES: readonly number[] = [4, 3, 2, 1];

/** The solo game as the daily deal plays it: Harmony and the Middle Kingdom on. */
export const SOLO_OPTIONS: Partial<Omit<GameOptions, 'players'>> = { grid: 5, harmony: true, middleKingdom: true };

export function isSolo(options: GameOptions): boolean {
  return options.players === 1;
}

export function soloSeat(name: string): Seat {
  return { name, kind: 'human' };
}

/**
 * The slot (0-based, ascending) the king took in the line now being placed: the
 * claimed domino's rank among it and that line's dropped leftovers (the last three
 * dropped). -1 in the first round, when no line has been claimed yet.
 */
export function soloTakenSlot(state: GameState): number {
  const taken = state.current[0]?.domino;
  if (taken === undefined) return -1;
  const leftovers = state.dropped.slice(-(SOLO_LINE - 1));
  return leftovers.filter((d) => d < taken).length;
}

/** How many of the next line's first dominoes the solo king may claim (all of them in the first round). */
export function soloClaimLimit(state: GameState): number {
  const slot = soloTakenSlot(state);
  return slot < 0 ? SOLO_LINE : soloLimitAfter(slot);
}

/** Same, from the slot taken (for the playout simulator, which keeps no event log). */
export function soloLimitAfter(slot: number): number {
  return SOLO_NEXT_CHOICES[slot] ?? SOLO_LINE;
}
