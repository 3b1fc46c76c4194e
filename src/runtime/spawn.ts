/**
 * Starting a worker thread from a module of this project, whether it runs compiled
 * JavaScript (the bot: npm start) or TypeScript under tsx (tests, arena, benchmarks).
 */
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The old generation a worker's heap may reach before its first full collection,
 * kept as the floor of its limit. A picture allocates 3 to 7 MB outside the heap (its
 * pixels, read once, and its PNG), which V8 weighs against a limit it derives from
 * the heap (about 10 MB live in a picture worker): the picture workers ran a full
 * collection every 5 to 7 pictures, and marking took a fifth of the bot's CPU under
 * load. With 64 MB, one in hundreds of pictures, a table and a preview 16 ms of CPU
 * instead of 20 to 22. But what waits in the old generation for that collection holds
 * memory outside it too (buffers of pictures already sent): with 32 MB, at 200 games
 * (one picture worker) the bot's peak was 310 and 353 MB against 393 and 494 with 64,
 * for the same CPU a move (21.0 and 21.3 ms against 21.0 and 22.0); at 400 games,
 * where the workers are busy, 19.9 ms a move against 18.0 (docs/performance.md).
 * Node lets a worker set no such limit (resourceLimits has no initial
 * size): it is a V8 flag, process-wide, read by each isolate made after it is set,
 * so it is set here, as each worker of ours starts, and holds for all of them alike
 * (the main thread's isolate is already made).
 */
const WORKER_OLD_SPACE_MB = 32;

/**
 * A worker running the module `name` that sits beside `module` (the caller's
 * import.meta.url): `.ts` under tsx and vitest, `.js` when compiled. A .ts script
 * starts through a bootstrap that registers tsx's loader first.
 */
export function startWorker(module: string, name: string, options: Pick<WorkerOptions, 'resourceLimits'> = {}): Worker {
  setFlagsFromString(`--initial-old-space-size=${WORKER_OLD_SPACE_MB}`);
  const script = new URL(`./${name}${module.endsWith('.ts') ? '.ts' : '.js'}`, module);
  if (!script.pathname.endsWith('.ts')) return new Worker(script, options);
  return new Worker(new URL('./tsx-bootstrap.mjs', import.meta.url), {
    ...options,
    workerData: { script: script.href },
  });
}

/**
 * The names our worker threads give themselves, as `top -H`, `ps -T` and /proc show them
 * (every thread of a Node process is "node" otherwise); the load bench splits the bot's
 * CPU by them.
 */
export const THREAD_NAMES = { pictures: 'kd-pictures', ai: 'kd-ai' } as const;

/**
 * Names the calling thread as a worker of this kind (Linux: a thread may rename itself
 * through /proc, and sync file calls run on the calling thread). Elsewhere, or where /proc
 * is read-only, the thread keeps its name.
 */
export function nameThisThread(kind: keyof typeof THREAD_NAMES): void {
  if (process.platform !== 'linux') return;
  try {
    writeFileSync('/proc/thread-self/comm', THREAD_NAMES[kind]);
  } catch {
    // Not ours to insist on: the name only helps whoever reads the threads.
  }
}
