/**
 * Play anywhere in Discord: a game in a group DM the bot is not a member of (one message,
 * edited through the tokens of the clicks made on it), in the bot's own DM (boards posted
 * there as in a thread), and in a server that never added the bot (a user's install),
 * with "Use External Apps" on and off. On the fake's clock: tokens run out after 15 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import type { FakeInteraction } from '../fake-discord/interactions.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import type { FakeDiscord } from '../fake-discord/fake.js';
import {
  boardCount,
  isFinal,
  launch,
  playDailyOut,
  playToEnd,
  pressThrough,
  registerGlobally,
  userToPlay,
  FAST_THREADS,
  type World,
} from './harness.js';

const HOUR_MS = 3_600_000;

/** The turn a one-message game's "Your turn" button is for (`k1:tt:<table>:<turn>`), or null. */
function turnOf(message: FakeMessage): number | null {
  const id = message.buttons().find((b) => b.customId?.startsWith('k1:tt:'))?.customId;
  return id ? Number(id.split(':')[3]) : null;
}

function kingdomino(discord: FakeDiscord, user: string, channel: string, subcommand: string, options = {}) {
  return discord.slashCommand({ user, channel, name: 'kingdomino', subcommand, options });
}

/** Until the one message asks a human to play again (a turn past `after`), or shows the end. */
function nextHumanTurn(discord: FakeDiscord, message: FakeMessage, after: number | null): Promise<unknown> {
  return discord.waitFor(
    () => isFinal(message) || (userToPlay(discord, message) !== null && turnOf(message) !== after),
    'the one message showing the next human turn',
  );
}

/** "Your turn" on the one message: the panel, a private follow-up beside it, played through. */
async function playOnMessage(discord: FakeDiscord, message: FakeMessage, user: FakeUser): Promise<FakeInteraction> {
  const turn = message.button(/^Your turn/);
  const click = await discord.click(message, turn.customId ?? '', user);
  const panel = await click.followUp(0);
  expect(panel.ephemeral).toBe(true);
  await pressThrough(discord, panel, user);
  return click;
}

/**
 * Play a one-message game to its end from its message: each human's "Your turn" there, the
 * panel beside it; `instead` may play a turn some other way (true: it did).
 */
async function playOneMessageGame(
  discord: FakeDiscord,
  message: FakeMessage,
  instead: (turn: number, user: FakeUser) => Promise<boolean> = async () => false,
): Promise<void> {
  for (let guard = 0; guard < 80 && !isFinal(message); guard++) {
    const turn = turnOf(message);
    const user = userToPlay(discord, message);
    if (turn === null || !user) throw new Error(`no human turn on the message: ${message.content}`);
    if (await instead(turn, user)) continue;
    await playOnMessage(discord, message, user);
    await nextHumanTurn(discord, message, turn);
  }
  expect(isFinal(message)).toBe(true);
}

/** The record files a /kingdomino record answer carries, each checked by the engine. */
async function validRecords(command: FakeInteraction): Promise<number> {
  const answer = await command.publicAnswer();
  const records = answer.attachments.map((a) => JSON.parse(a.bytes.toString('utf8')) as unknown);
  for (const record of records) expect(checkRecord(record).ok).toBe(true);
  return records.length;
}

describe('play anywhere', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(
      {
        ...FAST_THREADS,
        users: ['alice', 'bob', 'carol', { username: 'dana', member: false }, { username: 'eve', member: false }],
      },
      { DAILY_HARD_PLAYOUTS: '20' },
    );
    registerGlobally(world.discord);
  });
  afterAll(async () => {
    if (process.env.ANYWHERE_DEBUG) console.log(world.bot.stdout, world.bot.stderr);
    await world?.close();
  });

  it('plays a game in a group DM the bot is not in: one message, an hour without tokens, a DM turn, the record', async () => {
    const { discord } = world;
    const dana = discord.user('dana');
    const eve = discord.user('eve');
    const carol = discord.user('carol');
    discord.installForUser(dana);
    discord.installForUser(eve);
    const group = discord.groupDm([dana, eve, carol]);
    for (const user of ['dana', 'eve'])
      await (await kingdomino(discord, user, group, 'notify', { 'direct-messages': true })).reply();

    const lobby = await (await kingdomino(discord, 'dana', group, 'start', { 'ai-seats': 1, pace: '1d' })).reply();
    expect(lobby.ephemeral).toBe(false);
    await (await discord.click(lobby, 'k1:j', eve)).reply();
    await (await discord.click(lobby, 'k1:s', dana)).reply();
    const message = discord.message(lobby.id)!;
    await nextHumanTurn(discord, message, null);
    // The bot never wrote in the group DM on its own: everything went through the interactions.
    expect(discord.requests.filter((r) => r.path.includes(`/channels/${group}/`))).toHaveLength(0);

    // A stranger at the screen: told privately, nothing changes.
    const before = message.content;
    const stranger = await discord.click(message, message.button(/^Your turn/).customId ?? '', carol);
    expect((await stranger.followUp(0)).content).toMatch(/not in this game|not your turn|do not have a seat/i);
    expect(message.content).toBe(before);

    const staleId = message.button(/^Your turn/).customId ?? '';
    let paused = false;
    await playOneMessageGame(discord, message, async (turn, user) => {
      if (paused || turn < 6) return false;
      // An hour away: every token has run out; the turn reaches its player by DM.
      paused = true;
      await world.advance(HOUR_MS);
      const dm = await discord.waitFor(
        () => discord.dms(user).find((m) => m.buttons().some((b) => b.customId?.endsWith(`:y:${turn}`))),
        'the turn DM',
      );
      const shown = message.edits;
      const turnDms = () => discord.dms(dana).length + discord.dms(eve).length;
      const told = turnDms();
      const click = await discord.click(dm, dm.button(/^Your turn$/).customId ?? '', user);
      await pressThrough(discord, await click.reply(), user);
      // The game goes on from the DMs (the next player's turn DM) while no token works on the group message: it lags.
      await discord.waitFor(() => turnDms() > told || isFinal(message), 'the next turn DM');
      expect(message.edits).toBe(shown);
      // "Show the table", by anyone there: the current board.
      await (await discord.click(message, `k1:tw:${lobby.id}`, carol)).response();
      await discord.waitFor(() => turnOf(message) !== turn, 'the group message caught up');
      // A button of an earlier turn (a stale message, a forged id): told privately, nothing changes.
      const now = message.content;
      const stale = await discord.click(message, staleId, dana, { force: true });
      expect((await stale.followUp(0)).content).toMatch(/earlier turn|turn/);
      expect(message.content).toBe(now);
      return true;
    });
    expect(isFinal(message)).toBe(true);
    expect(paused).toBe(true);
    expect(message.pngs().length).toBeGreaterThan(0);
    expect(await validRecords(await kingdomino(discord, 'dana', group, 'record'))).toBe(1);

    // Rematch: the new lobby is the click's answer there, hosted by who asked; once only.
    const rematch = await discord.click(message, `k1:tm:${lobby.id}`, eve);
    const next = await rematch.reply();
    expect(next.ephemeral).toBe(false);
    expect(next.id).not.toBe(lobby.id);
    expect(next.buttons().map((b) => b.customId)).toContain('k1:j');
    const again = await (await discord.click(message, `k1:tm:${lobby.id}`, dana)).reply();
    expect(again.ephemeral).toBe(true);
  });

  it('plays against the computer in the bot’s DM, boards posted there as in a thread', async () => {
    const { discord } = world;
    const dm = discord.dmChannelOf('alice');
    const lobby = await (await kingdomino(discord, 'alice', dm, 'start', { 'ai-seats': 1 })).reply();
    await (await discord.click(lobby, 'k1:s', 'alice')).reply();
    await discord.waitFor(() => boardCount(discord, dm) > 0, 'the first board in the DM');
    const final = await playToEnd(discord, dm);
    expect(isFinal(final)).toBe(true);
    expect(await validRecords(await kingdomino(discord, 'alice', dm, 'record'))).toBe(1);
    // Ratings outside servers: the DM's games count for the player's rating there.
    const stats = await (await kingdomino(discord, 'alice', dm, 'stats')).publicAnswer();
    expect(stats.content).toMatch(/rating/i);
  });

  it('plays the daily deal (solo) in the bot’s DM to its score', async () => {
    const { discord } = world;
    const dm = discord.dmChannelOf('bob');
    const daily = await discord.slashCommand({
      user: 'bob',
      channel: dm,
      name: 'kingdomino',
      group: 'daily',
      subcommand: 'play',
    });
    const end = await playDailyOut(discord, await daily.reply(), 'bob', false);
    expect(end.content).toMatch(/points/);
    expect(end.pngs()).toHaveLength(1);
  });

  it('starts a game in a server without the bot where apps may answer publicly, and refuses kindly where they may not', async () => {
    const { discord } = world;
    discord.installForUser('dana');
    const open = discord.foreignChannel({ useExternalApps: true });
    const lobby = await (await kingdomino(discord, 'dana', open, 'start', { 'ai-seats': 1 })).reply();
    expect(lobby.ephemeral).toBe(false);
    await (await discord.click(lobby, 'k1:s', 'dana')).reply();
    const message = discord.message(lobby.id)!;
    await nextHumanTurn(discord, message, null);
    await playOneMessageGame(discord, message);
    expect(await validRecords(await kingdomino(discord, 'dana', open, 'record'))).toBe(1);

    const closed = discord.foreignChannel({ useExternalApps: false });
    const refused = await (await kingdomino(discord, 'dana', closed, 'start')).reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toMatch(/only lets apps answer privately/);
    expect(refused.content).toContain('oauth2/authorize');
  });

  it('refuses politely what a place cannot hold', async () => {
    const { discord } = world;
    discord.installForUser('dana');
    const group = discord.groupDm(['dana', 'eve']);
    const answer = await (
      await discord.slashCommand({
        user: 'dana',
        channel: group,
        name: 'kingdomino',
        group: 'daily',
        subcommand: 'channel',
      })
    ).reply();
    expect(answer.ephemeral).toBe(true);
    expect(answer.content).toMatch(/server that added the bot/);
    const board = await (await kingdomino(discord, 'dana', group, 'leaderboard')).reply();
    expect(board.ephemeral).toBe(true);
  });
});
