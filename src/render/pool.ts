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
  /** Set while the worker has nothing to draw: it stops when this fires. */
  idle: NodeJS.Timeout | null;
}

/**
 * A worker left with nothing to draw for this long stops, and gives back its memory
 * (its caches, canvases and heap: tens of MB each); the next picture starts one
 * again (about half a second).
 */
export const RENDER_IDLE_MS = 60_000;
/**
 * Pictures wait this long for the workers running before another one starts. A
 * picture worker costs 60 MB as it starts and about 150 MB once it has drawn a few
 * hundred pictures (Skia and its allocator, glibc's arena for its thread, its heap),
 * and one draws about 60 tables and previews a second: a server's evening of games
 * needs one, and only a load that keeps it busy starts the others.
 */
export const RENDER_GROW_AFTER_MS = 100;
/**
 * A worker's young generation: a picture's garbage is its PNG and a few small
 * objects (its pixels are the canvas's, outside the heap), so V8's default, 32 MB
 * a worker, is mostly slack; with 8 MB the heap is half as big, for the same CPU.
 */
const RENDER_YOUNG_MB = 8;

export class RenderPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #growTimer: NodeJS.Timeout | null = null;

  /** Workers: up to one per core (the main thread mostly waits on the network meanwhile), the first at once. */
  constructor(
    private size: number = availableParallelism(),
    private readonly idleMs: number = RENDER_IDLE_MS,
    private readonly growAfterMs: number = RENDER_GROW_AFTER_MS,
  ) {}

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
      slot.worker.postMessage(job.request);
    }
    this.#growLater();
  }

  /** An idle worker (the longest running first), else a new one: the first at once, more once pictures wait. */
  #freeSlot(): Slot | undefined {
    const idle = this.#slots.find((s) => s.job === null);
    if (idle || this.#slots.length >= this.size) return idle;
    const waited = performance.now() - (this.#queue[0]?.askedAt ?? 0);
    if (this.#slots.length > 0 && waited < this.growAfterMs) return undefined;
    const slot = this.#spawn();
    this.#slots.push(slot);
    return slot;
  }

  /** Pictures still waiting: look again when the oldest has waited long enough for another worker. */
  #growLater(): void {
    const oldest = this.#queue[0];
    if (this.#growTimer || !oldest || this.#slots.length >= this.size) return;
    this.#growTimer = setTimeout(
      () => {
        this.#growTimer = null;
        this.#pump();
      },
      Math.max(0, oldest.askedAt + this.growAfterMs - performance.now()),
    );
    this.#growTimer.unref();
  }

  /** A worker's picture is done: it waits for the next one, or stops if the pool has shrunk. */
  #release(slot: Slot): void {
    slot.job = null;
    if (this.#slots.length > this.size) return this.#stop(slot);
    slot.idle = setTimeout(() => this.#stop(slot), this.idleMs);
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
  }

  #spawn(): Slot {
    const slot: Slot = {
      worker: startWorker(import.meta.url, 'worker', {
        resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_MB },
      }),
      job: null,
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
