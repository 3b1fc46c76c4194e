/**
 * Colours of every picture.
 *
 * Terrains keep the board game's hues (wheat yellow, forest dark green, lake blue,
 * grassland light green, swamp mud, mine grey) but are chosen so that every pair
 * stays clearly apart for colour-blind players too: test/render/palette.test.ts
 * simulates protanopia, deuteranopia and tritanopia and asks for a CIEDE2000
 * difference of at least 15 between any two (the lightness steps do most of the
 * work: wheat 88, grassland 67, lake 47, swamp 47, mine 48, forest 31 in L*).
 * Each terrain also has a pattern (tiles.ts), a second cue.
 *
 * Players: one colour per seat, each the colour of a circle emoji (Twemoji, as
 * Discord draws them), so the text can put the same marker before a name:
 * blue, red, yellow, white stay apart under every simulated deficiency (the
 * same test), and the kings and badges also carry a letter or seat number.
 */
import type { Terrain } from '../game/index.js';

export interface TerrainStyle {
  readonly base: string;
  /** Colour of the pattern drawn over the base. */
  readonly ink: string;
}

export const TERRAIN: Readonly<Record<Terrain, TerrainStyle>> = {
  wheat: { base: '#FFD931', ink: '#9A6A00' },
  forest: { base: '#1E5139', ink: '#6FB98A' },
  lake: { base: '#1C74AC', ink: '#A9DBFA' },
  grassland: { base: '#61B56D', ink: '#1F5A2A' },
  swamp: { base: '#806E29', ink: '#3A300B' },
  mine: { base: '#707375', ink: '#2A2C2F' },
};

export const TERRAINS: readonly Terrain[] = ['wheat', 'forest', 'lake', 'grassland', 'swamp', 'mine'];

export interface PlayerStyle {
  /** The circle emoji of this colour, for the text beside the pictures. */
  readonly marker: string;
  readonly colour: string;
  /** Text and glyphs drawn on the colour. */
  readonly ink: string;
}

/** By seat. Twemoji's circles: 🔵 #55ACEE, 🔴 #DD2E44, 🟡 #FDCB58, ⚪ #E6E7E8. */
export const PLAYERS: readonly PlayerStyle[] = [
  { marker: '🔵', colour: '#55ACEE', ink: '#07233B' },
  { marker: '🔴', colour: '#E0354B', ink: '#FFFFFF' },
  { marker: '🟡', colour: '#FDCB58', ink: '#2B2000' },
  { marker: '⚪', colour: '#E6E7E8', ink: '#1B1F27' },
];

export const UI = {
  background: '#1B1F27',
  panel: '#262B35',
  panelActive: '#2F3542',
  emptyCell: '#2C323E',
  emptyLine: '#3A4150',
  outsideCell: '#111317',
  text: '#F3F4F6',
  textDim: '#A7AEBB',
  textFaint: '#7D8594',
  crown: '#FFD43B',
  crownInk: '#3A2A00',
  outline: '#0E1116',
  highlight: '#FFFFFF',
  legal: '#34D399',
  illegal: '#F43F5E',
  hint: '#FBBF24',
  discard: '#F08A9B',
  target: 'rgba(52, 211, 153, 0.3)',
} as const;

function style(player: number): PlayerStyle {
  return PLAYERS[((player % PLAYERS.length) + PLAYERS.length) % PLAYERS.length]!;
}

export function playerColour(player: number): string {
  return style(player).colour;
}

export function playerInk(player: number): string {
  return style(player).ink;
}

/**
 * The circle emoji of the seat's colour on every picture (🔵 🔴 🟡 ⚪ for seats
 * 0-3), to put before the player's name in text so text and pictures match.
 */
export function playerMarker(player: number): string {
  return style(player).marker;
}
