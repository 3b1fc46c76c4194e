/**
 * Planning ahead in a game at one day a move, through Discord: "Plan ahead" on a
 * board opens a private planning panel; a pick (and a next choice) saves the plan; when
 * the turn comes it is played at once and told as planned, the player not pinged for
 * it; a plan whose picks are all gone falls back to asking, the panel saying why; plans
 * made before a restart are played after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  lastMessage,
  launch,
  moveByPanel,
  playMove,
  startTable,
  userToPlay,
  FAST_THREADS,
  type World,
} from './harness.js';

describe('plans ahead', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  /** `user` presses Plan ahead on `board`: their private planning panel. */
  async function openPlan(board: FakeMessage, user: FakeUser): Promise<FakeMessage> {
    return (await world.discord.click(board, board.button(/Plan ahead/).customId!, user)).reply();
  }

  /** A button of a private message pressed by its owner (the message updated in place). */
  async function press(message: FakeMessage, label: RegExp, user: FakeUser): Promise<void> {
    await (await world.discord.click(message, message.button(label).customId!, user)).reply();
  }

  it('played when the turn comes, the next choice when the first is gone; all gone: the player is asked', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'alice', ['bob', 'carol', 'dave'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const first = boards()[0]!;
    const mover = userToPlay(discord, first)!;
    const others = ['alice', 'bob', 'carol', 'dave'].map((n) => discord.user(n)!).filter((u) => u.id !== mover.id);
    // The others plan the opening pick: the lowest domino, else the next one. Two taps, a third for the next choice.
    for (const user of others) {
      const panel = await openPlan(first, user);
      expect(panel.content).toMatch(/Planning ahead/);
      const takes = panel.buttons().filter((b) => /^Take #/.test(b.label ?? ''));
      expect(takes.length).toBe(4);
      await press(panel, /^Take #/, user);
      expect(panel.content).toMatch(/Your plan/);
      await press(panel, /^Else #/, user);
      expect(panel.content).toMatch(/Take #\d+, else #\d+/);
      expect(panel.content).toMatch(/you will be asked/);
    }
    // Nobody else sees a plan: the thread has said nothing since the first board.
    expect(discord.messages(threadId).at(-1)!.id).toBe(first.id);

    // The first player takes the lowest domino by hand: the second player's plan takes the next one at once.
    await playMove(discord, threadId, first, mover);
    await discord.waitFor(() => /Planned ahead/.test(boards().at(-1)!.content), 'the planned move');
    const planned = boards().at(-1)!;
    // One board tells both moves; whoever is asked next is mentioned, not the planner.
    expect(planned.content.match(/took #/g)).toHaveLength(2);
    const asked = userToPlay(discord, planned)!;
    expect(asked).not.toBeNull();
    const plannerPinged = boards()
      .filter((b) => b.pinged.length > 0)
      .map((b) => b.pinged[0]);
    expect(plannerPinged).toEqual([mover.id, asked.id]);

    // The third player's picks are both gone: asked, their panel says why.
    const panel = await (await discord.click(planned, planned.button(/^Your turn/).customId!, asked)).reply();
    expect(panel.content).toMatch(/^📝 Your plan could not be played: #\d+, else #\d+ taken/);
    await playMove(discord, threadId, planned, asked);
    expect(lastMessage(discord, threadId).content).not.toMatch(/Planned ahead/);
  });

  it('plans of a round made with a placement, kept across a restart, played one after the other', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'bob', ['alice', 'carol', 'dave'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    // The opening round by hand; the last pick reveals the next line, and its player may plan at once.
    for (let i = 0; i < 3; i++) {
      const board = boards().at(-1)!;
      await playMove(discord, threadId, board, userToPlay(discord, board)!);
    }
    const last = userToPlay(discord, boards().at(-1)!)!;
    const done = await moveByPanel(discord, boards().at(-1)!, last);
    await discord.waitFor(() => boards().length === 5, 'the first board of the second round');
    const board = boards().at(-1)!;
    const planNow = done.buttons().some((b) => /Plan ahead/.test(b.label ?? ''));
    expect(planNow).toBe(userToPlay(discord, board)!.id !== last.id);
    const mover = userToPlay(discord, board)!;
    const others = ['alice', 'bob', 'carol', 'dave'].map((n) => discord.user(n)!).filter((u) => u.id !== mover.id);
    for (const user of others) {
      const panel = await openPlan(board, user);
      // The move's own panel: the domino in hand where it fits best, the picks beside it.
      expect(panel.pngs()).toHaveLength(1);
      await press(panel, /^Take #/, user);
      await press(panel, /lowest left/, user);
      expect(panel.content).toMatch(/• Place #\d+ at [A-G]\d-[A-G]\d/);
      expect(panel.content).toMatch(/Take #\d+, else the lowest left/);
    }
    const before = boards().length;
    await world.restart();
    await world.bot.advanceClock(discord.now() - Date.now());
    // A second look after the restart: the plan is still there.
    expect((await openPlan(board, others[0]!)).content).toMatch(/Your plan/);

    await playMove(discord, threadId, board, mover);
    await discord.waitFor(
      () => boards().length > before && /your turn/.test(boards().at(-1)!.content),
      'the round played',
    );
    const round = boards().at(-1)!;
    expect(round.content.match(/Planned ahead/g)).toHaveLength(3);
    // The round is over: the next one's first player is asked.
    expect(userToPlay(discord, round)).not.toBeNull();
    expect(boards().length).toBe(before + 1);
  });
});
