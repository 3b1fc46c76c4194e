/**
 * Starting a worker thread from a module of this project, whether the app runs
 * compiled JavaScript or TypeScript under tsx (npm start, vitest, the arena).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** A worker running `script` (a .ts file gets tsx's loader, resolved from here so any cwd works). */
export function startWorker(script: URL, workerData?: unknown): Worker {
  const execArgv = script.pathname.endsWith('.ts') ? ['--import', tsxLoaderUrl()] : [];
  return new Worker(script, { workerData, execArgv });
}

function tsxLoaderUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}
