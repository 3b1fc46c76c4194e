/**
 * A candidate placement of the domino in hand, judged once: whether it fits (and
 * why not), and the player's running score before and after. The panel's text
 * and its picture both read this one verdict.
 */
import { apply, legalPlacements, prompt } from './engine.js';
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
 * equal points keep the engine's order).
 */
export function rankedCandidates(state: GameState): Candidate[] {
  const judged = legalPlacements(state).map((p) => judgePlacement(state, p.a, p.b));
  return judged.sort((x, y) => (candidateGain(y) ?? 0) - (candidateGain(x) ?? 0));
}
