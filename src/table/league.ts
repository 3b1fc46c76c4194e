/**
 * A league: a server's players signed up, then rounds of games at tables seated by
 * pairing.ts, each game's places turned into placement points, and the standings.
 * Pure, plain JSON (what the store keeps); the Discord side opens the games, records
 * their results and words every refusal.
 */
import { result, type GameState } from '../game/index.js';
import { placesOf } from './ratings.js';
import { seatRound, smallestTable, tableSizes, type LeagueFormat, type TableSize } from './pairing.js';
import type { TableSettings } from './types.js';

export const LEAGUE_SCHEMA = 1 as const;
/** The most players a league takes. */
export const MAX_LEAGUE_PLAYERS = 256;
/** Placement points of a table's winner; the last gets 0, the places between are evenly spaced. */
export const WINNER_POINTS = 3;

export interface LeagueRules {
  readonly size: TableSize;
  readonly format: LeagueFormat;
  readonly rounds: number;
  /** The most players who may sign up (at most MAX_LEAGUE_PLAYERS). */
  readonly cap: number;
  /** How long a round lasts: unfinished games are then played out by the computer. */
  readonly roundMs: number;
  /** The games' rules, pace and language, as /kingdomino start sets them. */
  readonly settings: TableSettings;
}

export type PlayerStatus = 'in' | 'withdrew' | 'dropped';

export interface LeaguePlayer {
  readonly userId: string;
  readonly name: string;
  readonly status: PlayerStatus;
}

/** How a table's result came: its game ended, or a moderator set it. */
export type ResultSource = 'played' | 'adjusted';

export interface TableOutcome {
  /** Each seat's place, 1 = best; tied players share the better place. */
  readonly places: readonly number[];
  readonly scores: readonly number[];
  readonly crowns: readonly number[];
  readonly source: ResultSource;
}

export interface LeagueTable {
  /** The players' user ids, best standing first (seat order of its game). */
  readonly seats: readonly string[];
  /** The key of the table's game once opened. */
  readonly gameId: string | null;
  readonly outcome: TableOutcome | null;
}

export interface LeagueRound {
  readonly startedAt: number;
  readonly deadline: number;
  readonly tables: readonly LeagueTable[];
  readonly byes: readonly string[];
  /** The deadline passed: its unfinished games were handed to the computer. */
  readonly overdue?: boolean;
  /** Seated, its pairings not posted yet (they go out once its games are open). */
  readonly untold?: true;
}

/**
 * Threads the league opened ahead, during the sign-up or the round before, for the
 * tables of round `round`: table i's game is played in `threads[i]`. Opening them
 * when the round starts would take Discord's thread limit in one channel many times over.
 */
export interface ThreadsAhead {
  readonly round: number;
  readonly threads: readonly string[];
}

export type LeagueStatus = 'signup' | 'running' | 'finished';

export interface League {
  readonly schema: typeof LEAGUE_SCHEMA;
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly seed: string;
  readonly rules: LeagueRules;
  readonly status: LeagueStatus;
  readonly players: readonly LeaguePlayer[];
  readonly rounds: readonly LeagueRound[];
  readonly ahead?: ThreadsAhead;
}

/** Why a league refuses: worded by the Discord side. */
export type LeagueRefusal =
  | 'not-signing-up'
  | 'already-joined'
  | 'full'
  | 'not-a-player'
  | 'round-running'
  | 'too-few-players'
  | 'no-rounds-left'
  | 'finished'
  | 'no-such-table';

export type LeagueResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: LeagueRefusal };

const refused = (refusal: LeagueRefusal): { readonly ok: false; readonly refusal: LeagueRefusal } => ({
  ok: false,
  refusal,
});

export interface NewLeague {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly createdBy: string;
  readonly now: number;
  readonly rules: LeagueRules;
}

export function newLeague(spec: NewLeague): League {
  const { now, ...rest } = spec;
  return {
    schema: LEAGUE_SCHEMA,
    ...rest,
    createdAt: now,
    seed: `league ${spec.id}`,
    status: 'signup',
    players: [],
    rounds: [],
  };
}

export function joinLeague(league: League, userId: string, name: string): LeagueResult<League> {
  if (league.status !== 'signup') return refused('not-signing-up');
  if (league.players.some((p) => p.userId === userId)) return refused('already-joined');
  if (league.players.length >= league.rules.cap) return refused('full');
  return { ok: true, value: { ...league, players: [...league.players, { userId, name, status: 'in' }] } };
}

/** Leaving: before the first round, off the list; after, out of the next rounds, results kept. */
export function leaveLeague(league: League, userId: string, status: 'withdrew' | 'dropped'): LeagueResult<League> {
  const player = league.players.find((p) => p.userId === userId);
  if (!player || player.status !== 'in') return refused('not-a-player');
  if (league.status === 'finished') return refused('finished');
  const players =
    league.status === 'signup'
      ? league.players.filter((p) => p.userId !== userId)
      : league.players.map((p) => (p.userId === userId ? { ...p, status } : p));
  return { ok: true, value: { ...league, players } };
}

export function currentRound(league: League): LeagueRound | null {
  return league.rounds[league.rounds.length - 1] ?? null;
}

export function roundOver(round: LeagueRound): boolean {
  return round.tables.every((t) => t.outcome !== null);
}

/** Rounds of a Swiss league when the moderator gives none: as real events of 2-player Swiss play. */
export const SWISS_ROUNDS = 5;

/**
 * Rounds a league plays when its moderator left the count to the format: Swiss, its
 * default; round robin, enough for everyone to meet everyone (with a bye a round when
 * the players do not divide, one round more).
 */
export function roundsFor(format: LeagueFormat, size: TableSize, players: number): number {
  if (format === 'swiss') return SWISS_ROUNDS;
  if (size === 2) return players % 2 === 0 ? players - 1 : players;
  const opponentsPerRound = size === '3or4' ? 3 : size - 1;
  return Math.max(1, Math.ceil((players - 1) / opponentsPerRound));
}

/** The league as it starts: the round count fixed if it was left to the format. */
function withRounds(league: League): League {
  if (league.rules.rounds > 0) return league;
  const rounds = roundsFor(league.rules.format, league.rules.size, league.players.length);
  return { ...league, rules: { ...league.rules, rounds } };
}

/** Seats the next round (the first one closes the sign-up); its games are then opened by the caller. */
export function seatNextRound(given: League, now: number): LeagueResult<League> {
  const league = given.status === 'signup' ? withRounds(given) : given;
  if (league.status === 'finished') return refused('finished');
  const current = currentRound(league);
  if (current && !roundOver(current)) return refused('round-running');
  if (league.rounds.length >= league.rules.rounds) return refused('no-rounds-left');
  const active = league.players.filter((p) => p.status === 'in');
  if (active.length < smallestTable(league.rules.size)) return refused('too-few-players');
  const seated = seatRound({
    contenders: standings(league)
      .filter((row) => row.status === 'in')
      .map((row) => ({ id: row.userId, points: row.points })),
    entrants: league.players.map((p) => p.userId),
    past: league.rounds.map((r) => ({ tables: r.tables.map((t) => t.seats), byes: r.byes })),
    size: league.rules.size,
    format: league.rules.format,
    seed: league.seed,
    roundsLeft: league.rules.rounds - league.rounds.length,
  });
  if (!seated) return refused('too-few-players');
  const threads = threadsAheadFor(league, league.rounds.length + 1);
  const round: LeagueRound = {
    startedAt: now,
    deadline: now + league.rules.roundMs,
    tables: seated.tables.map((seats, i) => ({ seats, gameId: threads[i] ?? null, outcome: null })),
    byes: seated.byes,
    untold: true,
  };
  const ahead = { round: league.rounds.length + 1, threads: threads.slice(seated.tables.length) };
  return { ok: true, value: { ...league, status: 'running', rounds: [...league.rounds, round], ahead } };
}

/** The pairings of the current round were posted. */
export function pairingsTold(league: League): League {
  const round = currentRound(league);
  if (!round?.untold) return league;
  const { untold: _told, ...told } = round;
  return { ...league, rounds: [...league.rounds.slice(0, -1), told] };
}

/** The round whose tables' threads are opened ahead, and how many tables it will have (as the players stand now); null when none. */
export function threadsWanted(league: League): { readonly round: number; readonly tables: number } | null {
  const next = league.rounds.length + 1;
  if (league.status === 'finished' || (league.status === 'running' && next > league.rules.rounds)) return null;
  const active = league.players.filter((p) => p.status === 'in').length;
  const tables = tableSizes(active, league.rules.size)?.length ?? 0;
  return tables > 0 ? { round: next, tables } : null;
}

/** The threads opened ahead for a round's tables, in table order. */
export function threadsAheadFor(league: League, round: number): readonly string[] {
  return league.ahead?.round === round ? league.ahead.threads : [];
}

/** A thread opened ahead for the next table of `round` (threads kept for another round are left to spareThreads). */
export function keepThreadAhead(league: League, round: number, threadId: string): League {
  return { ...league, ahead: { round, threads: [...threadsAheadFor(league, round), threadId] } };
}

/** Threads opened ahead that no table will use: for a round that has started, or will not be played. */
export function spareThreads(league: League): readonly string[] {
  const wanted = threadsWanted(league);
  return league.ahead && league.ahead.round !== wanted?.round ? league.ahead.threads : [];
}

/** The league without those threads ahead (tidied away). */
export function dropThreadsAhead(league: League, threadIds: readonly string[]): League {
  if (!league.ahead) return league;
  return {
    ...league,
    ahead: { ...league.ahead, threads: league.ahead.threads.filter((id) => !threadIds.includes(id)) },
  };
}

/** Changes one table of the current round. */
function withTable(league: League, index: number, change: (t: LeagueTable) => LeagueTable): LeagueResult<League> {
  const round = currentRound(league);
  const table = round?.tables[index];
  if (!round || !table) return refused('no-such-table');
  const tables = round.tables.map((t, i) => (i === index ? change(t) : t));
  return { ok: true, value: { ...league, rounds: [...league.rounds.slice(0, -1), { ...round, tables }] } };
}

export function setGame(league: League, index: number, gameId: string): LeagueResult<League> {
  return withTable(league, index, (t) => ({ ...t, gameId }));
}

/** A moderator's "replay the table": its result and game forgotten, a new game to open. */
export function replayTable(league: League, index: number): LeagueResult<League> {
  return withTable(league, index, (t) => ({ ...t, gameId: null, outcome: null }));
}

/** The table of the current round playing this game, or -1. */
export function tableOfGame(league: League, gameId: string): number {
  return currentRound(league)?.tables.findIndex((t) => t.gameId === gameId) ?? -1;
}

/** A game's end, as a table outcome (seat i is player i), or null while it runs. */
export function outcomeOfGame(game: GameState): TableOutcome | null {
  const end = result(game);
  if (!end) return null;
  const scores = [...end.scores].sort((a, b) => a.player - b.player);
  return {
    places: placesOf(end),
    scores: scores.map((s) => s.total),
    crowns: scores.map((s) => s.crowns),
    source: 'played',
  };
}

/** Records a table's outcome; a result already there stays unless a moderator adjusts it. */
export function recordOutcome(league: League, index: number, outcome: TableOutcome): LeagueResult<League> {
  return withTable(league, index, (t) => (t.outcome && outcome.source === 'played' ? t : { ...t, outcome }));
}

/** Placement points of a place at a table of `size` seats, tied players sharing the places they cover. */
export function placementPoints(places: readonly number[], seat: number): number {
  const size = places.length;
  const place = places[seat]!;
  const tied = places.filter((p) => p === place).length;
  let sum = 0;
  for (let p = place; p < place + tied; p++) sum += (WINNER_POINTS * (size - p)) / (size - 1);
  return sum / tied;
}

/** A bye is worth the average of a table's points: neither a win nor a loss. */
export const BYE_POINTS = WINNER_POINTS / 2;

export interface StandingRow {
  readonly userId: string;
  readonly name: string;
  readonly status: PlayerStatus;
  /** 1 = first; players equal on every tie-break share a rank. */
  readonly rank: number;
  readonly points: number;
  /** The game points scored in all their league games (first tie-break). */
  readonly scored: number;
  /** The sum of their opponents' points, once per meeting (second tie-break). */
  readonly opponents: number;
  /** Crowns in their kingdoms (third tie-break). */
  readonly crowns: number;
  readonly played: number;
  readonly byes: number;
}

type Tally = { points: number; scored: number; crowns: number; played: number; byes: number; met: string[] };

function tally(league: League): Map<string, Tally> {
  const tallies = new Map<string, Tally>(
    league.players.map((p) => [p.userId, { points: 0, scored: 0, crowns: 0, played: 0, byes: 0, met: [] }]),
  );
  for (const round of league.rounds) {
    for (const id of round.byes) {
      const t = tallies.get(id);
      if (!t) continue;
      t.points += BYE_POINTS;
      t.byes += 1;
    }
    for (const table of round.tables) {
      if (!table.outcome) continue;
      table.seats.forEach((id, seat) => {
        const t = tallies.get(id);
        if (!t || !table.outcome) return;
        t.points += placementPoints(table.outcome.places, seat);
        t.scored += table.outcome.scores[seat] ?? 0;
        t.crowns += table.outcome.crowns[seat] ?? 0;
        t.played += 1;
        t.met.push(...table.seats.filter((other) => other !== id));
      });
    }
  }
  return tallies;
}

/** The standings: points, then game points scored, then opponents' points, then crowns. */
export function standings(league: League): StandingRow[] {
  const tallies = tally(league);
  const rows = league.players.map((p) => {
    const t = tallies.get(p.userId)!;
    const opponents = t.met.reduce((sum, id) => sum + (tallies.get(id)?.points ?? 0), 0);
    const { met: _met, ...counts } = t;
    return { userId: p.userId, name: p.name, status: p.status, rank: 0, ...counts, opponents };
  });
  rows.sort(compareRows);
  return rows.map((row, i) => {
    const first = rows.findIndex((other) => compareRows(other, row) === 0);
    return { ...row, rank: (first < 0 ? i : first) + 1 };
  });
}

function compareRows(a: Omit<StandingRow, 'rank'>, b: Omit<StandingRow, 'rank'>): number {
  return b.points - a.points || b.scored - a.scored || b.opponents - a.opponents || b.crowns - a.crowns;
}

/** A player's table in the current round (its index), or null (a bye, or not playing). */
export function tableOf(league: League, userId: string): number | null {
  const index = currentRound(league)?.tables.findIndex((t) => t.seats.includes(userId)) ?? -1;
  return index < 0 ? null : index;
}

/** The round's deadline passed and its unfinished games were handed to the computer. */
export function markOverdue(league: League): League {
  const round = currentRound(league);
  if (!round || round.overdue) return league;
  return { ...league, rounds: [...league.rounds.slice(0, -1), { ...round, overdue: true }] };
}

/**
 * After a table's result: the league finishes with its last round, or the next round
 * is seated (or, with too few players left for a table, the league ends there).
 */
export function afterResult(league: League, now: number): League {
  const round = currentRound(league);
  if (league.status !== 'running' || !round || !roundOver(round)) return league;
  const next = seatNextRound(league, now);
  if (next.ok) return next.value;
  return next.refusal === 'round-running' ? league : { ...league, status: 'finished' };
}
