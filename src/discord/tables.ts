/**
 * Tables (lobby, then game) as the bot handles them: building a new one from the
 * /kingdomino start options, turning a lobby into a game, and applying a move to a
 * game that may be one of the three of a Dynasty. Pure: no Discord, no I/O.
 */
import { randomBytes } from 'node:crypto';
import {
  apply, applyDynasty, createDynasty, createGame, dynastyGame, dynastyGameNumber, dynastyResult, prompt, result,
} from '../game/index.js';
import type { Action, DynastyState, GameOptions, GameResult, GameState, Rejection, Result, Seat } from '../game/types.js';
import { TABLE_SCHEMA } from '../store/types.js';
import type { AiLevel, Table, TableSeat, TableSettings } from '../store/types.js';
import { applyAll } from './moves.js';

export type LobbyTable = Extract<Table, { status: 'lobby' }>;
export type PlayingTable = Extract<Table, { status: 'playing' }>;
export type FinishedTable = Extract<Table, { status: 'finished' }>;
export type GameTable = PlayingTable | FinishedTable;

const AI_NAMES: Record<AiLevel, string> = { easy: 'Easy AI', normal: 'Normal AI', hard: 'Hard AI' };
const NAME_MAX = 24;

export function seatDisplayName(name: string): string {
  const clean = name.replace(/[\r\n`*_~|<>@]/g, '').trim() || 'Player';
  return clean.length > NAME_MAX ? `${clean.slice(0, NAME_MAX - 1)}…` : clean;
}

/** "Hard AI", or "Hard AI 2" when there is one already: names tell seats apart on the picture. */
export function aiSeat(seats: readonly TableSeat[], level: AiLevel): TableSeat {
  const base = AI_NAMES[level];
  const taken = new Set(seats.map((s) => s.name));
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base} ${i}`;
  return { kind: 'ai', level, name };
}

export interface NewTable {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly host: { readonly userId: string; readonly name: string };
  readonly aiSeats: number;
  readonly aiLevel: AiLevel;
  readonly settings: TableSettings;
  readonly now: number;
}

export function newLobby(spec: NewTable): LobbyTable {
  const max = spec.settings.mightyDuel ? 2 : 4;
  let seats: TableSeat[] = [{ kind: 'human', userId: spec.host.userId, name: seatDisplayName(spec.host.name) }];
  for (let i = 0; i < spec.aiSeats && seats.length < max; i++) seats = [...seats, aiSeat(seats, spec.aiLevel)];
  return {
    schema: TABLE_SCHEMA,
    version: 0,
    id: spec.id,
    guildId: spec.guildId,
    hostId: spec.host.userId,
    seats,
    settings: spec.settings,
    messages: { lobbyChannelId: spec.channelId, lobbyMessageId: spec.id, threadId: null, turnMessageId: null },
    createdAt: spec.now,
    updatedAt: spec.now,
    status: 'lobby',
  };
}

export function gameSeats(seats: readonly TableSeat[]): Seat[] {
  return seats.map((s) => ({ name: s.name, kind: s.kind === 'human' ? 'human' : `ai:${s.level}` }));
}

/** The engine options for these settings; options meant for another player count are left out. */
export function gameOptions(settings: TableSettings, players: number): Partial<Omit<GameOptions, 'players'>> {
  return {
    grid: settings.mightyDuel ? 7 : 5,
    harmony: settings.harmony,
    middleKingdom: settings.middleKingdom,
    threePlayer: settings.threePlayerClassic && players === 3 ? 'classic' : 'discard',
    balancedOpening: settings.balancedOpening && players === 2,
  };
}

export function newSeed(): string {
  return randomBytes(8).toString('hex');
}

/** Turn a full lobby into a running game, or say why it cannot start. */
export function startGame(lobby: LobbyTable, seed: string, now: number): Result<PlayingTable, string> {
  const max = lobby.settings.mightyDuel ? 2 : 4;
  if (lobby.seats.length < 2 || lobby.seats.length > max) {
    return { ok: false, error: lobby.settings.mightyDuel ? 'The Mighty Duel needs exactly 2 seats.' : 'A game needs 2 to 4 seats.' };
  }
  const spec = { seats: gameSeats(lobby.seats), seed, options: gameOptions(lobby.settings, lobby.seats.length) };
  if (lobby.settings.dynasty) {
    const d = createDynasty(spec);
    if (!d.ok) return { ok: false, error: d.error.message };
    return { ok: true, value: { ...lobby, status: 'playing', game: dynastyGame(d.value), dynasty: d.value, updatedAt: now } };
  }
  const g = createGame(spec);
  if (!g.ok) return { ok: false, error: g.error.message };
  return { ok: true, value: { ...lobby, status: 'playing', game: g.value, updatedAt: now } };
}

/** What a finished game (one of a Dynasty, or the only one) looked like. */
export interface GameEnd {
  readonly game: GameState;
  readonly result: GameResult;
  /** 1-based in a Dynasty, else null. */
  readonly number: number | null;
}

export interface MoveOutcome {
  readonly table: PlayingTable | FinishedTable;
  /** The game the move was made in (the one that may have just ended). */
  readonly game: GameState;
  /** Set when the move ended a game. */
  readonly ended: GameEnd | null;
  /** The Dynasty's totals, once all three games are over. */
  readonly dynastyTotals: GameResult | null;
}

/** Apply a move's actions to a running table, Dynasty or not; the table is finished when the last game ends. */
export function applyMove(table: PlayingTable, actions: readonly Action[], now: number): Result<MoveOutcome, Rejection> {
  if (table.dynasty) return applyDynastyMove(table, table.dynasty, actions, now);
  const next = applyAll(table.game, actions, apply);
  if (!next.ok) return next;
  const game = next.value;
  const over = result(game);
  const ended = over ? { game, result: over, number: null } : null;
  const updated: PlayingTable | FinishedTable = over
    ? { ...table, status: 'finished', game, finishedAt: now, updatedAt: now }
    : { ...table, game, updatedAt: now };
  return { ok: true, value: { table: updated, game, ended, dynastyTotals: null } };
}

function applyDynastyMove(table: PlayingTable, dynasty: DynastyState, actions: readonly Action[], now: number): Result<MoveOutcome, Rejection> {
  const number = dynastyGameNumber(dynasty);
  const next = applyAll(dynasty, actions, applyDynasty);
  if (!next.ok) return next;
  const d = next.value;
  // The game this move was played in: the same index, even if a new game has started after it.
  const game = d.games[number - 1] ?? dynastyGame(d);
  const over = result(game);
  const totals = dynastyResult(d);
  const ended = over ? { game, result: over, number } : null;
  const updated: PlayingTable | FinishedTable = totals
    ? { ...table, status: 'finished', game: dynastyGame(d), dynasty: d, finishedAt: now, updatedAt: now }
    : { ...table, game: dynastyGame(d), dynasty: d, updatedAt: now };
  return { ok: true, value: { table: updated, game, ended, dynastyTotals: totals } };
}

/** The seat whose turn it is, with its index, or null when the game is over. */
export function currentSeat(table: GameTable): { readonly player: number; readonly seat: TableSeat } | null {
  if (table.status !== 'playing') return null;
  const p = prompt(table.game);
  if (p.kind === 'over') return null;
  const seat = table.seats[p.player];
  return seat ? { player: p.player, seat } : null;
}

export function dynastyHeader(table: GameTable): string | null {
  return table.dynasty ? `Dynasty, game ${dynastyGameNumber(table.dynasty)} of ${table.dynasty.length}` : null;
}

export function playerOf(table: Table, userId: string): number | null {
  const i = table.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  return i < 0 ? null : i;
}
