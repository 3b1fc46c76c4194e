/**
 * A thread worth reading: a run of computer moves is posted as one board, which
 * tells every move of the run, so a one-human game against three computer players
 * shows about one picture per human turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_THREADS, launch, playToEnd, startTable, type World, WHOLE_GAME_MS } from './harness.js';

/** The moves a post tells: one sentence each ("Ana placed #23 ... and took #41."). */
const movesTold = (content: string): number =>
  (content.match(/ (placed #\d+|took #\d+|could not fit #\d+)/g) ?? []).length;

describe('the thread of a one-human game', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    'against three computer players: one picture per human turn, the computer moves told together',
    { timeout: WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 3, 'ai-level': 'easy' });
      await playToEnd(discord, threadId);
      const posts = discord.messages(threadId);
      const pictures = posts.reduce((sum, m) => sum + m.pngs().length, 0);
      // 13 boards (one per turn of Alice's), the score sheet; it was 52 with a board per move.
      expect(pictures).toBeLessThanOrEqual(16);
      // The board after Alice's move and the three computer moves tells all four.
      expect(posts.some((m) => movesTold(m.content) >= 4)).toBe(true);
    },
  );
});
