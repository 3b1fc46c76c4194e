/** The compact stored form of games gives every game back exactly. */
import { describe, expect, it } from 'vitest';
import { createDynasty, createGame, gameStateProblem, type GameState } from '../../src/game/index.js';
import { packGame, unpackGame } from '../../src/store/codec.js';
import { checkTable, encodeTable, readStored } from '../../src/store/schema.js';
import type { Table } from '../../src/table/index.js';
import { finished, humans, lobby, newGame, play } from './fixtures.js';

const roundTrip = (game: GameState): unknown => unpackGame(JSON.parse(JSON.stringify(packGame(game))));

describe('packed games', () => {
  it.each([2, 3, 4])('give back %i-player games exactly, from the start to the end', (players) => {
    const start = newGame(humans(...['a', 'b', 'c', 'd'].slice(0, players)), `codec-${players}`);
    for (const moves of [0, 1, 17, 40, Infinity]) {
      const game = play(start, moves);
      expect(roundTrip(game)).toEqual(game);
    }
  });

  it('give back a Mighty Duel with Harmony and Middle Kingdom exactly', () => {
    const created = createGame({
      seats: [
        { name: 'a', kind: 'human' },
        { name: 'b', kind: 'ai:hard' },
      ],
      seed: 'duel',
      options: { grid: 7, harmony: true, middleKingdom: true },
    });
    if (!created.ok) throw new Error(created.error.message);
    const game = play(created.value);
    expect(roundTrip(game)).toEqual(game);
  });

  it('are much smaller than the plain state', () => {
    const game = play(newGame(humans('a', 'b', 'c', 'd'), 'size'));
    expect(JSON.stringify(packGame(game)).length).toBeLessThan(JSON.stringify(game).length / 2);
  });

  it('store an event the codec does not know as is', () => {
    const game = play(newGame(humans('a', 'b'), 'odd'), 5);
    const odd = {
      ...game,
      events: [...game.events, { type: 'claim', player: 0, domino: 3, note: 'extra' }],
    } as unknown as GameState;
    expect(packGame(odd)).toBe(odd);
  });

  it('that are damaged are reported by validation, never unpacked into something else', () => {
    const seats = humans('a', 'b');
    const table = { ...finished(lobby('t', seats), play(newGame(seats, 'dmg'))), version: 2, updatedAt: 1 } as Table;
    const text = encodeTable(table);
    expect(readStored(text)).toEqual({ ok: true, table });
    for (const damaged of [text.replace(/"packedEvents":"r/, '"packedEvents":"q'), text.replace(/ p1\./, ' p1..')]) {
      expect(damaged).not.toBe(text);
      expect(readStored(damaged).ok).toBe(false);
    }
  });

  it('inside a dynasty are packed and given back too', () => {
    const seats = humans('a', 'b', 'c');
    const created = createDynasty({ seats: seats.map((s) => ({ name: s.name, kind: 'human' as const })), seed: 'dyn' });
    if (!created.ok) throw new Error(created.error.message);
    const game = play(created.value.games[0]!, 20);
    const dynasty = { ...created.value, games: [game] };
    const table = {
      ...lobby('t', seats),
      status: 'playing',
      game,
      dynasty,
      turnStartedAt: 1,
      version: 3,
      updatedAt: 1,
    } as Table;
    expect(checkTable(table).ok).toBe(true);
    expect(gameStateProblem(game)).toBeNull();
    expect(readStored(encodeTable(table))).toEqual({ ok: true, table });
  });
});
