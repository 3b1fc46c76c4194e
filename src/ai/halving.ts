/**
 * Successive halving over candidate moves: spend the budget in rounds, each
 * round sampling every surviving candidate equally, then keep the better half.
 * Samples within a sweep share one seed (common random numbers: every candidate
 * is tried against the same guessed deck), so differences between candidates
 * are not drowned in deck luck. Equal means go to the lower index (callers
 * list candidates best-first by a prior).
 */
export interface Budget {
  /** Wall-clock deadline, in performance.now() milliseconds. */
  readonly deadline: number;
  /** Cap on the total number of samples (for reproducible runs), or Infinity. */
  readonly samples: number;
}

/** One sample of candidate `i` with the sweep's seed: higher is better. */
export type Sampler = (candidate: number, sweepSeed: number) => number;

export interface HalvingResult {
  readonly best: number;
  readonly samples: number;
  readonly means: readonly number[];
}

export function successiveHalving(count: number, sample: Sampler, budget: Budget): HalvingResult {
  const sums = new Array<number>(count).fill(0);
  const counts = new Array<number>(count).fill(0);
  const mean = (i: number): number => (counts[i] === 0 ? -Infinity : (sums[i] as number) / (counts[i] as number));
  let alive = Array.from({ length: count }, (_, i) => i);
  let total = 0;
  let sweep = 0;
  const start = performance.now();
  const rounds = Math.max(1, Math.ceil(Math.log2(count)));
  for (let round = 0; round < rounds && alive.length > 1; round++) {
    const left = rounds - round;
    const roundEnd = start + ((budget.deadline - start) * (round + 1)) / rounds;
    const roundSamples = Math.floor((budget.samples - total) / left);
    let used = 0;
    // Every survivor gets at least one sample per round, even past the clock.
    do {
      sweep++;
      for (const i of alive) {
        sums[i] = (sums[i] as number) + sample(i, sweep);
        counts[i] = (counts[i] as number) + 1;
      }
      used += alive.length;
    } while (used + alive.length <= roundSamples && performance.now() < roundEnd);
    total += used;
    alive = [...alive].sort((x, y) => mean(y) - mean(x) || x - y).slice(0, Math.ceil(alive.length / 2));
  }
  const best = alive.reduce(
    (b, i) => (mean(i) > mean(b) || (mean(i) === mean(b) && i < b) ? i : b),
    alive[0] as number,
  );
  return { best, samples: total, means: sums.map((_, i) => mean(i)) };
}
