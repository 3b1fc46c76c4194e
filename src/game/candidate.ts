/**
 * A candidate placement of the domino in hand, judged once: whether it fits (and
 * why not), and the player's running score before and after. The panel's text
 * and its picture both read this one verdict.
 */
import { Board } from './board.js';
import { apply, boardOf, legalPlacements, prompt } from './engine.js';
import { scorePlayer } from './score.js';
import type { GameState, Pos, Rejection } from './types.js';

export type Verdict =
  | { readonly fits: true; readonly before: number; readonly after: number }
  | { readonly fits: false; readonly rejection: Rejection };

export interface Candidate {
  readonly a: Pos;
  readonly b: Pos;
  readonly verdict: Verdict;
}

export function judgePlacement(state: GameState, a: Pos, b: Pos): Candidate {
  const p = prompt(state);
  // Whoever must act: apply() itself rejects the candidate when that is no placement.
  const player = p.kind === 'over' ? 0 : p.player;
  const next = apply(state, { type: 'place', player, a, b });
  if (!next.ok) return { a, b, verdict: { fits: false, rejection: next.error } };
  return {
    a,
    b,
    verdict: { fits: true, before: scorePlayer(state, player).total, after: scorePlayer(next.value, player).total },
  };
}

/** Points the candidate adds to the running score, or null when it does not fit. */
export function candidateGain(c: Candidate): number | null {
  return c.verdict.fits ? c.verdict.after - c.verdict.before : null;
}

/**
 * Every legal placement of the domino in hand, judged, best first (most points;
 * equal points keep the engine's order). Each fits, so its verdict is the score of
 * the kingdom's board with the domino placed: one board copied per placement rather
 * than a move applied and two boards rebuilt (the panel and the preview rank every
 * spot each time they are drawn).
 */
export function rankedCandidates(state: GameState): Candidate[] {
  const p = prompt(state);
  if (p.kind !== 'place') return [];
  const { harmony, middleKingdom, grid } = state.options;
  const board = boardOf(state, p.player);
  const before = board.score(harmony, middleKingdom).total;
  const trial = new Board(grid);
  const judged = legalPlacements(state).map(({ domino, a, b }): Candidate => {
    trial.copyFrom(board);
    trial.place(domino, a[0], a[1], b[0], b[1]);
    return { a, b, verdict: { fits: true, before, after: trial.score(harmony, middleKingdom).total } };
  });
  return judged.sort((x, y) => (candidateGain(y) ?? 0) - (candidateGain(x) ?? 0));
}
