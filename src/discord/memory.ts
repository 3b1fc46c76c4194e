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
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

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

let afterCollection: PerformanceObserver | null = null;

/**
 * Gives the free pages back now, and again after the next full garbage collection
 * of this thread if the process is still idle then: the buffers of the last uploads
 * (a PNG each, on their way to Discord) are freed by the collector only then, and
 * without this they stayed with the process (320 MB kept after 200 games instead of
 * 200).
 */
export function giveBackMemoryOnceIdle(stillIdle: () => boolean): void {
  giveBackMemory();
  afterCollection?.disconnect();
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some(isFullCollection)) return;
    observer.disconnect();
    if (afterCollection === observer) afterCollection = null;
    setTimeout(() => {
      if (stillIdle()) giveBackMemory();
    }, SWEPT_MS).unref();
  });
  observer.observe({ entryTypes: ['gc'] });
  afterCollection = observer;
}

/** A "gc" entry of a full (mark-sweep-compact) collection: its detail names the kind. */
function isFullCollection(entry: PerformanceEntry & { readonly detail?: unknown }): boolean {
  return (entry.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
}
