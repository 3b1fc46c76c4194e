/**
 * `/kingdomino forget-me` on a stored table: the user's seat in a game that is over
 * (finished or cancelled) takes a neutral name, in the table and in every game state
 * it holds, so the pictures, the final message and the exported records no longer
 * show it. The seat keeps its kind and user id (a seat name is just a string to the
 * engine, the game stays valid, and the Rematch button still seats the same people);
 * the table expires as it would have. Lobbies and running games are not touched.
 */
import type { GameState } from '../game/index.js';
import type { Table, TableSeat } from '../table/index.js';

type Ended = Extract<Table, { status: 'finished' | 'cancelled' }>;

export const isEnded = (table: Table): table is Ended => table.status === 'finished' || table.status === 'cancelled';

/** `label`, or "label 2", "label 3"... when another seat of the table already has that name. */
function neutralName(seats: readonly TableSeat[], mine: ReadonlySet<number>, label: string): string {
  const taken = new Set(seats.filter((_, i) => !mine.has(i)).map((s) => s.name));
  let name = label;
  for (let i = 2; taken.has(name); i++) name = `${label} ${i}`;
  return name;
}

/**
 * The table with the user's seat(s) renamed to `label`, or null when there is nothing
 * to do (not over, not seated, or renamed already).
 */
export function forgetSeat(table: Table, userId: string, label: string): Ended | null {
  if (!isEnded(table)) return null;
  const mine = new Set(table.seats.flatMap((s, i) => (s.kind === 'human' && s.userId === userId ? [i] : [])));
  if (mine.size === 0) return null;
  const name = neutralName(table.seats, mine, label);
  const games: readonly GameState[] = [
    ...(table.game ? [table.game] : []),
    ...(table.status === 'finished' ? (table.dynasty?.games ?? []) : []),
  ];
  const named = (seats: readonly { readonly name: string }[]): boolean =>
    [...mine].every((i) => seats[i]?.name === name);
  if (named(table.seats) && games.every((g) => named(g.seats))) return null;
  const rename = <S extends { readonly name: string }>(seats: readonly S[]): S[] =>
    seats.map((s, i) => (mine.has(i) ? { ...s, name } : s));
  const renameGame = (g: GameState): GameState => ({ ...g, seats: rename(g.seats) });
  const hintsUsed =
    table.hintsUsed === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(table.hintsUsed).map(([turn, ids]) => [turn, ids.filter((id) => id !== userId)]),
        );
  const base = { ...table, seats: rename(table.seats), ...(hintsUsed ? { hintsUsed } : {}) };
  if (base.status === 'cancelled') return base.game ? { ...base, game: renameGame(base.game) } : base;
  return {
    ...base,
    game: renameGame(base.game),
    ...(base.dynasty ? { dynasty: { ...base.dynasty, games: base.dynasty.games.map(renameGame) } } : {}),
  };
}
