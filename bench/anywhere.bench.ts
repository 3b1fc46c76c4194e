/**
 * A move in a group DM against a move in a server's thread, in one run (the machines
 * are noisy: compare the ratio). The real bot as a child process against the fake
 * Discord, as in the end-to-end tests; four humans at each table, so every move shows.
 *
 * anywhere.group_move_ms_p50/_p99: from the click that completes a move in the panel
 * to the group DM's one message edited with the new board (through the token of the
 * mover's "Your turn" click: the bot cannot post there).
 * anywhere.thread_move_ms_p50/_p99: the same move in a thread, to its new board posted.
 * anywhere.group_vs_thread_p50: the first over the second.
 */
import { performance } from 'node:perf_hooks';
import type { FakeDiscord } from '../test/fake-discord/fake.js';
import type { FakeMessage, FakeUser } from '../test/fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  registerGlobally,
  startTable,
  userToPlay,
  yourTurnId,
  FAST_THREADS,
} from '../test/e2e/harness.js';

const SAMPLES = Number(process.env.ANYWHERE_BENCH_SAMPLES ?? 60);
/**
 * Group DMs played in turn: Discord shares about 30 webhook messages a minute per channel
 * (the panels beside the message are follow-ups), and clicks here come far faster than
 * friends in one group DM play.
 */
const GROUPS = 6;
const PLAYERS = ['alice', 'bob', 'carol', 'dave'];

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The button of the panel that completes the move in one tap: Take #N, Place here, or the discard. */
function completing(panel: FakeMessage): string {
  const id = panel
    .buttons()
    .find(
      (b) =>
        !b.disabled && (/^k1:(aw:\d+:)?k:/.test(b.customId ?? '') || /^(✅ Place here|🗑 Discard)/.test(b.label ?? '')),
    )?.customId;
  if (!id) throw new Error(`no button completes the move: ${panel.content}`);
  return id;
}

/** One move in a thread: ms from the completing click to the new board. */
async function threadMove(discord: FakeDiscord, threadId: string): Promise<number | null> {
  const turn = lastMessage(discord, threadId);
  const user = userToPlay(discord, turn);
  if (!user) return null;
  const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
  const boards = boardCount(discord, threadId);
  const sent = performance.now();
  await discord.click(panel, completing(panel), user);
  await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the new board');
  return performance.now() - sent;
}

/** One move on a group DM's one message: ms from the completing click to the message edited. */
async function groupMove(discord: FakeDiscord, message: FakeMessage): Promise<number | null> {
  const user: FakeUser | null = userToPlay(discord, message);
  if (!user) return null;
  const click = await discord.click(message, message.button(/^Your turn/).customId ?? '', user);
  const panel = await click.followUp(0);
  if (!panel.ephemeral) throw new Error('the panel is not private');
  const edits = message.edits;
  const sent = performance.now();
  await discord.click(panel, completing(panel), user);
  await discord.waitFor(() => message.edits > edits && message.pngs().length > 0, 'the group message edited');
  return performance.now() - sent;
}

async function groupGame(discord: FakeDiscord): Promise<FakeMessage> {
  for (const name of PLAYERS) discord.installForUser(name);
  const group = discord.groupDm(PLAYERS);
  const start = await discord.slashCommand({ user: 'alice', channel: group, name: 'kingdomino', subcommand: 'start' });
  const lobby = await start.reply();
  for (const name of PLAYERS.slice(1)) await (await discord.click(lobby, 'k1:j', name)).reply();
  await (await discord.click(lobby, 'k1:s', 'alice')).reply();
  const message = discord.message(lobby.id)!;
  await discord.waitFor(() => userToPlay(discord, message) !== null, 'the first board in the group message');
  return message;
}

async function main(): Promise<void> {
  const world = await launch({ strict: true, ...FAST_THREADS }, { ARCHIVE_AFTER_S: '0' });
  const { discord } = world;
  registerGlobally(discord);
  const group: number[] = [];
  const thread: number[] = [];
  try {
    let threadId = await startTable(discord, 'alice', PLAYERS.slice(1));
    const messages: FakeMessage[] = [];
    for (let i = 0; i < GROUPS; i++) messages.push(await groupGame(discord));
    for (let i = 0; group.length < SAMPLES || thread.length < SAMPLES; i = (i + 1) % GROUPS) {
      // Alternated, so that both see the same machine.
      const inThread = await threadMove(discord, threadId);
      if (inThread === null) threadId = await startTable(discord, 'alice', PLAYERS.slice(1));
      else thread.push(inThread);
      const inGroup = await groupMove(discord, messages[i]!);
      if (inGroup === null) messages[i] = await groupGame(discord);
      else group.push(inGroup);
    }
    await discord.assertClean();
  } finally {
    await world.close();
  }
  const ratio = percentile(group, 50) / percentile(thread, 50);
  console.log(`anywhere.group_move_ms_p50: ${percentile(group, 50).toFixed(1)} ms`);
  console.log(`anywhere.group_move_ms_p99: ${percentile(group, 99).toFixed(1)} ms`);
  console.log(`anywhere.thread_move_ms_p50: ${percentile(thread, 50).toFixed(1)} ms`);
  console.log(`anywhere.thread_move_ms_p99: ${percentile(thread, 99).toFixed(1)} ms`);
  console.log(`anywhere.group_vs_thread_p50: ${ratio.toFixed(2)} x`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
