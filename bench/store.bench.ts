/**
 * Store speed and size:
 *   store.sqlite.update_us_p50 / store.redis.update_us_p50: one update() (load,
 *     change the game to another mid-game state, save with compare-and-set) of a
 *     4-player table;
 *   store.game_bytes: the stored size of a finished 4-player table.
 *   npm run bench -- store
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keep, openStore, save, type StoreConfig } from '../src/store/index.js';
import type { Table } from '../src/table/index.js';
import { encodeTable } from '../src/store/schema.js';
import { finished, humans, lobby, newGame, play, playing } from '../test/store/fixtures.js';
import { startRedis } from '../test/store/redis-server.js';

const WARMUP = 200;
const ROUNDS = 2000;
const seats = humans('u1', 'u2', 'u3', 'u4');
const start = newGame(seats, 'bench');
/** Forty consecutive mid-game states (moves 30 to 69): each update moves the game to the next one. */
const midGame = Array.from({ length: 40 }, (_, i) => play(start, 30 + i));

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function updateMicros(config: StoreConfig): Promise<number> {
  const store = await openStore(config);
  await store.create('bench', playing(lobby('bench', seats), midGame[0]!));
  const times: number[] = [];
  for (let i = 1; i <= WARMUP + ROUNDS; i++) {
    const game = midGame[i % midGame.length]!;
    const t0 = performance.now();
    await store.update('bench', (t) => (t.status === 'playing' ? save({ ...t, game }) : keep()));
    if (i > WARMUP) times.push((performance.now() - t0) * 1000);
  }
  await store.close();
  return p50(times);
}

const dir = mkdtempSync(join(tmpdir(), 'kd-store-bench-'));
try {
  console.log(
    `store.sqlite.update_us_p50: ${(await updateMicros({ sqliteFile: join(dir, 'bench.sqlite') })).toFixed(0)} us`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const redis = await startRedis();
try {
  console.log(`store.redis.update_us_p50: ${(await updateMicros({ redisUrl: redis.url })).toFixed(0)} us`);
} finally {
  await redis.stop();
}

const stored = encodeTable({
  ...finished(lobby('bench', seats), play(start)),
  version: 100,
  updatedAt: Date.now(),
} as Table);
console.log(`store.game_bytes: ${Buffer.byteLength(stored)} bytes`);
