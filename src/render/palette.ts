/** Colours of every picture. Terrain hues follow the board game; each also has a pattern (tiles.ts). */
import type { Terrain } from '../game/index.js';

export interface TerrainStyle {
  readonly label: string;
  readonly base: string;
  /** Colour of the pattern drawn over the base. */
  readonly ink: string;
}

export const TERRAIN: Readonly<Record<Terrain, TerrainStyle>> = {
  wheat: { label: 'Wheat', base: '#EBC351', ink: '#9C6F12' },
  forest: { label: 'Forest', base: '#2F7A47', ink: '#123F22' },
  lake: { label: 'Lake', base: '#3C8DD8', ink: '#D6ECFF' },
  grassland: { label: 'Grassland', base: '#98CE5B', ink: '#4C7F1E' },
  swamp: { label: 'Swamp', base: '#9A8868', ink: '#3F3322' },
  mine: { label: 'Mine', base: '#5B5A63', ink: '#C9C8D2' },
};

export const TERRAINS: readonly Terrain[] = ['wheat', 'forest', 'lake', 'grassland', 'swamp', 'mine'];

/** The castles and kings of the box: pink, yellow, green, blue. */
export const PLAYER_COLOURS: readonly string[] = ['#EF5DA8', '#F6C324', '#3DBB5D', '#3F7FE6'];
/** Text drawn on a player's colour. */
export const PLAYER_INK: readonly string[] = ['#2A0A18', '#2B2000', '#06210E', '#FFFFFF'];

export const UI = {
  background: '#1B1F27',
  panel: '#262B35',
  panelActive: '#2F3542',
  emptyCell: '#323947',
  emptyLine: '#404859',
  outsideCell: '#14171D',
  text: '#F3F4F6',
  textDim: '#A7AEBB',
  textFaint: '#6F7786',
  crown: '#FFD43B',
  crownInk: '#3A2A00',
  outline: '#0E1116',
  highlight: '#FFFFFF',
  legal: '#34D399',
  illegal: '#F43F5E',
  hint: '#FBBF24',
  target: 'rgba(52, 211, 153, 0.3)',
} as const;

export function playerColour(player: number): string {
  return PLAYER_COLOURS[player % PLAYER_COLOURS.length] ?? '#888888';
}

export function playerInk(player: number): string {
  return PLAYER_INK[player % PLAYER_INK.length] ?? '#000000';
}
