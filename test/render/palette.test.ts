/**
 * Colours for colour-blind players. Every pair of terrain colours, and every pair
 * of player colours, is compared as seen with normal vision and with complete
 * protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1.0, in
 * linear RGB), by the CIEDE2000 difference of the simulated colours (cvd.ts).
 *
 * Thresholds. ΔE00 = 1 is about the smallest difference seen between two large
 * patches side by side; the threshold grows as patches shrink and sit apart, and a
 * square of a kingdom on a phone is about 20 px (half a degree of view), where
 * differences under ~5 go unnoticed at a glance. Colours with ΔE00 > 10 read as
 * different colours, not two shades of one. Terrain pairs must be at least 15:
 * "clearly different at a glance" with a margin, since a square is read among its
 * neighbours under a pattern and a crown. Against the empty cell, 12 is enough
 * (an empty cell has no pattern, no rounded frame and sits in a grid).
 */
import { describe, expect, it } from 'vitest';
import { TERRAINS } from '../../src/game/index.js';
import { PLAYERS, TERRAIN, UI, playerColour, playerMarker } from '../../src/render/palette.js';
import { difference, lab, linearRgb, pairDifferences } from './cvd.js';

const TERRAIN_PAIR_MIN = 15;
const EMPTY_CELL_MIN = 12;
const PLAYER_PAIR_MIN = 15;

const terrainColours = Object.fromEntries(TERRAINS.map((t) => [t, TERRAIN[t].base]));

function lch(hex: string): { L: number; C: number; h: number } {
  const { L, a, b } = lab(linearRgb(hex));
  return { L, C: Math.hypot(a, b), h: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360 };
}

describe('terrain colours', () => {
  const pairs = pairDifferences(terrainColours);

  it(`every pair differs by ΔE00 >= ${TERRAIN_PAIR_MIN} with normal vision, protanopia, deuteranopia and tritanopia`, () => {
    expect(pairs).toHaveLength(15 * 4);
    const weak = pairs
      .filter((p) => p.dE < TERRAIN_PAIR_MIN)
      .map((p) => `${p.x}/${p.y} ${p.vision} ${p.dE.toFixed(1)}`);
    expect(weak).toEqual([]);
    // The closest pair, for the record (the palette was chosen for it: 17.6, grassland/swamp in deuteranopia).
    expect(pairs[0]!.dE).toBeGreaterThan(17);
  });

  it(`every terrain differs from an empty cell by ΔE00 >= ${EMPTY_CELL_MIN}`, () => {
    for (const t of TERRAINS) {
      for (const vision of ['normal', 'protanopia', 'deuteranopia', 'tritanopia'] as const) {
        expect(difference(TERRAIN[t].base, UI.emptyCell, vision), `${t} ${vision}`).toBeGreaterThanOrEqual(
          EMPTY_CELL_MIN,
        );
      }
    }
  });

  it('keeps the board game hues: wheat yellow, forest dark green, lake blue, grassland light green, swamp mud, mine grey', () => {
    const c = Object.fromEntries(TERRAINS.map((t) => [t, lch(TERRAIN[t].base)]));
    expect(c['wheat']).toMatchObject({
      L: expect.toSatisfy((L: number) => L > 75),
      h: expect.toSatisfy((h: number) => h > 70 && h < 100),
    });
    expect(c['forest']).toMatchObject({
      L: expect.toSatisfy((L: number) => L < 45),
      h: expect.toSatisfy((h: number) => h > 120 && h < 170),
    });
    expect(c['lake']!.h).toBeGreaterThan(220);
    expect(c['lake']!.h).toBeLessThan(280);
    expect(c['grassland']).toMatchObject({
      L: expect.toSatisfy((L: number) => L > 55),
      h: expect.toSatisfy((h: number) => h > 110 && h < 160),
    });
    expect(c['grassland']!.L).toBeGreaterThan(c['forest']!.L + 20);
    expect(c['swamp']).toMatchObject({
      C: expect.toSatisfy((C: number) => C < 45),
      h: expect.toSatisfy((h: number) => h > 50 && h < 100),
    });
    expect(c['mine']!.C).toBeLessThan(10);
  });

  it('each pattern stands out from its ground (a second cue besides the hue)', () => {
    for (const t of TERRAINS) expect(difference(TERRAIN[t].base, TERRAIN[t].ink, 'normal'), t).toBeGreaterThan(20);
  });
});

describe('player colours and markers', () => {
  it(`every pair of seats differs by ΔE00 >= ${PLAYER_PAIR_MIN} under every simulated vision`, () => {
    const colours = Object.fromEntries(PLAYERS.map((p, i) => [String(i), p.colour]));
    const weak = pairDifferences(colours).filter((p) => p.dE < PLAYER_PAIR_MIN);
    expect(weak).toEqual([]);
  });

  it('playerMarker is the circle emoji of the colour the pictures give the seat', () => {
    // Twemoji's circles (Discord draws emoji with Twemoji).
    const TWEMOJI: Readonly<Record<string, string>> = {
      '🔵': '#55ACEE',
      '🔴': '#DD2E44',
      '🟡': '#FDCB58',
      '⚪': '#E6E7E8',
    };
    const markers = [0, 1, 2, 3].map(playerMarker);
    expect(markers).toEqual(['🔵', '🔴', '🟡', '⚪']);
    for (let seat = 0; seat < 4; seat++) {
      const emoji = TWEMOJI[markers[seat]!]!;
      expect(difference(playerColour(seat), emoji, 'normal'), markers[seat]).toBeLessThan(5);
    }
  });
});
