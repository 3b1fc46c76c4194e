/** The end of a game: the score sheet PNG, the ranking, the winner, and Rematch. */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import type { GameResult, TieBreak } from '../../game/types.js';
import type { TableSeat } from '../../store/types.js';
import { button, row } from './components.js';
import { seatName } from './text.js';

export const SCORES_PNG = 'scores.png';

const DECIDED: Record<TieBreak, string> = {
  none: '',
  'largest-territory': ' (tie on points, decided by the largest territory)',
  crowns: ' (tie on points and largest territory, decided by crowns)',
  shared: '',
};

function bonusText(s: GameResult['scores'][number]): string {
  const parts = [s.harmony > 0 ? `Harmony +${s.harmony}` : '', s.middleKingdom > 0 ? `Middle Kingdom +${s.middleKingdom}` : ''].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

export function rankingLines(result: GameResult, seats: readonly TableSeat[]): string[] {
  const sorted = [...result.scores].sort((a, b) => b.total - a.total || b.largestTerritory - a.largestTerritory || b.crowns - a.crowns);
  return sorted.map((s, i) => {
    const seat = seats[s.player];
    const medal = result.winners.includes(s.player) ? '🏆' : `${i + 1}.`;
    return `${medal} ${seat ? seatName(seat) : `Player ${s.player + 1}`}: **${s.total}** points${bonusText(s)} · largest territory ${s.largestTerritory} · ${s.crowns} crowns`;
  });
}

export function winnerLine(result: GameResult, seats: readonly TableSeat[]): string {
  const names = result.winners.map((w) => seats[w]).filter((s): s is TableSeat => s !== undefined).map(seatName);
  return result.winners.length > 1 || result.decidedBy === 'shared'
    ? `🤝 Shared victory: ${names.join(' and ')}!`
    : `👑 ${names[0] ?? 'Nobody'} wins${DECIDED[result.decidedBy]}!`;
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
  readonly png: Buffer;
}

export function endView(info: EndInfo): BaseMessageOptions {
  const lines = [
    ...(info.happened ? [info.happened] : []),
    `🏁 **${info.header ? `${info.header}: ` : ''}${info.final ? 'Game over!' : 'game over.'}** ${winnerLine(info.result, info.seats)}`,
    ...rankingLines(info.result, info.seats),
    ...(info.totals ? [`🏰 **Dynasty totals:** ${winnerLine(info.totals, info.seats)}`, ...rankingLines(info.totals, info.seats)] : []),
  ];
  return {
    content: lines.join('\n'),
    files: [{ attachment: info.png, name: SCORES_PNG }],
    components: info.final ? [row(button('🔁 Rematch', { verb: 'rematch' }, ButtonStyle.Success))] : [],
    allowedMentions: { parse: [] },
  };
}
