/** The bot's clock: the system's, moved forward by a test so that what is due later happens now. */
import { expect, it } from 'vitest';
import { advance, after, now, sleep } from '../../src/runtime/clock.js';

it('moving the clock fires the timers due by then, in the order they were due, and no others', () => {
  const fired: string[] = [];
  const start = now();
  after(90_000, () => fired.push('90 s'));
  after(30_000, () => fired.push('30 s'));
  const cancelled = after(10_000, () => fired.push('cancelled'));
  after(3_600_000, () => fired.push('an hour'));
  cancelled.cancel();
  advance(120_000);
  expect(fired).toEqual(['30 s', '90 s']);
  expect(now() - start).toBeGreaterThanOrEqual(120_000);
  advance(3_600_000);
  expect(fired).toEqual(['30 s', '90 s', 'an hour']);
});

it('a timer not yet due by the moved clock still fires when it is due', async () => {
  // Read before arming: the timer is due no sooner than this.
  const due = now() + 60_020;
  const fired = new Promise<number>((resolve) => after(60_020, () => resolve(now())));
  advance(60_000);
  expect(await fired).toBeGreaterThanOrEqual(due);
});

it('a sleep ends when the clock passes it', async () => {
  const slept = sleep(5 * 60_000).then(() => 'awake');
  advance(5 * 60_000);
  expect(await slept).toBe('awake');
});
