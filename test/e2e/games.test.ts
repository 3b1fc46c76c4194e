/**
 * Whole games through Discord, as players play them: slash commands and button
 * clicks only, the bot as a child process against the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import type { GameRecord } from '../../src/game/types.js';
import type { FakeMessage } from '../fake-discord/model.js';
import { exportRecords, launch, playToEnd, startTable, type StartOptions, type World } from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch();
});

afterAll(async () => {
  await world?.close();
});

/** Plays a whole table and checks what every player relies on; returns the record. */
async function playWholeGame(host: string, others: readonly string[], options: StartOptions = {}): Promise<{ record: GameRecord; final: FakeMessage; boards: number }> {
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
  it('four players, every move by button clicks', async () => {
    const { record, boards } = await playWholeGame('alice', ['bob', 'carol', 'dave']);
    expect(record.players.map((p) => p.kind)).toEqual(['human', 'human', 'human', 'human']);
    // 12 lines of 4: 4 claims, 11 rounds of 4 place-and-pick moves, 4 last placements, one picture each.
    expect(boards).toBe(52);
  });

  it('two players with two kings each', async () => {
    const { record } = await playWholeGame('alice', ['bob']);
    expect(record.players.map((p) => p.kings)).toEqual([2, 2]);
    expect(record.options.grid).toBe(5);
  });

  it('three players', async () => {
    const { record } = await playWholeGame('carol', ['alice', 'erin']);
    expect(record.players).toHaveLength(3);
  });

  it('a Mighty Duel against a computer player', async () => {
    const { record } = await playWholeGame('dave', [], { 'mighty-duel': true, 'ai-seats': 1, 'ai-level': 'hard' });
    expect(record.options.grid).toBe(7);
    expect(record.players.map((p) => p.kind)).toEqual(['human', 'ai:hard']);
  });
});
