/**
 * Starting a worker thread from a module of this project, whether the app runs
 * compiled JavaScript or TypeScript under tsx (npm start, vitest, the arena).
 */
import { Worker } from 'node:worker_threads';

/** A worker running `script`; a .ts script starts through a bootstrap that registers tsx first. */
export function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  return new Worker(new URL('./tsx-bootstrap.mjs', import.meta.url), { workerData: { script: script.href } });
}
