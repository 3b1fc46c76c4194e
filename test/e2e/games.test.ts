/**
 * Whole games through Discord, as players play them: slash commands and button
 * clicks only, the bot as a child process against the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import type { GameRecord } from '../../src/game/types.js';
import type { FakeMessage } from '../fake-discord/model.js';
import {
  exportRecords,
  launch,
  playToEnd,
  startTable,
  type StartOptions,
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

/** Plays a whole table and checks what every player relies on; returns the record. */
async function playWholeGame(
  host: string,
  others: readonly string[],
  options: StartOptions = {},
): Promise<{ record: GameRecord; final: FakeMessage; boards: number }> {
  const { discord } = world;
  const threadId = await startTable(discord, host, others, options);
  let boards = 0;
  const final = await playToEnd(discord, threadId, (board) => {
    // Every move posts exactly one picture in the thread.
    expect(board.pngs()).toHaveLength(1);
    boards++;
  });
  const [record] = await exportRecords(discord, threadId, host);
  const checked = checkRecord(record);
  expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
  const r = record as GameRecord;
  // The final message shows every player's score, as the record has them.
  for (const score of r.result?.scores ?? []) expect(final.content).toContain(`**${score.total}** points`);
  expect(final.content).toMatch(/wins|Shared victory/);
  expect(final.button(/Rematch/)).toBeTruthy();
  await discord.assertClean();
  return { record: r, final, boards };
}

describe('a whole game on Discord', () => {
  it('a Dynasty: three games in a row, then the totals', async () => {
    const { discord } = world;
    const threadId = await startTable(discord, 'bob', [], { dynasty: true, 'ai-seats': 1, 'ai-level': 'easy' });
    const final = await playToEnd(discord, threadId);
    const ends = discord.messages(threadId).filter((m) => /game over/i.test(m.content));
    expect(ends.map((m) => /Dynasty, game (\d) of 3/.exec(m.content)?.[1])).toEqual(['1', '2', '3']);
    expect(final.content).toMatch(/Dynasty totals/);
    const records = await exportRecords(discord, threadId, 'bob');
    expect(records).toHaveLength(3);
    for (const record of records) expect(checkRecord(record).ok).toBe(true);
    await discord.assertClean();
  });

  it('four players, every move by button clicks', async () => {
    const { record, boards } = await playWholeGame('alice', ['bob', 'carol', 'dave']);
    expect(record.players.map((p) => p.kind)).toEqual(['human', 'human', 'human', 'human']);
    // 12 lines of 4: 4 claims, 11 rounds of 4 place-and-pick moves, 4 last placements, one picture each.
    expect(boards).toBe(52);
  });

  it('two players with two kings each, balanced opening', async () => {
    const { record } = await playWholeGame('alice', ['bob'], { 'balanced-opening': true });
    expect(record.players.map((p) => p.kings)).toEqual([2, 2]);
    expect(record.options).toMatchObject({ grid: 5, balancedOpening: true });
  });

  it('three players, classic set-up, Harmony and Middle Kingdom', async () => {
    const { record } = await playWholeGame('carol', ['alice', 'erin'], {
      'three-player-classic': true,
      harmony: true,
      'middle-kingdom': true,
    });
    expect(record.players).toHaveLength(3);
    expect(record.options).toMatchObject({ threePlayer: 'classic', harmony: true, middleKingdom: true });
  });

  it('a Mighty Duel against a computer player', async () => {
    const { record } = await playWholeGame('dave', [], { 'mighty-duel': true, 'ai-seats': 1, 'ai-level': 'hard' });
    expect(record.options.grid).toBe(7);
    expect(record.players.map((p) => p.kind)).toEqual(['human', 'ai:hard']);
  });
});
