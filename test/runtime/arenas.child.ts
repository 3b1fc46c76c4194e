/**
 * Run by memory.test.ts in a process of its own (glibc's settings are the process's):
 * with `tuneAllocators()` first when its argument says so, glibc's malloc_stats lists
 * the arenas (on stderr, "Arena n:" each), eight worker threads allocate from theirs,
 * a line "-- workers" goes to stderr and malloc_stats lists them again.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { tuneAllocators } from '../../src/runtime/memory.js';

const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
const mallocStats = koffi.load('libc.so.6').func('void malloc_stats(void)') as () => void;

if (process.argv[2] === 'tuned') tuneAllocators();
mallocStats();
const workers = Array.from(
  { length: 8 },
  () =>
    new Worker(
      `const kept = [];
       for (let i = 0; i < 64; i++) kept.push(new Uint8Array(64 * 1024).fill(1));
       require('node:worker_threads').parentPort.postMessage(kept.length);
       setTimeout(() => {}, 1000);`,
      { eval: true },
    ),
);
await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
process.stderr.write('-- workers\n');
mallocStats();
await Promise.all(workers.map((w) => w.terminate()));
