import { expect, it } from 'vitest';
import { eventLoopBusy, SPARE_UNTIL, timeToSpare } from '../../src/discord/busy.js';

/** Keep the event loop busy (no awaiting) for `ms`. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const idle = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

it('a saturated event loop leaves no time to spare; an idle one does', async () => {
  eventLoopBusy();
  await idle(1100);
  expect(timeToSpare()).toBe(true);
  work(1100);
  expect(eventLoopBusy()).toBeGreaterThan(SPARE_UNTIL);
  expect(timeToSpare()).toBe(false);
  await idle(1100);
  expect(eventLoopBusy()).toBeLessThan(SPARE_UNTIL);
});
