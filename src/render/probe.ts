/**
 * What a picture draws, by kind and size in the picture's pixels, for the
 * legibility test (test/render/legibility.test.ts): text, the players' names, the
 * grid's letters and numbers, crown glyphs (their height) and the digit beside
 * them. Off (one null check per call) unless a test runs a drawing in probeSizes.
 */
export type SizeKind = 'text' | 'name' | 'label' | 'crown' | 'crownDigit';

let probe: ((kind: SizeKind, px: number) => void) | null = null;

/** Runs `draw` and returns the sizes it drew (pictures drawn under a probe skip their caches). */
export function probeSizes(draw: () => void): Map<SizeKind, number[]> {
  const sizes = new Map<SizeKind, number[]>();
  probe = (kind, px) => {
    const list = sizes.get(kind) ?? [];
    list.push(px);
    sizes.set(kind, list);
  };
  try {
    draw();
  } finally {
    probe = null;
  }
  return sizes;
}

export function probing(): boolean {
  return probe !== null;
}

export function noteSize(kind: SizeKind, px: number): void {
  probe?.(kind, px);
}
