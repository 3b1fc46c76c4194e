/**
 * The grid's letters and numbers are copied from strips drawn once (draw.ts): they must
 * land where each label drawn on its own would, whatever part of the naming window a
 * kingdom shows, at every size the pictures use.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { columnLetter, rowNumber } from '../../src/game/index.js';
import { tableView } from '../../src/render/adapter.js';
import {
  cellOrigin,
  drawKingdom,
  fitKingdom,
  kingdomWindow,
  text,
  type KingdomGeometry,
} from '../../src/render/draw.js';
import { ensureFonts } from '../../src/render/fonts.js';
import { UI } from '../../src/render/palette.js';
import type { KingdomView } from '../../src/render/view.js';
import { newGame, play, type Setup } from './games.js';

const SIZE = { width: 520, height: 520 };

function kingdom(setup: Setup, moves: number, seat = 0): KingdomView {
  const k = tableView(play(newGame(setup, 'labels'), moves)).kingdoms[seat];
  if (!k) throw new Error('no such seat');
  return k;
}

/** The kingdom drawn with its labels (labelled) or without, then each label drawn on its own (by hand). */
function pixels(k: KingdomView, g: KingdomGeometry, size: number, how: 'labelled' | 'by hand' | 'bare'): Uint8Array {
  ensureFonts();
  const canvas = createCanvas(SIZE.width, SIZE.height);
  const c = canvas.getContext('2d');
  c.fillStyle = UI.background;
  c.fillRect(0, 0, SIZE.width, SIZE.height);
  drawKingdom(c, k, g, { labelSize: how === 'labelled' ? size : 0 });
  if (how === 'by hand') {
    const style = { weight: 800, size, colour: UI.textDim, align: 'center' } as const;
    for (let x = g.window.minX; x <= g.window.maxX; x++)
      text(c, columnLetter(g.grid, x), cellOrigin(g, [x, 0])[0] + g.cell / 2, g.y - size * 0.72, style);
    for (let y = g.window.minY; y <= g.window.maxY; y++)
      text(c, String(rowNumber(g.grid, y)), g.x - size * 0.75, cellOrigin(g, [0, y])[1] + g.cell / 2, style);
  }
  return new Uint8Array(canvas.data());
}

/** Pixels whose colour differs by more than `tolerance` in a channel. */
function differing(a: Uint8Array, b: Uint8Array, tolerance: number): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 4) {
    if ([0, 1, 2].some((ch) => Math.abs(a[i + ch]! - b[i + ch]!) > tolerance)) n++;
  }
  return n;
}

describe('grid labels', () => {
  const cases: { name: string; k: KingdomView; cell: number; size: number }[] = [
    { name: 'a table panel (17 px labels)', k: kingdom('4p', 30), cell: 42, size: 17 },
    { name: 'a preview (22 px labels)', k: kingdom('2p', 12, 1), cell: 67, size: 22 },
    { name: 'the Mighty Duel (13 x 13 names)', k: kingdom('duel', 24), cell: 45, size: 17 },
    { name: 'a kingdom just started', k: kingdom('3p', 0, 2), cell: 50, size: 18 },
  ];
  it.each(cases)('are where each label drawn alone would be: $name', ({ k, cell, size }) => {
    const window = kingdomWindow(k, 1);
    const box = { x: 13, y: 7, w: SIZE.width - 20, h: SIZE.height - 20 };
    const g = fitKingdom(k.grid, window, box, 2 * size, cell);
    const labelled = pixels(k, g, size, 'labelled');
    // The labels are there (hundreds of pixels of ink) ...
    expect(differing(labelled, pixels(k, g, size, 'bare'), 24)).toBeGreaterThan(300);
    // ... and as drawn one by one, but for a rounding of the edges' blending.
    expect(differing(labelled, pixels(k, g, size, 'by hand'), 6)).toBe(0);
  });
});
