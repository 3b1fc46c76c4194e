/**
 * Where half b of a domino lies from half a, as one code for the whole program:
 * 0 right, 1 down, 2 left, 3 up (x grows to the right, y downwards). The panel's
 * buttons carry these digits in the custom ids of messages already posted, so the
 * numbering never changes; the Board kernel's placement codes use it too.
 */
import type { Pos } from './types.js';

export type Direction = 0 | 1 | 2 | 3;

/** The step [dx, dy] from half a to half b, by direction. */
export const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
] as const satisfies readonly Pos[];

/** Whether two placements put half a and half b on the same squares. */
export function samePlacement(
  x: { readonly a: Pos; readonly b: Pos },
  y: { readonly a: Pos; readonly b: Pos },
): boolean {
  return x.a[0] === y.a[0] && x.a[1] === y.a[1] && x.b[0] === y.b[0] && x.b[1] === y.b[1];
}

/** Half a at `a`, half b one step away in `direction`. */
export function placementFrom(a: Pos, direction: Direction): { readonly a: Pos; readonly b: Pos } {
  const [dx, dy] = DIRECTIONS[direction];
  return { a, b: [a[0] + dx, a[1] + dy] };
}

/** The direction from a to b, or null when they are not orthogonal neighbours. */
export function directionOf(a: Pos, b: Pos): Direction | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const d = DIRECTIONS.findIndex(([x, y]) => x === dx && y === dy);
  return d < 0 ? null : (d as Direction);
}
