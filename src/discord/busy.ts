/**
 * How busy this process has lately kept the machine (0 to 1: its CPU time, every
 * thread, over the cores' time), for work that is only nice to have: past
 * SPARE_UNTIL it is skipped rather than slowing every answer (the panel's
 * look-ahead costs a third of a move's CPU). The event loop's own utilisation is
 * not enough: renders, deflate and the AI run on other threads.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Busier than this, nice-to-have work is skipped. */
export const SPARE_UNTIL = 0.6;
/** The load is measured over windows of at least this long. */
const WINDOW_MS = 1000;

/** Where the gauge reads the time (ms) and the process's CPU time so far (ms, every thread). */
export interface Readings {
  now(): number;
  cpuMs(): number;
  readonly cores: number;
}

const processReadings: Readings = {
  now: () => performance.now(),
  cpuMs: () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  },
  cores: availableParallelism(),
};

export class LoadGauge {
  #markedAt: number;
  #markCpu: number;
  #lately = 0;

  constructor(private readonly readings: Readings = processReadings) {
    this.#markedAt = readings.now();
    this.#markCpu = readings.cpuMs();
  }

  /** The share of the machine's CPU used over the last whole window (a new one begins when it is over). */
  busy(): number {
    const now = this.readings.now();
    if (now - this.#markedAt >= WINDOW_MS) {
      const cpu = this.readings.cpuMs();
      this.#lately = (cpu - this.#markCpu) / ((now - this.#markedAt) * this.readings.cores);
      this.#markedAt = now;
      this.#markCpu = cpu;
    }
    return this.#lately;
  }

  /** Is there time to spare for work nobody would miss? */
  spare(): boolean {
    return this.busy() < SPARE_UNTIL;
  }
}

const thisProcess = new LoadGauge();

/** Is there time to spare in this process for work nobody would miss? */
export function timeToSpare(): boolean {
  return thisProcess.spare();
}
