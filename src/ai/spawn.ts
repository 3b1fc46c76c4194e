/**
 * Starting a worker thread from a module of this project, whether the app runs
 * compiled JavaScript or TypeScript under tsx (npm start, vitest, the arena).
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker running the module `name` that sits beside `module` (the caller's
 * import.meta.url): `.ts` under tsx and vitest, `.js` when compiled. A .ts script
 * starts through a bootstrap that registers tsx first.
 */
export function startWorker(module: string, name: string, options: Pick<WorkerOptions, 'resourceLimits'> = {}): Worker {
  const script = new URL(`./${name}${module.endsWith('.ts') ? '.ts' : '.js'}`, module);
  if (!script.pathname.endsWith('.ts')) return new Worker(script, options);
  return new Worker(new URL('./tsx-bootstrap.cjs', import.meta.url), {
    ...options,
    workerData: { script: script.href },
  });
}
