import { AI_LEVELS } from '../game/index.js';

/**
 * The levels the arena seats: the players' levels (the engine's AI_LEVELS,
 * game/variants.ts), hard-baseline, the hard level frozen as it was before
 * issue 26, which every change to hard is measured against, and hard-judged, the
 * hard level with the learned evaluation mixed into its samples (issue 42: it did
 * not pay). Neither is offered to players.
 */
export const ARENA_LEVELS = [...AI_LEVELS, 'hard-baseline', 'hard-judged'] as const;
export type ArenaLevel = (typeof ARENA_LEVELS)[number];

export function isArenaLevel(value: unknown): value is ArenaLevel {
  return (ARENA_LEVELS as readonly unknown[]).includes(value);
}

/** The AI's options. */
export interface ChooseOptions {
  /** Thinking time per decision for the hard level (ms). Default 1000. */
  readonly timeMs?: number;
  /** Seed of the AI's own randomness; same state + same seed = same decision (with `playouts`). */
  readonly seed?: number;
  /**
   * Hard only: a fixed number of playouts instead of a time budget, which makes
   * the decision fully reproducible (tests). The time budget still caps it.
   */
  readonly playouts?: number;
}
