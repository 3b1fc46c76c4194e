/**
 * A correspondence game whose thread a moderator locks: the bot does not reopen it;
 * the game waits, says so once (in the lobby's channel, and by DM to a player who
 * asked for DMs), and goes on when the thread is unlocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, startTable, userToPlay, FAST_THREADS, type World } from './harness.js';

const HOUR_MS = 3_600_000;

describe('a game whose thread is locked', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('waits, says so once, and goes on when a moderator unlocks the thread', async () => {
    const { discord } = world;
    await (
      await discord.slashCommand({
        user: 'bob',
        name: 'kingdomino',
        subcommand: 'notify',
        options: { 'direct-messages': true },
      })
    ).reply();
    const threadId = await startTable(discord, 'alice', ['bob'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const notices = () => discord.messages(discord.channel).filter((m) => m.content.startsWith('🔒'));
    const lockDms = () => discord.dms('bob').filter((m) => m.content.startsWith('🔒'));
    expect(userToPlay(discord, boards().at(-1)!)).not.toBeNull();

    discord.moderateThread(threadId, { archived: true, locked: true });
    // The deadline passes: the automatic move is made, but its board waits for the thread.
    await world.advance(24 * HOUR_MS + 1000);
    await discord.waitFor(() => notices().length === 1, 'the game says it waits');
    expect(notices()[0]!.content).toContain(`(https://discord.com/channels/${discord.channel.guildId}/${threadId})`);
    await discord.waitFor(() => lockDms().length === 1, 'the DM to bob');
    expect(boards()).toHaveLength(1);
    expect(discord.thread(threadId)!.thread!).toMatchObject({ archived: true, locked: true });

    // Days go by: nothing more is said, nothing is reopened.
    await world.advance(3 * 24 * HOUR_MS);
    expect(notices()).toHaveLength(1);
    expect(lockDms()).toHaveLength(1);
    expect(discord.thread(threadId)!.thread!.archived).toBe(true);

    discord.moderateThread(threadId, { archived: false, locked: false });
    await discord.waitFor(() => boards().length === 2, 'the board once the thread is unlocked');
    expect(boards()[1]!.content).toMatch(/Time ran out/);
    expect(notices()).toHaveLength(1);
  });
});
