/**
 * AiPool: runs chooseAction / hint in worker threads so that the caller's event
 * loop (the bot) keeps answering while the hard level thinks.
 *
 * Shared fairly by many games: jobs wait in a bounded queue by priority
 * (`interactive`: a person waits for the answer, the hint or the panel's
 * look-ahead; then `game`: computer moves; then `background`: reviews), and within
 * a priority the games (`key`) take turns, so one game's jobs never hold up
 * another's. The thinking time is decided when a job starts, from the queue behind
 * it: a job asking for `timeMs` gets at most `targetWaitMs x workers / waiting`
 * (never under `minMs`), so a long queue drains in about `targetWaitMs` instead of
 * `waiting x timeMs / workers`. Interactive jobs keep to their own, shorter target
 * (`interactiveWaitMs`, from the interactive queue alone), and with `maxInteractive`
 * jobs of any kind waiting a look-ahead is refused at once: rather no look-ahead than a
 * late one, or one that holds up the computer players' moves; a job may also say how
 * long it can wait for a worker (`maxWaitMs`), past which it leaves the queue unstarted. The hard
 * level loses little when its time shrinks (README, "Computer players").
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Action, AiLevel, GameState, Placement } from '../game/index.js';
import type { AiReply, AiRequest, AiValue } from './protocol.js';
import { reviewGame, type GameReview, type MoveVerdict, type ReviewOptions } from './review.js';
import { giveBackMemory } from '../runtime/memory.js';
import { startWorker } from '../runtime/spawn.js';
import type { ChooseOptions } from './types.js';

export interface AiPoolOptions {
  /** Number of worker threads. Default: one less than the cores, at least 1. */
  readonly size?: number;
  /** Jobs that may wait at once; more are refused with AiPoolBusyError. Default 256. */
  readonly maxQueue?: number;
  /** The wait the thinking time is cut to keep a queue within (ms). Default 1000. */
  readonly targetWaitMs?: number;
  /** The least thinking time a job is given, however long the queue (ms). Default 50. */
  readonly minMs?: number;
  /**
   * Jobs waiting (of any kind) beyond which an interactive look-ahead (`choose` with
   * priority interactive: the panel's) is refused at once with AiPoolBusyError, its
   * caller falling back on a quick choice of its own. Hints are never refused. Default
   * 12 per worker.
   */
  readonly maxInteractive?: number;
  /** The wait the interactive jobs' thinking time is cut to keep within (ms): a person is waiting. Default 500. */
  readonly interactiveWaitMs?: number;
  /** A worker with no job for this long stops (ms). Default AI_IDLE_MS. */
  readonly idleMs?: number;
  /**
   * Whether the process has time to spare lately (runtime/busy.ts): while it has none,
   * a worker with no job stops after BUSY_IDLE_MS rather than idleMs, since the panel's
   * look-ahead, which would come next, is skipped. Default: always.
   */
  readonly spareLately?: () => boolean;
}

/** Who waits for a job: a person (`interactive`), a game (`game`: computer moves), nobody soon (`background`). */
export type AiPriority = 'interactive' | 'game' | 'background';

/** How a job started: what it waited in the queue and the thinking time it was given (null: not a timed job). */
export interface AiJobStart {
  readonly waitMs: number;
  readonly budgetMs: number | null;
}

export interface AiJobOptions {
  /** Jobs of one key (a game) take turns with other keys' jobs of the same priority. */
  readonly key?: string;
  /** Default: `interactive` for choose and hint, `background` for reviews. */
  readonly priority?: AiPriority;
  /** Told when the job leaves the queue for a worker. */
  readonly onStart?: (start: AiJobStart) => void;
  /**
   * The longest the job may wait for a worker: still waiting then, it leaves the queue
   * unstarted (AiPoolBusyError), for a caller that would rather do without it than be
   * late (the panel's look-ahead: a person is waiting).
   */
  readonly maxWaitMs?: number;
}

const PRIORITIES: readonly AiPriority[] = ['interactive', 'game', 'background'];
const DEFAULT_MAX_QUEUE = 256;
const DEFAULT_TARGET_WAIT_MS = 1000;
const DEFAULT_MIN_MS = 50;
const DEFAULT_INTERACTIVE_PER_WORKER = 12;
const DEFAULT_INTERACTIVE_WAIT_MS = 500;
/** What a timed job asks for when it says nothing (the hard level's own default). */
const DEFAULT_TIME_MS = 1000;
/**
 * A worker left with no job for this long stops and gives back its memory (its heap and
 * the search's tables, glibc's arena for the thread: about 16 MB after a few look-aheads,
 * 25 to 35 after hard games); the next job starts one again (about 150 ms). A bot in use
 * keeps it (the panel's look-ahead, computer moves); a quiet one (an evening's games over,
 * games played over days) needs it now and then.
 */
export const AI_IDLE_MS = 60_000;
/**
 * How soon a worker with no job stops in a process with no time to spare (a bot holding
 * about as many games as its cores can draw): only computer moves come then, and a
 * worker held for the look-ahead is its memory in the bot's peak.
 */
export const BUSY_IDLE_MS = 5_000;

type Job = {
  readonly request: AiRequest;
  /** The worker's reply, or `late`: the job waited its maxWaitMs and left the queue unstarted. */
  readonly resolve: (value: AiReply | 'late') => void;
  readonly key: string;
  readonly queuedAt: number;
  readonly onStart?: (start: AiJobStart) => void;
};

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Set while the worker has no job: it stops when this fires. */
  idle: NodeJS.Timeout | null;
}

export class AiPoolClosedError extends Error {
  constructor() {
    super('the AI pool is closed');
  }
}

/** The queue is full: try again later. */
export class AiPoolBusyError extends Error {
  constructor(waiting: number) {
    super(`the AI pool is busy (${waiting} jobs waiting)`);
  }
}

/** Jobs of one priority: a queue per key, keys served in turn. */
class FairQueue {
  private readonly byKey = new Map<string, Job[]>();
  size = 0;

  push(job: Job): void {
    const jobs = this.byKey.get(job.key);
    if (jobs) jobs.push(job);
    else this.byKey.set(job.key, [job]);
    this.size++;
  }

  /** The first job of the key served longest ago; that key goes to the back. */
  shift(): Job | undefined {
    for (const [key, jobs] of this.byKey) {
      const job = jobs.shift();
      this.byKey.delete(key);
      if (jobs.length > 0) this.byKey.set(key, jobs);
      if (job) {
        this.size--;
        return job;
      }
    }
    return undefined;
  }

  /** Takes a job out of the queue; false if it is not there (started, or never queued). */
  remove(job: Job): boolean {
    const jobs = this.byKey.get(job.key);
    const at = jobs?.indexOf(job) ?? -1;
    if (!jobs || at < 0) return false;
    jobs.splice(at, 1);
    if (jobs.length === 0) this.byKey.delete(job.key);
    this.size--;
    return true;
  }

  drain(): Job[] {
    const all = [...this.byKey.values()].flat();
    this.byKey.clear();
    this.size = 0;
    return all;
  }
}

export class AiPool {
  private readonly size: number;
  private readonly maxQueue: number;
  private readonly targetWaitMs: number;
  private readonly minMs: number;
  private readonly maxInteractive: number;
  private readonly interactiveWaitMs: number;
  private readonly idleMs: number;
  private readonly spareLately: () => boolean;
  private readonly slots: Slot[] = [];
  private readonly queues = new Map<AiPriority, FairQueue>(PRIORITIES.map((p) => [p, new FairQueue()]));
  private nextId = 1;
  private closed = false;

  constructor(options: AiPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism() - 1);
    this.maxQueue = Math.max(1, options.maxQueue ?? DEFAULT_MAX_QUEUE);
    this.targetWaitMs = options.targetWaitMs ?? DEFAULT_TARGET_WAIT_MS;
    this.minMs = options.minMs ?? DEFAULT_MIN_MS;
    this.maxInteractive = Math.max(1, options.maxInteractive ?? DEFAULT_INTERACTIVE_PER_WORKER * this.size);
    this.interactiveWaitMs = options.interactiveWaitMs ?? DEFAULT_INTERACTIVE_WAIT_MS;
    this.idleMs = options.idleMs ?? AI_IDLE_MS;
    this.spareLately = options.spareLately ?? (() => true);
  }

  /** Jobs waiting for a worker now. */
  get waiting(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.size;
    return n;
  }

  /** Workers running now. */
  get workers(): number {
    return this.slots.length;
  }

  /**
   * The action chooseAction(state, level, opts) would return, computed off this
   * thread; the hard level thinks at most `opts.timeMs`, less when the queue is long.
   */
  async choose(state: GameState, level: AiLevel, opts: ChooseOptions = {}, job: AiJobOptions = {}): Promise<Action> {
    return (await this.run({ id: this.nextId++, kind: 'choose', state, level, opts }, job)) as Action;
  }

  /** hint(state, opts), computed off this thread (its thinking time shrinks as choose's does). */
  async hint(state: GameState, opts: ChooseOptions = {}, job: AiJobOptions = {}): Promise<Placement | null> {
    return (await this.run({ id: this.nextId++, kind: 'hint', state, opts }, job)) as Placement | null;
  }

  /** reviewGame(game, player, opts), each move weighed off this thread as its own job (other jobs run between two). */
  async review(game: GameState, player: number, opts: ReviewOptions = {}): Promise<GameReview> {
    return reviewGame(
      game,
      player,
      opts,
      async (job) =>
        (await this.run({ id: this.nextId++, kind: 'review', job }, { priority: 'background' })) as MoveVerdict,
    );
  }

  /** Stops every worker; pending and later calls reject with AiPoolClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queues.values())
      for (const job of q.drain()) job.resolve({ id: job.request.id, ok: false, error: 'closed' });
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        if (slot.idle) clearTimeout(slot.idle);
        slot.job?.resolve({ id: slot.job.request.id, ok: false, error: 'closed' });
        await slot.worker.terminate();
      }),
    );
  }

  private async run(request: AiRequest, options: AiJobOptions = {}): Promise<AiValue> {
    if (this.closed) throw new AiPoolClosedError();
    const waiting = this.waiting;
    if (waiting >= this.maxQueue) throw new AiPoolBusyError(waiting);
    const priority = options.priority ?? (request.kind === 'review' ? 'background' : 'interactive');
    const queue = this.queues.get(priority) as FairQueue;
    // A person waits for it: rather no look-ahead than a late one, or one that holds up computer moves.
    if (priority === 'interactive' && request.kind === 'choose' && waiting >= this.maxInteractive)
      throw new AiPoolBusyError(waiting);
    const reply = await new Promise<AiReply | 'late'>((resolve) => {
      const job: Job = {
        request,
        resolve,
        key: options.key ?? `job:${request.id}`,
        queuedAt: performance.now(),
        ...(options.onStart ? { onStart: options.onStart } : {}),
      };
      queue.push(job);
      if (options.maxWaitMs !== undefined)
        setTimeout(() => {
          if (queue.remove(job)) resolve('late');
        }, options.maxWaitMs).unref();
      this.dispatch();
    });
    if (reply === 'late') throw new AiPoolBusyError(this.waiting);
    if (reply.ok) return reply.value;
    if (this.closed) throw new AiPoolClosedError();
    throw new Error(`AI failed: ${reply.error}`);
  }

  private dispatch(): void {
    while (this.waiting > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      const [job, priority] = this.next() as [Job, AiPriority];
      // Decided now, from the queue left behind it (this job included): an interactive job's from the interactive queue only.
      const request =
        priority === 'interactive'
          ? this.budgeted(job.request, (this.queues.get('interactive')?.size ?? 0) + 1, this.interactiveWaitMs)
          : this.budgeted(job.request, this.waiting + 1, this.targetWaitMs);
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.job = job;
      job.onStart?.({ waitMs: performance.now() - job.queuedAt, budgetMs: timeOf(request) });
      // Only a worker with a job in flight keeps the process alive.
      slot.worker.ref();
      slot.worker.postMessage(request);
    }
  }

  private next(): [Job, AiPriority] | undefined {
    for (const p of PRIORITIES) {
      const job = this.queues.get(p)?.shift();
      if (job) return [job, p];
    }
    return undefined;
  }

  /** The thinking time for a timed job with `waiting` jobs in the queue: what it asked, cut so the queue drains within the target. */
  budgetFor(askedMs: number, waiting: number, targetMs: number = this.targetWaitMs): number {
    // No queue (a worker free for every job): what was asked.
    if (waiting <= this.size) return askedMs;
    const fair = Math.floor((targetMs * this.size) / Math.max(1, waiting));
    return Math.max(Math.min(this.minMs, askedMs), Math.min(askedMs, fair));
  }

  private budgeted(request: AiRequest, waiting: number, targetMs: number): AiRequest {
    if (request.kind === 'review' || (request.kind === 'choose' && request.level !== 'hard')) return request;
    const timeMs = this.budgetFor(request.opts.timeMs ?? DEFAULT_TIME_MS, waiting, targetMs);
    return { ...request, opts: { ...request.opts, timeMs } };
  }

  private idleSlot(): Slot | undefined {
    const idle = this.slots.find((s) => s.job === null);
    if (idle || this.slots.length >= this.size) return idle;
    const slot = this.spawn();
    this.slots.push(slot);
    return slot;
  }

  private remove(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
  }

  /**
   * A worker with no job after the queue was served: it stops unless a job comes within
   * idleMs, or within BUSY_IDLE_MS while the process has no time to spare.
   */
  private stopWhenIdle(slot: Slot): void {
    if (slot.job || this.closed || !this.slots.includes(slot)) return;
    const since = performance.now();
    const waitUpTo = (ms: number): void => {
      slot.idle = setTimeout(check, Math.min(ms, BUSY_IDLE_MS));
      slot.idle.unref();
    };
    const check = (): void => {
      const left = this.idleMs - (performance.now() - since);
      if (left > 0 && this.spareLately()) return waitUpTo(left);
      this.remove(slot);
      // What the worker's thread freed stays with the process until trimmed.
      void slot.worker.terminate().then(giveBackMemory);
    };
    waitUpTo(this.idleMs);
  }

  private spawn(): Slot {
    const slot: Slot = { worker: startWorker(import.meta.url, 'worker'), job: null, idle: null };
    slot.worker.unref();
    slot.worker.on('message', (reply: AiReply) => {
      const job = slot.job;
      slot.job = null;
      slot.worker.unref();
      if (job && job.request.id === reply.id) job.resolve(reply);
      this.dispatch();
      this.stopWhenIdle(slot);
    });
    // A worker that dies fails its job only; the next job gets a fresh worker.
    const fail = (why: string): void => {
      const job = slot.job;
      slot.job = null;
      this.remove(slot);
      job?.resolve({ id: job.request.id, ok: false, error: why });
      if (!this.closed) this.dispatch();
    };
    slot.worker.on('error', (err) => fail(err.message));
    slot.worker.on('exit', (code) => fail(`worker exited with code ${code}`));
    return slot;
  }
}

/** The thinking time a request carries (null: not a timed job). */
function timeOf(request: AiRequest): number | null {
  if (request.kind === 'review' || (request.kind === 'choose' && request.level !== 'hard')) return null;
  return request.opts.timeMs ?? DEFAULT_TIME_MS;
}
