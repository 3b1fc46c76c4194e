/**
 * Webhooks share a limit per channel: about 30 messages a minute, every webhook and
 * interaction token together (429 with scope `shared`; the fake enforces it). A fast
 * game with computer seats posts more boards than that in its thread: the bot keeps
 * its follow-ups under the limit and posts the rest on the channel's route, so every
 * board shows once, in order, and no post waits for the limit to reset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDiscord, RequestRecord } from '../fake-discord/index.js';
import { launch, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';

const MINUTE_MS = 60_000;

/** The post's number the outbox names its pictures after (`table-7.png`). */
function postSeq(filename: string): number {
  const seq = /-(\d+)\.png$/.exec(filename)?.[1];
  if (seq === undefined) throw new Error(`a board picture not named after its post: ${filename}`);
  return Number(seq);
}

/** The most webhook messages the thread got within any minute. */
function busiestMinute(posts: readonly RequestRecord[]): number {
  const times = posts.map((r) => r.receivedAt);
  return Math.max(0, ...times.map((from) => times.filter((at) => at >= from && at < from + MINUTE_MS).length));
}

function webhookPostsIn(discord: FakeDiscord, threadId: string): RequestRecord[] {
  return discord.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.route === '/webhooks/:app/:token' &&
      discord.interactionByToken(r.params.token)?.channelId === threadId,
  );
}

describe('a fast game with computer seats', () => {
  let world: World;
  beforeAll(async () => {
    // Posts on the channel's route at 50 a second, so the test is not about their pace; webhooks keep Discord's limits.
    world = await launch(FAST_THREADS, { AI_MOVE_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows every board once, in order, keeping the thread under its webhook limit', { timeout: 60_000 }, async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 3, 'ai-level': 'easy' });
    await playToEnd(discord, threadId);

    const boards = discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const seqs = boards.map((m) => postSeq(m.pngs()[0]!.filename));
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    // 4 players, 48 dominoes: 4 first picks, 11 rounds of 4 placements with a pick, 4 last
    // placements, each told once; a run of computer moves shares one board (table/outbox.ts).
    const told = discord.messages(threadId).flatMap((m) => m.content.match(/ (placed|took|could not fit) #\d+/g) ?? []);
    expect(told.filter((s) => !s.includes('took'))).toHaveLength(11 * 4 + 4);
    expect(boards.length).toBeLessThanOrEqual(16);

    const webhookPosts = webhookPostsIn(discord, threadId);
    expect(discord.requests.filter((r) => r.limited === 'shared')).toEqual([]);
    expect(busiestMinute(webhookPosts.filter((r) => r.status === 200))).toBeLessThanOrEqual(30);
    // The boards go as follow-ups of the clicks (the channel's route beyond their limit: shown.test.ts).
    expect(webhookPosts.length).toBeGreaterThanOrEqual(boards.length - 2);
    // Far from the 10,000 invalid requests (401, 403, 429 but scope shared) per 10 minutes that get an IP banned.
    expect(discord.invalidRequests).toBeLessThan(10);
    await discord.assertClean();
  });
});
