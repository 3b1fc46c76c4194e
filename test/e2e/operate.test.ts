/**
 * What an operator does: start without a token (a clear message, no crash trace),
 * register the commands with npm run deploy; and the turn timer a host can set.
 */
import { execFile } from 'node:child_process';
import { PermissionFlagsBits } from 'discord.js';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { commands } from '../../commands/index.js';
import { INVITE_PERMISSIONS } from '../../src/discord/wire/permissions.js';
import { DEPLOY_ENTRY, nodeArgs } from '../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/fake.js';
import { lastMessage, launch, startTable, type World } from './harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Ran = { status: number; stdout: string; stderr: string };

/** Runs a command, without blocking this process (the fake Discord answers from here). */
function runCommand(file: string, args: readonly string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Runs one of the compiled bot's entries as its npm script does. */
const run = (entry: string, env: Record<string, string>): Promise<Ran> =>
  runCommand(process.execPath, nodeArgs(entry), env);

describe('npm start and npm run deploy', () => {
  let discord: FakeDiscord | undefined;
  afterAll(async () => {
    await discord?.close();
  });

  // npm start builds first when a source is newer than dist/ (up to a minute on a busy machine).
  it('npm start without a token says what to set and where, and stops', { timeout: 90_000 }, async () => {
    const started = await runCommand('npm', ['start'], { DISCORD_TOKEN: '' });
    expect(started.status).toBe(1);
    expect(started.stdout).toMatch(/node .*dist\/src\/main\.js/);
    expect(started.stderr).toMatch(/DISCORD_TOKEN is not set/);
    expect(started.stderr).toMatch(/\.env/);
  });

  it('npm run deploy registers /kingdomino in the configured server', async () => {
    discord = await startFakeDiscord();
    const deployed = await run(DEPLOY_ENTRY, discord.env());
    expect(deployed.stderr).toBe('');
    expect(deployed.stdout).toMatch(/Registered 1 command \(\/kingdomino\)/);
    // What it registered, said for the operator: both installs, every context.
    expect(deployed.stdout).toContain(
      "/kingdomino: added to a server or installed by a user; in servers, the bot's DMs, group DMs and other DMs",
    );
    const registered = discord.commands();
    expect(registered.map((c) => c.name)).toEqual(['kingdomino']);
    // Everywhere, in current terms (contexts and integration types, not the deprecated dm_permission).
    expect(registered[0]).toMatchObject({ contexts: [0, 1, 2], integration_types: [0, 1] });
    expect(registered[0]).not.toHaveProperty('dm_permission');
    const subcommands = (registered[0]?.options ?? []).map((o) => o.name);
    expect(subcommands).toEqual([
      'start',
      'status',
      'rules',
      'cancel',
      'record',
      'replay',
      'stats',
      'leaderboard',
      'forget-me',
      'manage',
      'daily',
      'notify',
      'games',
      'league',
    ]);
    const daily = registered[0]?.options?.find((o) => o.name === 'daily') as
      { options?: { name: string }[] } | undefined;
    expect(daily?.options?.map((o) => o.name)).toEqual(['play', 'standings', 'channel']);
    const league = registered[0]?.options?.find((o) => o.name === 'league') as
      { options?: { name: string }[] } | undefined;
    expect(league?.options?.map((o) => o.name)).toEqual([
      'create',
      'start',
      'standings',
      'my-table',
      'withdraw',
      'drop',
      'replay',
      'adjust',
      'season',
    ]);
    expect(deployed.stdout + deployed.stderr).not.toContain(discord.token);
    expect(commands.map((c) => c.data.name)).toEqual(['kingdomino']);
  });

  it('npm run deploy without a server id registers globally, finding the application id itself', async () => {
    discord ??= await startFakeDiscord();
    const deployed = await run(DEPLOY_ENTRY, { ...discord.env(), DISCORD_GUILD_ID: '', DISCORD_APPLICATION_ID: '' });
    expect(deployed.stdout).toMatch(/for every server \(global/);
    expect(discord.commands({ global: true }).map((c) => c.name)).toEqual(['kingdomino']);
  });
});

describe('the README', () => {
  it('invites the bot with exactly the permissions it checks for', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const asked = [...readme.matchAll(/permissions=(\d+)/g)].map((m) => m[1]);
    expect(asked.length).toBeGreaterThan(0);
    for (const p of asked) expect(BigInt(p!)).toBe(INVITE_PERMISSIONS);
  });

  it('asks for Read Message History, without which the bot cannot find a board that landed unconfirmed', () => {
    expect(INVITE_PERMISSIONS & PermissionFlagsBits.ReadMessageHistory).toBe(PermissionFlagsBits.ReadMessageHistory);
  });
});

describe('the turn timer', () => {
  let world: World;
  afterAll(async () => {
    await world?.close();
  });

  it('reminds a slow player at half time, then moves for them when the time is up', async () => {
    world = await launch({}, { TURN_TIMER_S: '600' });
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', ['bob']);
    await world.advance(299_000);
    expect(discord.messages(threadId).some((m) => m.content.startsWith('⏰'))).toBe(false);
    await world.advance(1_000);
    const reminder = await discord.waitFor(
      () => discord.messages(threadId).find((m) => m.content.startsWith('⏰')),
      'a reminder',
    );
    expect(reminder.content).toMatch(/still your turn/);
    await world.advance(300_000);
    const auto = await discord.waitFor(
      () => discord.messages(threadId).find((m) => /Time ran out/.test(m.content)),
      'an automatic move',
    );
    expect(auto.pngs()).toHaveLength(1);
    expect(lastMessage(discord, threadId).content).toMatch(/your turn/);
    await discord.assertClean();
  });
});
