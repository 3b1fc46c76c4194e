/**
 * What a league shows: its sign-up message with Join and Leave, each round's pairings,
 * the standings with their rules in words, the final podium, the audit lines of a
 * moderator's corrections, and "why am I at this table?". Said in the league's
 * language (its games' language) unless privately answered.
 */
import { ButtonStyle, type BaseMessageOptions } from 'discord.js';
import { t, type MessageKey } from '../../i18n/index.js';
import {
  BYE_POINTS,
  currentRound,
  historyOf,
  standings,
  type League,
  type LeagueRefusal,
  type StandingRow,
  type TableSeat,
  type TableSize,
} from '../../table/index.js';
import { button, row } from './components.js';
import type { StandingsView } from './pictures.js';
import { relativeTime, rulesLine } from './text.js';
import { CONTENT_MAX, cut, THREAD_NAME_MAX } from '../wire/limits.js';

const REFUSALS: Readonly<Record<LeagueRefusal, MessageKey>> = {
  'not-signing-up': 'league.refusal.notSigningUp',
  'already-joined': 'league.refusal.alreadyJoined',
  full: 'league.refusal.full',
  'not-a-player': 'league.refusal.notAPlayer',
  'round-running': 'league.refusal.roundRunning',
  'too-few-players': 'league.refusal.tooFewPlayers',
  'no-rounds-left': 'league.refusal.noRoundsLeft',
  finished: 'league.refusal.finished',
  'no-such-table': 'league.refusal.noSuchTable',
};

export function leagueRefusalText(refusal: LeagueRefusal): string {
  return t(REFUSALS[refusal]);
}

export const FORMAT_KEYS = { swiss: 'league.format.swiss', 'round-robin': 'league.format.roundRobin' } as const;

export function sizeText(size: TableSize): string {
  return size === '3or4' ? t('league.seats.threeOrFour') : String(size);
}

const mention = (userId: string): string => `<@${userId}>`;

/** The league's rules in one line: format, rounds, table size, and its games' rules and pace. */
export function leagueRulesLine(league: League): string {
  const { rules } = league;
  const seats: TableSeat[] = Array.from({ length: rules.size === '3or4' ? 4 : rules.size }, (_, i) => ({
    kind: 'human',
    userId: String(i),
    name: '',
  }));
  return t('league.rules', {
    format: t(FORMAT_KEYS[rules.format]),
    rounds: rules.rounds,
    seats: sizeText(rules.size),
    rules: rulesLine({ settings: rules.settings, seats }),
  });
}

/** The latest sign-ups the message names (256 mentions would not fit in a message). */
const SIGNUP_NAMES = 50;

/** The sign-up message: the rules, who signed up, Join and Leave while it is open. */
export function signupView(league: League): BaseMessageOptions {
  const shown = league.players.slice(-SIGNUP_NAMES).map((p) => mention(p.userId));
  const hidden = league.players.length - shown.length;
  const names = [...(hidden > 0 ? [t('league.signup.earlier', { count: hidden })] : []), ...shown].join(', ');
  const count = league.players.length;
  const open = league.status === 'signup';
  const lines = [
    t('league.signup.title', { name: league.name }),
    leagueRulesLine(league),
    count === 0
      ? t('league.signup.nobody', { cap: league.rules.cap })
      : t('league.signup.players', { count, cap: league.rules.cap, names }),
    open ? t('league.signup.how') : t('league.signup.started'),
  ];
  return {
    content: cut(lines.join('\n'), CONTENT_MAX),
    components: open
      ? [
          row(
            button(t('league.button.join'), { verb: 'league-join' }, ButtonStyle.Primary, count >= league.rules.cap),
            button(t('league.button.leave'), { verb: 'league-leave' }),
          ),
        ]
      : [],
    allowedMentions: { parse: [] },
  };
}

const players = (ids: readonly string[]): string => ids.map(mention).join(', ');

/** The first word in a league game's thread: which league, round and table, its players pinged (which adds them to it). */
export function leagueGameNote(league: League, table: number): string {
  const round = currentRound(league)!;
  return t('league.game.note', {
    name: league.name,
    round: league.rounds.length,
    table: table + 1,
    players: players(round.tables[table]!.seats),
  });
}

/** The thread of a table's game, opened before its players are known: which league, round and table. */
export function tableThreadName(league: League, round: number, table: number): string {
  return cut(t('league.threadName', { name: league.name, round, table: table + 1 }), THREAD_NAME_MAX);
}

/** A round's pairings: each table with its players and its game's thread, then the byes; in as many posts as they need. */
export function pairingsPosts(league: League): string[] {
  const round = currentRound(league)!;
  const lines = [
    t('league.round.title', {
      name: league.name,
      round: league.rounds.length,
      rounds: league.rules.rounds,
      deadline: relativeTime(round.deadline),
    }),
    ...round.tables.map(
      (table, i) =>
        `${t('league.round.table', { table: i + 1, players: players(table.seats) })}${table.gameId ? ` · <#${table.gameId}>` : ''}`,
    ),
  ];
  if (round.byes.length > 0) lines.push(t('league.round.byes', { names: players(round.byes), points: BYE_POINTS }));
  return inPosts(lines);
}

/** Lines gathered into posts of at most Discord's length (a 256-player round's 64 tables take four). */
function inPosts(lines: readonly string[]): string[] {
  const posts: string[] = [];
  let post = '';
  for (const line of lines) {
    if (post && post.length + 1 + line.length > CONTENT_MAX) {
      posts.push(post);
      post = '';
    }
    post = post ? `${post}\n${line}` : cut(line, CONTENT_MAX);
  }
  return post ? [...posts, post] : posts;
}

/** The rows shown: the top ones, then a count of the others (a message holds about 40 rows of 256). */
const SHOWN_ROWS = 40;

function rowText(row: StandingRow): string {
  const text = t('league.standings.row', {
    rank: row.rank,
    player: mention(row.userId),
    points: row.points,
    scored: row.scored,
    played: row.played,
  });
  if (row.status === 'withdrew') return t('league.standings.withdrew', { row: text });
  if (row.status === 'dropped') return t('league.standings.dropped', { row: text });
  return text;
}

function roundsPlayed(league: League): number {
  return league.rounds.filter((r) => r.tables.every((table) => table.outcome !== null)).length;
}

/** The standings as text, with how they are counted. */
export function standingsText(league: League): string {
  const rows = standings(league);
  const played = roundsPlayed(league);
  const lines = [
    t('league.standings.title', { name: league.name, played, rounds: league.rules.rounds }),
    ...rows.slice(0, SHOWN_ROWS).map(rowText),
  ];
  if (rows.length > SHOWN_ROWS) lines.push(t('league.standings.more', { count: rows.length - SHOWN_ROWS }));
  lines.push(t('league.standings.rules'));
  return cut(lines.join('\n'), CONTENT_MAX);
}

/** The end of the league: its champion (or champions, sharing first place). */
export function finalText(league: League): string {
  const rows = standings(league);
  const champions = rows.filter((r) => r.rank === 1).map((r) => mention(r.userId));
  const podium = rows
    .filter((r) => r.rank <= MEDALS.length)
    .map((r) => `${MEDALS[r.rank - 1]} ${mention(r.userId)}`)
    .join(' · ');
  return [t('league.final', { name: league.name, champion: champions.join(', ') }), podium].join('\n');
}

/** The podium's medals, by rank (tied players share one). */
const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** "Why am I at table 3?": the player's table this round and what seated them there. */
export function whyText(league: League, userId: string): string {
  const round = currentRound(league);
  if (!round) return t('league.mine.none');
  const number = league.rounds.length;
  if (round.byes.includes(userId)) return t('league.mine.bye', { round: number, points: BYE_POINTS });
  const index = round.tables.findIndex((table) => table.seats.includes(userId));
  if (index < 0) return t('league.mine.none');
  const seats = round.tables[index]!.seats;
  const lines = [t('league.mine.table', { round: number, table: index + 1, players: players(seats) })];
  const me = standings({ ...league, rounds: league.rounds.slice(0, -1) }).find((r) => r.userId === userId);
  if (league.rules.format === 'swiss' && me) lines.push(t('league.why.swiss', { points: me.points, rank: me.rank }));
  else lines.push(t('league.why.roundRobin'));
  const before = historyOf(
    league.rounds.slice(0, -1).map((r) => ({ tables: r.tables.map((x) => x.seats), byes: r.byes })),
  );
  const met = seats.filter((other) => other !== userId && before.met(userId, other) > 0);
  lines.push(met.length === 0 ? t('league.why.noRematch') : t('league.why.rematch', { names: players(met) }));
  return lines.join('\n');
}

/** The rows the standings picture holds: 20 keep it under 1300 px tall (about 540 on a phone). */
const PICTURE_ROWS = 20;

/** The standings as the picture draws them: names (a picture shows no mention), points, tie-breaks. */
export function standingsPicture(league: League): StandingsView {
  const rows = standings(league);
  const played = roundsPlayed(league);
  return {
    title: t('league.picture.title', { name: league.name }),
    subtitle: t('league.picture.subtitle', { played, rounds: league.rules.rounds }),
    rows: rows.slice(0, PICTURE_ROWS).map((r) => ({
      rank: r.rank,
      name: r.name,
      points: t('league.picture.points', { points: r.points }),
      detail: t('league.picture.detail', { scored: r.scored, played: r.played }),
      note: r.status === 'in' ? '' : t(r.status === 'withdrew' ? 'league.picture.withdrew' : 'league.picture.dropped'),
    })),
    more: rows.length > PICTURE_ROWS ? t('league.standings.more', { count: rows.length - PICTURE_ROWS }) : null,
  };
}

/** The standings' message: the text (with `heading` above) and the picture, with its description. */
export function standingsMessage(
  league: League,
  heading: string | null,
  picture: { readonly png: Buffer; readonly alt: string } | null,
): BaseMessageOptions {
  const content = cut([...(heading ? [heading] : []), standingsText(league)].join('\n\n'), CONTENT_MAX);
  return {
    content,
    files: picture ? [{ attachment: picture.png, name: STANDINGS_PNG, description: cut(picture.alt, ALT_MAX) }] : [],
    allowedMentions: { parse: [] },
  };
}

const STANDINGS_PNG = 'standings.png';
/** Discord's most characters in an attachment's description. */
const ALT_MAX = 1024;
