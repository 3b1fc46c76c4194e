import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { giveBackMemory, giveBackMemoryOnceIdle, BOT_V8_OPTIONS } from '../../src/runtime/memory.js';
import { BOT_ENTRY, nodeArgs } from '../fake-discord/bot-process.js';

const here = dirname(fileURLToPath(import.meta.url));

const MB = 1 << 20;
const rssMb = () => process.memoryUsage.rss() / MB;

/**
 * A worker thread fills its malloc arena with buffers of 64 KB (below glibc's mmap
 * threshold, so from the arena, as a picture worker's canvases and deflate buffers
 * are) and keeps every other one until it stops: the freed half is scattered between
 * pages in use, which glibc keeps for the process on its own.
 */
async function workerThatLeavesFreedMemory(mb: number): Promise<void> {
  const worker = new Worker(
    `const kept = [];
     for (let i = 0; i < ${mb * 16}; i++) { const b = new Uint8Array(64 * 1024).fill(1); if (i % 2) kept.push(b); }
     require('node:worker_threads').parentPort.postMessage(kept.length);`,
    { eval: true },
  );
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();
}

it.runIf(process.platform === 'linux')('memory a stopped worker freed goes back to the system', async () => {
  const before = rssMb();
  await workerThatLeavesFreedMemory(200);
  // Without the trim, the process keeps tens of MB of it.
  expect(rssMb() - before).toBeGreaterThan(40);
  giveBackMemory();
  expect(rssMb() - before).toBeLessThan(15);
});

it.runIf(process.platform === 'linux')(
  "memory of the last moves' garbage goes back to the system once the process is idle",
  async () => {
    // Buffers of 64 KB from this thread's arena, every other one dead (as the PNGs of the last uploads are).
    const live: Uint8Array[] = [];
    const dead: Uint8Array[] = [];
    for (let i = 0; i < 3200; i++) (i % 2 ? live : dead).push(new Uint8Array(64 * 1024).fill(1));
    dead.length = 0;
    const before = rssMb();
    giveBackMemoryOnceIdle(() => true);
    // 100 MB of garbage scattered between live buffers: uncollected, or collected but not trimmed after, it stays.
    await vi.waitFor(() => expect(before - rssMb()).toBeGreaterThan(60), { timeout: 10_000, interval: 200 });
    expect(live).toHaveLength(1600);
  },
);

it('the garbage of the last moves is collected once the process is idle, though it allocates nothing', async () => {
  const garbage = new WeakRef({ png: new Uint8Array(200 * 1024) });
  // A weak reference holds its object to the end of the current task.
  await new Promise(setImmediate);
  giveBackMemoryOnceIdle(() => false);
  await new Promise(setImmediate);
  expect(garbage.deref()).toBeUndefined();
});

/** A script of test/runtime run in a process of its own, as the bot is run (its V8 options); throws when it fails. */
function runChild(file: string, args: readonly string[] = [], env = process.env): { stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [...nodeArgs(join(here, file)), ...args], { encoding: 'utf8', env });
  if (run.status !== 0) throw new Error(`child failed (${run.status}): ${run.stderr}`);
  return run;
}

it("a picture's pixels, outside the heap, are freed by a young collection as soon as they are dead", () => {
  const { stdout } = runChild('young.child.ts');
  const { held, left } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { held: number; left: number };
  expect(held).toBeGreaterThan(2_000_000);
  expect(left).toBeLessThan(100_000);
});

describe.runIf(process.platform === 'linux')('the allocators of a bot that draws in worker threads', () => {
  /** This environment without the allocator setting an operator may give. */
  function withoutAllocatorSettings(): NodeJS.ProcessEnv {
    const { MALLOC_ARENA_MAX: _arenas, ...env } = process.env;
    return env;
  }

  /** Arenas before and after the child's eight workers allocated. */
  function child(...args: string[]): { before: number; after: number } {
    const { stderr } = runChild('arenas.child.ts', args, withoutAllocatorSettings());
    const [before, after] = stderr.split('-- workers').map((part) => part.match(/^Arena \d+:/gm)?.length ?? 0);
    return { before: before!, after: after! };
  }

  it('give the threads started since no arenas of their own', () => {
    const untuned = child();
    // On their own, eight threads that allocate make an arena each (up to 8 per core).
    expect(untuned.after - untuned.before).toBeGreaterThanOrEqual(
      Math.min(8, 8 * availableParallelism() - untuned.before),
    );
    const tuned = child('tuned');
    expect(tuned.after).toBe(tuned.before);
  });
});

it("npm start and the tests' bot give node the bot's V8 options", () => {
  const scripts = (
    JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  expect(scripts.start).toBe(['node', ...BOT_V8_OPTIONS, BOT_ENTRY].join(' '));
  expect(nodeArgs(BOT_ENTRY)).toEqual([...BOT_V8_OPTIONS, BOT_ENTRY]);
});
