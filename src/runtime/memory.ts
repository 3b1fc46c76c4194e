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

type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

/** malloc_trim from the C library, or null where there is none (musl, macOS, Windows). */
function mallocTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  if (process.platform !== 'linux') return trim;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    // No glibc (musl) or no FFI binary for this machine: the memory stays with the process.
  }
  return trim;
}

/** Hands the C heap's free pages back to the system (a few ms, so only when the process is idle). */
export function giveBackMemory(): void {
  mallocTrim()?.(0);
}

/**
 * How long after a full collection its freed buffers are back with malloc: V8 frees
 * the memory of dead ArrayBuffers on a thread of its own once the collection is over
 * (measured: right after it, a fifth of them; a second later, all).
 */
const SWEPT_MS = 1000;

let collector: (() => void) | undefined;

/**
 * A full garbage collection of this thread. V8 collects when memory is allocated,
 * and an idle bot allocates next to nothing: the garbage of the last moves (the
 * buffers of their uploads, a PNG each) waited for the next load, holding 50 to
 * 130 MB. Node gives its `gc` only to a process started with --expose-gc; the flag
 * can be set at run time and the function taken from a new context.
 */
function collectGarbage(): void {
  if (!collector) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  collector();
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
