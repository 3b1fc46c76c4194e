/**
 * What the daily deal says: the panel's header, the result (score, rank today, streak,
 * the hard computer player's score, Share), the spoiler-free share line, the
 * standings, and the daily channel's post. Names are mentions, shown without pinging.
 */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { t } from '../../i18n/index.js';
import { dailyRank, monthOf, type DailyEntry, type DailyScore, type MonthEntry } from '../../table/index.js';
import { button, row } from './components.js';
import type { Shown } from './pictures.js';
import { SCORES_PNG } from './end.js';

const QUIET = { allowedMentions: { parse: [] } } as const;

/** The line above the daily panel: the day, and whether this game counts. */
export function dailyHeader(day: number, scored: boolean): string {
  return [t('daily.title', { day }), ...(scored ? [] : [t('daily.unscored')])].join(' · ');
}

export interface DailyResultInfo {
  readonly day: number;
  readonly score: DailyScore;
  readonly scored: boolean;
  /** Today's standings on this server (the player's scored result in them). */
  readonly standings: readonly DailyEntry[];
  readonly userId: string;
  readonly streak: number;
  readonly bestStreak: number;
  /** The hard computer player's score on the same deal; null while it is still playing. */
  readonly hard: number | null;
  readonly sheet: Shown;
}

export function dailyResultView(info: DailyResultInfo): BaseMessageOptions {
  const rank = dailyRank(info.standings, info.userId);
  const lines = [
    t('daily.result', { day: info.day, score: info.score.score, crowns: info.score.crowns }),
    ...(info.scored
      ? [
          ...(rank === null ? [] : [t('daily.rank', { rank, count: info.standings.length })]),
          t('daily.streak', { count: info.streak, best: info.bestStreak }),
        ]
      : [t('daily.unscored')]),
    info.hard === null ? t('daily.hardPending') : t('daily.hard', { score: info.hard }),
    t('daily.again'),
  ];
  return {
    content: lines.join('\n'),
    files: [{ attachment: info.sheet.png, name: SCORES_PNG, description: info.sheet.alt }],
    components: info.scored
      ? [row(button(t('daily.button.share'), { verb: 'daily-share', day: info.day }, ButtonStyle.Primary))]
      : [],
  };
}

/** The public share line: day, score, crowns, streak and the terrain grid; no domino, no line of the deal. */
export function dailyShareView(userId: string, day: number, score: DailyScore, streak: number, grid: string) {
  return {
    content: `${t('daily.share', { userId, day, score: score.score, crowns: score.crowns, streak })}\n${grid}`,
    ...QUIET,
  } satisfies BaseMessageOptions;
}

function dayLines(entries: readonly DailyEntry[]): string[] {
  return entries.slice(0, 10).map((e) =>
    t('daily.standings.line', {
      rank: dailyRank(entries, e.userId) ?? 0,
      userId: e.userId,
      score: e.score,
      crowns: e.crowns,
    }),
  );
}

export interface StandingsInfo {
  readonly day: number;
  readonly today: readonly DailyEntry[];
  readonly month: readonly MonthEntry[];
  /** The asking player's best days. */
  readonly best: readonly { readonly day: number; readonly score: number }[];
  /** The hard computer player's score on the day's deal, once it has played it (the result promises it here). */
  readonly hard: number | null;
}

/** The hard computer player's line, when its score is known. */
function hardLines(hard: number | null): string[] {
  return hard === null ? [] : [t('daily.hard', { score: hard })];
}

export function dailyStandingsView(info: StandingsInfo): BaseMessageOptions {
  const lines = [
    t('daily.standings.title', { day: info.day }),
    ...(info.today.length > 0 ? dayLines(info.today) : [t('daily.standings.none')]),
    ...hardLines(info.hard),
    t('daily.standings.month', { month: monthOf(info.day) }),
    ...(info.month.length > 0
      ? info.month
          .slice(0, 10)
          .map((m, i) =>
            t('daily.standings.monthLine', { rank: i + 1, userId: m.userId, total: m.total, days: m.days }),
          )
      : [t('daily.standings.none')]),
    ...(info.best.length > 0
      ? [t('daily.standings.best', { list: info.best.map((b) => t('daily.standings.bestDay', b)).join(', ') })]
      : []),
  ];
  return { content: lines.join('\n'), ...QUIET };
}

/** The daily channel's post after midnight UTC: yesterday's standings and its winning kingdom, then today's challenge. */
export function dailyPostView(
  yesterday: number,
  entries: readonly DailyEntry[],
  winner: Shown | null,
  hard: number | null,
): BaseMessageOptions {
  const lines = [
    t('daily.post.over', { day: yesterday }),
    ...(entries.length > 0 ? dayLines(entries) : [t('daily.post.nobody')]),
    ...hardLines(hard),
    t('daily.post.today', { day: yesterday + 1 }),
  ];
  return {
    content: lines.join('\n'),
    files: winner ? [{ attachment: winner.png, name: SCORES_PNG, description: winner.alt }] : [],
    ...QUIET,
  };
}
