/**
 * How busy this process's event loop has lately been (0 to 1), for work that is
 * only nice to have: past SPARE_UNTIL it is skipped rather than slowing every
 * answer (the panel's look-ahead costs about as much CPU as the rest of a move).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Busier than this, nice-to-have work is skipped. */
export const SPARE_UNTIL = 0.6;
/** The utilisation is measured over windows of at least this long. */
const WINDOW_MS = 1000;

let mark: EventLoopUtilization = performance.eventLoopUtilization();
let markedAt = performance.now();
let lately = 0;

/** The event loop's utilisation over the last window (a new window begins when this one is over). */
export function eventLoopBusy(): number {
  const now = performance.now();
  if (now - markedAt >= WINDOW_MS) {
    const current = performance.eventLoopUtilization();
    lately = performance.eventLoopUtilization(current, mark).utilization;
    mark = current;
    markedAt = now;
  }
  return lately;
}

/** Is there time to spare for work nobody would miss? */
export function timeToSpare(): boolean {
  return eventLoopBusy() < SPARE_UNTIL;
}
