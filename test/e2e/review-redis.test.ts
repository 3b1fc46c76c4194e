/**
 * The review kept in Redis: a 2-player game played to the end with the bot on Redis;
 * the player presses Review, then the full move list, read from the review Redis
 * keeps with the table; after a restart the list reads the same from Redis, and
 * nothing is computed again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { startRedis, type RedisServer } from '../store/redis-server.js';
import { launch, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';

let redis: RedisServer;
let world: World;
let env: Record<string, string>;

beforeAll(async () => {
  redis = await startRedis();
  env = { AI_HARD_MS: '250', REDIS_URL: redis.url };
  world = await launch(FAST_THREADS, env);
});

afterAll(async () => {
  await world?.close();
  await redis?.stop();
});

it('opens the full move list from the review kept in Redis, before and after a restart', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
  const final = await playToEnd(discord, threadId);
  const review = await (await discord.click(final, final.button(/Review/).customId!, 'alice')).reply(30_000);
  const listId = review.button(/Full move list/).customId!;
  const list = await (await discord.click(review, listId, 'alice')).reply(10_000);
  expect(list.content).toMatch(/\*\*Move by move\*\* \(page 1 of 1\)/);
  expect(list.content).toMatch(/`14` /);

  // Kept in Redis, not in the data directory.
  const store = await openStore({ redisUrl: redis.url });
  try {
    const loaded = await store.get(threadId);
    expect(
      loaded.kind === 'found' && loaded.table.status === 'finished' && Object.keys(loaded.table.reviews ?? {}),
    ).toEqual(['1:0']);
  } finally {
    await store.close();
  }

  expect(world.bot.stdout + world.bot.stderr).toMatch(/game reviewed/);
  await world.restart(env);
  const again = await (await discord.click(review, listId, 'alice')).reply(10_000);
  expect(again.content).toBe(list.content);
  // The restarted bot read it: it reviewed nothing.
  expect(world.bot.stdout + world.bot.stderr).not.toMatch(/game reviewed/);
  await discord.assertClean();
}, 120_000);
