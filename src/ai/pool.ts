/**
 * AiPool: runs chooseAction / hint in worker threads so that the caller's event
 * loop (the bot) keeps answering while the hard level thinks.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Action, AiLevel, GameState, Placement } from '../game/index.js';
import type { AiReply, AiRequest, AiValue } from './protocol.js';
import { reviewGame, type GameReview, type MoveVerdict, type ReviewOptions } from './review.js';
import { startWorker } from './spawn.js';
import type { ChooseOptions } from './types.js';

export interface AiPoolOptions {
  /** Number of worker threads. Default: one less than the cores, at least 1. */
  readonly size?: number;
}

type Job = {
  readonly request: AiRequest;
  readonly resolve: (value: AiReply) => void;
};

interface Slot {
  worker: Worker;
  job: Job | null;
}

export class AiPoolClosedError extends Error {
  constructor() { super('the AI pool is closed'); }
}

export class AiPool {
  private readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: AiPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
  }

  /** The action chooseAction(state, level, opts) would return, computed off this thread. */
  async choose(state: GameState, level: AiLevel, opts: ChooseOptions = {}): Promise<Action> {
    return (await this.run({ id: this.nextId++, kind: 'choose', state, level, opts })) as Action;
  }

  /** hint(state, opts), computed off this thread. */
  async hint(state: GameState, opts: ChooseOptions = {}): Promise<Placement | null> {
    return (await this.run({ id: this.nextId++, kind: 'hint', state, opts })) as Placement | null;
  }

  /** reviewGame(game, player, opts), each move weighed off this thread as its own job (other jobs run between two). */
  async review(game: GameState, player: number, opts: ReviewOptions = {}): Promise<GameReview> {
    return reviewGame(game, player, opts, async (job) => (await this.run({ id: this.nextId++, kind: 'review', job })) as MoveVerdict);
  }

  /** Stops every worker; pending and later calls reject with AiPoolClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ id: job.request.id, ok: false, error: 'closed' });
    await Promise.all(this.slots.splice(0).map(async (slot) => {
      slot.job?.resolve({ id: slot.job.request.id, ok: false, error: 'closed' });
      await slot.worker.terminate();
    }));
  }

  private async run(request: AiRequest): Promise<AiValue> {
    if (this.closed) throw new AiPoolClosedError();
    const reply = await new Promise<AiReply>((resolve) => {
      this.queue.push({ request, resolve });
      this.dispatch();
    });
    if (reply.ok) return reply.value;
    if (this.closed) throw new AiPoolClosedError();
    throw new Error(`AI failed: ${reply.error}`);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      // Only a worker with a job in flight keeps the process alive.
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((s) => s.job === null);
    if (idle || this.slots.length >= this.size) return idle;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(new URL(`./worker${extension()}`, import.meta.url)), job: null };
    slot.worker.unref();
    slot.worker.on('message', (reply: AiReply) => {
      const job = slot.job;
      slot.job = null;
      slot.worker.unref();
      if (job && job.request.id === reply.id) job.resolve(reply);
      this.dispatch();
    });
    // A worker that dies fails its job only; the next job gets a fresh worker.
    const fail = (why: string): void => {
      const job = slot.job;
      slot.job = null;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      job?.resolve({ id: job.request.id, ok: false, error: why });
      if (!this.closed) this.dispatch();
    };
    slot.worker.on('error', (err) => fail(err.message));
    slot.worker.on('exit', (code) => fail(`worker exited with code ${code}`));
    return slot;
  }
}

/** The worker sits beside this module, as .ts under tsx/vitest and .js when compiled. */
function extension(): string {
  return import.meta.url.endsWith('.ts') ? '.ts' : '.js';
}
