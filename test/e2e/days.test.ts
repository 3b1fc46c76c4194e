/**
 * A whole 4-human game at one day a move, over simulated weeks (the fake's clock): the
 * players move a few hours after their turn comes, and now and then one lets the day
 * run out (reminded once, then moved for). Bob asked for DMs, the others did not. The
 * bot restarts in the middle; Discord archives the quiet thread and the game reopens
 * it. /kingdomino games is right for each player as the game goes; the record checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  exportRecords,
  isFinal,
  lastMessage,
  launch,
  playMove,
  startTable,
  userToPlay,
  WHOLE_GAME_MS,
  FAST_THREADS,
  type World,
} from './harness.js';

const HOUR_MS = 3_600_000;

describe('a game over days', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    'four players at a day a move: reminders once, DMs for who asked, a restart, the thread reopened, the record valid',
    { timeout: 3 * WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const players = (['alice', 'bob', 'carol', 'dave'] as const).map((name) => discord.user(name));
      const [alice, bob] = players as [FakeUser, FakeUser];
      await (
        await discord.slashCommand({
          user: bob,
          name: 'kingdomino',
          subcommand: 'notify',
          options: { 'direct-messages': true },
        })
      ).reply();
      const threadId = await startTable(discord, 'alice', ['bob', 'carol', 'dave'], { pace: '1d' });
      const messages = () => discord.messages(threadId);
      const boards = () => messages().filter((m) => m.pngs().length > 0);
      const lastBoard = (): FakeMessage => boards().at(-1)!;
      const olderCleared = () =>
        boards()
          .slice(0, -1)
          .every((m) => m.buttons().length === 0);
      const games = async (user: FakeUser): Promise<string> =>
        (await (await discord.slashCommand({ user, name: 'kingdomino', subcommand: 'games' })).reply()).content;

      let moves = 0;
      let timeouts = 0;
      for (let guard = 0; guard < 200 && !isFinal(lastMessage(discord, threadId)); guard++) {
        const board = lastBoard();
        const user = userToPlay(discord, board);
        if (!user) {
          await discord.waitFor(
            () => lastBoard().id !== board.id || isFinal(lastMessage(discord, threadId)),
            'the next board',
          );
          continue;
        }
        if (moves % 10 === 0) {
          // Whose turn it is, as each player's own list says it.
          for (const p of players)
            expect((await games(p)).includes('**your turn**'), p.username).toBe(p.id === user.id);
        }
        if (moves === 12) {
          // The bot restarts, its clock where the game's is.
          await world.restart();
          await world.bot.advanceClock(discord.now() - Date.now());
        }
        if (moves === 20) discord.thread(threadId)!.thread!.archived = true;
        if (moves % 9 === 4) {
          // This player lets the day run out: reminded six hours before, then moved for.
          await discord.waitFor(olderCleared, 'the older boards cleared');
          const reminded = messages().filter((m) => m.content.startsWith(`⏰ ${user.mention}`)).length;
          await world.advance(18 * HOUR_MS + 1000);
          await discord.waitFor(
            () => messages().filter((m) => m.content.startsWith(`⏰ ${user.mention}`)).length === reminded + 1,
            'the reminder',
          );
          await world.advance(6 * HOUR_MS);
          await discord.waitFor(() => lastBoard().id !== board.id, 'the automatic move');
          expect(lastBoard().content).toMatch(/Time ran out/);
          timeouts++;
        } else {
          await world.advance(3 * HOUR_MS);
          await playMove(discord, threadId, board, user);
        }
        moves++;
      }
      const final = lastMessage(discord, threadId);
      expect(isFinal(final)).toBe(true);
      expect(timeouts).toBeGreaterThanOrEqual(4);

      // A reminder only before the days that ran out, one each; never two for a turn.
      const reminders = messages().filter((m) => m.content.startsWith('⏰'));
      expect(reminders).toHaveLength(timeouts);
      // Bob had a DM for each of his turns; the others, who did not ask, none.
      expect(discord.dms(bob).length).toBeGreaterThan(0);
      for (const p of players) if (p.id !== bob.id) expect(discord.dms(p), p.username).toEqual([]);
      // Over: in nobody's list any more.
      expect(await games(alice)).toBe('You have no lobby or running game on this server.');

      const [record] = await exportRecords(discord, threadId, 'alice');
      const checked = checkRecord(record);
      expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
    },
  );
});
