/** Seats: who sits at a table, how they are named, which player of the game each one is. */
import { aiSeatKind, type AiLevel, type Seat } from '../game/index.js';
import type { HumanSeat, Table, TableSeat } from './types.js';

const NAME_MAX = 24;

/** A name as every view shows it: one line, no Markdown or mention characters, at most NAME_MAX characters. */
export function seatDisplayName(name: string, fallback: string): string {
  const clean = name.replace(/[\r\n`*_~|<>@]/g, '').trim() || fallback;
  return clean.length > NAME_MAX ? `${clean.slice(0, NAME_MAX - 1)}…` : clean;
}

export function humanSeat(userId: string, name: string, fallback: string): HumanSeat {
  return { kind: 'human', userId, name: seatDisplayName(name, fallback) };
}

/** `baseName` ("Hard AI"), or "Hard AI 2" when taken already: names tell seats apart on the picture. */
export function aiSeat(seats: readonly TableSeat[], level: AiLevel, baseName: string): TableSeat {
  const taken = new Set(seats.map((s) => s.name));
  let name = baseName;
  for (let i = 2; taken.has(name); i++) name = `${baseName} ${i}`;
  return { kind: 'ai', level, name };
}

export function isSeated(seats: readonly TableSeat[], userId: string): boolean {
  return seats.some((s) => s.kind === 'human' && s.userId === userId);
}

/** The player (seat index) of a user at this table, or null when they have no seat. */
export function playerOf(table: Table, userId: string): number | null {
  const i = table.seats.findIndex((s) => s.kind === 'human' && s.userId === userId);
  return i < 0 ? null : i;
}

/** Seat i of the table is player i of the game. */
export function gameSeats(seats: readonly TableSeat[]): Seat[] {
  return seats.map((s) => ({ name: s.name, kind: s.kind === 'human' ? 'human' : aiSeatKind(s.level) }));
}
