/**
 * Quiet hours and on deck (/kingdomino notify), through Discord over simulated hours:
 * a turn's DM due in the player's quiet hours waits until they end, then goes; the
 * on-deck DM comes once when the player before starts their turn, a reminder meanwhile
 * sending no second one; its Plan ahead makes the move coming, played when it comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../fake-discord/model.js';
import { launch, playMove, startTable, userToPlay, yourTurnId, FAST_THREADS, type World } from './harness.js';

const HOUR_MS = 3_600_000;

describe('quiet hours and on deck', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  async function notify(user: string, options: Record<string, string | number | boolean>): Promise<string> {
    const command = await world.discord.slashCommand({ user, name: 'kingdomino', subcommand: 'notify', options });
    return (await command.reply()).content;
  }

  it('a turn’s DM in the quiet hours waits until they end, then goes', async () => {
    const { discord } = world;
    const carol = discord.user('carol')!;
    // Quiet from this hour (UTC) for three hours.
    const hour = new Date(discord.now()).getUTCHours();
    const answer = await notify('carol', {
      'direct-messages': true,
      'quiet-from': hour,
      'quiet-to': (hour + 3) % 24,
      'time-zone': 'UTC',
    });
    expect(answer).toContain(`🌙 Quiet hours from ${hour}:00 to ${(hour + 3) % 24}:00 (UTC+00:00)`);
    expect(await notify('dave', { 'direct-messages': true, 'time-zone': 'Mars/Olympus' })).toMatch(
      /I do not know the time zone “Mars\/Olympus”/,
    );
    const threadId = await startTable(discord, 'dave', ['carol'], { pace: '12h' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    // Dave plays until it is Carol's turn (each has two kings).
    for (let move = 0; move < 4 && userToPlay(discord, boards().at(-1)!)!.id !== carol.id; move++)
      await playMove(discord, threadId, boards().at(-1)!, userToPlay(discord, boards().at(-1)!)!);
    const turnDms = () => discord.dms(carol).filter((m) => m.content.startsWith('🎲'));
    // Her turn: the thread says so, mentioning her @silent (no notification); her DM waits.
    const quietBoard = boards().at(-1)!;
    expect(userToPlay(discord, quietBoard)!.id).toBe(carol.id);
    expect(quietBoard).toMatchObject({ pinged: [carol.id], silent: true });
    await world.advance(HOUR_MS);
    expect(turnDms()).toHaveLength(0);
    // The quiet hours end: it goes, once.
    const end = new Date(discord.now());
    end.setUTCHours((hour + 3) % 24, 0, 0, 0);
    if (end.getTime() <= discord.now()) end.setTime(end.getTime() + 24 * HOUR_MS);
    await world.advance(end.getTime() - discord.now() + 1000);
    await discord.waitFor(() => turnDms().length === 1, 'the DM held by the quiet hours');
    await world.advance(HOUR_MS);
    expect(turnDms()).toHaveLength(1);
    // Her next turn, out of her quiet hours: a mention that notifies, as Dave's always do.
    await playMove(discord, threadId, quietBoard, carol);
    for (let move = 0; move < 4 && userToPlay(discord, boards().at(-1)!)!.id !== carol.id; move++)
      await playMove(discord, threadId, boards().at(-1)!, userToPlay(discord, boards().at(-1)!)!);
    expect(boards().at(-1)!).toMatchObject({ pinged: [carol.id], silent: false });
    expect(boards().filter((b) => b.silent)).toEqual([quietBoard]);
  });

  it('on deck: one DM when the player before starts their turn', async () => {
    const { discord } = world;
    const erin = discord.user('erin')!;
    expect(await notify('erin', { 'direct-messages': true, 'on-deck': true })).toContain('⏭ You will get a DM');
    // A table where Erin does not play first (the first claims first, and so plays first again next round).
    let threadId = await startTable(discord, 'alice', ['bob', 'erin'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    for (let tries = 0; tries < 8 && userToPlay(discord, boards()[0]!)!.id === erin.id; tries++)
      threadId = await startTable(discord, 'alice', ['bob', 'erin'], { pace: '1d' });
    const movers: FakeUser[] = [];
    // Two rounds of three moves; the first player of each waits for their reminder.
    for (let move = 0; move < 6; move++) {
      const board = boards().at(-1)!;
      const user = userToPlay(discord, board)!;
      movers.push(user);
      if (move % 3 === 0) {
        await world.advance(18 * HOUR_MS + 1000);
        await discord.waitFor(
          () => discord.messages(threadId).some((m) => m.content.startsWith(`⏰ ${user.mention}`) && m.id > board.id),
          'the reminder',
        );
      }
      await playMove(discord, threadId, board, user);
    }
    // Within a round, the player before Erin: one DM each time, naming them.
    const before = movers.flatMap((m, i) => (i % 3 < 2 && movers[i + 1]?.id === erin.id ? [m] : []));
    expect(before).toHaveLength(2);
    const onDeckDms = () => discord.dms(erin).filter((m) => m.content.startsWith('⏭'));
    // The DM goes out beside the board of the move before: it may land after that board.
    await discord.waitFor(() => onDeckDms().length >= before.length, 'the on-deck DMs');
    const onDeck = onDeckDms();
    expect(onDeck.map((m) => m.content)).toEqual(
      before.map((m) => `⏭ You are next in a Kingdomino game: ${m.username} is playing now.`),
    );
  });

  it('on deck: Plan ahead in the DM plans the move coming, played at once when it comes', async () => {
    const { discord } = world;
    const bob = discord.user('bob')!;
    const threadId = await startTable(discord, 'alice', ['dave', 'bob'], { pace: '1d' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    // The opening round: Bob takes the highest domino, the others the lowest; so he plays last in the next.
    for (let move = 0; move < 3; move++) {
      const board = boards().at(-1)!;
      const user = userToPlay(discord, board)!;
      if (user.id !== bob.id) {
        await playMove(discord, threadId, board, user);
        continue;
      }
      const panel = await (await discord.click(board, yourTurnId(board), bob)).reply();
      const picks = panel.buttons().filter((b) => !b.disabled && /^Take #/.test(b.label ?? ''));
      const count = boards().length;
      await (await discord.click(panel, picks.at(-1)!.customId!, bob)).reply();
      await discord.waitFor(() => boards().length > count, 'the board after his pick');
    }
    expect(await notify('bob', { 'direct-messages': true, 'on-deck': true })).toContain('⏭ You will get a DM');
    const onDeck = () => discord.dms(bob).filter((m) => m.content.startsWith('⏭'));
    const first = userToPlay(discord, boards().at(-1)!)!;
    expect(first.id).not.toBe(bob.id);
    await playMove(discord, threadId, boards().at(-1)!, first);
    await discord.waitFor(() => onDeck().length === 1, 'the on-deck DM');
    const dm = onDeck()[0]!;
    const before = userToPlay(discord, boards().at(-1)!)!;
    expect(dm.content).toBe(`⏭ You are next in a Kingdomino game: ${before.username} is playing now.`);

    // Plan ahead right from the DM: his own planning panel; his pick saves the plan.
    const panel = await (await discord.click(dm, dm.button(/Plan ahead/).customId!, bob)).reply();
    expect(panel.content).toMatch(/Planning ahead/);
    const takes = panel.buttons().filter((b) => /^Take #/.test(b.label ?? ''));
    await (await discord.click(panel, takes.at(-1)!.customId!, bob)).reply();
    await (await discord.click(panel, panel.button(/lowest left/).customId!, bob)).reply();
    expect(panel.content).toMatch(/Your plan/);
    const planned = /Take #(\d+)/.exec(panel.content)![1];

    // The player before moves: Bob's plan is played at once, and he is not asked.
    await playMove(discord, threadId, boards().at(-1)!, before);
    await discord.waitFor(() => /Planned ahead/.test(boards().at(-1)!.content), 'the planned move');
    const board = boards().at(-1)!;
    expect(board.content).toContain(`took #${planned}`);
    expect(userToPlay(discord, board)!.id).not.toBe(bob.id);
    expect(board.pinged).not.toContain(bob.id);
    expect(onDeck()).toHaveLength(1);
  });

  it('quiet hours without DMs: the thread mentions the player @silent, the reminder too when it must fall in them', async () => {
    const { discord } = world;
    const alice = discord.user('alice')!;
    // Quiet for the next 20 hours (UTC+1), longer than a move's 12 hours: the reminder cannot leave them.
    const hour = (new Date(discord.now()).getUTCHours() + 1) % 24;
    await notify('alice', {
      'direct-messages': false,
      'quiet-from': hour,
      'quiet-to': (hour + 20) % 24,
      'time-zone': 'UTC+1',
    });
    const threadId = await startTable(discord, 'dave', ['alice'], { pace: '12h' });
    const boards = () => discord.messages(threadId).filter((m) => m.pngs().length > 0);
    for (let move = 0; move < 4 && userToPlay(discord, boards().at(-1)!)!.id !== alice.id; move++)
      await playMove(discord, threadId, boards().at(-1)!, userToPlay(discord, boards().at(-1)!)!);
    expect(boards().at(-1)!).toMatchObject({ pinged: [alice.id], silent: true });
    expect(boards().filter((b) => b.pinged[0] !== alice.id && b.silent)).toEqual([]);
    const reminders = () => discord.messages(threadId).filter((m) => m.content.startsWith(`⏰ ${alice.mention}`));
    await world.advance(11 * HOUR_MS);
    await discord.waitFor(() => reminders().length === 1, 'the reminder');
    expect(reminders()[0]!).toMatchObject({ pinged: [alice.id], silent: true });
    expect(discord.dms(alice)).toEqual([]);
    await notify('alice', { 'direct-messages': false, 'quiet-from': 0, 'quiet-to': 0 });
  });
});
