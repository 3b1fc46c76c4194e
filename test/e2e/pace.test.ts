/**
 * How fast each player plays in games over days: the time from their turn to their
 * move, kept; its median said by /kingdomino stats, by a correspondence lobby after
 * their name, and by the host's /kingdomino manage, with whose move it is since when.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openLobby, playMove, startTable, userToPlay, FAST_THREADS, type World } from './harness.js';

const HOUR_MS = 3_600_000;

describe('pace statistics', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('a move two hours and a half after the turn came: usually within 3 h, in stats, lobbies and the host’s menu', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', ['bob'], { pace: '12h' });
    const board = discord.messages(threadId).filter((m) => m.pngs().length > 0)[0]!;
    const mover = userToPlay(discord, board)!;
    await world.advance(2.5 * HOUR_MS);
    await playMove(discord, threadId, board, mover);

    const stats = await (await discord.slashCommand({ user: mover, name: 'kingdomino', subcommand: 'stats' })).reply();
    expect(stats.content).toContain(
      `⏱ In games over days, ${mover.mention} usually moves within 3 hours (the median of 1 move).`,
    );

    // The host's menu: who has the move, since when.
    const menu = await (
      await discord.slashCommand({ user: 'alice', channel: threadId, name: 'kingdomino', subcommand: 'manage' })
    ).reply();
    expect(menu.content).toMatch(/⏳ It became .+'s move <t:\d+:R>\./);

    // A new game over days: the lobby says how fast they usually play.
    const lobby = await openLobby(discord, mover.username, { pace: '1d' });
    expect(lobby.content).toMatch(/1\. .* · usually moves within 3 hours/);
    // A live lobby does not.
    const live = await openLobby(discord, mover.username);
    expect(live.content).not.toMatch(/usually moves/);
  });
});
