// Entry of a worker thread whose real script is TypeScript (the app under tsx,
// vitest): registers tsx's loader in this thread, then loads the script. Node 20
// ignores `--import tsx` in a worker's execArgv, hence this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
