/**
 * Vector glyphs (crowns, castles, kings) and pre-rendered square tiles. A tile is
 * drawn once per (terrain, crowns, size) and then blitted: drawing a kingdom is a
 * few dozen drawImage calls. Every terrain has a pattern as well as a hue (and the
 * hues stay apart for colour-blind players: palette.ts).
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Terrain } from '../game/index.js';
import { font, textWidth } from './fonts.js';
import { TERRAIN, UI, playerColour, playerInk } from './palette.js';
import { noteSize } from './probe.js';

type Ctx = SKRSContext2D;

/**
 * Pattern strokes in a unit square (0..1), scaled by the caller. Bold and few, so
 * they still read at a phone's size (a square is about 20 px there); the lower
 * half carries the cue, since a crowned square shows its crowns over the upper half.
 */
const PATTERNS: Readonly<Record<Terrain, (c: Ctx) => void>> = {
  wheat(c) {
    c.lineWidth = 0.06;
    c.lineCap = 'round';
    for (const x of [0.24, 0.5, 0.76]) {
      line(c, x, 0.93, x, 0.36);
      for (const y of [0.46, 0.6, 0.74]) {
        ellipse(c, x - 0.06, y, 0.05, 0.085, -0.6);
        ellipse(c, x + 0.06, y, 0.05, 0.085, 0.6);
      }
      ellipse(c, x, 0.34, 0.045, 0.08, 0);
    }
  },
  forest(c) {
    for (const [x, y] of [
      [0.27, 0.62],
      [0.73, 0.62],
      [0.5, 0.3],
    ] as const) {
      c.fillRect(x - 0.04, y + 0.2, 0.08, 0.14);
      c.beginPath();
      c.moveTo(x, y - 0.22);
      c.lineTo(x + 0.2, y + 0.22);
      c.lineTo(x - 0.2, y + 0.22);
      c.closePath();
      c.fill();
    }
  },
  lake(c) {
    c.lineWidth = 0.08;
    c.lineCap = 'round';
    for (const y of [0.36, 0.6, 0.84]) {
      c.beginPath();
      c.moveTo(0.1, y);
      for (let i = 0; i < 2; i++) {
        const x0 = 0.1 + i * 0.4;
        c.quadraticCurveTo(x0 + 0.1, y - 0.1, x0 + 0.2, y);
        c.quadraticCurveTo(x0 + 0.3, y + 0.1, x0 + 0.4, y);
      }
      c.stroke();
    }
  },
  grassland(c) {
    c.lineWidth = 0.065;
    c.lineCap = 'round';
    for (const [x, y] of [
      [0.27, 0.56],
      [0.73, 0.5],
      [0.5, 0.9],
      [0.2, 0.92],
      [0.82, 0.9],
    ] as const) {
      line(c, x, y, x - 0.1, y - 0.16);
      line(c, x, y, x, y - 0.2);
      line(c, x, y, x + 0.1, y - 0.16);
    }
  },
  swamp(c) {
    c.lineWidth = 0.055;
    c.lineCap = 'round';
    for (const [x, top] of [
      [0.24, 0.44],
      [0.5, 0.34],
      [0.76, 0.46],
    ] as const) {
      line(c, x, 0.86, x, top);
      ellipse(c, x, top + 0.1, 0.055, 0.12, 0);
    }
    c.lineWidth = 0.06;
    for (const [x0, x1, y] of [
      [0.08, 0.4, 0.88],
      [0.58, 0.92, 0.88],
      [0.28, 0.72, 0.96],
    ] as const)
      line(c, x0, y, x1, y);
  },
  mine(c) {
    // Rocks, then a pickaxe.
    for (const [x, y, r] of [
      [0.22, 0.82, 0.15],
      [0.5, 0.88, 0.1],
      [0.8, 0.82, 0.13],
    ] as const) {
      c.beginPath();
      c.moveTo(x - r, y + r * 0.6);
      c.lineTo(x - r * 0.7, y - r * 0.5);
      c.lineTo(x, y - r);
      c.lineTo(x + r * 0.9, y - r * 0.3);
      c.lineTo(x + r, y + r * 0.6);
      c.closePath();
      c.fill();
    }
    c.lineWidth = 0.08;
    c.lineCap = 'round';
    line(c, 0.32, 0.7, 0.66, 0.34);
    c.beginPath();
    c.moveTo(0.42, 0.26);
    c.quadraticCurveTo(0.66, 0.24, 0.84, 0.48);
    c.stroke();
  },
};

function line(c: Ctx, x0: number, y0: number, x1: number, y1: number): void {
  c.beginPath();
  c.moveTo(x0, y0);
  c.lineTo(x1, y1);
  c.stroke();
}

function ellipse(c: Ctx, x: number, y: number, rx: number, ry: number, rot: number): void {
  c.beginPath();
  c.ellipse(x, y, rx, ry, rot, 0, Math.PI * 2);
  c.fill();
}

/** A crown w wide (0.8 w high) with its top-left corner at (x, y). */
export function drawCrown(c: Ctx, x: number, y: number, w: number): void {
  const h = w * 0.8;
  c.beginPath();
  c.moveTo(x, y + h);
  c.lineTo(x, y + h * 0.3);
  c.lineTo(x + w * 0.27, y + h * 0.62);
  c.lineTo(x + w * 0.5, y);
  c.lineTo(x + w * 0.73, y + h * 0.62);
  c.lineTo(x + w, y + h * 0.3);
  c.lineTo(x + w, y + h);
  c.closePath();
  c.fillStyle = UI.crown;
  c.fill();
  c.lineJoin = 'round';
  c.lineWidth = Math.max(1.5, w * 0.07);
  c.strokeStyle = UI.crownInk;
  c.stroke();
}

/**
 * How a square of side s shows its crowns: one crown glyph, and for 2 or 3 the
 * number beside it, on a dark pill across the top of the square. Counting glyphs
 * 5 px wide (the old row of crowns) failed at a phone's size; a digit does not.
 */
export function crownMetrics(s: number): { crownW: number; crownH: number; digit: number; pad: number; top: number } {
  const crownW = s * 0.55;
  return { crownW, crownH: crownW * 0.8, digit: Math.round(s * 0.46), pad: s * 0.035, top: s * 0.03 };
}

/** The crowns of a square of side s whose top-left corner is at the origin. */
export function drawCrowns(c: Ctx, n: number, s: number): void {
  if (n <= 0) return;
  const m = crownMetrics(s);
  const label = n > 1 ? String(n) : '';
  c.font = font(800, m.digit);
  const digitW = label ? textWidth(c, label) : 0;
  const gap = label ? s * 0.025 : 0;
  const w = m.pad * 2 + m.crownW + gap + digitW + (label ? 0 : s * 0.05);
  const h = m.crownH + 2 * m.pad + s * 0.04;
  const x = (s - w) / 2;
  c.fillStyle = 'rgba(14, 17, 22, 0.78)';
  c.beginPath();
  c.roundRect(x, m.top, w, h, h * 0.38);
  c.fill();
  const cx = label ? x + m.pad : (s - m.crownW) / 2;
  drawCrown(c, cx, m.top + (h - m.crownH) / 2, m.crownW);
  if (label) {
    c.fillStyle = UI.crown;
    c.textAlign = 'left';
    c.textBaseline = 'middle';
    c.fillText(label, cx + m.crownW + gap, m.top + h / 2 + s * 0.01);
  }
}

function drawTerrain(c: Ctx, terrain: Terrain, crowns: number, size: number): void {
  const style = TERRAIN[terrain];
  c.fillStyle = style.base;
  c.fillRect(0, 0, size, size);
  c.save();
  c.scale(size, size);
  c.fillStyle = style.ink;
  c.strokeStyle = style.ink;
  PATTERNS[terrain](c);
  c.restore();
  drawCrowns(c, crowns, size);
}

/** A castle silhouette in a box of side s at (x, y), in `fill` on a square of colour `ground`. */
export function drawCastle(
  c: Ctx,
  x: number,
  y: number,
  s: number,
  fill = '#FFFFFF',
  ground: string = UI.outline,
): void {
  const u = (px: number): number => x + px * s;
  const v = (py: number): number => y + py * s;
  c.beginPath();
  c.moveTo(u(0.16), v(0.84));
  // left tower with two merlons
  c.lineTo(u(0.16), v(0.28));
  c.lineTo(u(0.22), v(0.28));
  c.lineTo(u(0.22), v(0.36));
  c.lineTo(u(0.28), v(0.36));
  c.lineTo(u(0.28), v(0.28));
  c.lineTo(u(0.34), v(0.28));
  c.lineTo(u(0.34), v(0.46));
  // keep (centre) with a roof
  c.lineTo(u(0.4), v(0.46));
  c.lineTo(u(0.4), v(0.3));
  c.lineTo(u(0.5), v(0.14));
  c.lineTo(u(0.6), v(0.3));
  c.lineTo(u(0.6), v(0.46));
  // right tower
  c.lineTo(u(0.66), v(0.46));
  c.lineTo(u(0.66), v(0.28));
  c.lineTo(u(0.72), v(0.28));
  c.lineTo(u(0.72), v(0.36));
  c.lineTo(u(0.78), v(0.36));
  c.lineTo(u(0.78), v(0.28));
  c.lineTo(u(0.84), v(0.28));
  c.lineTo(u(0.84), v(0.84));
  c.closePath();
  c.fillStyle = fill;
  c.fill();
  if (fill === '#FFFFFF') {
    c.lineJoin = 'round';
    c.lineWidth = Math.max(1.5, s * 0.035);
    c.strokeStyle = UI.outline;
    c.stroke();
  }
  // gate
  c.beginPath();
  c.moveTo(u(0.42), v(0.84));
  c.lineTo(u(0.42), v(0.66));
  c.arc(u(0.5), v(0.66), s * 0.08, Math.PI, 0);
  c.lineTo(u(0.58), v(0.84));
  c.closePath();
  c.fillStyle = ground;
  c.fill();
}

/**
 * A king: a disc in the player's colour with their badge letter, a crown on top.
 * (cx, cy) is the disc's centre, r its radius.
 */
export function drawKing(c: Ctx, cx: number, cy: number, r: number, player: number, badge: string): void {
  c.beginPath();
  c.arc(cx, cy, r, 0, Math.PI * 2);
  c.fillStyle = playerColour(player);
  c.fill();
  c.lineWidth = Math.max(2, r * 0.16);
  c.strokeStyle = '#FFFFFF';
  c.stroke();
  c.beginPath();
  c.arc(cx, cy, r + c.lineWidth / 2 + 1, 0, Math.PI * 2);
  c.lineWidth = 2;
  c.strokeStyle = UI.outline;
  c.stroke();
  drawCrown(c, cx - r * 0.5, cy - r * 1.62, r);
  c.fillStyle = playerInk(player);
  noteSize('text', r * 1.15);
  c.font = font(800, r * 1.15, badge);
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.fillText(badge, cx, cy + r * 0.06);
}

const cache = new Map<string, Canvas>();

function cached(key: string, size: number, draw: (c: Ctx) => void): Canvas {
  let tile = cache.get(key);
  if (!tile) {
    tile = createCanvas(size, size);
    draw(tile.getContext('2d'));
    cache.set(key, tile);
  }
  return tile;
}

/** A square of terrain with its crowns, size x size pixels (cached). */
export function terrainTile(terrain: Terrain, crowns: number, size: number): Canvas {
  const s = Math.round(size);
  return cached(`${terrain}:${crowns}:${s}`, s, (c) => drawTerrain(c, terrain, crowns, s));
}

/** The castle square in the player's colour (cached). */
export function castleTile(player: number, size: number): Canvas {
  const s = Math.round(size);
  return cached(`castle:${player}:${s}`, s, (c) => {
    c.fillStyle = playerColour(player);
    c.fillRect(0, 0, s, s);
    drawCastle(c, 0, 0, s, playerInk(player), playerColour(player));
  });
}
