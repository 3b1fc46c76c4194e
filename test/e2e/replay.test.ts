/**
 * Replays and alt text, end to end: while a game runs, every board and preview is
 * posted with a text description, and /kingdomino replay is refused (the record's
 * seed would reveal the pile); at the end, the score sheet has its description,
 * Replay on the final message posts an animated GIF of the whole game (one frame
 * per move and one before, with its description) in the thread, a second ask
 * points to it instead of posting it again, and the command checks its game. Once
 * the thread is archived and locked, a moderator's /kingdomino replay is posted in
 * it, opened for the post and archived again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameRecord } from '../../src/game/index.js';
import { t } from '../../src/i18n/index.js';
import { DEFAULT_BOT_PERMISSIONS } from '../fake-discord/index.js';
import { readGif } from '../render/gif.js';
import {
  exportRecords,
  isFinal,
  lastMessage,
  launch,
  playMove,
  playToEnd,
  startTable,
  userToPlay,
  WHOLE_GAME_MS,
  yourTurnId,
  type World,
  FAST_THREADS,
} from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch(FAST_THREADS);
});

afterAll(async () => {
  await world?.close();
});

const DESCRIPTION_MAX = 1024;

it(
  'describes every picture, refuses a replay during the game, and posts one at the end',
  async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
    const first = lastMessage(discord, threadId);
    const [board] = first.pngs();
    expect(board?.description).toMatch(/^Opening picks\. .*alice.* 0 points.* 0 points\.$/s);

    // During the game: a polite private refusal, nothing posted.
    const early = await (
      await discord.slashCommand({ user: 'bob', channel: threadId, name: 'kingdomino', subcommand: 'replay' })
    ).reply();
    expect(early.ephemeral).toBe(true);
    expect(early.content).toBe(t('replay.notYet'));
    expect(early.attachments).toHaveLength(0);

    // Every board has its description; the first panel with a domino to place has its preview's.
    let previewChecked = false;
    for (let guard = 0; guard < 200; guard++) {
      const last = lastMessage(discord, threadId);
      if (isFinal(last)) break;
      const description = last.pngs()[0]?.description ?? '';
      expect(description.length).toBeGreaterThan(0);
      expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
      expect(description).toContain('alice');
      const user = userToPlay(discord, last);
      if (!user) {
        await discord.waitFor(() => lastMessage(discord, threadId).id !== last.id, 'an AI move');
        continue;
      }
      if (!previewChecked && /place #\d+/.test(last.content)) {
        const panel = await (await discord.click(last, yourTurnId(last), user)).reply();
        const [preview] = panel.pngs();
        expect(preview?.filename).toBe('preview.png');
        expect(preview?.description).toMatch(/^alice's kingdom, \d+ points?\. .*In hand: #\d+ /s);
        expect(preview?.description).toMatch(/: it fits, score \d+ to \d+\./);
        previewChecked = true;
      }
      await playMove(discord, threadId, last, user);
    }
    expect(previewChecked).toBe(true);
    const final = lastMessage(discord, threadId);
    expect(isFinal(final)).toBe(true);
    const [sheet] = final.pngs();
    // The outcome (with how a tie on points was decided, when there was one), then the places in order.
    expect(sheet?.description).toMatch(/^Final scores\. .+?\. 1st .*2nd /s);

    const [record] = (await exportRecords(discord, threadId, 'alice')) as GameRecord[];
    const moves = record!.events.filter((e) => e.type === 'claim').length + 4;

    // Replay on the final message: an animated GIF in the thread, one frame per move and one before.
    const button = final.button(/Replay/);
    expect(button.customId).toBe('k1:g:1');
    const click = await discord.click(final, button.customId!, 'bob');
    const posted = await click.publicAnswer(60_000);
    expect(posted.ephemeral).toBe(false);
    expect(posted.channelId).toBe(threadId);
    expect(posted.content).toContain(`${moves} moves`);
    expect(posted.attachments).toHaveLength(1);
    const gif = posted.attachments[0]!;
    expect(gif.filename).toBe(`kingdomino-${threadId}.gif`);
    expect(gif.bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(gif.bytes.length).toBeLessThan(8 * 1024 * 1024);
    const decoded = readGif(gif.bytes);
    expect(decoded.frames).toHaveLength(moves + 1);
    expect(decoded.loops).toBe(0);
    expect(gif.description).toMatch(
      new RegExp(
        `^Animated replay of the game: ${moves + 1} pictures, one per move, \\d+ seconds in all\\. .* wins\\.`,
      ),
    );
    expect(gif.description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX);

    // Asked again a moment later: pointed to it, privately, nothing posted twice.
    await world.bot.waitForOutput(/replay posted/);
    const count = discord.messages(threadId).length;
    const again = await (
      await discord.slashCommand({ user: 'alice', channel: threadId, name: 'kingdomino', subcommand: 'replay' })
    ).reply();
    expect(again.ephemeral).toBe(true);
    expect(again.content).toContain(posted.id);
    expect(discord.messages(threadId)).toHaveLength(count);

    // A single game has no game 2.
    const wrong = await (
      await discord.slashCommand({
        user: 'alice',
        channel: threadId,
        name: 'kingdomino',
        subcommand: 'replay',
        options: { game: 2 },
      })
    ).reply();
    expect(wrong.ephemeral).toBe(true);
    expect(wrong.content).toBe(t('replay.noSuchGame', { game: 2, count: 1 }));
  },
  WHOLE_GAME_MS,
);

describe('after the thread is archived', () => {
  let archived: World;
  beforeAll(async () => {
    archived = await launch(
      {
        users: ['alice', 'bob', { username: 'mod', moderator: true }],
        botPermissions: [...DEFAULT_BOT_PERMISSIONS, 'ManageThreads'],
      },
      { ARCHIVE_AFTER_S: '2' },
    );
  });
  afterAll(async () => {
    await archived?.close();
  });

  it(
    "a moderator's /kingdomino replay is posted in the locked thread, which is archived again",
    async () => {
      const { discord } = archived;
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      await playToEnd(discord, threadId);
      await discord.waitFor(
        () => {
          const thread = discord.thread(threadId)?.thread;
          return thread?.archived && thread.locked;
        },
        'the thread archived and locked',
        30_000,
      );
      const posted = await (
        await discord.slashCommand({ user: 'mod', channel: threadId, name: 'kingdomino', subcommand: 'replay' })
      ).publicAnswer(60_000);
      expect(posted.ephemeral).toBe(false);
      expect(posted.attachments[0]?.filename).toBe(`kingdomino-${threadId}.gif`);
      expect(readGif(posted.attachments[0]!.bytes).frames.length).toBeGreaterThan(20);
      await discord.waitFor(() => discord.thread(threadId)?.thread?.archived, 'the thread archived again');
      expect(discord.thread(threadId)?.thread?.locked).toBe(true);
      await discord.assertClean();
    },
    WHOLE_GAME_MS,
  );
});
