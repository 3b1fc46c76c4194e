/** The end of a game: the score sheet PNG, the ranking, the winner, Rematch and Review. */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { byRanking, DYNASTY_GAMES, placeAmong, type GameResult, type TieBreak } from '../../game/index.js';
import { t, type MessageKey } from '../../i18n/index.js';
import type { TableSeat } from '../../table/index.js';
import { button, rows } from './components.js';
import type { Shown } from './pictures.js';
import { reviewButtons } from './review.js';
import { seatName } from './text.js';

export const SCORES_PNG = 'scores.png';
export const DYNASTY_PNG = 'dynasty.png';

const WINS: Record<TieBreak, MessageKey> = {
  none: 'end.wins',
  'largest-territory': 'end.winsOnTerritory',
  crowns: 'end.winsOnCrowns',
  shared: 'end.wins',
};

function bonusText(s: GameResult['scores'][number]): string {
  const bonuses: [MessageKey, number][] = [
    ['variant.harmony', s.harmony],
    ['variant.middleKingdom', s.middleKingdom],
  ];
  return bonuses
    .filter(([, points]) => points > 0)
    .map(([bonus, points]) => t('end.bonus', { bonus: t(bonus), points }))
    .join(', ');
}

/** "A and B and C". */
function andList(names: readonly string[]): string {
  return names.reduce((first, second) => t('list.and', { first, second }));
}

export function rankingLines(result: GameResult, seats: readonly TableSeat[]): string[] {
  const sorted = [...result.scores].sort(byRanking);
  return sorted.map((s) => {
    const bonuses = bonusText(s);
    const line = {
      place: result.winners.includes(s.player) ? '🏆' : t('end.rank', { rank: placeAmong(result.scores, s) }),
      name: seatName(seats, s.player),
      total: s.total,
      largest: s.largestTerritory,
      crowns: s.crowns,
    };
    return bonuses ? t('end.rankingWithBonuses', { ...line, bonuses }) : t('end.ranking', line);
  });
}

export function winnerLine(result: GameResult, seats: readonly TableSeat[]): string {
  const names = result.winners.filter((w) => seats[w] !== undefined).map((w) => seatName(seats, w));
  return result.winners.length > 1 || result.decidedBy === 'shared'
    ? t('end.sharedVictory', { names: names.length > 0 ? andList(names) : '' })
    : t(WINS[result.decidedBy], { name: names[0] ?? t('end.nobody') });
}

export interface EndInfo {
  readonly result: GameResult;
  readonly seats: readonly TableSeat[];
  readonly happened: string | null;
  /** "Game 1 of 3" while a Dynasty goes on, "Dynasty" for the totals, null otherwise. */
  readonly header: string | null;
  /** False between the games of a Dynasty. */
  readonly final: boolean;
  /** A Dynasty's totals over its three games, with its last game's end. */
  readonly totals: GameResult | null;
  /** The score sheet, with its description posted as its alt text. */
  readonly sheet: Shown;
  /** In a Dynasty: the sheet of its games so far and the running totals. */
  readonly dynastySheet: Shown | null;
}

export function endView(info: EndInfo): BaseMessageOptions {
  const lastGame = info.totals !== null ? DYNASTY_GAMES : 1;
  const over = info.final
    ? info.header
      ? 'end.gameOverOf'
      : 'end.gameOver'
    : info.header
      ? 'end.gameEndedOf'
      : 'end.gameEnded';
  const lines = [
    ...(info.happened ? [info.happened] : []),
    t(over, { header: info.header ?? '', winner: winnerLine(info.result, info.seats) }),
    ...rankingLines(info.result, info.seats),
    ...(info.totals
      ? [
          t('end.dynastyTotals', { winner: winnerLine(info.totals, info.seats) }),
          ...rankingLines(info.totals, info.seats),
        ]
      : []),
  ];
  return {
    content: lines.join('\n'),
    files: [
      { attachment: info.sheet.png, name: SCORES_PNG, description: info.sheet.alt },
      ...(info.dynastySheet
        ? [{ attachment: info.dynastySheet.png, name: DYNASTY_PNG, description: info.dynastySheet.alt }]
        : []),
    ],
    components: info.final
      ? [
          ...rows([
            button(t('end.button.rematch'), { verb: 'rematch' }, ButtonStyle.Success),
            ...reviewButtons(info.totals !== null),
            // Replay and Step through: the game, or the Dynasty's last (the command replays the others).
            button(t('replay.button'), { verb: 'replay', game: lastGame }, ButtonStyle.Secondary),
            button(t('replay.view.button'), { verb: 'replay-view', game: lastGame }, ButtonStyle.Secondary),
          ]),
        ]
      : [],
    allowedMentions: { parse: [] },
  };
}
