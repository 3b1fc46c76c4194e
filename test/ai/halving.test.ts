import { describe, expect, it } from 'vitest';
import { successiveHalving } from '../../src/ai/halving.js';
import { searchWidth } from '../../src/ai/hard.js';
import { makeRng } from '../../src/ai/rng.js';

describe('successive halving', () => {
  it('finds the best of many noisy candidates and spends most samples on the good ones', () => {
    const means = [0.3, 0.5, 0.45, 0.62, 0.4, 0.55, 0.35, 0.58, 0.2, 0.48, 0.52, 0.42];
    const rng = makeRng(9);
    const drawn = new Array<number>(means.length).fill(0);
    const sample = (i: number): number => {
      drawn[i] = (drawn[i] as number) + 1;
      return rng.int(1000) / 1000 < (means[i] as number) ? 1 : 0;
    };
    const found = successiveHalving(means.length, sample, { deadline: Infinity, samples: 6000 });
    expect(found.best).toBe(3);
    expect(found.samples).toBeLessThanOrEqual(6000);
    expect(drawn[3]).toBeGreaterThan(5 * (drawn[8] as number));
  });

  it('returns the only candidate without sampling it', () => {
    expect(
      successiveHalving(
        1,
        () => {
          throw new Error('sampled');
        },
        { deadline: Infinity, samples: 10 },
      ).best,
    ).toBe(0);
  });

  it('stops at the deadline, after one sample of each candidate per round', () => {
    let calls = 0;
    const found = successiveHalving(
      8,
      () => {
        calls++;
        return 0;
      },
      { deadline: performance.now() - 1, samples: Infinity },
    );
    expect(calls).toBe(8 + 4 + 2);
    expect(found.best).toBeGreaterThanOrEqual(0);
  });
});

describe('search width', () => {
  it('searches every candidate when the budget allows, fewer (at least two) when it is small', () => {
    expect(searchWidth(32, 100_000)).toBe(32);
    expect(searchWidth(32, 100)).toBeLessThan(12);
    expect(searchWidth(32, 100)).toBeGreaterThanOrEqual(2);
    expect(searchWidth(32, 0)).toBe(2);
  });
});
