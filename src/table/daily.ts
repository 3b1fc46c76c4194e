/**
 * The daily deal: one solo game (Crown of Thorns) a UTC day, the same on every server.
 * Days are numbered from the launch date; the day's seed is an HMAC of the day under
 * a secret, so the seed a record shows says nothing about tomorrow's. Also the pure
 * bookkeeping around it: streaks, standings, and the spoiler-free share grid.
 * Word-free: the Discord side says everything.
 */
import { createHmac } from 'node:crypto';
import {
  apply,
  createGame,
  isOver,
  kingdomSquares,
  result,
  SOLO_OPTIONS,
  soloSeat,
  type GameState,
  type Terrain,
} from '../game/index.js';
import { applyAll, moveActions, type Move } from './move.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Day 1 of the daily deal: 2026-11-01, UTC. */
export const DAILY_LAUNCH_MS = Date.UTC(2026, 10, 1);

/** The day number (1 = the launch day) of a moment; 0 or less before the launch. */
export function dailyDay(nowMs: number): number {
  return Math.floor((nowMs - DAILY_LAUNCH_MS) / DAY_MS) + 1;
}

/** When day `day` starts (midnight UTC). */
export function dayStartMs(day: number): number {
  return DAILY_LAUNCH_MS + (day - 1) * DAY_MS;
}

/** The calendar month of a day, "2026-11": the month's standings add up its days. */
export function monthOf(day: number): string {
  return new Date(dayStartMs(day)).toISOString().slice(0, 7);
}

/** The days of that month, up to `day` included. */
export function daysOfMonthUpTo(day: number): number[] {
  const month = monthOf(day);
  const days: number[] = [];
  for (let d = day; d >= 1 && monthOf(d) === month; d--) days.unshift(d);
  return days;
}

/** The day's seed: the same everywhere, unguessable without the secret. */
export function dailySeed(day: number, secret: string): string {
  const mac = createHmac('sha256', secret).update(`kingdomino-daily/${day}`).digest('hex').slice(0, 20);
  return `daily-${day}-${mac}`;
}

/** The day's game for one player. */
export function dailyGame(day: number, secret: string, name: string): GameState {
  const created = createGame({ seats: [soloSeat(name)], seed: dailySeed(day, secret), options: SOLO_OPTIONS });
  // One seat and the fixed solo options cannot be refused.
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** A finished daily game's result, as stored and compared. */
/**
 * The player's move in their game of the day (place or discard, then pick), made at
 * `turn`: the game after it, or null when the game has moved on or the move is illegal.
 */
export function dailyMove(game: GameState, turn: number, move: Move): GameState | null {
  if (game.turn !== turn) return null;
  const next = applyAll(game, moveActions(0, move), apply);
  return next.ok ? next.value : null;
}

export interface DailyScore {
  readonly score: number;
  readonly crowns: number;
  readonly largestTerritory: number;
}

export function dailyScore(game: GameState): DailyScore | null {
  if (!isOver(game)) return null;
  const s = result(game)?.scores[0];
  return s ? { score: s.total, crowns: s.crowns, largestTerritory: s.largestTerritory } : null;
}

/** A scored result on the standings. */
export interface DailyEntry extends DailyScore {
  readonly userId: string;
  readonly name: string;
  /** When the game ended: the earlier of two equal results ranks first. */
  readonly at: number;
}

/** Best first: score, then the tie-breaks of the game (largest territory, crowns), then who finished first. */
export function byDailyRank(x: DailyEntry, y: DailyEntry): number {
  return y.score - x.score || y.largestTerritory - x.largestTerritory || y.crowns - x.crowns || x.at - y.at;
}

/** 1-based rank of `userId` among the entries (equal results share a rank), or null when absent. */
export function dailyRank(entries: readonly DailyEntry[], userId: string): number | null {
  const me = entries.find((e) => e.userId === userId);
  if (!me) return null;
  return entries.filter((e) => e.score > me.score).length + 1;
}

/** A month's standing: the sum of a player's daily scores. */
export interface MonthEntry {
  readonly userId: string;
  readonly name: string;
  readonly total: number;
  readonly days: number;
}

export function monthStandings(days: readonly (readonly DailyEntry[])[]): MonthEntry[] {
  const by = new Map<string, MonthEntry>();
  for (const entry of days.flat()) {
    const was = by.get(entry.userId) ?? { userId: entry.userId, name: entry.name, total: 0, days: 0 };
    by.set(entry.userId, { ...was, name: entry.name, total: was.total + entry.score, days: was.days + 1 });
  }
  return [...by.values()].sort((x, y) => y.total - x.total || y.days - x.days);
}

/** A player's streak: consecutive days with a scored game, up to the last one. */
export interface Streak {
  readonly lastDay: number;
  readonly current: number;
  readonly best: number;
}

export const NO_STREAK: Streak = { lastDay: 0, current: 0, best: 0 };

/** The streak after a scored game on `day` (played once a day, so `day` is never before lastDay). */
export function extendStreak(s: Streak, day: number): Streak {
  if (day === s.lastDay) return s;
  const current = day === s.lastDay + 1 ? s.current + 1 : 1;
  return { lastDay: day, current, best: Math.max(s.best, current) };
}

/** The streak as of `today`: broken when neither today nor yesterday was played. */
export function streakOn(s: Streak, today: number): number {
  return s.lastDay >= today - 1 ? s.current : 0;
}

const EMOJI: Readonly<Record<Terrain, string>> = {
  wheat: '🟨',
  forest: '🌲',
  lake: '🟦',
  grassland: '🟩',
  swamp: '🟫',
  mine: '⬛',
};
const CASTLE = '🏰';
const EMPTY = '⬜';

/**
 * The kingdom as a 5x5 grid of terrain emoji (castle included, no crowns, no numbers):
 * it shows how the kingdom turned out without telling which dominoes the day dealt.
 */
export function shareGrid(game: GameState): string {
  const squares = kingdomSquares(game, 0);
  const cells = [...squares.keys()].map((k) => k.split(',').map(Number) as [number, number]);
  const minX = Math.min(...cells.map(([x]) => x));
  const minY = Math.min(...cells.map(([, y]) => y));
  const size = game.options.grid;
  const rows: string[] = [];
  for (let y = minY; y < minY + size; y++) {
    let row = '';
    for (let x = minX; x < minX + size; x++) {
      const sq = squares.get(`${x},${y}`);
      row += sq === undefined ? EMPTY : sq.kind === 'castle' ? CASTLE : EMOJI[sq.terrain];
    }
    rows.push(row);
  }
  return rows.join('\n');
}
