/**
 * The AI's randomness: the engine's generator (sfc32), seeded from the AI's own
 * numbers. The AI never touches a game's generator: the engine's seed and
 * generator state determine the hidden pile.
 */
import { Rng, seedState } from '../game/index.js';

export type { Rng };

export function makeRng(seed: number): Rng {
  return new Rng(seedState(`ai/${seed}`));
}

/** Mixes numbers into one 32-bit seed (order matters). */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h ^ Math.floor(p / 4294967296), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}
