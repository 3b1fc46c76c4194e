/**
 * Quiet hours and on deck (/kingdomino notify), through Discord over simulated hours:
 * a turn's DM due in the player's quiet hours waits until they end, then goes; the
 * on-deck DM comes once when the player before starts their turn, a reminder meanwhile
 * sending no second one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../fake-discord/model.js';
import { launch, playMove, startTable, userToPlay, FAST_THREADS, type World } from './harness.js';

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
    // Her turn: the thread says so, her DM waits.
    expect(userToPlay(discord, boards().at(-1)!)!.id).toBe(carol.id);
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
    const onDeck = discord.dms(erin).filter((m) => m.content.startsWith('⏭'));
    // Within a round, the player before Erin: one DM each time, naming them.
    const before = movers.flatMap((m, i) => (i % 3 < 2 && movers[i + 1]?.id === erin.id ? [m] : []));
    expect(before).toHaveLength(2);
    expect(onDeck.map((m) => m.content)).toEqual(
      before.map((m) => `⏭ You are next in a Kingdomino game: ${m.username} is playing now.`),
    );
  });
});
