/** The AI's options (its levels are the engine's AI_LEVELS, game/variants.ts). */
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
