/**
 * A game at a correspondence pace, through Discord, over simulated days (the fake's
 * clock): the rules line and every board say the pace and the move's deadline, the
 * player is reminded once some hours before it, and the move is made for them at it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMessage, launch, playMove, startTable, userToPlay, FAST_THREADS, type World } from './harness.js';

const HOUR_MS = 3_600_000;

describe('a game at one day a move', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it('shows the deadline, reminds six hours before it, then moves for the absent player', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', ['bob'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const first = boards()[0]!;
    expect(first.content).toMatch(/⏳ Move due <t:\d+:R>\./);
    const starter = userToPlay(discord, first)!;
    await playMove(discord, threadId, first, starter);
    await discord.waitFor(() => boards().length >= 2, 'the second board');
    const second = boards()[1]!;
    const due = Number(/<t:(\d+):R>/.exec(second.content)?.[1]) * 1000;
    const waiting = userToPlay(discord, second)!;

    const reminders = () => discord.messages(threadId).filter((m) => m.content.startsWith(`⏰ ${waiting.mention}`));
    await world.advance(17 * HOUR_MS);
    expect(reminders()).toHaveLength(0);
    await world.advance(HOUR_MS + 1000);
    await discord.waitFor(() => reminders().length === 1, 'the reminder six hours before the deadline');
    expect(reminders()[0]!.content).toContain(`a move will be made for you <t:${due / 1000}:R>`);
    expect(reminders()[0]!.pinged).toEqual([waiting.id]);

    await world.advance(6 * HOUR_MS);
    await discord.waitFor(
      () => /Time ran out/.test(lastMessage(discord, threadId).content) || boards().length >= 3,
      'the automatic move',
    );
    expect(boards().some((m) => /Time ran out/.test(m.content))).toBe(true);
    expect(reminders()).toHaveLength(1);
  });
});
