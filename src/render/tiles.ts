/**
 * Vector glyphs (crowns, castles, kings) and pre-rendered square tiles. A tile is
 * drawn once per (terrain, crowns, size) and then blitted: drawing a kingdom is a
 * few dozen drawImage calls. Every terrain has a pattern as well as a hue, so the
 * six stay apart for colour-blind players and in greyscale.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Terrain } from '../game/index.js';
import { font } from './fonts.js';
import { TERRAIN, UI, playerColour, playerInk } from './palette.js';

type Ctx = SKRSContext2D;

/** Pattern strokes in a unit square (0..1), scaled by the caller. */
const PATTERNS: Readonly<Record<Terrain, (c: Ctx) => void>> = {
  wheat(c) {
    c.lineWidth = 0.035;
    c.lineCap = 'round';
    for (const x of [0.22, 0.5, 0.78]) {
      line(c, x, 0.9, x, 0.4);
      for (const y of [0.44, 0.56, 0.68]) {
        ellipse(c, x - 0.045, y, 0.04, 0.065, -0.6);
        ellipse(c, x + 0.045, y, 0.04, 0.065, 0.6);
      }
      ellipse(c, x, 0.37, 0.035, 0.06, 0);
    }
  },
  forest(c) {
    for (const [x, y] of [[0.27, 0.72], [0.73, 0.72], [0.5, 0.5]] as const) {
      c.fillRect(x - 0.025, y + 0.06, 0.05, 0.12);
      c.beginPath();
      c.moveTo(x, y - 0.24);
      c.lineTo(x + 0.15, y + 0.08);
      c.lineTo(x - 0.15, y + 0.08);
      c.closePath();
      c.fill();
    }
  },
  lake(c) {
    c.lineWidth = 0.045;
    c.lineCap = 'round';
    for (const y of [0.42, 0.6, 0.78]) {
      c.beginPath();
      c.moveTo(0.14, y);
      for (let i = 0; i < 3; i++) {
        const x0 = 0.14 + i * 0.24;
        c.quadraticCurveTo(x0 + 0.06, y - 0.07, x0 + 0.12, y);
        c.quadraticCurveTo(x0 + 0.18, y + 0.07, x0 + 0.24, y);
      }
      c.stroke();
    }
  },
  grassland(c) {
    c.lineWidth = 0.04;
    c.lineCap = 'round';
    for (const [x, y] of [[0.25, 0.55], [0.72, 0.5], [0.45, 0.85], [0.85, 0.88], [0.15, 0.92]] as const) {
      line(c, x, y, x - 0.08, y - 0.13);
      line(c, x, y, x, y - 0.17);
      line(c, x, y, x + 0.08, y - 0.13);
    }
  },
  swamp(c) {
    c.lineWidth = 0.035;
    c.lineCap = 'round';
    for (const [x, top] of [[0.25, 0.42], [0.5, 0.36], [0.75, 0.44]] as const) {
      line(c, x, 0.84, x, top);
      ellipse(c, x, top + 0.08, 0.04, 0.09, 0);
    }
    for (const [x0, x1, y] of [[0.1, 0.4, 0.86], [0.55, 0.9, 0.86], [0.3, 0.7, 0.94]] as const) line(c, x0, y, x1, y);
  },
  mine(c) {
    // Rocks, then a pickaxe.
    for (const [x, y, r] of [[0.24, 0.8, 0.11], [0.45, 0.86, 0.08], [0.8, 0.82, 0.09]] as const) {
      c.beginPath();
      c.moveTo(x - r, y + r * 0.6);
      c.lineTo(x - r * 0.7, y - r * 0.5);
      c.lineTo(x, y - r);
      c.lineTo(x + r * 0.9, y - r * 0.3);
      c.lineTo(x + r, y + r * 0.6);
      c.closePath();
      c.fill();
    }
    c.lineWidth = 0.05;
    c.lineCap = 'round';
    line(c, 0.36, 0.72, 0.68, 0.38);
    c.beginPath();
    c.moveTo(0.46, 0.3);
    c.quadraticCurveTo(0.66, 0.3, 0.82, 0.5);
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
  c.lineWidth = Math.max(1.5, w * 0.1);
  c.strokeStyle = UI.crownInk;
  c.stroke();
}

/** n crowns in a row on a dark pill, centred on cx, top at y; each crown w wide. */
export function drawCrownRow(c: Ctx, cx: number, y: number, n: number, w: number): void {
  if (n <= 0) return;
  const gap = w * 0.14;
  const rowW = n * w + (n - 1) * gap;
  const padX = w * 0.14;
  const padY = w * 0.12;
  c.fillStyle = 'rgba(14, 17, 22, 0.62)';
  c.beginPath();
  c.roundRect(cx - rowW / 2 - padX, y, rowW + 2 * padX, w * 0.8 + 2 * padY, (w * 0.8 + 2 * padY) / 2);
  c.fill();
  for (let i = 0; i < n; i++) drawCrown(c, cx - rowW / 2 + i * (w + gap), y + padY, w);
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
  drawCrownRow(c, size / 2, size * 0.04, crowns, size * 0.28);
}

/** A castle silhouette in a box of side s at (x, y). */
export function drawCastle(c: Ctx, x: number, y: number, s: number): void {
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
  c.fillStyle = '#FFFFFF';
  c.fill();
  c.lineJoin = 'round';
  c.lineWidth = Math.max(1.5, s * 0.035);
  c.strokeStyle = UI.outline;
  c.stroke();
  // gate
  c.beginPath();
  c.moveTo(u(0.42), v(0.84));
  c.lineTo(u(0.42), v(0.66));
  c.arc(u(0.5), v(0.66), s * 0.08, Math.PI, 0);
  c.lineTo(u(0.58), v(0.84));
  c.closePath();
  c.fillStyle = UI.outline;
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
    drawCastle(c, 0, 0, s);
  });
}
