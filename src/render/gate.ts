/**
 * A bound on pictures in progress in a thread. A picture holds its pixels
 * (4 MB for a table) and its deflate buffers from its drawing to its last band, so
 * 40 games each starting one at once held 40 of them; past the bound, renders wait
 * their turn in the order they came, and memory stays the same whatever the number
 * of games.
 */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a slot is free (at once when one is), first come first served. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.slots) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes straight to the next in line, so no newcomer overtakes it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
