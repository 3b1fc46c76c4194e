/** Drawing pieces shared by every picture: text, dominoes, kingdoms. */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Pos } from '../game/index.js';
import {
  columnLetter,
  inWindow,
  namingWindow,
  occupiedWindow,
  reachableWindow,
  rowNumber,
  windowCols,
  windowRows,
  type CellWindow,
  type Grid,
} from '../game/index.js';
import { font, textWidth, type Weight } from './fonts.js';
import { UI, playerColour, playerInk } from './palette.js';
import { noteSize } from './probe.js';
import { castleTile, crownMetrics, terrainTile } from './tiles.js';
import type { DominoView, KingdomView, PlayerView } from './view.js';

export type Ctx = SKRSContext2D;
export type Align = 'left' | 'center' | 'right';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export { blankCanvas } from './canvases.js';
export { probeSizes, probing, type SizeKind } from './probe.js';

/** Notes the crowns of a square of side s (drawn by its tile). */
function noteCrowns(crowns: number, s: number): void {
  if (crowns <= 0) return;
  const m = crownMetrics(Math.round(s));
  noteSize('crown', m.crownH);
  if (crowns > 1) noteSize('crownDigit', m.digit);
}

export interface TextStyle {
  readonly weight: Weight;
  readonly size: number;
  readonly colour: string;
  readonly align?: Align;
  /** What the text is, for the legibility test: a player's name, a grid label, else plain text. */
  readonly kind?: 'name' | 'label';
}

/**
 * How text is shown within maxW: at its size, cut with an ellipsis when too long
 * (never shrunk: a shrunk name is the one nobody can read). Leaves c.font set for it.
 */
export function fitText(c: Ctx, s: string, style: TextStyle, maxW = Infinity): { shown: string; width: number } {
  c.font = font(style.weight, style.size, s);
  let width = textWidth(c, s);
  if (width <= maxW) return { shown: s, width };
  let chars = Array.from(s);
  // Cut about where it fits, then a character at a time.
  chars = chars.slice(0, Math.max(1, Math.floor((chars.length * maxW) / width) + 1));
  let cut = chars.join('').trimEnd();
  width = textWidth(c, `${cut}…`);
  while (width > maxW && chars.length > 1) {
    chars.pop();
    cut = chars.join('').trimEnd();
    width = textWidth(c, `${cut}…`);
  }
  return { shown: `${cut}…`, width };
}

/**
 * Draws text on one line with its vertical middle at y, fitted in maxW (fitText).
 * Text with room to spare is not measured: laying it out costs as much as drawing it.
 */
export function text(c: Ctx, s: string, x: number, y: number, style: TextStyle, maxW = Infinity): void {
  noteSize(style.kind ?? 'text', style.size);
  if (maxW === Infinity) {
    c.font = font(style.weight, style.size, s);
    fillLine(c, s, x, y, style);
  } else {
    fillLine(c, fitText(c, s, style, maxW).shown, x, y, style);
  }
}

/** Text broken into lines of whole words within maxW (a word wider than maxW is left to text() to cut). */
export function wrapWords(c: Ctx, s: string, weight: Weight, size: number, maxW: number): string[] {
  c.font = font(weight, size, s);
  const lines: string[] = [];
  for (const word of s.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidth(c, `${last} ${word}`) <= maxW) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** text() that returns its width, for what follows it on the line. */
export function measuredText(c: Ctx, s: string, x: number, y: number, style: TextStyle, maxW = Infinity): number {
  noteSize(style.kind ?? 'text', style.size);
  const { shown, width } = fitText(c, s, style, maxW);
  fillLine(c, shown, x, y, style);
  return width;
}

function fillLine(c: Ctx, shown: string, x: number, y: number, style: TextStyle): void {
  c.fillStyle = style.colour;
  c.textAlign = style.align ?? 'left';
  c.textBaseline = 'middle';
  c.fillText(shown, x, y);
}

export function roundRect(c: Ctx, x: number, y: number, w: number, h: number, r: number, fill: string): void {
  c.beginPath();
  c.roundRect(x, y, w, h, r);
  c.fillStyle = fill;
  c.fill();
}

export function strokeRoundRect(
  c: Ctx,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
  colour: string,
  width: number,
): void {
  c.beginPath();
  c.roundRect(x, y, w, h, r);
  c.strokeStyle = colour;
  c.lineWidth = width;
  c.stroke();
}

/** A small rounded label ("chip"); returns its width. */
export function chip(c: Ctx, label: string, x: number, cy: number, size: number, fill: string, ink: string): number {
  c.font = font(800, size, label);
  const w = textWidth(c, label) + size * 1.1;
  const h = size * 1.6;
  roundRect(c, x, cy - h / 2, w, h, h / 2, fill);
  text(c, label, x + w / 2, cy + 1, { weight: 800, size, colour: ink, align: 'center' });
  return w;
}

/** The player's badge: a disc in their colour with their letter. */
export function badge(c: Ctx, p: PlayerView, cx: number, cy: number, r: number): void {
  c.beginPath();
  c.arc(cx, cy, r, 0, Math.PI * 2);
  c.fillStyle = playerColour(p.index);
  c.fill();
  text(c, p.badge, cx, cy + 1, { weight: 800, size: r * 1.1, colour: playerInk(p.index), align: 'center' });
}

/**
 * A domino whose halves are squares of side s with top-left corners at pa and pb
 * (orthogonal neighbours, on whole pixels): both tiles clipped to one rounded
 * rectangle, drawn once per domino, size and way round, then blitted.
 */
export function drawDomino(c: Ctx, d: DominoView, pa: Pos, pb: Pos, s: number, gap: number, thumbnail = false): void {
  const x0 = Math.min(pa[0], pb[0]);
  const y0 = Math.min(pa[1], pb[1]);
  c.drawImage(dominoImage(d, [pa[0] - x0, pa[1] - y0], [pb[0] - x0, pb[1] - y0], s, gap), x0 - PAD, y0 - PAD);
  if (!thumbnail) {
    noteCrowns(d.a.crowns, s);
    noteCrowns(d.b.crowns, s);
  }
}

/** Room around a domino's picture for its outline. */
const PAD = 2;
const dominoImages = new Map<string, Canvas>();
const DOMINO_IMAGES = 512;

function dominoImage(d: DominoView, pa: Pos, pb: Pos, s: number, gap: number): Canvas {
  const key = `${d.n}:${s}:${gap}:${pa[0]},${pa[1]},${pb[0]},${pb[1]}`;
  const known = dominoImages.get(key);
  if (known) return known;
  const canvas = createCanvas(Math.max(pa[0], pb[0]) + s + 2 * PAD, Math.max(pa[1], pb[1]) + s + 2 * PAD);
  const c = canvas.getContext('2d');
  c.translate(PAD, PAD);
  const x = gap;
  const y = gap;
  const w = Math.max(pa[0], pb[0]) + s - 2 * gap;
  const h = Math.max(pa[1], pb[1]) + s - 2 * gap;
  const r = Math.max(3, s * 0.08);
  c.save();
  c.beginPath();
  c.roundRect(x, y, w, h, r);
  c.clip();
  c.drawImage(terrainTile(d.a.terrain, d.a.crowns, s), pa[0], pa[1], s, s);
  c.drawImage(terrainTile(d.b.terrain, d.b.crowns, s), pb[0], pb[1], s, s);
  c.restore();
  strokeRoundRect(c, x, y, w, h, r, 'rgba(14, 17, 22, 0.55)', Math.max(1.5, s * 0.025));
  dominoImages.set(key, canvas);
  if (dominoImages.size > DOMINO_IMAGES) dominoImages.delete(dominoImages.keys().next().value!);
  return canvas;
}

/** A domino laid flat (a left, b right) with its top-left corner at (x, y). */
export function drawFlatDomino(c: Ctx, d: DominoView, x: number, y: number, s: number): void {
  drawDomino(c, d, [x, y], [x + s, y], s, 0);
}

/**
 * The cells of a kingdom worth drawing: its occupied cells and `margin` more on
 * each side, as far as it can still reach (so 6x6 at most for a 5x5 kingdom with
 * a margin of 1, 8x8 in the Mighty Duel, where the whole reachable window is 9x9
 * and 13x13 at the start).
 */
export function kingdomWindow(k: KingdomView, margin: number): CellWindow {
  const cells = k.placed.flatMap((p) => [p.a, p.b]);
  const reach = reachableWindow(k.grid, cells);
  const { minX, minY, maxX, maxY } = occupiedWindow(cells);
  return {
    minX: Math.max(reach.minX, minX - margin),
    minY: Math.max(reach.minY, minY - margin),
    maxX: Math.min(reach.maxX, maxX + margin),
    maxY: Math.min(reach.maxY, maxY + margin),
  };
}

/** Where a kingdom's cells land on the canvas. */
export interface KingdomGeometry {
  readonly grid: Grid;
  readonly window: CellWindow;
  /** Top-left pixel of the window's first cell. */
  readonly x: number;
  readonly y: number;
  readonly cell: number;
}

export function cellOrigin(g: KingdomGeometry, [cx, cy]: Pos): Pos {
  return [g.x + (cx - g.window.minX) * g.cell, g.y + (cy - g.window.minY) * g.cell];
}

/**
 * Fits a window of cells, with its coordinate labels above and on the left, in a
 * box; the cell size is capped at maxCell and rounded to whole pixels so tiles
 * are reused between pictures.
 */
export function fitKingdom(grid: Grid, window: CellWindow, box: Box, label: number, maxCell: number): KingdomGeometry {
  const cols = windowCols(window);
  const rows = windowRows(window);
  const cell = Math.floor(Math.min((box.w - label) / cols, (box.h - label) / rows, maxCell));
  const w = cols * cell + label;
  const h = rows * cell + label;
  return {
    grid,
    window,
    cell,
    x: Math.round(box.x + (box.w - w) / 2 + label),
    y: Math.round(box.y + (box.h - h) / 2 + label),
  };
}

export interface KingdomDrawing {
  /** Cells drawn greyed: the window beyond what the kingdom can still reach. */
  readonly reach?: CellWindow;
  /** Cells softly highlighted (legal targets). */
  readonly targets?: readonly Pos[];
  /** Font size of the coordinates; 0 draws none. */
  readonly labelSize: number;
  /** A thumbnail (the Dynasty sheet's): its crowns are decoration, the score is written beside it. */
  readonly thumbnail?: boolean;
}

/** Empty cells, castle, dominoes, the recent placements outlined and numbered, coordinates around. */
export function drawKingdom(c: Ctx, k: KingdomView, g: KingdomGeometry, opts: KingdomDrawing): void {
  drawEmptyCells(c, g, opts.reach);
  for (const t of opts.targets ?? []) {
    const [x, y] = cellOrigin(g, t);
    c.fillStyle = UI.target;
    c.fillRect(x + 1, y + 1, g.cell - 2, g.cell - 2);
  }
  const gap = Math.max(1.5, g.cell * 0.035);
  const thumbnail = opts.thumbnail ?? false;
  if (inWindow(g.window, [0, 0])) {
    const [cx, cy] = cellOrigin(g, [0, 0]);
    c.save();
    c.beginPath();
    c.roundRect(cx + gap, cy + gap, g.cell - 2 * gap, g.cell - 2 * gap, Math.max(3, g.cell * 0.08));
    c.clip();
    c.drawImage(castleTile(k.player.index, g.cell), cx, cy);
    c.restore();
  }
  for (const p of k.placed) {
    if (!inWindow(g.window, p.a) || !inWindow(g.window, p.b)) continue;
    drawDomino(c, p.domino, cellOrigin(g, p.a), cellOrigin(g, p.b), g.cell, gap, thumbnail);
  }
  drawRecent(c, k, g);
  if (opts.labelSize > 0) drawLabels(c, g, opts.labelSize);
}

/**
 * The placements made since the turn before of the player to act, outlined, and
 * numbered in order when the picture shows more than one. (The table draws them
 * over its cached kingdom panels, so a panel is drawn again only when it changes.)
 */
export function drawRecent(c: Ctx, k: KingdomView, g: KingdomGeometry): void {
  const width = Math.max(3, Math.round(g.cell * 0.07));
  const recent = k.recent.flatMap((r) => {
    const p = k.placed.find((pl) => pl.domino.n === r.domino);
    return p && inWindow(g.window, p.a) && inWindow(g.window, p.b) ? [{ p, r }] : [];
  });
  for (const { p } of recent) outlineCells(c, g, p.a, p.b, UI.highlight, width);
  // Numbers last, over every outline.
  for (const { p, r } of recent) if (r.of > 1) orderMark(c, g, p.a, p.b, r.order);
}

/**
 * The order of a recent placement: a white disc with its number in the bottom-left
 * corner of the domino (the crowns are at the top of a square).
 */
function orderMark(c: Ctx, g: KingdomGeometry, a: Pos, b: Pos, order: number): void {
  const x = cellOrigin(g, [Math.min(a[0], b[0]), 0])[0];
  const y = cellOrigin(g, [0, Math.max(a[1], b[1])])[1] + g.cell;
  const size = Math.max(16, Math.round(g.cell * 0.4));
  const r = size * 0.7;
  disc(c, x + r * 0.75, y - r * 0.75, r, UI.highlight, String(order), size);
}

/** A marker on a kingdom (a placement's order, a spot's letter): a ringed disc with a short label. */
export function disc(c: Ctx, cx: number, cy: number, r: number, fill: string, label: string, size: number): void {
  c.beginPath();
  c.arc(cx, cy, r + 2, 0, Math.PI * 2);
  c.fillStyle = UI.outline;
  c.fill();
  c.beginPath();
  c.arc(cx, cy, r, 0, Math.PI * 2);
  c.fillStyle = fill;
  c.fill();
  text(c, label, cx, cy + 1, { weight: 800, size, colour: UI.outline, align: 'center' });
}

function drawEmptyCells(c: Ctx, g: KingdomGeometry, reach: CellWindow | undefined): void {
  const { window: w, cell } = g;
  c.fillStyle = UI.emptyCell;
  c.fillRect(g.x, g.y, windowCols(w) * cell, windowRows(w) * cell);
  if (reach) {
    c.fillStyle = UI.outsideCell;
    for (let y = w.minY; y <= w.maxY; y++) {
      for (let x = w.minX; x <= w.maxX; x++) {
        if (inWindow(reach, [x, y])) continue;
        const [px, py] = cellOrigin(g, [x, y]);
        c.fillRect(px, py, cell, cell);
      }
    }
  }
  c.strokeStyle = UI.emptyLine;
  c.lineWidth = 1;
  c.beginPath();
  for (let i = 0; i <= windowCols(w); i++) {
    c.moveTo(g.x + i * cell + 0.5, g.y);
    c.lineTo(g.x + i * cell + 0.5, g.y + windowRows(w) * cell);
  }
  for (let j = 0; j <= windowRows(w); j++) {
    c.moveTo(g.x, g.y + j * cell + 0.5);
    c.lineTo(g.x + windowCols(w) * cell, g.y + j * cell + 0.5);
  }
  c.stroke();
}

/**
 * Column letters above, row numbers on the left: the game's cell names (game/notation.ts).
 * A text costs about 5 µs to draw even for one letter (laid out anew, its font and
 * colour set), and a table has up to 48 labels, so each side's are copied from a strip
 * of the whole naming window's (labelStrip) in one drawImage.
 */
function drawLabels(c: Ctx, g: KingdomGeometry, size: number): void {
  const { grid, window: w, cell } = g;
  for (let i = 0; i < windowCols(w) + windowRows(w); i++) noteSize('label', size);
  // Each label's middle: centred on its column, size * 0.72 above the grid; centred on its row, size * 0.75 left of it.
  const across = labelStrip('across', grid, cell, size, { x: g.x, y: g.y - size * 0.72 });
  const down = labelStrip('down', grid, cell, size, { x: g.x - size * 0.75, y: g.y });
  // The strips start at the naming window's first column and row.
  const named = namingWindow(grid);
  const [left, top] = [(w.minX - named.minX) * cell, (w.minY - named.minY) * cell];
  const [cols, rows] = [windowCols(w) * cell, windowRows(w) * cell];
  c.drawImage(across.canvas, left, 0, cols, across.canvas.height, across.x, across.y, cols, across.canvas.height);
  c.drawImage(down.canvas, 0, top, down.canvas.width, rows, down.x, down.y, down.canvas.width, rows);
}

/** Strips kept per thread: a few cell sizes and label sizes per grid, 30-160 KB each (a busy bot uses 16). */
const LABEL_STRIPS = 32;
const labelStrips = new Map<string, Canvas>();

/**
 * Every label of one side of the naming window, `across` (a letter per column) or
 * `down` (a number per row), drawn once on a transparent strip; and where the strip
 * goes for the first label drawn (the window's first column or row) to have its middle
 * at `at`. The strip has the fraction of a pixel of the labels it stands for, so their
 * glyphs are rasterised alike. A label is narrower than its cell (42 px at least,
 * labels 22 px at most), so a run of cells' part of the strip holds their labels whole.
 */
function labelStrip(
  side: 'across' | 'down',
  grid: Grid,
  cell: number,
  size: number,
  at: { readonly x: number; readonly y: number },
): { readonly canvas: Canvas; readonly x: number; readonly y: number } {
  const margin = Math.ceil(size); // room for a label's half across the strip
  const x = Math.floor(at.x) - (side === 'down' ? margin : 0);
  const y = Math.floor(at.y) - (side === 'across' ? margin : 0);
  const [fx, fy] = [at.x - x, at.y - y];
  const key = `${side} ${grid} ${cell} ${size} ${fx} ${fy}`;
  let canvas = labelStrips.get(key);
  if (canvas) {
    labelStrips.delete(key); // kept as the most recently used
  } else {
    canvas = drawLabelStrip(side, grid, cell, size, margin, { x: fx, y: fy });
    if (labelStrips.size >= LABEL_STRIPS) labelStrips.delete(labelStrips.keys().next().value!);
  }
  labelStrips.set(key, canvas);
  return { canvas, x, y };
}

/** The strip of `side`'s labels, 2 * margin + 1 px thick, the first label's middle at `at`. */
function drawLabelStrip(
  side: 'across' | 'down',
  grid: Grid,
  cell: number,
  size: number,
  margin: number,
  at: { readonly x: number; readonly y: number },
): Canvas {
  const named = namingWindow(grid);
  const length = (side === 'across' ? windowCols(named) : windowRows(named)) * cell;
  const thickness = 2 * margin + 1;
  const canvas = side === 'across' ? createCanvas(length, thickness) : createCanvas(thickness, length);
  const s = canvas.getContext('2d');
  const style = { weight: 800, size, colour: UI.textDim, align: 'center', kind: 'label' } as const;
  if (side === 'across') {
    for (let x = named.minX; x <= named.maxX; x++) {
      text(s, columnLetter(grid, x), at.x + (x - named.minX) * cell + cell / 2, at.y, style);
    }
  } else {
    for (let y = named.minY; y <= named.maxY; y++) {
      text(s, String(rowNumber(grid, y)), at.x, at.y + (y - named.minY) * cell + cell / 2, style);
    }
  }
  return canvas;
}

/** A rounded outline around two neighbouring cells. */
export function outlineCells(
  c: Ctx,
  g: KingdomGeometry,
  a: Pos,
  b: Pos,
  colour: string,
  width: number,
  dash: number[] = [],
): void {
  const pa = cellOrigin(g, a);
  const pb = cellOrigin(g, b);
  const x = Math.min(pa[0], pb[0]);
  const y = Math.min(pa[1], pb[1]);
  const w = Math.max(pa[0], pb[0]) + g.cell - x;
  const h = Math.max(pa[1], pb[1]) + g.cell - y;
  c.save();
  c.setLineDash(dash);
  strokeRoundRect(
    c,
    x - width / 2 + 2,
    y - width / 2 + 2,
    w + width - 4,
    h + width - 4,
    g.cell * 0.12,
    UI.outline,
    width + 4,
  );
  strokeRoundRect(c, x - width / 2 + 2, y - width / 2 + 2, w + width - 4, h + width - 4, g.cell * 0.12, colour, width);
  c.restore();
}
