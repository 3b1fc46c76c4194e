/**
 * Seasons of the rating ladder through the real bot, on the fake's clock: a rated game
 * shows on this season's ladder; a moderator sets the length and the channel; past the
 * month's end the season's end is announced there, its ladder kept (/kingdomino
 * leaderboard season:1), and the new season starts empty; all time is unchanged.
 */
import { afterAll, expect, it } from 'vitest';
import type { OptionValue } from '../fake-discord/interactions.js';
import { launch, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';

let world: World;
afterAll(async () => world?.close());

async function leaderboard(season?: number) {
  const options: Record<string, OptionValue> = season === undefined ? {} : { season };
  const asked = await world.discord.slashCommand({
    user: 'bob',
    name: 'kingdomino',
    subcommand: 'leaderboard',
    options,
  });
  return asked.reply();
}

it('announces the end of a season, keeps its ladder and starts the next one empty', async () => {
  world = await launch({ ...FAST_THREADS, users: ['alice', 'bob', { username: 'mod', moderator: true }] });
  const { discord } = world;
  const alice = discord.user('alice');
  await playToEnd(discord, await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' }));
  const now = await leaderboard(0);
  expect(now.content).toMatch(/Season 1\*\* on this server, until <t:\d+:D>/);
  expect(now.content).toContain(`Not ranked yet: ${alice.mention} (1/3)`);

  const refused = await discord.slashCommand({
    user: 'bob',
    name: 'kingdomino',
    group: 'league',
    subcommand: 'season',
  });
  expect((await refused.reply()).content).toMatch(/Only moderators/);
  const set = await discord.slashCommand({
    user: 'mod',
    name: 'kingdomino',
    group: 'league',
    subcommand: 'season',
    options: { months: 1 },
  });
  expect((await set.reply()).content).toMatch(/last 1 month; the end of each is announced in this channel/);

  // Past the end of the month (and the hourly look).
  const nextMonth = new Date(discord.now());
  const end = Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 1);
  await world.advance(end - discord.now() + 2 * 3_600_000);
  const over = await discord.waitFor(
    () => discord.messages().find((m) => /Season 1 of the rating ladder is over!/.test(m.content)),
    'the end of season 1',
  );
  expect(over.content).toMatch(/Nobody played enough rated games to be ranked\.\nSeason 2 runs until <t:\d+:D>\./);

  const past = await leaderboard(1);
  expect(past.content).toMatch(/Season 1\*\* on this server, from <t:\d+:D> to <t:\d+:D>/);
  expect(past.content).toContain(`${alice.mention} (1/3)`);
  expect((await leaderboard(0)).content).toMatch(/Season 2\*\*[^\n]*\nNo rated game in this season yet\./);
  expect((await leaderboard(7)).content).toBe('There is no past season 7: this is season 2.');
  expect((await leaderboard()).content).toContain(`${alice.mention} (1/3)`);
  await discord.assertClean();
}, 120_000);
