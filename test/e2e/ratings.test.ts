/**
 * Ratings and forget-me through the real bot: two humans play a game to the end and
 * both get a rating; a player with RANKED_AFTER_GAMES games is ranked by rating on the
 * leaderboard, the others listed as on their way; /kingdomino forget-me deletes the
 * caller's statistics and rating, renames them in the finished game's record, and
 * leaves their open lobby alone (and says so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, type GameRecord } from '../../src/game/index.js';
import { RANKED_AFTER_GAMES } from '../../src/table/index.js';
import type { OptionValue } from '../fake-discord/interactions.js';
import { exportRecords, launch, openLobby, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch(FAST_THREADS);
});

afterAll(async () => {
  await world?.close();
});

/** A command's answer: public for stats and the leaderboard (a slow one follows a private placeholder), private for forget-me. */
async function command(user: string, subcommand: string, options: Readonly<Record<string, OptionValue>> = {}) {
  const interaction = await world.discord.slashCommand({ user, name: 'kingdomino', subcommand, options });
  return subcommand === 'forget-me' ? interaction.reply() : interaction.publicAnswer();
}

const RATING = /Rating on this server: \*\*(-?[\d.]+)\*\* after (\d+) games?/;

describe('ratings and forget-me', () => {
  it('rates a finished game, ranks by rating from enough games, and forgets a player who asks', async () => {
    const { discord } = world;
    const alice = discord.user('alice');
    const bob = discord.user('bob');

    // Two humans, a whole game.
    const first = await startTable(discord, 'alice', ['bob']);
    await playToEnd(discord, first);
    const aliceStats = await command('alice', 'stats');
    expect(aliceStats.content).toMatch(/1 game, [01] wins?/);
    expect(aliceStats.content).toMatch(RATING);
    expect(aliceStats.content).toMatch(/Last game [+-]?\d/);
    expect(aliceStats.content).toContain(`On the leaderboard from ${RANKED_AFTER_GAMES} games`);
    const bobStats = await command('alice', 'stats', { user: bob });
    expect(RATING.exec(bobStats.content)?.[2]).toBe('1');

    // Alice plays on against the computer until she has enough games to be ranked; Bob does not.
    for (let game = 1; game < RANKED_AFTER_GAMES; game++) {
      await playToEnd(discord, await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' }));
    }
    const ranked = await command('carol', 'stats', { user: alice });
    expect(RATING.exec(ranked.content)?.[2]).toBe(String(RANKED_AFTER_GAMES));
    expect(ranked.content).not.toContain('On the leaderboard from');
    const board = await command('carol', 'leaderboard');
    const rating = RATING.exec(ranked.content)![1];
    expect(board.content).toContain(`1. ${alice.mention}: **${rating}** · ${RANKED_AFTER_GAMES} games`);
    expect(board.content).toContain(`Not ranked yet: ${bob.mention} (1/${RANKED_AFTER_GAMES})`);

    // Bob has a lobby open, then asks to be forgotten.
    const lobby = await openLobby(discord, 'bob');
    const lobbyBefore = lobby.content;
    expect(lobbyBefore).toContain(bob.mention);
    const forgot = await command('bob', 'forget-me');
    expect(forgot.ephemeral).toBe(true);
    expect(forgot.content).toContain('Your statistics were deleted.');
    expect(forgot.content).toContain('Your rating on 1 server was deleted.');
    expect(forgot.content).toContain('In 1 finished game your name is now “Former player”.');
    expect(forgot.content).toContain('You are in 1 lobby or running game: it was not changed.');

    expect((await command('alice', 'stats', { user: bob })).content).toMatch(/has not finished a game yet/);
    const after = await command('carol', 'leaderboard');
    expect(after.content).not.toContain(bob.mention);
    expect(after.content).toContain(alice.mention);
    expect(RATING.exec((await command('alice', 'stats')).content)?.[2]).toBe(String(RANKED_AFTER_GAMES));

    // The finished game's record: Bob's seat is "Former player", Alice's unchanged, and the record still checks.
    const [record] = (await exportRecords(discord, first, 'alice')) as GameRecord[];
    const names = record!.players.map((p) => p.name);
    expect(names).toContain('Former player');
    expect(names.some((n) => /alice/.test(n))).toBe(true);
    expect(names.some((n) => /bob/.test(n))).toBe(false);
    expect(checkRecord(record).ok).toBe(true);
    // The lobby was not touched.
    expect(discord.message(lobby.id)?.content).toBe(lobbyBefore);
    await discord.assertClean();
  }, 240_000);
});
