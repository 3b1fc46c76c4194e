/** Tables and games for the store tests, built with the real engine. */
import { createGame } from '../../src/game/index.js';
import type { GameState } from '../../src/game/index.js';
import type { UnsavedTable } from '../../src/store/index.js';
import { gameSeats, TABLE_SCHEMA, type Table, type TableSeat } from '../../src/table/index.js';

import { PLAIN_SETTINGS } from '../support/homes.js';

export { play } from '../support/play.js';

const SETTINGS = PLAIN_SETTINGS;

export function humans(...userIds: string[]): TableSeat[] {
  return userIds.map((userId) => ({ kind: 'human', userId, name: `name-${userId}` }));
}

export function lobby(id: string, seats: readonly TableSeat[] = humans('u1'), guildId = 'guild-1'): UnsavedTable {
  return {
    schema: TABLE_SCHEMA,
    id,
    guildId,
    hostId: 'u1',
    seats,
    settings: SETTINGS,
    messages: { lobbyChannelId: 'channel-1', lobbyMessageId: id, threadId: null, turnMessageId: null },
    createdAt: 1_700_000_000_000,
    status: 'lobby',
  };
}

/** A new game for these seats, deterministic for a seed. */
export function newGame(seats: readonly TableSeat[], seed = 'store-test'): GameState {
  const created = createGame({ seats: gameSeats(seats), seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

export function playing(table: Table | UnsavedTable, game: GameState): UnsavedTable {
  const { status: _status, ...rest } = table;
  return { ...rest, status: 'playing', game, turnStartedAt: 1_700_000_050_000 };
}

export function finished(table: Table | UnsavedTable, game: GameState): UnsavedTable {
  const { status: _status, ...rest } = table;
  return { ...rest, status: 'finished', game, finishedAt: 1_700_000_100_000 };
}

/** A log kept in `hintsUsed`, so tests can count saves without touching the game. */
export function appendLog(table: Table, entry: string): UnsavedTable {
  const log = table.hintsUsed?.['log'] ?? [];
  return { ...table, hintsUsed: { ...table.hintsUsed, log: [...log, entry] } };
}

export function logOf(table: Table): readonly string[] {
  return table.hintsUsed?.['log'] ?? [];
}
