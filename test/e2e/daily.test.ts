/**
 * The daily deal end to end: two players on two servers play the same day (the same
 * lines in the same order, whatever they choose), a second scored attempt is refused
 * (the command replays, unscored), the share line shows no domino of the deal, the
 * standings are right, the day changes at midnight UTC on the bot's clock, and the
 * chosen channel gets the day's standings. Every stored game passes checkRecord.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, toRecord, type GameState } from '../../src/game/index.js';
import { dailyDay, dayStartMs } from '../../src/table/index.js';
import type { FakeMessage } from '../fake-discord/index.js';
import { launch, playDailyOut, type World } from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch(
    { guilds: 2, users: [{ username: 'alice', moderator: true }, 'bob', 'carol'] },
    { DAILY_HARD_PLAYOUTS: '20', DAILY_SECRET: 'e2e-secret' },
  );
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function daily(user: string, subcommand: string, channel?: string, options = {}) {
  return world.discord.slashCommand({ user, name: 'kingdomino', group: 'daily', subcommand, channel, options });
}

function playOut(panel: FakeMessage, user: string, pickLast: boolean): Promise<FakeMessage> {
  return playDailyOut(world.discord, panel, user, pickLast);
}

/** The player's stored game of the day, read from the bot's SQLite file. */
function storedGame(day: number, userId: string): GameState {
  const db = new Database(join(world.dataDir, 'kingdomino.sqlite'), { readonly: true });
  const row = db
    .prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?')
    .get(`kingdomino:daily:play:${day}:${userId}`);
  db.close();
  if (!row) throw new Error(`no daily game stored for ${userId} on day ${day}`);
  return (JSON.parse(row.value) as { game: GameState }).game;
}

const lines = (game: GameState) => game.events.filter((e) => e.type === 'reveal').map((e) => e.line);

describe('Daily Kingdomino', () => {
  it('deals the same lines to two players on two servers; one scored try each; standings, share and the midnight post', async () => {
    const { discord } = world;
    const day = dailyDay(discord.now());
    const alice = discord.user('alice');
    const bob = discord.user('bob');
    const otherServer = discord.channelOf(discord.guildIds[1]!).id;

    // The daily channel on the first server (a moderator's choice).
    expect((await (await daily('bob', 'channel')).reply()).content).toMatch(/Only moderators/);
    expect((await (await daily('alice', 'channel')).reply()).content).toMatch(/after midnight UTC/);

    const panelA = await (await daily('alice', 'play')).reply();
    expect(panelA.ephemeral).toBe(true);
    expect(panelA.content).toContain(`Daily Kingdomino #${day}`);
    const endA = await playOut(panelA, 'alice', false);
    expect(endA.content).toMatch(/points/);
    expect(endA.content).toMatch(/rank 1 of 1/);
    expect(endA.content).toMatch(/Streak: 1 day/);
    expect(endA.content).toMatch(/hard computer player/);
    expect(endA.pngs()).toHaveLength(1);

    const endB = await playOut(await (await daily('bob', 'play', otherServer)).reply(), 'bob', true);
    expect(endB.content).toMatch(/rank 1 of 1/);

    const gameA = storedGame(day, alice.id);
    const gameB = storedGame(day, bob.id);
    expect(lines(gameA)).toHaveLength(12);
    expect(lines(gameB)).toEqual(lines(gameA));
    expect(gameB.kingdoms[0]!.placements).not.toEqual(gameA.kingdoms[0]!.placements);
    for (const game of [gameA, gameB]) expect(checkRecord(JSON.parse(JSON.stringify(toRecord(game)))).ok).toBe(true);

    // Share: the line for everyone, with no domino of the deal.
    const shared = await (await discord.click(endA, endA.button(/Share/).customId!, 'alice')).publicAnswer();
    expect(shared.ephemeral).toBe(false);
    expect(shared.content).toMatch(new RegExp(`<@${alice.id}> · Daily Kingdomino #${day}: \\d+ points`));
    const grid = shared.content.split('\n').slice(1);
    expect(grid).toHaveLength(5);
    expect(grid.join('')).not.toMatch(/\d/);

    // A second try is a replay: not scored, and the standings keep the first.
    const replay = await (await daily('alice', 'play')).reply();
    expect(replay.content).toMatch(/replay, not scored/);
    await playOut(replay, 'alice', true);
    const standings = await (await daily('carol', 'standings')).publicAnswer();
    expect(standings.content).toContain(`<@${alice.id}>`);
    expect(standings.content).not.toContain(`<@${bob.id}>`);
    const aliceScore = /: (\d+) points/.exec(endA.content)?.[1];
    expect(standings.content).toContain(`1. <@${alice.id}>: ${aliceScore} (`);

    // Midnight UTC: the chosen channel gets the day's standings and the new day's challenge.
    const toMidnight = dayStartMs(day + 1) - discord.now() + 10_000;
    const posted = discord.nextMessage(discord.channel);
    await world.advance(toMidnight);
    const post = await posted;
    expect(post.content).toContain(`Daily Kingdomino #${day} is over`);
    expect(post.content).toContain(`<@${alice.id}>`);
    expect(post.content).toContain(`Daily Kingdomino #${day + 1}** is open`);
    expect(post.pngs()).toHaveLength(1);

    // A new day: a new scored game.
    const tomorrow = await (await daily('alice', 'play')).reply();
    expect(tomorrow.content).toContain(`Daily Kingdomino #${day + 1}`);
    expect(tomorrow.content).not.toMatch(/not scored/);
  }, 120_000);

  it('records a finished scored game whose result the store failed to take, at the next command', async () => {
    const { discord } = world;
    const day = dailyDay(discord.now());
    const carol = discord.user('carol');
    await playOut(await (await daily('carol', 'play')).reply(), 'carol', false);
    // As if the store had failed while recording at the last move: the game over, no result.
    const db = new Database(join(world.dataDir, 'kingdomino.sqlite'));
    db.prepare('DELETE FROM kv WHERE key IN (?, ?)').run(
      `kingdomino:daily:user:${carol.id}`,
      `kingdomino:daily:day:${discord.guildIds[0]!}:${day}`,
    );
    db.close();
    expect((await (await daily('carol', 'standings')).publicAnswer()).content).not.toContain(`<@${carol.id}>`);

    const replay = await (await daily('carol', 'play')).reply();
    expect(replay.content).toMatch(/replay, not scored/);
    expect((await (await daily('carol', 'standings')).publicAnswer()).content).toContain(`1. <@${carol.id}>`);
  }, 60_000);
});
