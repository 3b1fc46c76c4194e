/**
 * The pictures of every move drawn off the bot's main thread. Drawing and encoding
 * a board is most of a move's work on the main thread, which also answers every
 * click: under load, one thread drawing everything is what made answers late while
 * the other cores idled. Here worker threads draw, one picture each at a time, the
 * pictures waiting their turn in order; so the pictures in memory at once are as
 * many as the workers, whatever the number of games.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Candidate, DynastyState, GameState } from '../game/index.js';
import { currentLocale, type Locale } from '../i18n/index.js';
import type { PreviewOptions, Replay, ReviewPicture, Shown, TableOptions } from './index.js';
import type { StandingsView } from './standings.js';
import { startWorker } from '../runtime/spawn.js';
import { giveBackMemory, giveBackMemoryOnceIdle } from '../runtime/memory.js';

/** A picture to draw, and what it is drawn from. */
export type Picture =
  | { readonly picture: 'table'; readonly state: GameState; readonly opts: TableOptions }
  | {
      readonly picture: 'preview';
      readonly state: GameState;
      readonly candidate: Candidate | null;
      readonly opts: PreviewOptions;
    }
  | { readonly picture: 'scoreSheet'; readonly state: GameState }
  | { readonly picture: 'dynastySheet'; readonly dynasty: DynastyState }
  | { readonly picture: 'left'; readonly state: GameState }
  | { readonly picture: 'standings'; readonly view: StandingsView }
  | { readonly picture: 'reviewMove'; readonly review: ReviewPicture }
  /** A finished game's animated GIF, from its record (the bytes are the GIF's). */
  | {
      readonly picture: 'replay';
      readonly record: unknown;
      readonly opts: ReplayRequest;
    };

/** How a replay is asked for: its Dynasty, its scale, and a caption per frame. */
export interface ReplayRequest {
  readonly dynasty: DynastyState | null;
  readonly scale: number;
  readonly captions?: readonly string[];
}

/** A picture as a worker is asked for it: numbered, in the asker's locale. */
export type RenderRequest = Picture & { readonly id: number; readonly locale: Locale };

/** What a replay is besides its bytes. */
export type ReplayFacts = Omit<Replay, 'gif'>;

export type RenderReply =
  | {
      readonly id: number;
      readonly ok: true;
      readonly png: Uint8Array;
      readonly alt?: string;
      readonly replay?: ReplayFacts;
    }
  | { readonly id: number; readonly ok: false; readonly error: string };

/** A worker's picture: its bytes, its description when it has one, and for a replay what it is. */
export interface Drawn {
  readonly bytes: Buffer;
  readonly alt?: string;
  readonly replay?: ReplayFacts;
}

interface Job {
  readonly request: RenderRequest;
  /** performance.now() when it was asked for. */
  readonly askedAt: number;
  resolve(drawn: Drawn): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
  /** performance.now() when its picture was handed to it. */
  since: number;
  /** Set while the worker has nothing to draw: it stops when this fires. */
  idle: NodeJS.Timeout | null;
}

/** A picture drawn: when it was done, and how long its worker spent on it (ms). */
interface Done {
  readonly at: number;
  readonly ms: number;
}

/**
 * A worker left with nothing to draw for this long stops, and gives back its memory
 * (its caches, canvases and heap: tens of MB each); the next picture starts one
 * again (about half a second).
 */
export const RENDER_IDLE_MS = 60_000;
/**
 * Pictures wait at least this long for the workers running before another one starts
 * (and then only under a lasting load, RENDER_GROW_BUSY, or a backlog, RENDER_BACKLOG_MS).
 */
export const RENDER_GROW_AFTER_MS = 100;
/**
 * Another worker starts once the workers running have been busy this share of a whole
 * window (RENDER_BUSY_WINDOW_MS) and a picture waits. A picture worker costs 60 MB as
 * it starts and 70 to 100 more once it has drawn a few hundred pictures (Skia and its
 * allocator, glibc's arena, its heap), and one draws about 60 tables and previews a
 * second: 200 games at a human pace keep one about half busy. Started at the first
 * picture that waited 100 ms (a few moves at once), a second worker then shared the work
 * and never went idle. Measured at 200 games (docs/performance.md): the bot's peak 510
 * to 533 MB with two workers, 377 to 427 with one, 464 in a run where a burst still
 * started the second for a while; a board's p99 100 to 168 ms before, 109 to 195 after.
 * A burst is drawn by the first worker in well under the half second another takes to
 * start; a lasting load (40 games clicking as fast as answers come) starts the second
 * within a few seconds.
 */
export const RENDER_GROW_BUSY = 0.9;
/**
 * A worker beyond the first stops once a whole window's pictures would have kept one
 * worker fewer at most this busy: the load has gone (or was a burst), the others do it.
 * Below RENDER_GROW_BUSY, so that a load between the two neither starts nor stops one.
 */
export const RENDER_SHRINK_BUSY = 0.5;
/** The window the workers' busy share is measured over. */
export const RENDER_BUSY_WINDOW_MS = 2000;
/**
 * While pictures are drawn, the C heap's free pages go back to the system this often
 * (malloc_trim: about 1 ms of the main thread on a bot in use). glibc hands back only
 * the free memory at the top of each arena on its own; what the pictures free between
 * pages still in use stays resident until trimmed, 7 to 20 MB in a bot in use.
 */
export const RENDER_TRIM_EVERY_MS = 10_000;
/** A picture waiting this long starts another worker whatever the window says (its board is that late). */
export const RENDER_BACKLOG_MS = 400;
/**
 * A worker's young generation: a picture's garbage is its PNG and a few small
 * objects (its pixels are the canvas's, outside the heap), so V8's default, 32 MB
 * a worker, is mostly slack; with 8 MB the heap is half as big, for the same CPU.
 */
const RENDER_YOUNG_MB = 8;

/** How long the pool waits before it grows or shrinks (ms); tests make them short. */
export interface PoolTimings {
  /** A worker with nothing to draw for this long stops. */
  readonly idleMs: number;
  readonly growAfterMs: number;
  readonly backlogMs: number;
  readonly windowMs: number;
}

const TIMINGS: PoolTimings = {
  idleMs: RENDER_IDLE_MS,
  growAfterMs: RENDER_GROW_AFTER_MS,
  backlogMs: RENDER_BACKLOG_MS,
  windowMs: RENDER_BUSY_WINDOW_MS,
};

export class RenderPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #growTimer: NodeJS.Timeout | null = null;
  readonly #timings: PoolTimings;
  /** The pictures done within the last window, oldest first, and their workers' time together. */
  readonly #done: Done[] = [];
  #doneMs = 0;
  /** When the number of workers last changed: the window's share means something a window later. */
  #resizedAt = 0;
  #trimmedAt = 0;

  /** Workers: up to one per core (the main thread mostly waits on the network meanwhile), the first at once. */
  constructor(
    private size: number = availableParallelism(),
    timings: Partial<PoolTimings> = {},
  ) {
    this.#timings = { ...TIMINGS, ...timings };
  }

  /** At most this many workers from now on (those running beyond it stop once their picture is drawn). */
  resize(size: number): void {
    this.size = Math.max(1, size);
  }

  /** The PNG of a picture, drawn in the caller's locale. */
  async render(picture: Picture): Promise<Buffer> {
    return (await this.draw(picture)).bytes;
  }

  /** The PNG of a picture and its description, in the caller's locale. */
  async show(picture: Picture): Promise<Shown> {
    const { bytes, alt } = await this.draw(picture);
    if (alt === undefined) throw new Error(`the picture worker described no ${picture.picture}`);
    return { png: bytes, alt };
  }

  /** A finished game's replay (rejects when its record cannot be replayed). */
  async replay(record: unknown, opts: ReplayRequest): Promise<Replay> {
    const { bytes, replay } = await this.draw({ picture: 'replay', record, opts });
    if (!replay) throw new Error('the picture worker drew no replay');
    return { ...replay, gif: bytes };
  }

  draw(picture: Picture): Promise<Drawn> {
    return new Promise((resolve, reject) => {
      const request: RenderRequest = { ...picture, id: this.#nextId++, locale: currentLocale() };
      this.#queue.push({ request, askedAt: performance.now(), resolve, reject });
      this.#pump();
    });
  }

  /** Pictures waiting for a worker now. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Workers running now. */
  get workers(): number {
    return this.#slots.length;
  }

  #pump(): void {
    for (;;) {
      const slot = this.#queue.length > 0 ? this.#freeSlot() : undefined;
      const job = slot ? this.#queue.shift() : undefined;
      if (!slot || !job) break;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      slot.job = job;
      slot.since = performance.now();
      slot.worker.postMessage(job.request);
    }
    this.#growLater();
  }

  /** An idle worker (the longest running first), else a new one: the first at once, more under a lasting load. */
  #freeSlot(): Slot | undefined {
    const idle = this.#slots.find((s) => s.job === null);
    if (idle || this.#slots.length >= this.size) return idle;
    if (this.#slots.length > 0 && !this.#shortOfWorkers()) return undefined;
    const slot = this.#spawn();
    this.#slots.push(slot);
    this.#resizedAt = performance.now();
    return slot;
  }

  /** Pictures wait, and either late enough that a board is late, or after a window that kept the workers busy. */
  #shortOfWorkers(): boolean {
    const now = performance.now();
    const waited = now - (this.#queue[0]?.askedAt ?? now);
    if (waited >= this.#timings.backlogMs) return true;
    const busy = this.#drawing(now) / this.#slots.length;
    return waited >= this.#timings.growAfterMs && this.#measured(now) && busy >= RENDER_GROW_BUSY;
  }

  /** A worker beyond the first, with nothing waiting, whose last window's pictures one worker fewer would have drawn at ease. */
  #spare(slot: Slot): boolean {
    const now = performance.now();
    const others = this.#slots.length - 1;
    if (others < 1 || slot === this.#slots[0] || this.#queue.length > 0 || !this.#measured(now)) return false;
    return this.#drawing(now) <= RENDER_SHRINK_BUSY * others;
  }

  /** The workers running now have run (as many) for a whole window. */
  #measured(now: number): boolean {
    return now - this.#resizedAt >= this.#timings.windowMs;
  }

  /** The workers' drawing over the last window, in workers kept busy all through it (0 to the workers running). */
  #drawing(now: number): number {
    this.#forget(now);
    return this.#doneMs / this.#timings.windowMs;
  }

  /** A picture drawn, kept for a window (the older ones dropped, so the record stays a window long). */
  #record(done: Done): void {
    this.#done.push(done);
    this.#doneMs += done.ms;
    this.#forget(done.at);
  }

  #forget(now: number): void {
    const from = now - this.#timings.windowMs;
    while (this.#done.length > 0 && this.#done[0]!.at < from) this.#doneMs -= this.#done.shift()!.ms;
  }

  /** Pictures still waiting: look again when the oldest has waited long enough for another worker. */
  #growLater(): void {
    const oldest = this.#queue[0];
    if (this.#growTimer || !oldest || this.#slots.length >= this.size) return;
    const now = performance.now();
    const { growAfterMs, backlogMs } = this.#timings;
    const next = [oldest.askedAt + growAfterMs, oldest.askedAt + backlogMs].find((at) => at > now) ?? now;
    this.#growTimer = setTimeout(() => {
      this.#growTimer = null;
      this.#pump();
    }, next - now);
    this.#growTimer.unref();
  }

  /** A worker's picture is done: it waits for the next one, or stops if the pool has shrunk or the load has gone. */
  #release(slot: Slot): void {
    slot.job = null;
    const now = performance.now();
    this.#record({ at: now, ms: now - slot.since });
    if (now - this.#trimmedAt >= RENDER_TRIM_EVERY_MS) {
      this.#trimmedAt = now;
      giveBackMemory();
    }
    if (this.#slots.length > this.size || this.#spare(slot)) return this.#stop(slot);
    slot.idle = setTimeout(() => this.#stop(slot), this.#timings.idleMs);
    slot.idle.unref();
  }

  /** A worker stops, and the memory it freed goes back to the system. */
  #stop(slot: Slot): void {
    this.#remove(slot);
    void slot.worker.terminate().then(() => {
      if (this.#slots.length === 0) giveBackMemoryOnceIdle(() => this.#slots.length === 0);
      else giveBackMemory();
    });
  }

  #remove(slot: Slot): void {
    if (slot.idle) clearTimeout(slot.idle);
    const at = this.#slots.indexOf(slot);
    if (at >= 0) this.#slots.splice(at, 1);
    this.#resizedAt = performance.now();
  }

  #spawn(): Slot {
    const slot: Slot = {
      worker: startWorker(import.meta.url, 'worker', {
        resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_MB },
      }),
      job: null,
      since: 0,
      idle: null,
    };
    // Idle workers do not keep the process alive.
    slot.worker.unref();
    slot.worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      this.#release(slot);
      if (job && reply.id === job.request.id) {
        if (reply.ok) {
          const bytes = Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength);
          job.resolve({ bytes, alt: reply.alt, replay: reply.replay });
        } else job.reject(new Error(`drawing a picture failed: ${reply.error}`));
      }
      this.#pump();
    });
    // A worker that dies fails its picture (the post is retried by the outbox) and is replaced by the next one.
    const lost = (error: Error) => {
      this.#remove(slot);
      slot.job?.reject(error);
      slot.job = null;
      this.#pump();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => {
      if (this.#slots.includes(slot)) lost(new Error(`the picture worker stopped (exit code ${code})`));
    });
    return slot;
  }
}

/** The process's pool: the pictures of every game share its workers. */
const pool = new RenderPool();

/** The process's picture workers: one per core it is given (config.cores). */
export function usePictureWorkers(cores: number): void {
  pool.resize(cores);
}

/** Pictures waiting for a worker now (the process is behind on its pictures). */
export function picturesWaiting(): number {
  return pool.waiting;
}

/** The table after a move: the draft lines, every kingdom, whose turn it is. */
export function showTable(state: GameState, opts: TableOptions = {}): Promise<Shown> {
  return pool.show({ picture: 'table', state, opts });
}

/** The kingdom of the player who must place now, with the domino in hand tried at `candidate`. */
export function showPreview(state: GameState, candidate: Candidate | null, opts: PreviewOptions = {}): Promise<Shown> {
  return pool.show({ picture: 'preview', state, candidate, opts });
}

/** Every kingdom with its score arithmetic, the winner and the tie-break. */
export function showScoreSheet(state: GameState): Promise<Shown> {
  return pool.show({ picture: 'scoreSheet', state });
}

/** Dynasty: every game's score per player, the totals and the winner. */
export function showDynastySheet(dynasty: DynastyState): Promise<Shown> {
  return pool.show({ picture: 'dynastySheet', dynasty });
}

/** What is left to come: the dominoes not yet seen and their squares and crowns per terrain. */
export function showLeft(state: GameState): Promise<Shown> {
  return pool.show({ picture: 'left', state });
}

/** A league's standings, in the words of `view`. */
export function showStandings(view: StandingsView): Promise<Shown> {
  return pool.show({ picture: 'standings', view });
}

/** A finished game as an animated GIF, drawn by a picture worker (rejects when its record cannot be replayed). */
export function renderReplay(record: unknown, opts: ReplayRequest): Promise<Replay> {
  return pool.replay(record, opts);
}

/** A reviewed move: the kingdom with the move played and the best one, and the points lost. */
export function renderReviewMove(review: ReviewPicture): Promise<Buffer> {
  return pool.render({ picture: 'reviewMove', review });
}
