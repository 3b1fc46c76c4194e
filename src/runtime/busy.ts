/**
 * How busy this process has lately kept its cores (0 to 1: its CPU time, every
 * thread, over the time of the cores it is given, config.cores: the machine's, or
 * its share when shards share the machine), for work that is only nice to have: past
 * SPARE_UNTIL, past BUSY_LATELY over the last seconds, or while pictures wait for a
 * worker, it is skipped rather than slowing every answer (the panel's look-ahead costs
 * about as much CPU as a picture). The event loop's own utilisation is not enough:
 * renders, deflate and the AI run on other threads.
 */
import { performance } from 'node:perf_hooks';

/**
 * Busier than this, nice-to-have work is skipped. The look-ahead uses what the rest
 * leaves under it, so it also sets the floor of a move's CPU under load: at 400 games at
 * a human pace (75 moves a second on 2 cores) half the cores was 13.3 ms a move, and
 * every saving elsewhere went to the look-ahead (the AI worker busy 1 to 12 s a run).
 * A little over a third: 400 games (the rest of the bot about 0.45) get almost none, 200
 * games (about 0.25) most of it. Above half, at 60%, it came and went at 200 games, each
 * time taking the CPU the pictures needed (click to board p99 396-556 ms, panel 789-933;
 * at half: 213-239 and 249-440).
 */
export const SPARE_UNTIL = 0.35;
/** The load is measured over windows of at least this long. */
const WINDOW_MS = 1000;
/** How long a window's load is remembered: the weight of a window this old falls to 1/e. */
const LATELY_MS = 10_000;
/**
 * Busier than this lately (the windows' moving average over LATELY_MS), nice-to-have work
 * is skipped even in a calm second. At 400 games (0.45 to 0.5) a calm second came now and
 * then, and its look-ahead started the AI worker, which then stayed for the rest of the
 * load; 200 games (about 0.25, which the look-ahead fills up to SPARE_UNTIL) stay under it.
 */
const BUSY_LATELY = 0.42;

/** Where the gauge reads the time (ms), the process's CPU time so far (ms, every thread) and the work it owes now. */
export interface Readings {
  now(): number;
  cpuMs(): number;
  /**
   * Pictures waiting for a worker now: the cores are short whatever the window says
   * (shared with other processes, or the look-ahead itself came in on a calm window).
   */
  waiting(): number;
  readonly cores: number;
}

/** This process's clock and CPU time, over the cores it is given, and the pictures it owes. */
export function processReadings(cores: number, waiting: () => number): Readings {
  return {
    now: () => performance.now(),
    cpuMs: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    waiting,
    cores,
  };
}

export class LoadGauge {
  #markedAt: number;
  #markCpu: number;
  #window = 0;
  #lately = 0;

  constructor(private readonly readings: Readings) {
    this.#markedAt = readings.now();
    this.#markCpu = readings.cpuMs();
  }

  /** The share of the machine's CPU used over the last whole window (a new one begins when it is over). */
  busy(): number {
    this.#closeWindow();
    return this.#window;
  }

  /** Is there time to spare for work nobody would miss? */
  spare(): boolean {
    return this.readings.waiting() === 0 && this.busy() < SPARE_UNTIL && this.spareLately();
  }

  /** Has the load lately (the last seconds together, not the last one alone) left time to spare? */
  spareLately(): boolean {
    this.#closeWindow();
    return this.#lately < BUSY_LATELY;
  }

  /** Once a window is over: its share, folded into the moving average by its length, and a new window begun. */
  #closeWindow(): void {
    const now = this.readings.now();
    const length = now - this.#markedAt;
    if (length < WINDOW_MS) return;
    const cpu = this.readings.cpuMs();
    this.#window = (cpu - this.#markCpu) / (length * this.readings.cores);
    this.#lately += (this.#window - this.#lately) * (1 - Math.exp(-length / LATELY_MS));
    this.#markedAt = now;
    this.#markCpu = cpu;
  }
}
