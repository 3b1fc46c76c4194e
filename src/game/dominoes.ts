/**
 * The 48 dominoes, generated from shared/reference/dominoes.json (96 squares, 39
 * crowns). Terrain indices (TERRAINS order) and the flat tables below exist for the
 * bitboard kernels, which must not chase objects in their inner loops.
 */
import type { Domino, Terrain } from './types.js';

export const TERRAINS: readonly Terrain[] = ['wheat', 'forest', 'lake', 'grassland', 'swamp', 'mine'];
export const DOMINO_COUNT = 48;

type Row = readonly [n: number, aTerrain: Terrain, aCrowns: number, bTerrain: Terrain, bCrowns: number];

const ROWS: readonly Row[] = [
  [1, 'wheat', 0, 'wheat', 0],
  [2, 'wheat', 0, 'wheat', 0],
  [3, 'forest', 0, 'forest', 0],
  [4, 'forest', 0, 'forest', 0],
  [5, 'forest', 0, 'forest', 0],
  [6, 'forest', 0, 'forest', 0],
  [7, 'lake', 0, 'lake', 0],
  [8, 'lake', 0, 'lake', 0],
  [9, 'lake', 0, 'lake', 0],
  [10, 'grassland', 0, 'grassland', 0],
  [11, 'grassland', 0, 'grassland', 0],
  [12, 'swamp', 0, 'swamp', 0],
  [13, 'wheat', 0, 'forest', 0],
  [14, 'wheat', 0, 'lake', 0],
  [15, 'wheat', 0, 'grassland', 0],
  [16, 'wheat', 0, 'swamp', 0],
  [17, 'forest', 0, 'lake', 0],
  [18, 'forest', 0, 'grassland', 0],
  [19, 'wheat', 1, 'forest', 0],
  [20, 'wheat', 1, 'lake', 0],
  [21, 'wheat', 1, 'grassland', 0],
  [22, 'wheat', 1, 'swamp', 0],
  [23, 'wheat', 1, 'mine', 0],
  [24, 'forest', 1, 'wheat', 0],
  [25, 'forest', 1, 'wheat', 0],
  [26, 'forest', 1, 'wheat', 0],
  [27, 'forest', 1, 'wheat', 0],
  [28, 'forest', 1, 'lake', 0],
  [29, 'forest', 1, 'grassland', 0],
  [30, 'lake', 1, 'wheat', 0],
  [31, 'lake', 1, 'wheat', 0],
  [32, 'lake', 1, 'forest', 0],
  [33, 'lake', 1, 'forest', 0],
  [34, 'lake', 1, 'forest', 0],
  [35, 'lake', 1, 'forest', 0],
  [36, 'wheat', 0, 'grassland', 1],
  [37, 'lake', 0, 'grassland', 1],
  [38, 'wheat', 0, 'swamp', 1],
  [39, 'grassland', 0, 'swamp', 1],
  [40, 'mine', 1, 'wheat', 0],
  [41, 'wheat', 0, 'grassland', 2],
  [42, 'lake', 0, 'grassland', 2],
  [43, 'wheat', 0, 'swamp', 2],
  [44, 'grassland', 0, 'swamp', 2],
  [45, 'mine', 2, 'wheat', 0],
  [46, 'swamp', 0, 'mine', 2],
  [47, 'swamp', 0, 'mine', 2],
  [48, 'wheat', 0, 'mine', 3],
];

/** All 48 dominoes, index n-1. */
export const DOMINOES: readonly Domino[] = Object.freeze(
  ROWS.map(([n, at, ac, bt, bc]) =>
    Object.freeze({ n, a: Object.freeze({ terrain: at, crowns: ac }), b: Object.freeze({ terrain: bt, crowns: bc }) }),
  ),
);

export function isDominoNumber(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= DOMINO_COUNT;
}

/** The domino numbered n (1..48). Throws RangeError for any other n: callers pass numbers read from a validated state. */
export function domino(n: number): Domino {
  const d = isDominoNumber(n) ? DOMINOES[n - 1] : undefined;
  if (d === undefined) throw new RangeError(`no domino numbered ${String(n)}`);
  return d;
}

export function terrainIndex(t: Terrain): number {
  return TERRAINS.indexOf(t);
}

/** Flat tables indexed by domino number (index 0 unused): terrain index and crowns of each half. */
export const HALF_A_TERRAIN = new Uint8Array(DOMINO_COUNT + 1);
export const HALF_A_CROWNS = new Uint8Array(DOMINO_COUNT + 1);
export const HALF_B_TERRAIN = new Uint8Array(DOMINO_COUNT + 1);
export const HALF_B_CROWNS = new Uint8Array(DOMINO_COUNT + 1);
for (const d of DOMINOES) {
  HALF_A_TERRAIN[d.n] = terrainIndex(d.a.terrain);
  HALF_A_CROWNS[d.n] = d.a.crowns;
  HALF_B_TERRAIN[d.n] = terrainIndex(d.b.terrain);
  HALF_B_CROWNS[d.n] = d.b.crowns;
}
