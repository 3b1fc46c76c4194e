/** What the store accepts as a stored table, and how older schemas are brought up to date. */
import { describe, expect, it } from 'vitest';
import { encodeTable, MIGRATIONS, readStored } from '../../src/store/schema.js';
import { TABLE_SCHEMA, type Table } from '../../src/table/index.js';
import { humans, lobby, newGame, playing } from './fixtures.js';

const seats = humans('a', 'b');
const stored = (t: object): string => JSON.stringify({ version: 2, updatedAt: 1, ...t });
const reasonOf = (text: string, migrations = {}): string | null => {
  const read = readStored(text, migrations);
  return read.ok ? null : read.reason;
};

describe('stored tables', () => {
  it('read back what was written', () => {
    const table = { ...playing(lobby('t', seats), newGame(seats)), version: 2, updatedAt: 1 } as Table;
    expect(readStored(encodeTable(table))).toEqual({ ok: true, table });
  });

  it.each([
    ['an array', '[1, 2]', 'not an object'],
    ['no schema', '{}', 'no schema version'],
    ['version 0', stored({ ...lobby('t'), version: 0 }), 'bad version'],
    ['an unknown seat kind', stored({ ...lobby('t'), seats: [{ kind: 'robot', name: 'x' }] }), 'bad seats'],
    ['partial settings', stored({ ...lobby('t'), settings: { turnTimerS: -1 } }), 'bad settings'],
    ['no messages', stored({ ...lobby('t'), messages: null }), 'bad messages'],
    ['an unknown status', stored({ ...lobby('t'), status: 'paused' }), 'bad status'],
    ['a finished table without its end time', stored({ ...lobby('t'), status: 'finished' }), 'bad finishedAt'],
    ['a rematch on a lobby', stored({ ...lobby('t'), rematch: { by: 'u1', at: 1, lobbyId: null } }), 'bad rematch'],
    ['a running table without a game', stored({ ...lobby('t'), status: 'playing', turnStartedAt: 1 }), 'missing game'],
    [
      'a running table without the time its turn began',
      stored({ ...playing(lobby('t', seats), newGame(seats)), turnStartedAt: undefined }),
      'bad turnStartedAt',
    ],
    ['a lobby with a game', stored({ ...lobby('t', seats), game: newGame(seats) }), 'a lobby with a game'],
    ['a negative count of refusals', stored({ ...lobby('t'), closeRefusals: -1 }), 'bad closeRefusals'],
    ['work given up of an unknown kind', stored({ ...lobby('t'), gaveUp: { lobby: 1 } }), 'bad gaveUp'],
    [
      'a clearing refused a fraction of a time',
      stored({ ...lobby('t'), postSeq: 1, outbox: [{ kind: 'clear', seq: 1, messageId: 'm', refusals: 0.5 }] }),
      'bad outbox',
    ],
  ])('refuse %s', (_name, text, reason) => {
    expect(reasonOf(text)).toBe(reason);
  });

  it('go through every migration step from an old schema', () => {
    const v1 = lobby('t');
    const migrations = {
      ...MIGRATIONS,
      [-1]: (old: Record<string, unknown>) => ({ ...old, schema: 0, hostId: 'from -1' }),
      0: (old: Record<string, unknown>) => ({ ...old, schema: 1 }),
    };
    const read = readStored(stored({ ...v1, schema: -1 }), migrations);
    expect(read).toMatchObject({ ok: true, table: { schema: TABLE_SCHEMA, hostId: 'from -1' } });
  });

  it('give a running game of schema 1 the time its turn began: its last save', () => {
    const seats = humans('u1', 'u2');
    const table = { ...playing(lobby('t', seats), newGame(seats)), version: 3, updatedAt: 1_700_000_060_000 } as Table;
    const { turnStartedAt: _unknown, ...v1 } = JSON.parse(encodeTable(table)) as Record<string, unknown>;
    const read = readStored(JSON.stringify({ ...v1, schema: 1 }));
    expect(read).toMatchObject({
      ok: true,
      table: { schema: TABLE_SCHEMA, status: 'playing', turnStartedAt: 1_700_000_060_000 },
    });
  });

  it('report a migration that fails or goes nowhere', () => {
    const text = stored({ ...lobby('t'), schema: 0 });
    expect(
      reasonOf(text, {
        0: () => {
          throw new Error('boom');
        },
      }),
    ).toBe('migration from schema 0 failed: Error: boom');
    expect(reasonOf(text, { 0: (old: Record<string, unknown>) => old })).toBe(
      'migration from schema 0 made no progress',
    );
  });
});
