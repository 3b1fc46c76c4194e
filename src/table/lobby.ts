/**
 * The lobby's life: seats taken and left, computer seats added and removed, then
 * the start (lobby -> game) or the cancel. Each edit is pure and either gives the
 * new table or a refusal. Host-only edits also accept a moderator.
 */
import { createDynasty, createGame, dynastyGame, gameOptionsFor, seatRange, type AiLevel } from '../game/index.js';
import { freshSeat } from './absence.js';
import { isHost, type Actor } from './actor.js';
import { owe } from './outbox.js';
import { refuse, type TableResult } from './refusal.js';
import { aiSeat, gameSeats, isSeated } from './seats.js';
import {
  homeOf,
  TABLE_SCHEMA,
  type CancelledTable,
  type Home,
  type HumanSeat,
  type LobbyTable,
  type PlayingTable,
  type TableSeat,
  type TableSettings,
} from './types.js';

export interface NewTable {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly host: HumanSeat;
  /** Seats after the host (computer players asked for at once, a rematch's players); cut to what the table can seat. */
  readonly others: readonly TableSeat[];
  readonly settings: TableSettings;
  readonly now: number;
  /** Where the game will be played (types.ts, Home); a thread when not said. */
  readonly home?: Home;
  /** False: no lobby message; the game starts at once in a thread opened for it, whose id is `id` (a league's table). */
  readonly lobbyMessage?: false;
}

export function newLobby(spec: NewTable): LobbyTable {
  const { max } = seatRange(spec.settings);
  return {
    schema: TABLE_SCHEMA,
    version: 0,
    id: spec.id,
    guildId: spec.guildId,
    hostId: spec.host.userId,
    seats: [spec.host, ...spec.others].slice(0, max).map(freshSeat),
    settings: spec.settings,
    messages: {
      ...(spec.home && spec.home !== 'thread' ? { home: spec.home } : {}),
      lobbyChannelId: spec.channelId,
      lobbyMessageId: spec.lobbyMessage === false ? null : spec.id,
      // The bot's DM is the game's home as a thread would be: its boards are posted there.
      threadId: spec.home === 'dm' ? spec.channelId : null,
      turnMessageId: null,
    },
    createdAt: spec.now,
    updatedAt: spec.now,
    status: 'lobby',
  };
}

/** `count` computer seats of one level, named after `baseName`, to seat after the host. */
export function aiSeats(count: number, level: AiLevel, baseName: string): TableSeat[] {
  const seats: TableSeat[] = [];
  for (let i = 0; i < count; i++) seats.push(aiSeat(seats, level, baseName));
  return seats;
}

/** Whether another player may sit: fewer seats than the variants allow. */
export function hasRoom(lobby: LobbyTable): boolean {
  return lobby.seats.length < seatRange(lobby.settings).max;
}

export function join(lobby: LobbyTable, seat: HumanSeat): TableResult<LobbyTable> {
  if (isSeated(lobby.seats, seat.userId)) return refuse({ code: 'already-seated' });
  if (!hasRoom(lobby)) return refuse({ code: 'table-full' });
  return { ok: true, value: { ...lobby, seats: [...lobby.seats, seat] } };
}

export function leave(lobby: LobbyTable, userId: string): TableResult<LobbyTable> {
  if (!isSeated(lobby.seats, userId)) return refuse({ code: 'not-at-table' });
  if (lobby.hostId === userId) return refuse({ code: 'host-cannot-leave' });
  return {
    ok: true,
    value: { ...lobby, seats: lobby.seats.filter((s) => !(s.kind === 'human' && s.userId === userId)) },
  };
}

export function addAi(lobby: LobbyTable, actor: Actor, level: AiLevel, baseName: string): TableResult<LobbyTable> {
  if (!isHost(lobby, actor)) return refuse({ code: 'host-only' });
  if (!hasRoom(lobby)) return refuse({ code: 'table-full' });
  return { ok: true, value: { ...lobby, seats: [...lobby.seats, aiSeat(lobby.seats, level, baseName)] } };
}

/** The last computer seat leaves. */
export function removeAi(lobby: LobbyTable, actor: Actor): TableResult<LobbyTable> {
  if (!isHost(lobby, actor)) return refuse({ code: 'host-only' });
  const last = lobby.seats.map((s) => s.kind).lastIndexOf('ai');
  if (last < 0) return refuse({ code: 'no-ai-seat' });
  return { ok: true, value: { ...lobby, seats: lobby.seats.filter((_, i) => i !== last) } };
}

export function cancel(lobby: LobbyTable, actor: Actor, now: number): TableResult<CancelledTable> {
  if (!isHost(lobby, actor)) return refuse({ code: 'host-only' });
  return { ok: true, value: { ...lobby, status: 'cancelled', finishedAt: now } };
}

export function canStart(lobby: LobbyTable): boolean {
  const { min, max } = seatRange(lobby.settings);
  return lobby.seats.length >= min && lobby.seats.length <= max;
}

/** Lobby -> game (or the first game of a Dynasty), the game's thread being the lobby message's. */
export function start(lobby: LobbyTable, actor: Actor, seed: string, now: number): TableResult<PlayingTable> {
  if (!isHost(lobby, actor)) return refuse({ code: 'host-only' });
  if (!canStart(lobby)) return refuse({ code: 'seat-count', ...seatRange(lobby.settings) });
  const spec = { seats: gameSeats(lobby.seats), seed, options: gameOptionsFor(lobby.settings, lobby.seats.length) };
  const base = {
    ...lobby,
    status: 'playing',
    turnStartedAt: now,
    // A thread opens on the lobby message; other homes keep theirs (types.ts, Home).
    messages: { ...lobby.messages, threadId: homeOf(lobby) === 'thread' ? lobby.id : lobby.messages.threadId },
  } as const;
  const opening = [{ kind: 'turn', move: null, occasion: 'begins' }] as const;
  if (lobby.settings.dynasty) {
    const d = createDynasty(spec);
    // Seats and options were checked above; the engine refusing them would be a bug, not a user error.
    if (!d.ok) throw new Error(`the engine refused a checked set-up: ${d.error.message}`);
    return { ok: true, value: owe({ ...base, game: dynastyGame(d.value), dynasty: d.value }, opening) };
  }
  const g = createGame(spec);
  if (!g.ok) throw new Error(`the engine refused a checked set-up: ${g.error.message}`);
  return { ok: true, value: owe({ ...base, game: g.value }, opening) };
}
