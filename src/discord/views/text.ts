/** Words and labels shared by the views: terrains, dominoes, seats, rules, moves. */
import { domino, scorePlayer } from '../../game/index.js';
import type { GameState, Half, Terrain } from '../../game/types.js';
import { placementName } from '../pictures.js';
import type { TableSeat, TableSettings } from '../../store/types.js';
import type { Cursor, Placed } from '../codec.js';
import { cursorCells } from '../moves.js';

const TERRAINS: Record<Terrain, string> = {
  wheat: '🌾 Wheat', forest: '🌲 Forest', lake: '🌊 Lake', grassland: '🐑 Grassland', swamp: '🐸 Swamp', mine: '⛏️ Mine',
};

function halfLabel(h: Half): string {
  return h.crowns > 0 ? `${TERRAINS[h.terrain]} ${'👑'.repeat(h.crowns)}` : TERRAINS[h.terrain];
}

/** "#41 🌾 Wheat + 🌲 Forest 👑": number, both terrains, crowns on the half that has them. */
export function dominoLabel(n: number): string {
  const d = domino(n);
  return `#${n} ${halfLabel(d.a)} + ${halfLabel(d.b)}`;
}

/** A seat as text: humans are mentioned, AI seats named. */
export function seatText(seat: TableSeat): string {
  return seat.kind === 'human' ? `<@${seat.userId}>` : `🤖 ${seat.name}`;
}

/** A seat by name only (for text that must not ping anyone). */
export function seatName(seat: TableSeat): string {
  return seat.kind === 'human' ? `**${seat.name}**` : `🤖 **${seat.name}**`;
}

export function maxSeats(settings: TableSettings): 2 | 4 {
  return settings.mightyDuel ? 2 : 4;
}

/** The rules chosen, in one line; options that only apply to some player counts say so. */
export function rulesLine(settings: TableSettings, players: number): string {
  const parts: string[] = [settings.mightyDuel ? 'Mighty Duel (7x7, 2 players, all 48 dominoes)' : '5x5 kingdoms'];
  if (settings.harmony) parts.push('Harmony (+5)');
  if (settings.middleKingdom) parts.push('Middle Kingdom (+10)');
  if (settings.dynasty) parts.push('Dynasty (3 games)');
  if (settings.threePlayerClassic) parts.push(players === 3 ? '3-player classic (36 dominoes)' : '3-player classic (with 3 players only)');
  if (settings.balancedOpening) parts.push(players === 2 ? 'balanced opening' : 'balanced opening (with 2 players only)');
  parts.push(settings.turnTimerS > 0 ? `turn timer ${durationText(settings.turnTimerS)}` : 'no turn timer');
  return parts.join(' · ');
}

export function durationText(seconds: number): string {
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return seconds > 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** "C3-C4": where the domino would go, half a first, in the cell names drawn on the pictures. */
export function placementText(state: GameState, player: number, at: Cursor): string {
  const { a, b } = cursorCells(at);
  return placementName(state, player, a, b);
}

/**
 * What one move did, e.g. "Ana placed #23 at C3-C4 for +6 and took #41".
 * `before` is the state the move started from (for the cell names and the score gain).
 */
export function describeMove(before: GameState, after: GameState, player: number, who: string, inHand: number | null, placed: Placed, claim: number | null): string {
  const gain = scorePlayer(after, player).total - scorePlayer(before, player).total;
  const parts: string[] = [];
  if (placed.kind === 'place' && inHand !== null) {
    parts.push(`placed #${inHand} at ${placementText(before, player, placed.at)} for ${signed(gain)}`);
  } else if (placed.kind === 'discard' && inHand !== null) {
    parts.push(`could not fit #${inHand} anywhere and discarded it`);
  }
  if (claim !== null) parts.push(`took #${claim}`);
  return `${who} ${parts.join(' and ')}.`;
}
