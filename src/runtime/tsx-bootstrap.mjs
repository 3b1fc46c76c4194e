// Entry of a worker thread whose real script is TypeScript (tests, the arena, the
// benchmarks, all under tsx; the bot itself runs compiled): registers tsx in this
// thread, then imports the script. Node 20 ignores `--import tsx` in a worker's
// execArgv, hence this file. tsx's ESM loader, not its require hook: the require
// hook compiles our modules to CommonJS, whose imported bindings are getters, and
// the hard player's playouts ran 10 to 15 times slower through them. The loader
// costs a thread of its own (one more V8 isolate per worker), which only the
// development tools pay.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
