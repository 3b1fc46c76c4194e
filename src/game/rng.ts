/**
 * The seeded generator: sfc32 (Chris Doty-Humphrey's small fast counting generator,
 * 128 bits of state). Its state is four uint32 words, kept in GameState.rng so a game
 * is reproducible from its seed and its actions.
 */
import type { RngState } from './types.js';

/** murmur3's finaliser: spreads every input bit over the whole word. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Four independent 32-bit hashes of a string (FNV-1a lanes with distinct bases), so any seed text works. */
export function seedState(seed: string): RngState {
  const lanes = [0x811c9dc5, 0x9e3779b9, 0x243f6a88, 0xb7e15162];
  for (let i = 0; i < seed.length; i++) {
    const code = seed.charCodeAt(i);
    for (let l = 0; l < 4; l++) lanes[l] = Math.imul((lanes[l] ?? 0) ^ code, 0x01000193 + 2 * l);
  }
  const rng = new Rng([
    mix32(lanes[0] ?? 0),
    mix32(lanes[1] ?? 0),
    mix32(lanes[2] ?? 0),
    mix32((lanes[3] ?? 0) ^ seed.length),
  ]);
  // A fresh sfc32 state is poorly mixed for its first outputs.
  for (let i = 0; i < 16; i++) rng.next();
  return rng.state();
}

export class Rng {
  /** a, b, c, d as int32: typed storage keeps the words unboxed in V8. */
  private readonly s = new Int32Array(4);

  constructor(state: RngState) {
    this.s.set(state);
  }

  static fromSeed(seed: string): Rng {
    return new Rng(seedState(seed));
  }

  /** A uniform uint32. */
  next(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = (s[3]! + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = d;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), n <= 2^32 (the bias of a 32-bit multiply is far below anything measurable here). */
  int(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }

  state(): RngState {
    const s = this.s;
    return [s[0]! >>> 0, s[1]! >>> 0, s[2]! >>> 0, s[3]! >>> 0];
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}
