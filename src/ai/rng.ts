/**
 * The AI's own seeded generator (sfc32). The AI never touches the engine's
 * generator: the engine's seed and generator state determine the hidden pile.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
}

export function makeRng(seed: number): Rng {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88 + seed * 31;
  let c = 0xb7e15162 ^ (seed >>> 7);
  let d = 1;
  const u32 = (): number => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) u32();
  return {
    next: () => u32() / 4294967296,
    int: (n) => Math.floor((u32() / 4294967296) * n),
  };
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

/** Fisher-Yates in place. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
