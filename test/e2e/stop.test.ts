/**
 * Graceful stop: a SIGTERM lets the move in flight finish its save and its post,
 * answers new clicks "restarting", then the bot exits 0 within STOP_TIMEOUT_MS. A
 * second SIGTERM ends it at once, and so does the bound. Whatever was cut short is
 * carried on by the next start: the game goes on, each board posted once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import type { FakeInteraction } from '../fake-discord/interactions.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  playMove,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
} from './harness.js';

const BOUND_MS = 8000;

let world: World;
let threadId: string;

beforeAll(async () => {
  world = await launch({}, { STOP_TIMEOUT_MS: String(BOUND_MS) });
  threadId = await startTable(world.discord, 'alice', ['bob']);
});

afterAll(async () => {
  await world?.close();
});

interface MoveInFlight {
  readonly click: FakeInteraction;
  readonly player: FakeUser;
  readonly turn: FakeMessage;
  readonly boards: number;
}

/**
 * The player to move opens the panel and takes a domino; the board it posts is held
 * by Discord for `postMs`. Resolves once the move is saved and its post is under way.
 */
async function moveWithSlowPost(postMs: number): Promise<MoveInFlight> {
  const { discord } = world;
  const turn = lastMessage(discord, threadId);
  const player = userToPlay(discord, turn)!;
  const panel = await (await discord.click(turn, yourTurnId(turn), player)).reply();
  const pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'))!.customId!;
  const boards = boardCount(discord, threadId);
  let posting: () => void = () => {};
  const underWay = new Promise<void>((resolve) => {
    posting = resolve;
  });
  const posts = discord.postsIn(threadId);
  discord.injectFault(
    { ...posts, where: (r) => posts.where?.(r) === true && (posting(), true) },
    { kind: 'slow', delayMs: postMs },
  );
  const click = await discord.click(panel, pick, player);
  await underWay;
  return { click, player, turn, boards };
}

/** Milliseconds from now until the bot has exited, and how. */
async function exitAfter(send: () => void): Promise<{ ms: number; code: number | null }> {
  const started = Date.now();
  send();
  const exit = await world.bot.exited;
  return { ms: Date.now() - started, code: exit.code };
}

/**
 * Start the bot again on the same data (unless it is running): the board of the
 * move made before the stop is there (posted once), and the game goes on from it.
 */
async function restartAndPlayOn(move: MoveInFlight, env: Readonly<Record<string, string>> = {}): Promise<void> {
  const { discord } = world;
  if (world.bot.exit) await world.restart({ STOP_TIMEOUT_MS: String(BOUND_MS), ...env });
  const next = await discord.waitFor(
    () => boardCount(discord, threadId) > move.boards && lastMessage(discord, threadId),
    'the board of the move made before the stop',
  );
  expect(boardCount(discord, threadId)).toBe(move.boards + 1);
  await playMove(discord, threadId, next, userToPlay(discord, next)!);
  expect(boardCount(discord, threadId)).toBe(move.boards + 2);
}

describe('stopping the bot', () => {
  it('lets the move in flight be saved and posted, answers new clicks "restarting", then exits 0 within the bound', async () => {
    const { discord } = world;
    const move = await moveWithSlowPost(2000);
    const stopped = exitAfter(() => world.bot.signal('SIGTERM'));
    await world.bot.waitForOutput(/stopping/);
    // A click while stopping: a short private answer, nothing done.
    const late = await (await discord.click(move.turn, yourTurnId(move.turn), 'erin', { force: true })).reply();
    expect(late.ephemeral).toBe(true);
    expect(late.content).toBe(t('stop.restarting'));
    const { ms, code } = await stopped;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(BOUND_MS);
    // The move finished: its board is in the thread, the player was told.
    expect(boardCount(discord, threadId)).toBe(move.boards + 1);
    expect((await move.click.reply()).content).toMatch(/^✅/);
    expect(world.bot.stdout + world.bot.stderr).not.toMatch(/unfinished/);
    await restartAndPlayOn(move);
    await discord.assertClean();
  });

  it('exits at once on a second SIGTERM', async () => {
    const move = await moveWithSlowPost(10_000);
    world.bot.signal('SIGTERM');
    await world.bot.waitForOutput(/stopping/);
    const { ms } = await exitAfter(() => world.bot.signal('SIGTERM'));
    expect(ms).toBeLessThan(1000);
    expect(world.bot.stdout + world.bot.stderr).toMatch(/stopping at once/);
    await restartAndPlayOn(move);
  });

  it('exits when the bound has passed, even with a post still under way', async () => {
    const bound = 1500;
    await world.restart({ STOP_TIMEOUT_MS: String(bound) });
    const move = await moveWithSlowPost(10_000);
    const { ms } = await exitAfter(() => world.bot.signal('SIGTERM'));
    expect(ms).toBeLessThan(bound + 1000);
    expect(world.bot.stdout + world.bot.stderr).toMatch(/unfinished/);
    await restartAndPlayOn(move);
  });
});
