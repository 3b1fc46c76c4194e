// Entry of a worker thread whose real script is TypeScript (the app under tsx,
// vitest): registers tsx in this thread, then loads the script. Node 20 ignores
// `--import tsx` in a worker's execArgv, hence this file. tsx's require hook, not
// its ESM loader: the loader runs in a thread of its own, one more V8 isolate
// (about 20 MB) for every worker, and our modules need nothing only ESM gives
// (no top-level await).
const { workerData } = require('node:worker_threads');
const { fileURLToPath } = require('node:url');
const { register } = require('tsx/cjs/api');

register();
require(fileURLToPath(workerData.script));
