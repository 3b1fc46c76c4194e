/** Words and labels shared by the views: terrains, dominoes, seats, rules, moves, refusals. */
import { domino, placementName, prompt, scorePlayer, type Half, type Pos, type Terrain } from '../../game/index.js';
import type { MoveOutcome, Refusal, TableSeat, TableSettings } from '../../table/index.js';

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

function playerName(seats: readonly TableSeat[], player: number): string {
  const seat = seats[player];
  return seat ? seatName(seat) : `Player ${player + 1}`;
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

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** "Dynasty, game 2 of 3", or null outside a Dynasty. */
export function dynastyHeader(progress: { readonly game: number; readonly of: number } | null): string | null {
  return progress ? `Dynasty, game ${progress.game} of ${progress.of}` : null;
}

/** "C3-C4": where the domino would go, half a first, in the cell names drawn on the pictures. */
export function placementText(grid: 5 | 7, at: { readonly a: Pos; readonly b: Pos }): string {
  return placementName(grid, at.a, at.b);
}

/** What one move did, e.g. "Ana placed #23 at C3-C4 for +6 and took #41". */
export function describeMove(outcome: MoveOutcome, seats: readonly TableSeat[]): string {
  const { before, game, player, move } = outcome;
  const gain = scorePlayer(game, player).total - scorePlayer(before, player).total;
  const p = prompt(before);
  const inHand = p.kind === 'place' ? p.domino : null;
  const parts: string[] = [];
  if (move.placed.kind === 'place' && inHand !== null) {
    parts.push(`placed #${inHand} at ${placementText(before.options.grid, move.placed)} for ${signed(gain)}`);
  } else if (move.placed.kind === 'discard' && inHand !== null) {
    parts.push(`could not fit #${inHand} anywhere and discarded it`);
  }
  if (move.claim !== null) parts.push(`took #${move.claim}`);
  return `${playerName(seats, player)} ${parts.join(' and ')}.`;
}

const TABLE_REFUSALS: Record<Exclude<Refusal['code'], 'not-your-turn' | 'seat-count' | 'illegal-move'>, string> = {
  'not-started': 'This game has not started yet.',
  'already-started': 'This game has already started: follow it in its thread.',
  over: 'This game is over.',
  cancelled: 'This game was cancelled.',
  'not-seated': 'You are not in this game.',
  'host-only': 'Only the host (or a moderator with Manage Threads) can do that.',
  'stale-turn': 'This button is from an earlier turn.',
  'already-seated': 'You already have a seat at this table.',
  'table-full': 'This table is full.',
  'not-at-table': 'You do not have a seat at this table.',
  'host-cannot-leave': 'You host this table: use Cancel to close it.',
  'no-ai-seat': 'There is no AI seat to remove.',
  'lobby-has-cancel': 'Use the lobby\'s Cancel button.',
  'nothing-to-place': 'There is nothing to place now.',
};

/** A refusal as the user reads it. */
export function refusalText(refusal: Refusal, seats: readonly TableSeat[]): string {
  switch (refusal.code) {
    case 'not-your-turn': return `It is ${playerName(seats, refusal.player)}'s turn.`;
    case 'seat-count': return refusal.min === refusal.max ? `The Mighty Duel needs exactly ${refusal.min} seats.` : `A game needs ${refusal.min} to ${refusal.max} seats.`;
    case 'illegal-move': return `That move is not possible: ${refusal.rejection.message}`;
    default: return TABLE_REFUSALS[refusal.code];
  }
}
