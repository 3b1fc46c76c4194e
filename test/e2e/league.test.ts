/**
 * Leagues end to end on the fake's clock: a 12-player Swiss league of 4-seat tables,
 * 3 rounds at the 12-hour pace (scripted players move, two never show up, one
 * withdraws, the bot restarts mid-round, the computer finishes each round's games at
 * its deadline) to the final standings, on SQLite; and a 5-player round robin of
 * 2-player live games on Redis. Both through the bot's commands and buttons only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FakeDiscord } from '../fake-discord/fake.js';
import type { FakeMessage } from '../fake-discord/model.js';
import { AHEAD_GAP_MS } from '../../src/discord/services/leagues.js';
import { startRedis, type RedisServer } from '../store/redis-server.js';
import { FAST_THREADS, isFinal, lastMessage, launch, playMove, userToPlay, type World } from './harness.js';

const HOUR = 3_600_000;
/** The league service's poll (services/leagues.ts POLL_MS). */
const POLL_MS = 60_000;

function league(world: World, user: string, subcommand: string, options = {}) {
  return world.discord.slashCommand({ user, name: 'kingdomino', group: 'league', subcommand, options });
}

/** The league's posts in its channel matching `pattern`. */
function posts(discord: FakeDiscord, pattern: RegExp): FakeMessage[] {
  return discord.messages().filter((m) => pattern.test(m.content));
}

/** The first word in a league game's thread, naming its round and table and pinging its players. */
function greeting(discord: FakeDiscord, threadId: string): FakeMessage | undefined {
  return discord.messages(threadId).find((m) => /, round \d+, table \d+:/.test(m.content));
}

/** The players a table's game greeted (and so added to its thread). */
function seatedAt(discord: FakeDiscord, threadId: string): string[] {
  return [...(greeting(discord, threadId)?.pinged ?? [])].sort();
}

/** The threads of a round's games, by table: those whose greeting names the round. */
function roundThreads(discord: FakeDiscord, round: number): string[] {
  const table = (id: string) => Number(/, table (\d+):/.exec(greeting(discord, id)?.content ?? '')?.[1]);
  return discord
    .threads(discord.channel.id)
    .filter((thread) => new RegExp(`, round ${round}, table \\d+:`).test(greeting(discord, thread.id)?.content ?? ''))
    .map((thread) => thread.id)
    .sort((a, b) => table(a) - table(b));
}

/** The threads opened ahead for a round's tables (named after them), in the order they were opened. */
function threadsAhead(discord: FakeDiscord, league: string, round: number): string[] {
  return discord
    .threads(discord.channel.id)
    .filter((thread) => new RegExp(`^${league} · round ${round} · table \\d+$`).test(thread.name))
    .map((thread) => thread.id);
}

/** A thread opened ahead, not used yet: archived (out of the channel's list) and empty. */
function hidden(discord: FakeDiscord, id: string): boolean {
  return discord.thread(id)!.thread!.archived && discord.messages(id).length === 0;
}

/**
 * The `count` threads opened ahead for a round's tables. The bot opens them AHEAD_GAP_MS
 * apart on its clock: the clock is moved on until the next is there (a move made before
 * the bot starts its wait is lost, so it is tried again a moment later).
 */
async function openedAhead(world: World, league: string, round: number, count: number): Promise<string[]> {
  const { discord } = world;
  const ready = () => threadsAhead(discord, league, round).filter((id) => hidden(discord, id));
  for (let tries = 0; tries < 10 * count && ready().length < count; tries++) {
    const before = ready().length;
    await world.advance(AHEAD_GAP_MS);
    await discord.waitFor(() => ready().length > before, 'the next thread opened ahead', 500).catch(() => undefined);
  }
  expect(ready()).toHaveLength(count);
  return ready();
}

/** Waits for the round's games to be opened, each with its first board. */
async function roundOpened(discord: FakeDiscord, round: number, tables: number): Promise<string[]> {
  await discord.waitFor(
    () => roundThreads(discord, round).length === tables && posts(discord, new RegExp(`round ${round} of`)).length > 0,
    `round ${round}'s ${tables} games and pairings`,
    30_000,
  );
  const threads = roundThreads(discord, round);
  for (const id of threads)
    await discord.waitFor(() => discord.messages(id).some((m) => m.pngs().length > 0), 'a board');
  return threads;
}

/** Each table's player to move (if they show up) makes one move. */
async function scriptedMoves(discord: FakeDiscord, threads: readonly string[], noShows: readonly string[]) {
  for (const id of threads) {
    const last = lastMessage(discord, id);
    const user = userToPlay(discord, last);
    if (user && !noShows.includes(user.username)) await playMove(discord, id, last, user);
  }
}

/** Past the round's deadline: the computer plays every game out; then a poll records the results. */
async function finishRound(world: World, threads: readonly string[], hours: number): Promise<void> {
  await world.advance(hours * HOUR + POLL_MS);
  for (const id of threads)
    await world.discord.waitFor(() => isFinal(lastMessage(world.discord, id)), `the end of game ${id}`, 60_000);
  await world.advance(POLL_MS);
}

interface Row {
  readonly rank: number;
  readonly userId: string;
  readonly points: number;
  readonly played: number;
  readonly note: string;
}

function standingRows(text: string): Row[] {
  return [...text.matchAll(/^(\d+)\. <@(\d+)>: ([\d.]+) points? · -?\d+ game points · (\d+) games?(.*)$/gm)].map(
    (m) => ({
      rank: Number(m[1]),
      userId: m[2]!,
      points: Number(m[3]),
      played: Number(m[4]),
      note: m[5]!,
    }),
  );
}

describe('a 12-player Swiss league of 4-seat tables at the 12-hour pace', () => {
  const players = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
  const noShows = ['p11', 'p12'];
  let world: World;
  afterAll(async () => world?.close());

  it('plays 3 rounds to the final standings, through no-shows, a withdrawal and a restart', async () => {
    world = await launch({ ...FAST_THREADS, users: [...players, { username: 'mod', moderator: true }] });
    const { discord } = world;
    // A stranger cannot create one; the moderator can.
    const refused = await (await league(world, 'p1', 'create', { name: 'Autumn', seats: '4' })).reply();
    expect(refused.content).toMatch(/Only moderators/);
    // Where the bot may not open its tables' threads, no league: what it lacks, in words.
    discord.setBotChannelPermissions(discord.channel.id, { deny: ['CreatePublicThreads'] });
    const unable = await (await league(world, 'mod', 'create', { name: 'Autumn', seats: '4' })).reply();
    expect(unable.content).toMatch(/^I can't run a game in this channel: I am missing \*\*Create Public Threads\*\*/);
    discord.setBotChannelPermissions(discord.channel.id, { allow: ['CreatePublicThreads'] });
    const options = { name: 'Autumn', seats: '4', rounds: 3, pace: '12h', 'round-hours': 24 };
    const signup = await (await league(world, 'mod', 'create', options)).reply();
    expect(signup.content).toMatch(/Autumn.*sign-up is open/);
    expect(signup.content).toMatch(/Swiss · 3 rounds · tables of 4/);
    for (const p of players) await (await discord.click(signup, 'k1:lj', p)).reply();
    const twice = await (await discord.click(signup, 'k1:lj', 'p1')).reply();
    expect(twice.content).toBe('You are already signed up.');
    expect(discord.message(signup.id)!.content).toMatch(/Signed up \(12\/256\)/);
    expect((await (await league(world, 'p1', 'start')).reply()).content).toMatch(/Only moderators/);
    expect((await (await league(world, 'mod', 'start')).reply()).content).toMatch(/league has started/);

    // Round 1: three tables, every player once.
    const round1 = await roundOpened(discord, 1, 3);
    const seated = round1.flatMap((id) => seatedAt(discord, id));
    expect([...seated].sort()).toEqual(players.map((p) => discord.user(p).id).sort());
    expect(discord.message(signup.id)!.components).toEqual([]);
    // The channel holds the sign-up and the pairings, not a message a table.
    expect(discord.messages().filter((m) => m.author.id === discord.bot.id)).toHaveLength(2);
    // While round 1 is played, round 2's threads are opened, out of sight until their games start.
    const ahead2 = await openedAhead(world, 'Autumn', 2, 3);
    await scriptedMoves(discord, round1, noShows);
    await finishRound(world, round1, 24);

    // Round 2: the standings first, then the new pairings; one player withdraws, the bot restarts.
    const round2 = await roundOpened(discord, 2, 3);
    // Its games were opened in those threads: a post unarchives a thread, as on Discord.
    expect(round2).toEqual(ahead2);
    expect(round2.map((id) => discord.thread(id)!.thread!.archived)).toEqual([false, false, false]);
    const after1 = posts(discord, /Round 1 of \*\*Autumn\*\* is over/);
    expect(after1).toHaveLength(1);
    // The standings' picture, with its words for those who cannot see it.
    const [picture] = after1[0]!.attachments;
    expect(picture).toMatchObject({ filename: 'standings.png', isPng: true, width: 960 });
    expect(picture!.description).toMatch(/^Autumn: standings\n1 of 3 rounds played/);
    expect(picture!.description!.split('\n')).toHaveLength(2 + 12);
    await scriptedMoves(discord, round2, noShows);
    const why = await (await league(world, 'p1', 'my-table')).reply();
    expect(why.content).toMatch(/Round 2, table \d: /);
    expect(why.content).toMatch(/Why: you had [\d.]+ points? \(rank \d+\)/);
    // Round 3's threads are opened for 12 players; then one withdraws and 11 make two tables.
    const ahead3 = await openedAhead(world, 'Autumn', 3, 3);
    expect((await (await league(world, 'p10', 'withdraw')).reply()).content).toMatch(/You have left the league/);
    expect(posts(discord, /withdrew from the league/)).toHaveLength(1);
    await world.restart();
    // The bot comes back with its clock where the league's is.
    await world.bot.advanceClock(discord.now() - Date.now());
    await finishRound(world, round2, 24);

    // Round 3: 11 players, two tables of 4 and three byes; then the end.
    const round3 = await roundOpened(discord, 3, 2);
    const pairings3 = posts(discord, /round 3 of 3/)[0]!;
    expect(pairings3.content).toMatch(/Sitting out \(a bye, 1.5 points\): /);
    expect(round3.flatMap((id) => seatedAt(discord, id))).not.toContain(discord.user('p10').id);
    for (const id of round3) expect(pairings3.content).toContain(`<#${id}>`);
    // A thread opened ahead for a third table (before p10 withdrew) stays empty and out of sight.
    expect(round3).toEqual(ahead3.slice(0, 2));
    // The third, not needed, is left as it was (the bot may not delete threads here): empty, out of sight.
    expect(hidden(discord, ahead3[2]!)).toBe(true);
    await finishRound(world, round3, 24);
    await discord.waitFor(() => posts(discord, /\*\*Autumn\*\* is over! Champion: <@\d+>/).length === 1, 'the end');
    expect(posts(discord, /is over! Champion/)[0]!.content).toMatch(/\n🥇 <@\d+>.* · 🥈 <@\d+>.* · 🥉 <@\d+>/);

    const standings = await (await league(world, 'p5', 'standings')).publicAnswer();
    const rows = standingRows(standings.content);
    expect(rows).toHaveLength(12);
    // 3 + 2 + 1 + 0 at each of 8 tables, and 1.5 for each of 3 byes.
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBeCloseTo(8 * 6 + 3 * 1.5);
    expect(rows.map((r) => r.rank)).toEqual([...rows.map((r) => r.rank)].sort((a, b) => a - b));
    const p10 = rows.find((r) => r.userId === discord.user('p10').id)!;
    expect(p10).toMatchObject({ played: 2, note: ' (withdrew)' });
    expect(rows.filter((r) => r.played === 2)).toHaveLength(4);
    expect(standings.content).toMatch(/Ties broken by game points, then opponents’ points, then crowns/);
    await discord.assertClean();
  }, 600_000);
});

/** Round 1's corrections by the moderator: table 1's places set by hand, table 2 played again. Its games. */
async function corrections(world: World, ahead: readonly string[]): Promise<string[]> {
  const { discord } = world;
  const [table1, table2] = await roundOpened(discord, 1, 2);
  // Both games were opened in the threads opened during the sign-up.
  expect([table1, table2]).toEqual(ahead);
  const answer = async (user: string, subcommand: string, options: object) =>
    (await (await league(world, user, subcommand, options)).reply()).content;
  expect(await answer('alice', 'adjust', { table: 1, places: '2 1' })).toMatch(/Only moderators/);
  expect(await answer('mod', 'adjust', { table: 1, places: '1 1 1' })).toMatch(/one place per seat, from 1 to 2/);
  expect(await answer('mod', 'adjust', { table: 9, places: '2 1' })).toBe('This round has no such table.');
  expect(await answer('mod', 'adjust', { table: 1, places: '2 1' })).toMatch(/^Done/);
  expect(posts(discord, /set the places at table 1 of round 1: 2 1\./)).toHaveLength(1);
  expect(await answer('mod', 'replay', { table: 2 })).toMatch(/^Done/);
  expect(posts(discord, /had table 2 of round 1 played again/)).toHaveLength(1);
  await discord.waitFor(
    () => /this game no longer counts/.test(lastMessage(discord, table2!).content),
    'the old game told',
  );
  await discord.waitFor(() => roundThreads(discord, 1).length === 3, 'the table played again');
  const again = roundThreads(discord, 1)[2]!;
  await discord.waitFor(() => discord.messages(again).some((m) => m.pngs().length > 0), 'a board');
  expect(seatedAt(discord, again)).toEqual(seatedAt(discord, table2!));
  return [table1!, again];
}

describe('a 5-player round robin of 2-player live games, on Redis', () => {
  let world: World;
  let redis: RedisServer;
  afterAll(async () => {
    await world?.close();
    await redis?.stop();
  });

  it('seats everyone against everyone once, a bye each, to the champion', async () => {
    redis = await startRedis();
    const players = ['alice', 'bob', 'carol', 'dave', 'erin'];
    world = await launch(
      { ...FAST_THREADS, users: [...players, { username: 'mod', moderator: true }] },
      {
        REDIS_URL: redis.url,
      },
    );
    const { discord } = world;
    const options = { name: 'Duels', seats: '2', format: 'round-robin', 'round-hours': 1 };
    const signup = await (await league(world, 'mod', 'create', options)).reply();
    expect(signup.content).toMatch(/Round robin · a round per opponent · tables of 2/);
    for (const p of players) await (await discord.click(signup, 'k1:lj', p)).reply();
    // The sign-up goes on while round 1's threads are opened.
    const ahead1 = await openedAhead(world, 'Duels', 1, 2);
    await league(world, 'mod', 'start');
    const met = new Set<string>();
    let ahead2: string[] = [];
    for (let round = 1; round <= 5; round++) {
      const threads = round === 1 ? await corrections(world, ahead1) : await roundOpened(discord, round, 2);
      for (const id of threads) met.add(seatedAt(discord, id).join('+'));
      if (round === 1) {
        // A moderator locks a thread opened for round 2: its table's game opens in another.
        ahead2 = await openedAhead(world, 'Duels', 2, 2);
        discord.moderateThread(ahead2[0]!, { locked: true });
        discord.expectError({ status: 400, code: 50083, path: `/channels/${ahead2[0]}/messages` });
      }
      if (round === 2) {
        expect(threads[0]).not.toBe(ahead2[0]);
        expect(threads[1]).toBe(ahead2[1]);
        expect(discord.messages(ahead2[0]!)).toEqual([]);
      }
      await scriptedMoves(discord, threads, []);
      // Table 1 of round 1 has its result set by hand: its game plays on, counting for nothing.
      await finishRound(world, round === 1 ? threads.slice(1) : threads, 1);
    }
    await discord.waitFor(() => posts(discord, /\*\*Duels\*\* is over!/).length === 1, 'the end');
    expect(met.size).toBe(10);
    const joined = await (await discord.click(signup, 'k1:lj', 'alice', { force: true })).reply();
    expect(joined.content).toBe('The sign-up of this league is closed.');
    const rows = standingRows((await (await league(world, 'bob', 'standings')).publicAnswer()).content);
    expect(rows.map((r) => r.played)).toEqual([4, 4, 4, 4, 4]);
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBeCloseTo(10 * 3 + 5 * 1.5);
    await discord.assertClean();
  }, 600_000);
});
