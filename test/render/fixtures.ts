/** Hand-made views for drawing tests that must not depend on the engine. */
import type { Pos, Terrain } from '../../src/game/types.js';
import type { DominoView, KingdomView, PlacedView, PlayerView, TableView } from '../../src/render/view.js';

export function dom(n: number, ta: Terrain, ca: number, tb: Terrain, cb: number): DominoView {
  return { n, a: { terrain: ta, crowns: ca }, b: { terrain: tb, crowns: cb } };
}

export const PLAYERS: readonly PlayerView[] = [
  { index: 0, name: 'Alice', badge: 'A' },
  { index: 1, name: 'Bartholomew the Magnificent', badge: 'B' },
  { index: 2, name: 'Chloé', badge: 'C' },
  { index: 3, name: 'Dmitri', badge: 'D' },
];

const place = (domino: DominoView, a: Pos, b: Pos): PlacedView => ({ domino, a, b });

export function kingdom(player: PlayerView, placed: PlacedView[], extra: Partial<KingdomView> = {}): KingdomView {
  return { player, grid: 5, placed, discarded: [], score: 0, lastPlaced: null, toPlay: false, ...extra };
}

export const KINGDOM_A = kingdom(PLAYERS[0]!, [
  place(dom(18, 'wheat', 0, 'lake', 0), [1, 0], [2, 0]),
  place(dom(25, 'wheat', 1, 'forest', 0), [0, 1], [0, 2]),
  place(dom(40, 'swamp', 0, 'mine', 2), [-1, 0], [-1, 1]),
  place(dom(29, 'lake', 1, 'forest', 0), [2, 1], [1, 1]),
], { score: 9, lastPlaced: 29 });

export const KINGDOM_B = kingdom(PLAYERS[1]!, [
  place(dom(3, 'forest', 0, 'forest', 0), [0, -1], [0, -2]),
  place(dom(22, 'forest', 1, 'grassland', 0), [1, -2], [2, -2]),
  place(dom(44, 'grassland', 0, 'swamp', 2), [2, -1], [2, 0]),
  place(dom(48, 'wheat', 0, 'mine', 3), [-1, 0], [-2, 0]),
  place(dom(11, 'grassland', 0, 'grassland', 0), [1, -1], [1, 0]),
], { score: 14, discarded: [dom(39, 'wheat', 0, 'mine', 2)], toPlay: true });

export const KINGDOM_C = kingdom(PLAYERS[2]!, [
  place(dom(7, 'lake', 0, 'lake', 0), [0, 1], [1, 1]),
], { score: 0 });

export const KINGDOM_D = kingdom(PLAYERS[3]!, [], { score: 0 });

export const TABLE_4P: TableView = {
  round: 5,
  rounds: 12,
  variants: ['Harmony', 'Middle Kingdom'],
  current: [
    { domino: dom(9, 'wheat', 0, 'wheat', 0), status: 'placed', king: PLAYERS[3]! },
    { domino: dom(21, 'wheat', 1, 'lake', 0), status: 'discarded', king: PLAYERS[2]! },
    { domino: dom(33, 'wheat', 0, 'forest', 1), status: 'active', king: PLAYERS[1]! },
    { domino: dom(46, 'swamp', 0, 'mine', 2), status: 'waiting', king: PLAYERS[0]! },
  ],
  next: [
    { domino: dom(2, 'wheat', 0, 'wheat', 0), status: 'claimed', king: PLAYERS[3]! },
    { domino: dom(15, 'lake', 0, 'lake', 0), status: 'free', king: null },
    { domino: dom(27, 'grassland', 0, 'lake', 1), status: 'claimed', king: PLAYERS[2]! },
    { domino: dom(43, 'wheat', 0, 'mine', 3), status: 'free', king: null },
  ],
  kingdoms: [KINGDOM_A, KINGDOM_B, KINGDOM_C, KINGDOM_D],
  turn: { kind: 'place', player: PLAYERS[1]!, domino: dom(33, 'wheat', 0, 'forest', 1), canPlace: true },
  pileLeft: 28,
};
