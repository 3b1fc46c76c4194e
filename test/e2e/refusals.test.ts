/**
 * Work Discord keeps refusing for a reason trying again will not change: here the bot
 * loses View Channel in the game's channel during a game (Discord answers 403 / 50001
 * Missing Access on the channel's routes; the interaction webhooks still work). Clearing
 * an old board's buttons and closing the thread after the game (the lobby message's
 * edit) are each tried REFUSALS_ALLOWED times, then given up: logged, the table says so
 * (a restart does not start again), the thread told once where it can still be written
 * to. Every refusal is an invalid request for Discord: the run stays far from its
 * 10,000 per 10 minutes.
 */
import { t } from '../../src/i18n/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { REFUSALS_ALLOWED, type Table } from '../../src/table/index.js';
import type { FakeDiscord, FakeMessage } from '../fake-discord/index.js';
import { isFinal, launch, playMove, startTable, userToPlay, type World, FAST_THREADS } from './harness.js';

const ARCHIVE_AFTER_S = 60;
const STALE = t('refusal.buttonsStay', {}, 'en');
const NOT_ARCHIVED = t('archive.notArchived', {}, 'en');

function lastBoard(discord: FakeDiscord, threadId: string): FakeMessage | undefined {
  return discord.messages(threadId).findLast((m) => m.pngs().length > 0);
}

/** Play to the final message, reading the boards only (the thread also gets a notice meanwhile). */
async function playToEnd(discord: FakeDiscord, threadId: string): Promise<FakeMessage> {
  for (let guard = 0; guard < 200; guard++) {
    const board = lastBoard(discord, threadId)!;
    if (isFinal(board)) return board;
    const user = userToPlay(discord, board);
    if (user) await playMove(discord, threadId, board, user);
    else await discord.waitFor(() => lastBoard(discord, threadId)?.id !== board.id, 'an AI move');
  }
  throw new Error('the game did not end');
}

async function stored(world: World, tableId: string): Promise<Table> {
  const store = await openStore({ dataDir: world.dataDir });
  try {
    const loaded = await store.get(tableId);
    if (loaded.kind !== 'found') throw new Error(`table ${tableId}: ${loaded.kind}`);
    return loaded.table;
  } finally {
    await store.close();
  }
}

describe('work Discord keeps refusing', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS, { ARCHIVE_AFTER_S: String(ARCHIVE_AFTER_S) });
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    `is tried ${REFUSALS_ALLOWED} times, then given up for good: clearing buttons, closing the thread`,
    { timeout: 30_000 },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      const channel = discord.channel.id;
      // Alice's first turn message was posted on the channel's route (nobody had clicked in the thread yet).
      const first = await discord.waitFor(() => {
        const board = lastBoard(discord, threadId);
        return board && userToPlay(discord, board) ? board : null;
      }, "alice's first turn");
      discord.expectError({ status: 403, code: 50001 });
      discord.setBotChannelPermissions(channel, { deny: ['ViewChannel'] });
      // Alice's move: its board goes through her click's webhook; clearing the last one is refused.
      await playMove(discord, threadId, first, discord.user('alice'));
      for (let n = 1; n < REFUSALS_ALLOWED; n++) await world.advance(60_000);
      const [, givenUp] = await world.bot.waitForOutput(
        /keeps refusing to clear an old board's buttons: given up .*message=(\d+) refusals=3/,
      );
      // View Channel back for the rest of the game (the channel's route takes the boards beyond the webhooks' share).
      discord.setBotChannelPermissions(channel, {});
      const final = await playToEnd(discord, threadId);
      // The last turn message cleared: the game's last post made, its thread is due to close ARCHIVE_AFTER_S later.
      const lastTurn = discord.messages(threadId).findLast((m) => m.id !== final.id && m.pngs().length > 0)!;
      await discord.waitFor(() => lastTurn.edits > 0, 'the last turn message cleared');
      discord.setBotChannelPermissions(channel, { deny: ['ViewChannel'] });
      // An earlier board posted on the channel's route (the first turn message, or the one before it).
      const clears = discord.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${givenUp}`));
      expect(clears.map((r) => [r.route, r.status])).toEqual(
        Array(REFUSALS_ALLOWED).fill(['/channels/:channel/messages/:message', 403]),
      );
      expect(discord.message(givenUp!)?.edits).toBe(0);
      // Told once, through the webhook of a click in the thread (its route needs no View Channel).
      await discord.waitFor(() => discord.messages(threadId).some((m) => m.content === STALE), 'the thread told');
      expect(discord.messages(threadId).filter((m) => m.content === STALE)).toHaveLength(1);

      // The lobby message's Rematch comes first when the thread is closed: refused, tried once a minute.
      const lobbyEdits = () =>
        discord.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${channel}/messages/${threadId}`);
      for (let n = 1; n < REFUSALS_ALLOWED; n++) {
        await world.advance(ARCHIVE_AFTER_S * 1000);
        // Logged once counted: the next try is armed by then.
        await world.bot.waitForOutput(new RegExp(`refused to archive the game thread: will try again .*refusals=${n}`));
      }
      await world.advance(ARCHIVE_AFTER_S * 1000);
      await world.bot.waitForOutput(/keeps refusing to archive the game thread: given up.*refusals=3/);
      // The thread hears it stays open (through the webhook, which needs no View Channel).
      await discord.waitFor(
        () => discord.messages(threadId).some((m) => m.content === NOT_ARCHIVED),
        'the thread told it stays open',
      );
      const table = await stored(world, threadId);
      expect(table).toMatchObject({
        status: 'finished',
        gaveUp: { clear: expect.any(Number), close: expect.any(Number) },
      });
      expect(table).not.toHaveProperty('closeAt');
      expect(table.outbox ?? []).toEqual([]);

      // Neither time nor a restart starts it again.
      await world.advance(10 * ARCHIVE_AFTER_S * 1000);
      await world.restart();
      await world.advance(10 * ARCHIVE_AFTER_S * 1000);
      await (await discord.slashCommand({ user: 'alice', name: 'kingdomino', subcommand: 'rules' })).response();
      expect(lobbyEdits().map((r) => r.status)).toEqual(Array(REFUSALS_ALLOWED).fill(403));
      expect(discord.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${threadId}`)).toEqual([]);
      expect(discord.thread(threadId)?.thread?.archived).toBe(false);
      expect(discord.messages(threadId).filter((m) => m.content === NOT_ARCHIVED)).toHaveLength(1);
      expect(discord.invalidRequests).toBeLessThan(20);
      await discord.assertClean();
    },
  );
});
