/**
 * The player's turn on the page, worked out from the game as the bot sent it (its
 * public view) with the engine itself: the legal spots of the domino in hand for
 * each way it is turned, the points a spot is worth, what may be picked, and the
 * move a drop and a pick make. Nothing here is trusted by the bot: it checks again.
 */
import {
  candidateGain,
  judgePlacement,
  legalPlacements,
  openClaims,
  prompt,
  type GameState,
  type Move,
  type Placed,
  type Pos,
} from '../game/index.js';
import type { TableView } from './protocol.js';

/** The four ways a domino lies: half b right of, below, left of, above half a. */
export const TURNS: readonly Pos[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

/** What the player has chosen so far this turn, before the pick sends the move. */
export interface Draft {
  /** The game's turn it is for: a new turn forgets it. */
  readonly turn: number;
  /** How the domino in hand lies (an index of TURNS). */
  readonly r: number;
  /** Where it goes (half a, half b), or discarded, once chosen. */
  readonly placed: Placed | null;
}

export interface MyTurn {
  readonly player: number;
  readonly game: GameState;
  /** The domino to place (null: only a pick, as in the first round). */
  readonly domino: number | null;
  readonly canPlace: boolean;
  /** The dominoes the move may end by picking (none in the last round). */
  readonly choices: readonly number[];
}

export function seatOf(table: TableView, userId: string): number | null {
  const seat = table.seats.findIndex((s) => s.userId === userId && !s.standIn);
  return seat < 0 ? null : seat;
}

/** The turn, when it is this user's to play now; null otherwise (someone else's turn, a spectator, the end). */
export function myTurn(table: TableView, userId: string): MyTurn | null {
  const game = table.game;
  if (!game || table.status !== 'playing') return null;
  const p = prompt(game);
  if (p.kind === 'over' || table.seats[p.player]?.userId !== userId || table.seats[p.player]?.standIn) return null;
  if (p.kind === 'claim') return { player: p.player, game, domino: null, canPlace: false, choices: p.choices };
  return { player: p.player, game, domino: p.domino, canPlace: p.canPlace, choices: openClaims(game) };
}

export const cellKey = ([x, y]: Pos): string => `${x},${y}`;

/** Half a's cells where the domino in hand fits lying as `r` says, each with its half b. */
export function spots(turn: MyTurn, r: number): ReadonlyMap<string, Pos> {
  const [dx, dy] = TURNS[r] ?? [1, 0];
  const found = new Map<string, Pos>();
  for (const { a, b } of legalPlacements(turn.game))
    if (b[0] - a[0] === dx && b[1] - a[1] === dy) found.set(cellKey(a), b);
  return found;
}

/** The first way to lie, from `r` on, with a legal spot at half a = `at` (a tap on a cell not lit now). */
export function turnFitting(turn: MyTurn, r: number, at: Pos): number | null {
  for (let i = 0; i < TURNS.length; i++) {
    const tried = (r + i) % TURNS.length;
    if (spots(turn, tried).has(cellKey(at))) return tried;
  }
  return null;
}

/** The points the kingdom gains with the domino there. */
export function gainAt(turn: MyTurn, a: Pos, b: Pos): number {
  return candidateGain(judgePlacement(turn.game, a, b)) ?? 0;
}

/** Whether the draft needs only a pick (or, in the last round, a confirm) to be a whole move. */
export function placedOrNothing(turn: MyTurn, draft: Draft): Placed | null {
  if (turn.domino === null) return { kind: 'none' };
  return draft.placed;
}

export function moveOf(turn: MyTurn, draft: Draft, claim: number | null): Move | null {
  const placed = placedOrNothing(turn, draft);
  return placed ? { placed, claim } : null;
}
