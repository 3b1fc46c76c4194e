/**
 * End-to-end harness: the real bot (compiled, as npm start runs it) as a child process, logged in to
 * the fake Discord, with its own data directory; and the moves of a game as
 * players make them, by slash commands and button clicks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands } from '../../commands/index.js';
import { startBot, type BotProcess } from '../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord, type FakeDiscordOptions } from '../fake-discord/fake.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import type { OptionValue } from '../fake-discord/interactions.js';

export interface World {
  readonly discord: FakeDiscord;
  bot: BotProcess;
  readonly dataDir: string;
  /**
   * SIGKILL the bot, run `whileDown` (change the world the bot will find), start it
   * again on the same data (with these settings changed), wait until it is back.
   */
  restart(env?: Readonly<Record<string, string>>, whileDown?: () => Promise<void>): Promise<void>;
  /** Move time forward by `ms` for Discord and the bot alike: what falls due meanwhile happens now. */
  advance(ms: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Time for a test that plays a whole game at Discord's pace: a thread takes about
 * 5 posts per 5 s, so about one move a second.
 */
export const WHOLE_GAME_MS = 120_000;

/**
 * For tests about what a whole game does rather than Discord's pace: posts and edits
 * in a thread allowed 50 a second instead of Discord's 5 per 5 s (the other limits
 * stay Discord's; the per-channel ones are exercised by the tests that keep them).
 */
export const FAST_THREADS = {
  limits: { messageCreate: { limit: 50, windowMs: 1000 }, messageEdit: { limit: 50, windowMs: 1000 } },
} as const;

export function botEnv(discord: FakeDiscord, dataDir: string): Record<string, string> {
  return {
    ...discord.env(),
    DATA_DIR: dataDir,
    REDIS_URL: '',
    AI_MOVE_DELAY_MS: '0',
    UNDO_GRACE_MS: '0',
    AI_HARD_MS: '20',
    TURN_TIMER_S: '0',
    LOG_LEVEL: 'info',
    BOT_CLOCK: 'ipc',
  };
}

async function launchBot(
  discord: FakeDiscord,
  dataDir: string,
  env: Readonly<Record<string, string>>,
): Promise<BotProcess> {
  const bot = startBot({ env: { ...botEnv(discord, dataDir), ...env }, waitTimeoutMs: 20_000 });
  discord.watch(bot);
  await bot.race(discord.waitForReady(20_000));
  await bot.waitForOutput(/resumed running games/);
  return bot;
}

export async function launch(
  options: FakeDiscordOptions = {},
  env: Readonly<Record<string, string>> = {},
): Promise<World> {
  const discord = await startFakeDiscord({ waitTimeoutMs: 20_000, ...options });
  discord.registerCommands(commands.map((c) => c.data.toJSON()));
  const dataDir = mkdtempSync(join(tmpdir(), 'kingdomino-e2e-'));
  const world: World = {
    discord,
    bot: await launchBot(discord, dataDir, env),
    dataDir,
    async restart(changed = {}, whileDown = async () => {}) {
      await world.bot.kill();
      await whileDown();
      world.bot = await launchBot(discord, dataDir, { ...env, ...changed });
    },
    async advance(ms) {
      discord.advanceClock(ms);
      await world.bot.advanceClock(ms);
    },
    async close() {
      await world.bot.stop();
      await discord.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/**
 * The commands registered globally instead of to the test server, as `npm run deploy`
 * does without DISCORD_GUILD_ID: Discord offers them in DMs, group DMs and servers
 * without the bot too (guild commands only in their server).
 */
export function registerGlobally(discord: FakeDiscord): void {
  discord.registerCommands([]);
  discord.registerCommands(
    commands.map((c) => c.data.toJSON()),
    { global: true },
  );
}

export type StartOptions = Readonly<Record<string, OptionValue>>;

/** /kingdomino start by the host: the lobby message. */
export async function openLobby(discord: FakeDiscord, host: string, options: StartOptions = {}): Promise<FakeMessage> {
  const command = await discord.slashCommand({ user: host, name: 'kingdomino', subcommand: 'start', options });
  return command.reply();
}

/** Others join, the host starts: the thread id (= the lobby message id), once the first board is posted. */
export async function startTable(
  discord: FakeDiscord,
  host: string,
  others: readonly string[],
  options: StartOptions = {},
): Promise<string> {
  const lobby = await openLobby(discord, host, options);
  for (const user of others) await (await discord.click(lobby, 'k1:j', user)).reply();
  await (await discord.click(lobby, 'k1:s', host)).reply();
  await discord.waitFor(
    () => discord.thread(lobby.id) && boardCount(discord, lobby.id) > 0,
    'the first board in the game thread',
  );
  return lobby.id;
}

export function boardCount(discord: FakeDiscord, threadId: string): number {
  return discord.messages(threadId).filter((m) => m.pngs().length > 0).length;
}

export function lastMessage(discord: FakeDiscord, threadId: string): FakeMessage {
  const all = discord.messages(threadId);
  const last = all[all.length - 1];
  if (!last) throw new Error('the thread is empty');
  return last;
}

/** The user a turn message asks to play, or null (an AI's turn, or the game is over). */
export function userToPlay(discord: FakeDiscord, message: FakeMessage): FakeUser | null {
  const id = /<@(\d+)>, your turn/.exec(message.content)?.[1];
  return id ? discord.user(id) : null;
}

export function isFinal(message: FakeMessage): boolean {
  return /Game over!/.test(message.content);
}

/** The live "Your turn" button of a turn message. */
export function yourTurnId(message: FakeMessage): string {
  const id = message.button(/^Your turn/).customId;
  if (!id) throw new Error('the turn button has no custom_id');
  return id;
}

/**
 * One move by `user` from the turn message: open the panel and take the first free
 * domino with the placement it opens on (the best spot), or discard, or place in the last round.
 * Resolves with the board message the move posted.
 */
export async function playMove(
  discord: FakeDiscord,
  threadId: string,
  turnMessage: FakeMessage,
  user: FakeUser,
): Promise<FakeMessage> {
  return playFrom(discord, threadId, turnMessage, yourTurnId(turnMessage), user);
}

/** A pick button of the panel, in the thread (`k1:k:…`) or away from it (`k1:aw:<table>:k:…`). */
const PICK_ID = /^k1:(aw:\d+:)?k:/;

/**
 * One move by `user` from a "Your turn" button anywhere (`buttonId` on `message`: the
 * turn message, a DM, /kingdomino games), as playMove plays it. Resolves with the
 * board message the move posted.
 */
export async function playFrom(
  discord: FakeDiscord,
  threadId: string,
  message: FakeMessage,
  buttonId: string,
  user: FakeUser,
): Promise<FakeMessage> {
  const boards = boardCount(discord, threadId);
  const panel = await (await discord.click(message, buttonId, user)).reply();
  await pressThrough(discord, panel, user);
  await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board after the move');
  return lastMessage(discord, threadId);
}

/** Take the first free domino with the placement the panel opens on (or discard, or place in the last round): the move made. */
export async function pressThrough(discord: FakeDiscord, panel: FakeMessage, user: FakeUser): Promise<void> {
  for (let step = 0; step < 3 && panel.buttons().length > 0 && !panel.content.startsWith('✅'); step++) {
    const next = panel
      .buttons()
      .find((b) => !b.disabled && (PICK_ID.test(b.customId ?? '') || /^(✅ Place here|🗑 Discard)/.test(b.label ?? '')));
    if (!next?.customId) throw new Error(`nothing to press on the panel: ${panel.content}`);
    await (await discord.click(panel, next.customId, user)).reply();
  }
  if (!panel.content.startsWith('✅')) throw new Error(`the move did not go through: ${panel.content}`);
}

/**
 * One move by `user` through the panel, without waiting for a board (a move followed by
 * a computer's posts none until that run is over): the panel, answered once the move is
 * saved and any board it owes posted.
 */
export async function moveByPanel(discord: FakeDiscord, turn: FakeMessage, user: FakeUser): Promise<FakeMessage> {
  const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
  for (let step = 0; step < 3 && !panel.content.startsWith('✅'); step++) {
    const next = panel
      .buttons()
      .find(
        (b) => !b.disabled && (b.customId?.startsWith('k1:k:') || /^(✅ Place here|🗑 Discard)/.test(b.label ?? '')),
      );
    if (!next?.customId) throw new Error(`nothing to press on the panel: ${panel.content}`);
    await (await discord.click(panel, next.customId, user)).reply();
  }
  if (!panel.content.startsWith('✅')) throw new Error(`the move did not go through: ${panel.content}`);
  return panel;
}

/** Play until the final message: humans by clicks, AI seats on their own. Resolves with the final message. */
export async function playToEnd(
  discord: FakeDiscord,
  threadId: string,
  onMove: (board: FakeMessage) => void = () => {},
): Promise<FakeMessage> {
  for (let guard = 0; guard < 500; guard++) {
    const last = lastMessage(discord, threadId);
    if (isFinal(last)) return last;
    const user = userToPlay(discord, last);
    if (user) {
      onMove(await playMove(discord, threadId, last, user));
    } else {
      // The AI may have moved already: wait for anything newer than the message just read.
      await discord.waitFor(() => lastMessage(discord, threadId).id !== last.id, 'an AI move');
      onMove(lastMessage(discord, threadId));
    }
  }
  throw new Error('the game did not end');
}

/** /kingdomino record in the thread: the record JSON files. */
export async function exportRecords(discord: FakeDiscord, threadId: string, user: string): Promise<unknown[]> {
  const reply = await (
    await discord.slashCommand({ user, channel: threadId, name: 'kingdomino', subcommand: 'record' })
  ).publicAnswer();
  return reply.attachments.map((a) => JSON.parse(a.bytes.toString('utf8')) as unknown);
}

/** Plays a daily deal's panel to the end: each move takes the first (or last) domino offered, or places/discards in the last round. */
export async function playDailyOut(
  discord: FakeDiscord,
  panel: FakeMessage,
  user: string,
  pickLast: boolean,
): Promise<FakeMessage> {
  let message = panel;
  for (let guard = 0; guard < 40; guard++) {
    const enabled = message.buttons().filter((b) => !b.disabled && b.customId?.startsWith('k1:dl:'));
    const picks = enabled.filter((b) => b.customId!.startsWith('k1:dl:k:'));
    const last = enabled.find((b) => /^k1:dl:[pd]:/.test(b.customId!));
    const next = picks.length > 0 ? (pickLast ? picks[picks.length - 1] : picks[0]) : last;
    if (!next) return message;
    message = await (await discord.click(message, next.customId!, user)).reply();
  }
  throw new Error('the daily game did not end');
}
