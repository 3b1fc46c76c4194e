/** Tables and games for the store tests, built with the real engine. */
import { apply, createGame, legalPlacements, prompt } from '../../src/game/index.js';
import type { Action, GameState } from '../../src/game/index.js';
import type { Table, TableSeat, UnsavedTable } from '../../src/store/index.js';

const SETTINGS = {
  mightyDuel: false, harmony: false, middleKingdom: false, dynasty: false,
  threePlayerClassic: false, balancedOpening: false, turnTimerS: 0,
} as const;

export function humans(...userIds: string[]): TableSeat[] {
  return userIds.map((userId) => ({ kind: 'human', userId, name: `name-${userId}` }));
}

export function lobby(id: string, seats: readonly TableSeat[] = humans('u1'), guildId = 'guild-1'): UnsavedTable {
  return {
    schema: 1, id, guildId, hostId: 'u1', seats, settings: SETTINGS,
    messages: { lobbyChannelId: 'channel-1', lobbyMessageId: id, threadId: null, turnMessageId: null },
    createdAt: 1_700_000_000_000, status: 'lobby',
  };
}

/** A new game for these seats, deterministic for a seed. */
export function newGame(seats: readonly TableSeat[], seed = 'store-test'): GameState {
  const created = createGame({ seats: seats.map((s) => ({ name: s.name, kind: s.kind === 'human' ? 'human' : `ai:${s.level}` })), seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** The first legal action the game offers (an arbitrary but deterministic player). */
function firstAction(state: GameState): Action | null {
  const p = prompt(state);
  if (p.kind === 'over') return null;
  if (p.kind === 'claim') return { type: 'claim', player: p.player, domino: p.choices[0]! };
  const placement = legalPlacements(state)[0];
  return placement ? { type: 'place', player: p.player, a: placement.a, b: placement.b } : { type: 'discard', player: p.player };
}

/** Plays `moves` actions (or to the end when omitted). */
export function play(state: GameState, moves = Infinity): GameState {
  let current = state;
  for (let i = 0; i < moves; i++) {
    const action = firstAction(current);
    if (action === null) break;
    const next = apply(current, action);
    if (!next.ok) throw new Error(next.error.message);
    current = next.value;
  }
  return current;
}

export function playing(table: Table | UnsavedTable, game: GameState): UnsavedTable {
  const { status: _status, ...rest } = table;
  return { ...rest, status: 'playing', game };
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
