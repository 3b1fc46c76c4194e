/**
 * Memory given back to the system once a load has passed. The pictures are drawn in
 * worker threads, and glibc's malloc keeps an arena per thread: what a worker freed
 * (canvases, deflate buffers, PNGs) stays in the process's resident memory after the
 * worker has stopped, scattered between pages still in use, so a bot that had 200
 * games at once kept 650 MB long after they ended instead of the 200 MB it started
 * with. glibc's malloc_trim hands every free page of every arena back; Node does not
 * expose it, so it is called through koffi (a maintained FFI library with prebuilt
 * binaries, no compiler needed). Elsewhere than Linux with glibc it does nothing.
 */
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

interface Glibc {
  readonly malloc_trim: (pad: number) => number;
  readonly mallopt: (param: number, value: number) => number;
}

let glibc: Glibc | null | undefined;

/** glibc's malloc functions, or null where there are none (musl, macOS, Windows). */
function mallocOf(): Glibc | null {
  if (glibc !== undefined) return glibc;
  glibc = null;
  if (process.platform !== 'linux') return glibc;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    glibc = {
      malloc_trim: libc.func('int malloc_trim(size_t pad)') as Glibc['malloc_trim'],
      mallopt: libc.func('int mallopt(int param, int value)') as Glibc['mallopt'],
    };
  } catch {
    // No glibc (musl) or no FFI binary for this machine: the memory stays with the process.
  }
  return glibc;
}

/** Hands the C heap's free pages back to the system (a few ms, so only when the process is idle). */
export function giveBackMemory(): void {
  mallocOf()?.malloc_trim(0);
}

/**
 * V8's options for the bot's process, given to node wherever the bot starts (npm start
 * in package.json, each shard's process in shard.ts, the tests' and benchmarks' bot in
 * test/fake-discord/bot-process.ts; test/runtime/memory.test.ts checks that they
 * agree): they size the main isolate as it is made and set how every isolate collects,
 * so the bot cannot set them itself.
 * - Semi-spaces of 2 MB for the main thread: V8 grows the young generation of a busy
 *   thread to 16 MB a semi-space, and the main thread's garbage (requests, answers,
 *   uploads) then waits longer, in more pages, between collections. Measured at 400
 *   games, twice (docs/performance.md): a bot in use 290 and 282 MB instead of 339 and
 *   342, for 2% more CPU a move (21.8 ms against 21.4).
 * - Garbage collected by the thread whose garbage it is: by default V8 spreads every
 *   collection over four helper threads, which on a machine whose cores the picture
 *   workers keep busy cost more CPU than they save (helpers 2.7 ms of a move's 19.6 at
 *   400 games, a collection's own thread 0.4 ms more without them). Measured at 400
 *   games, three pairs in one lock (docs/performance.md): 17.7, 19.0, 16.7 ms a move
 *   instead of 19.6-19.9, 20.8, 18.8; the board's p99 0.5-0.9 s instead of 0.9-1.2.
 * - A full collection once the old generation is half as big again as what the last
 *   one left alive: V8 lets a busy thread's heap grow to up to four times that, and at
 *   400 games the main thread's heap grew from 39 MB to 88 at the peak, of which 41 MB
 *   alive. Measured at 400 games in one lock (docs/performance.md): the peak 386-399 MB
 *   instead of 410-452, for no more CPU a move (15.9 ms on average against 16.3).
 */
export const BOT_V8_OPTIONS: readonly string[] = [
  '--max-semi-space-size=2',
  '--single-threaded-gc',
  '--heap-growing-percent=50',
];

/** mallopt's parameter for the most arenas glibc's malloc keeps (malloc.h). */
const M_ARENA_MAX = -8;
/**
 * Arenas for the whole process. glibc gives each thread that allocates an arena of
 * its own (up to 8 per core), and a picture worker's arena keeps what it freed between
 * the pages still in use; with two, the threads share their free pages.
 */
const ARENAS = 2;

/**
 * glibc's allocator set for a bot that draws in worker threads, before its first
 * worker starts (left as the environment says, when it says): at most ARENAS arenas.
 * Measured at 400 games (docs/performance.md, same code and hour, with Skia's pages
 * then handed back at once): a bot in use 313 MB instead of 378, the peak 583 instead
 * of 658, for the same CPU a move (24.8 and 25.4 ms). Skia's allocator (mimalloc) keeps
 * its own delay (10 ms) before it hands freed pages back: each picture's pixels are
 * freed as soon as it is written (collectYoungGarbage), and the next picture takes
 * the same pages rather than faulting new ones in.
 */
export function tuneAllocators(): void {
  if (!process.env.MALLOC_ARENA_MAX) mallocOf()?.mallopt(M_ARENA_MAX, ARENAS);
}

/**
 * How long after a full collection its freed buffers are back with malloc: V8 frees
 * the memory of dead ArrayBuffers on a thread of its own once the collection is over
 * (measured: right after it, a fifth of them; a second later, all).
 */
const SWEPT_MS = 1000;

let collector: ((options?: { readonly type: 'major' | 'minor' }) => void) | undefined;

/**
 * This thread's garbage collector. Node gives its `gc` only to a process started with
 * --expose-gc; the flag can be set at run time and the function taken from a new context.
 */
function garbageCollector(): NonNullable<typeof collector> {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as NonNullable<typeof collector>;
  }
  return collector;
}

/**
 * A full garbage collection of this thread. V8 collects when memory is allocated,
 * and an idle bot allocates next to nothing: the garbage of the last moves (the
 * buffers of their uploads, a PNG each) waited for the next load, holding 50 to
 * 130 MB.
 */
function collectGarbage(): void {
  garbageCollector()();
}

/**
 * A collection of this thread's young generation (a scavenge: it costs what is still
 * alive, next to nothing between two pictures). A picture's pixels are read into a
 * buffer of their own outside the heap (2.4 MB for a table: the canvas copies them),
 * dead once its PNG is written, but freed only when V8 collects, and a picture worker
 * allocates so little on its heap that the buffers of 20 pictures and more waited,
 * each faulted in anew. Collected after each picture, the next one reuses its pages.
 */
export function collectYoungGarbage(): void {
  garbageCollector()({ type: 'minor' });
}

/**
 * Once the process is idle (the picture workers stopped): its garbage collected and
 * every free page given back, now and once the collector's freeing is over, unless
 * the process is busy again by then.
 */
export function giveBackMemoryOnceIdle(stillIdle: () => boolean): void {
  collectGarbage();
  giveBackMemory();
  setTimeout(() => {
    if (stillIdle()) giveBackMemory();
  }, SWEPT_MS).unref();
}
