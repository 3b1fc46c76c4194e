import { defineConfig } from 'vitest/config';

/**
 * The slow suite (`npm run test:slow`, which CI runs too): whole games at Discord's
 * pace, the fault campaign, restarts, shards, the walk through every language, whole
 * replays. The rest is `npm test`, kept within 3 minutes on a 2-core machine.
 */
const SLOW = [
  'test/e2e/faults.test.ts',
  'test/e2e/absent.test.ts',
  'test/e2e/games.test.ts',
  'test/e2e/archive.test.ts',
  'test/e2e/shards.test.ts',
  'test/e2e/stop.test.ts',
  'test/e2e/restart.test.ts',
  'test/e2e/replay.test.ts',
  // A review kept in Redis, read back after a restart (a game and a Redis server, about 15 s).
  'test/e2e/review-redis.test.ts',
  // Every private answer and public post walked in seven languages (about 35 s).
  'test/e2e/words.test.ts',
  // Whole games replayed as GIFs, frame by frame (about 20 s).
  'test/render/replay.test.ts',
  // The store shared by child processes, each started under tsx (about 20 s).
  'test/store/processes.test.ts',
  // The live board in Chromium: a whole game on three phones, a reload and a restart (about 30 s).
  'test/browser/board.test.ts',
];

const slow = process.env.TEST_SUITE === 'slow';

export default defineConfig({
  test: {
    include: slow ? SLOW : ['test/**/*.test.ts'],
    // Two files at a time on 2 cores (vitest would run one): npm test 2 min 45 s instead of 4.
    // The slow suite plays at Discord's pace, its files one at a time.
    maxWorkers: slow ? 1 : 2,
    exclude: slow ? [] : SLOW,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
