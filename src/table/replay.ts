/**
 * The step-through replay's facts: what each move of a replayed game did (the same
 * MoveNote the thread tells a move with, so a caption says it in the same words),
 * and where the rounds begin (its round jumps). Pure and word-free.
 */
import { boxRound, scorePlayer, type GameEvent, type GameState } from '../game/index.js';
import type { MoveNote } from './types.js';

/** What the move from `before` to `after` (two consecutive replay states) did; null for none (the same state). */
export function replayNote(before: GameState, after: GameState): MoveNote | null {
  const events: readonly GameEvent[] = after.events.slice(before.events.length);
  let player: number | null = null;
  let domino: number | null = null;
  let placed: MoveNote['placed'] = null;
  let claim: number | null = null;
  for (const event of events) {
    if (event.type === 'place' || event.type === 'discard') {
      player = event.player;
      domino = event.domino;
      placed = event.type === 'place' ? { kind: 'place', a: event.a, b: event.b, gain: 0 } : { kind: 'discard' };
    } else if (event.type === 'claim') {
      player = event.player;
      claim = event.domino;
    }
  }
  if (player === null) return null;
  if (placed?.kind === 'place') {
    const gain = scorePlayer(after, player).total - scorePlayer(before, player).total;
    placed = { ...placed, gain };
  }
  // A replayed move was made by its player: the record does not say whose time ran out.
  return { player, domino, placed, claim, timedOut: false };
}

/** The box's round each replay state shows (0: the opening picks). */
export function replayRounds(states: readonly GameState[]): number[] {
  return states.map((state) => boxRound(state).round);
}

/** The first state of the round before (`step` -1) or after (+1) the one `at` shows; null past either end. */
export function roundJump(rounds: readonly number[], at: number, step: -1 | 1): number | null {
  const here = rounds[at];
  if (here === undefined) return null;
  const target = here + step;
  const first = rounds.findIndex((round) => round === target);
  return first < 0 ? null : first;
}
