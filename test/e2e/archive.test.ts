/**
 * The thread after the game: archived and locked ARCHIVE_AFTER_S after the end (a
 * restart in between changes nothing: when it is due is stored), the final message
 * kept; only moderators write there then. The rematch still works: from the game's
 * first message in the channel, and from the final message when a click comes from
 * the locked thread (the bot opens it to answer, then archives it again). Without
 * Manage Threads the bot archives the thread without locking it, and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_PERMISSIONS } from '../fake-discord/index.js';
import { launch, playToEnd, startTable, WHOLE_GAME_MS, type World, FAST_THREADS } from './harness.js';

/** ARCHIVE_AFTER_S here: an hour, passed by moving the clock. */
const ARCHIVE_AFTER_MS = 3_600_000;

/**
 * Move the clock past the archive's due time until the thread is archived: the time is
 * stored with the game's last post, which lands a moment after what the test can see.
 */
async function advanceUntilArchived(world: World, threadId: string): Promise<void> {
  const archived = () => world.discord.thread(threadId)?.thread?.archived === true;
  for (let tries = 0; tries < 5 && !archived(); tries++) {
    await world.advance(ARCHIVE_AFTER_MS);
    await world.discord.waitFor(archived, 'the thread archived', 1_000).catch(() => undefined);
  }
}

describe('the thread after the game', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(
      {
        ...FAST_THREADS,
        users: ['alice', 'bob', { username: 'mod', moderator: true }],
        botPermissions: [...DEFAULT_BOT_PERMISSIONS, 'ManageThreads'],
      },
      { ARCHIVE_AFTER_S: String(ARCHIVE_AFTER_MS / 1000) },
    );
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    'is archived and locked a while after the end, even across a restart, with the final message kept; Rematch still works',
    { timeout: 2 * WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      const final = await playToEnd(discord, threadId);
      const finalText = final.content;
      // The last turn message's buttons are cleared once the game is over: then its archive is due (stored).
      await discord.waitFor(
        () => discord.messages(threadId).every((m) => m.id === final.id || m.buttons().length === 0),
        'the last buttons cleared',
      );
      expect(discord.thread(threadId)?.thread).toMatchObject({ archived: false, locked: false });
      await world.restart();
      await advanceUntilArchived(world, threadId);
      const closed = await discord.waitFor(
        () => {
          const t = discord.thread(threadId)?.thread;
          return t?.archived && t.locked ? t : null;
        },
        'the thread archived and locked',
        30_000,
      );
      expect(closed).toMatchObject({ archived: true, locked: true });
      expect(discord.message(final.id)?.content).toBe(finalText);
      expect(discord.messages(threadId).map((m) => m.id)).toContain(final.id);
      expect(() => discord.say(threadId, 'alice', 'gg')).toThrow(/locked/);
      // The game's first message in the channel: the result, and Rematch.
      const lobby = discord.message(threadId)!;
      expect(lobby.channelId).toBe(discord.channel.id);
      expect(lobby.content).toMatch(/the game is over\. .*Its thread is archived; a rematch can be asked for here\./);
      const before = discord.messages(discord.channel).length;
      const rematch = await (await discord.click(lobby, lobby.button(/Rematch/).customId!, 'alice')).reply();
      expect(rematch.content).toMatch(/Rematch lobby opened by/);
      expect(discord.messages(discord.channel)).toHaveLength(before + 1);
      expect(discord.messages(discord.channel).at(-1)?.button(/Join/)).toBeTruthy();
      // The final message's Rematch, in the locked thread: clients do not let anyone use it; a click that comes anyway is answered.
      const button = final.button(/Rematch/).customId!;
      await expect(discord.click(final, button, 'alice')).rejects.toThrow(/its thread is locked/);
      const from = discord.requests.length;
      const again = await (await discord.click(final, button, 'alice', { force: true })).reply();
      expect(again.content).toMatch(/A rematch lobby is already open/);
      await discord.waitFor(() => discord.thread(threadId)?.thread?.archived, 'the thread archived again');
      const threadEdits = discord.requests
        .slice(from)
        .filter((r) => r.method === 'PATCH' && r.path === `/channels/${threadId}`);
      expect(threadEdits.map((r) => (r.body as { archived?: boolean }).archived)).toEqual([false, true]);
      expect(discord.thread(threadId)?.thread?.locked).toBe(true);
      // Only moderators write there now (a moderator's message opens it again, still locked).
      expect(() => discord.say(threadId, 'alice', 'gg')).toThrow(/locked/);
      expect(discord.say(threadId, 'mod', 'Nice game!').content).toBe('Nice game!');
      expect(() => discord.say(threadId, 'bob', 'gg')).toThrow(/locked/);
      await discord.assertClean();
    },
  );

  it(
    'is archived, not locked, when the bot lacks Manage Threads, and the log says so',
    { timeout: WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      discord.setBotPermissions(DEFAULT_BOT_PERMISSIONS);
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      await playToEnd(discord, threadId);
      // The clocks jump by hours: a click's token may run out under a clearing in flight, which
      // Discord refuses (50027) and the bot then makes on the thread's own route.
      discord.expectError({ status: 401, code: 50027, path: '/webhooks/:app/:token/messages/:message' });
      await advanceUntilArchived(world, threadId);
      await discord.waitFor(() => discord.thread(threadId)?.thread?.archived, 'the thread archived');
      expect(discord.thread(threadId)?.thread?.locked).toBe(false);
      await world.bot.waitForOutput(/archived the game thread, not locked: I need Manage Threads there to lock it/);
      // Not locked: anyone's message reopens it, as in any archived thread.
      discord.say(threadId, 'bob', 'rematch?');
      expect(discord.thread(threadId)?.thread?.archived).toBe(false);
      await discord.assertClean();
    },
  );
});
