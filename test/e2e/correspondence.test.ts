/**
 * A game at a correspondence pace, through Discord, over simulated days (the fake's
 * clock): the rules line and every board say the pace and the move's deadline, the
 * player is reminded once some hours before it, and the move is made for them at it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  playFrom,
  playMove,
  startTable,
  userToPlay,
  FAST_THREADS,
  type World,
} from './harness.js';

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
    // The thread stays in the channel's list between moves: a week, the longest Discord allows.
    expect(discord.thread(threadId)?.thread?.autoArchiveDuration).toBe(10080);
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

    // The bot restarts meanwhile, its clock where the game's is: the store's due index finds the game again.
    await world.restart();
    await world.bot.advanceClock(discord.now() - Date.now());
    // Discord archives the quiet thread meanwhile: the automatic move reopens it.
    discord.thread(threadId)!.thread!.archived = true;
    await world.advance(6 * HOUR_MS);
    await discord.waitFor(
      () => /Time ran out/.test(lastMessage(discord, threadId).content) || boards().length >= 3,
      'the automatic move',
    );
    expect(boards().some((m) => /Time ran out/.test(m.content))).toBe(true);
    expect(reminders()).toHaveLength(1);
    expect(discord.thread(threadId)!.thread!.archived).toBe(false);
    // The older boards' buttons are cleared once it is open again.
    await discord.waitFor(
      () =>
        boards()
          .slice(0, -1)
          .every((m) => m.buttons().length === 0),
      'older boards cleared',
    );
  });

  it('DMs the player who asked for it (her turn, the reminder), not the others; a player who refuses DMs is told once and not tried again', async () => {
    const { discord } = world;
    const [erin, carol, dave] = (['erin', 'carol', 'dave'] as const).map((name) => discord.user(name));
    const notify = async (user: string, on: boolean): Promise<string> => {
      const command = await discord.slashCommand({
        user,
        name: 'kingdomino',
        subcommand: 'notify',
        options: { 'direct-messages': on },
      });
      return (await command.reply()).content;
    };
    expect(await notify('carol', true)).toMatch(/^🔔 You will get a direct message/);
    expect(await notify('dave', true)).toMatch(/^🔔/);
    discord.refuseDms(dave!);
    const threadId = await startTable(discord, 'erin', ['carol', 'dave'], { pace: '12h' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const reminded = (user: FakeUser) =>
      discord.messages(threadId).filter((m) => m.content.startsWith(`⏰ ${user.mention}`)).length;
    const refusals = () => discord.messages(threadId).filter((m) => m.content.startsWith('📪'));

    // Nobody moves: each turn, the reminder 3 hours before the deadline, then the automatic move.
    for (let turn = 0; turn < 12 && !(reminded(dave!) >= 2 && reminded(carol!) >= 1 && reminded(erin!) >= 1); turn++) {
      const board = boards().at(-1)!;
      const waiting = userToPlay(discord, board)!;
      const before = reminded(waiting);
      await world.advance(9 * HOUR_MS + 1000);
      await discord.waitFor(() => reminded(waiting) === before + 1, `the reminder of ${waiting.username}`);
      if (waiting.id === dave!.id) await discord.waitFor(() => refusals().length > 0, 'the refusal told');
      await world.advance(3 * HOUR_MS);
      await discord.waitFor(() => boards().length > boards().indexOf(board) + 1, 'the automatic move');
    }
    expect(reminded(dave!)).toBeGreaterThanOrEqual(2);
    // Carol: a DM for each of his reminders, with the deadline and a link to the game's thread.
    const dms = discord.dms(carol!).filter((m) => m.content.startsWith('⏰'));
    expect(dms).toHaveLength(reminded(carol!));
    // And one when each of her turns came, with its deadline (she had as many turns as reminders: nobody moved).
    const turns = discord.dms(carol!).filter((m) => m.content.startsWith('🎲'));
    expect(turns.length).toBeGreaterThanOrEqual(reminded(carol!));
    expect(turns[0]!.content).toMatch(/^🎲 Your turn in a Kingdomino game: the move is due <t:\d+:R>\.$/);
    expect(dms[0]!.content).toMatch(
      /^⏰ It is your turn in a Kingdomino game: a move will be made for you <t:\d+:R>\.$/,
    );
    expect(JSON.stringify(dms[0]!.components)).toContain(`/channels/${discord.channel.guildId}/${threadId}`);
    // Each with its own "Your turn", naming the game (it is not clicked in the thread).
    expect(dms[0]!.button(/^Your turn$/).customId).toMatch(new RegExp(`^k1:aw:${threadId}:y:\\d+$`));
    // Erin did not ask; Dave refuses DMs: told once, in the thread, however many reminders.
    expect(discord.dms(erin!)).toEqual([]);
    expect(discord.dms(dave!)).toEqual([]);
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]!.content).toContain(dave!.mention);

    // /kingdomino games, for each player: this game, with a "Play" button for the one to move.
    const waiting = userToPlay(discord, boards().at(-1)!)!;
    for (const user of [erin!, carol!, dave!]) {
      const command = await discord.slashCommand({ user, name: 'kingdomino', subcommand: 'games' });
      const reply = await command.reply();
      expect(reply.ephemeral).toBe(true);
      expect(reply.content).toContain(`(https://discord.com/channels/${discord.channel.guildId}/${threadId})`);
      expect(reply.content).toContain('12 hours a move');
      const mine = user.id === waiting.id;
      expect(reply.content.includes('**your turn**')).toBe(mine);
      expect(reply.buttons().some((b) => b.label?.startsWith('Play #'))).toBe(mine);
    }
  });

  it('a move from the DM\'s "Your turn" or from /kingdomino games lands in the thread as any move; then the button is stale', async () => {
    const { discord } = world;
    const [erin, alice] = (['erin', 'alice'] as const).map((name) => discord.user(name)) as [FakeUser, FakeUser];
    await (
      await discord.slashCommand({
        user: erin,
        name: 'kingdomino',
        subcommand: 'notify',
        options: { 'direct-messages': true },
      })
    ).reply();
    const threadId = await startTable(discord, 'erin', ['alice'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    const turnDms = () => discord.dms(erin).filter((m) => m.content.startsWith('🎲'));
    /** Alice plays in the thread until it is Erin's turn. */
    const untilErinsTurn = async () => {
      for (let board = boards().at(-1)!; userToPlay(discord, board)?.id !== erin.id; board = boards().at(-1)!)
        await playMove(discord, threadId, board, alice);
    };
    const erinsList = async () =>
      (await discord.slashCommand({ user: erin, name: 'kingdomino', subcommand: 'games' })).reply();

    // Erin's turn comes: a DM with its own "Your turn" button, naming the game.
    await untilErinsTurn();
    await discord.waitFor(() => turnDms().length > 0, "Erin's turn DM");
    const dm = turnDms().at(-1)!;
    const play = dm.button(/^Your turn$/).customId!;
    expect(play).toMatch(new RegExp(`^k1:aw:${threadId}:y:\\d+$`));
    expect(dm.button(/^Open the game$/).url).toBe(
      `https://discord.com/channels/${discord.channel.guildId}/${threadId}`,
    );

    // Alice has no such button; sent anyway (from her own private answer, the one place it may come from), it is refused.
    const alicesList = await (
      await discord.slashCommand({ user: alice, name: 'kingdomino', subcommand: 'games' })
    ).reply();
    const thisGame = (b: { customId?: string | null }) => b.customId?.startsWith(`k1:aw:${threadId}:`) ?? false;
    expect(alicesList.buttons().some(thisGame)).toBe(false);
    const threadBefore = discord.messages(threadId).length;
    const stranger = await (await discord.click(alicesList, play, alice, { force: true })).reply();
    expect(stranger.ephemeral).toBe(true);
    expect(stranger.content).toMatch(/^It is .+'s turn\.$/);

    // Erin opens the panel in his DM: its buttons name the game too; he places and claims there.
    const panel = await (await discord.click(dm, play, erin)).reply();
    expect(panel.ephemeral).toBe(true);
    expect(panel.channelId).toBe(dm.channelId);
    expect(panel.buttons().length).toBeGreaterThan(0);
    // (Left to come is no move: its own verb, naming the game as well.)
    for (const b of panel.buttons()) expect(b.customId).toMatch(new RegExp(`^k1:(aw|lo):${threadId}:`));
    const left = await (await discord.click(panel, panel.button(/^Left to come$/).customId!, erin)).reply();
    expect(left.id).not.toBe(panel.id);
    expect(left.channelId).toBe(dm.channelId);
    expect(left.pngs()).toHaveLength(1);
    expect(discord.messages(threadId)).toHaveLength(threadBefore);
    const moveOnPanel = async (what: string): Promise<void> => {
      const boardsBefore = boardCount(discord, threadId);
      for (let step = 0; step < 3 && !panel.content.startsWith('✅'); step++) {
        const next = panel
          .buttons()
          .find(
            (b) => !b.disabled && (/:k:/.test(b.customId ?? '') || /^(✅ Place here|🗑 Discard)/.test(b.label ?? '')),
          )!;
        await (await discord.click(panel, next.customId!, erin)).reply();
      }
      // The mover is answered in his DM; the board is posted in the thread, once, as for a move made there.
      expect(panel.content).toMatch(/^✅/);
      await discord.waitFor(() => boardCount(discord, threadId) > boardsBefore, what);
    };
    await moveOnPanel('the board after the move from the DM');
    const moved = lastMessage(discord, threadId);

    // Undo is there too, naming the game: the move is taken back (its board withdrawn), and made again.
    const undo = panel.button(/Undo/).customId!;
    expect(undo).toMatch(new RegExp(`^k1:aw:${threadId}:u:\\d+$`));
    await (await discord.click(panel, undo, erin)).reply();
    expect(panel.content).not.toMatch(/^✅/);
    for (const b of panel.buttons()) expect(b.customId).toMatch(new RegExp(`^k1:(aw|lo):${threadId}:`));
    await discord.waitFor(() => !discord.messages(threadId).some((m) => m.id === moved.id), 'the board withdrawn');
    await moveOnPanel('the board after the move made again');
    const boardsAfter = boardCount(discord, threadId);

    // The DM's button has done its work: pressed again, a friendly word, and nothing changes.
    const stale = await (await discord.click(dm, play, erin)).reply();
    expect(stale.ephemeral).toBe(true);
    expect(stale.content).toBe('This button is from an earlier turn.');
    expect(boardCount(discord, threadId)).toBe(boardsAfter);

    // Later, from /kingdomino games: its "Play" opens the panel right in the list's channel.
    await untilErinsTurn();
    const list = await erinsList();
    const playHere = list.buttons().find(thisGame)!.customId!;
    expect(list.buttons().find(thisGame)!.label).toMatch(/^Play #\d$/);
    expect(playHere).toMatch(new RegExp(`^k1:aw:${threadId}:y:\\d+$`));
    const before = boardCount(discord, threadId);
    await playFrom(discord, threadId, list, playHere, erin);
    expect(boardCount(discord, threadId)).toBe(before + 1);
    const staleHere = await (await discord.click(list, playHere, erin)).reply();
    expect(staleHere.content).toBe('This button is from an earlier turn.');
    expect(boardCount(discord, threadId)).toBe(before + 1);
  });

  it('the host pauses the clock for a holiday: nothing happens meanwhile; resumed, the move has its time left', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'carol', ['dave'], { pace: '1d' });
    const messages = () => discord.messages(threadId);
    const menu = await (
      await discord.slashCommand({ user: 'carol', channel: threadId, name: 'kingdomino', subcommand: 'manage' })
    ).reply();
    const press = async (message: typeof menu, label: string) => {
      const id = message.buttons().find((b) => b.label === label && !b.disabled)?.customId;
      if (!id) throw new Error(`no ${label} in ${message.content}`);
      return (await discord.click(message, id, 'carol')).reply();
    };
    const paused = await press(menu, '⏸ Pause the clock');
    expect(paused.content).toMatch(/^Clock paused\./);
    await discord.waitFor(() => messages().some((m) => m.content.startsWith('⏸ ')), 'the pause told');
    await world.advance(3 * 24 * HOUR_MS);
    expect(messages().some((m) => /Time ran out|^⏰/.test(m.content))).toBe(false);
    const resumed = await press(paused, '▶ Resume the clock');
    expect(resumed.content).toMatch(/^Clock resumed\./);
    await discord.waitFor(() => messages().some((m) => m.content.startsWith('▶ ')), 'the resume told');
    const due = Number(/<t:(\d+):R>/.exec(messages().find((m) => m.content.startsWith('▶ '))!.content)?.[1]) * 1000;
    // The whole day again, less the moment before the pause.
    expect(due - discord.now()).toBeGreaterThan(23 * HOUR_MS);
    await world.advance(18 * HOUR_MS + 1000);
    await discord.waitFor(() => messages().some((m) => m.content.startsWith('⏰')), 'the reminder after the pause');
  });
});
