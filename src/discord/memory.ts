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
