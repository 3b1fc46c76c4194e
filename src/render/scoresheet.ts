/**
 * The score sheet: the winner on top, then one panel per player with their
 * kingdom and its arithmetic: every scoring territory as squares x crowns =
 * points, the squares that score nothing, the bonuses, the total and the two
 * tie-break figures (largest territory, crowns).
 *
 * 960 px wide, for a phone showing it 400 px wide (0.42): text 22 px and more
 * (9 px there), squares of 50 px and more (crowns 9 px there). Two players get a
 * panel each across the whole width (kingdom left, arithmetic right); three and
 * four, two panels a row. The height follows the longest arithmetic.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { TieBreak } from '../game/index.js';
import { t } from '../i18n/index.js';
import { outcomeText, placeTieText, tieText } from './outcome.js';
import { font, textWidth } from './fonts.js';
import {
  badge,
  blankCanvas,
  cellOrigin,
  disc,
  drawKingdom,
  fitKingdom,
  kingdomWindow,
  roundRect,
  strokeRoundRect,
  measuredText,
  text,
  wrapWords,
  type Box,
  type Ctx,
  type KingdomGeometry,
} from './draw.js';
import { missedWords } from './bonus.js';
import { UI, playerColour } from './palette.js';
import { drawCrown, terrainTile } from './tiles.js';
import type { PlayerView, ScoreSheetView, ScoreView, TerritoryView } from './view.js';

export const SHEET_WIDTH = 960;
const M = 16;
const BANNER = 112;
const BAR = 58;

/** The two panel shapes: across the whole width (2 players) or half of it (3-4). */
interface PanelStyle {
  readonly w: number;
  /** Side of the kingdom's box (no labels: nobody names a square once the game is over). */
  readonly side: number;
  readonly font: number;
  readonly row: number;
  /** Narrow panels: the territories beside the kingdom, the other lines and the foot under it. */
  readonly narrow: boolean;
}

const WIDE: PanelStyle = { w: SHEET_WIDTH - 2 * M, side: 350, font: 26, row: 40, narrow: false };
const NARROW: PanelStyle = { w: Math.floor((SHEET_WIDTH - 3 * M) / 2), side: 250, font: 22, row: 32, narrow: true };
const FOOT_LINE = 30;
const FOOT_SIZE = 22;
const TOTAL_ROW = 48;
const VALUE_W = 50;
/** The smallest text on the sheet: 8 px once shown 400 px wide. */
const MIN_TEXT = 20;

function styleOf(players: number): PanelStyle {
  return players === 2 ? WIDE : NARROW;
}

/** One line of a player's arithmetic. */
type Row =
  | { readonly kind: 'territory'; readonly territory: ScoreView['territories'][number] }
  | { readonly kind: 'line'; readonly label: string; readonly value: string; readonly colour: string };

/** The territories that score, then the squares that do not, the bonuses (or "no crowns"). */
function rowsOf(s: ScoreView): { territories: Row[]; others: Row[] } {
  const territories: Row[] = s.territories
    .filter((x) => x.points > 0)
    .map((territory) => ({ kind: 'territory', territory }));
  const others: Row[] = [];
  const idle = s.territories.filter((x) => x.points === 0).reduce((n, x) => n + x.squares, 0);
  if (idle > 0)
    others.push({
      kind: 'line',
      label: t('picture.sheet.noCrownSquares', { squares: idle }),
      value: '0',
      colour: UI.textDim,
    });
  if (s.harmony) others.push({ kind: 'line', label: t('variant.harmony'), value: `+${s.harmony}`, colour: UI.legal });
  if (s.middleKingdom)
    others.push({ kind: 'line', label: t('variant.middleKingdom'), value: `+${s.middleKingdom}`, colour: UI.legal });
  for (const m of s.missed)
    others.push({
      kind: 'line',
      label: t('picture.sheet.missed', { ...missedWords(m) }),
      value: '0',
      colour: UI.textDim,
    });
  if (territories.length === 0 && others.length === 0)
    others.push({ kind: 'line', label: t('picture.sheet.noCrowns'), value: '0', colour: UI.textDim });
  // Last, in lines that wrap: what decided between this player and the one above on the same points.
  const tie = placeTieText(s.tie);
  if (tie) others.push({ kind: 'line', label: tie, value: '', colour: UI.hint });
  return { territories, others };
}

function footOf(s: ScoreView): { text: string; colour: string }[] {
  const foot: { text: string; colour: string }[] = [
    { text: t('picture.sheet.foot', { largest: s.largestTerritory, crowns: s.crowns }), colour: UI.textDim },
  ];
  if (s.kingdom.discarded.length > 0) {
    foot.push({
      text: t('picture.discarded', { dominoes: s.kingdom.discarded.map((d) => `#${d.n}`).join(', ') }),
      colour: UI.discard,
    });
  }
  return foot;
}

/** Measuring text while laying out, before the picture's canvas exists. */
const scratch = createCanvas(1, 1).getContext('2d');

/** A label in lines of words within maxW. */
function wrap(c: Ctx, label: string, size: number, maxW: number): string[] {
  return wrapWords(c, label, 600, size, maxW);
}

function rowHeight(r: Row, st: PanelStyle, columnW: number): number {
  if (r.kind === 'territory') return st.row;
  const lines = wrap(scratch, r.label, st.font, columnW - VALUE_W).length;
  return st.row + Math.round((lines - 1) * st.font * 1.2);
}

function columnHeight(rows: readonly Row[], st: PanelStyle, columnW: number): number {
  return rows.reduce((h, r) => h + rowHeight(r, st, columnW), 0);
}

/** A block of rows in one or two columns. */
interface Block {
  readonly box: Box;
  readonly columns: readonly (readonly Row[])[];
  readonly columnW: number;
}

function block(rows: readonly Row[], st: PanelStyle, x: number, y: number, w: number, maxH: number): Block {
  const one = columnHeight(rows, st, w);
  if (one > maxH && w >= 480) {
    const half = Math.ceil(rows.length / 2);
    const columns = [rows.slice(0, half), rows.slice(half)];
    const columnW = (w - 28) / 2;
    return { box: { x, y, w, h: Math.max(...columns.map((col) => columnHeight(col, st, columnW))) }, columns, columnW };
  }
  return { box: { x, y, w, h: one }, columns: [rows], columnW: w };
}

interface PanelLayout {
  readonly score: ScoreView;
  readonly box: Box;
  readonly kingdom: Box;
  /** Beside the kingdom: the territories (and, across the whole width, every other line), then the total. */
  readonly beside: Block;
  readonly total: Box;
  /** Under the kingdom (narrow panels): the other lines. */
  readonly under: Block | null;
  /** The tie-break figures and discards. */
  readonly foot: Box;
}

export interface SheetLayout {
  readonly width: number;
  readonly height: number;
  readonly panels: readonly PanelLayout[];
}

/** One panel with its top-left corner at (x, y); its height follows its content. */
function layoutPanel(score: ScoreView, st: PanelStyle, x: number, y: number): PanelLayout {
  const { territories, others } = rowsOf(score);
  const kingdom = { x: x + 12, y: y + BAR + 2, w: st.side, h: st.side };
  const bx = kingdom.x + st.side + (st.narrow ? 14 : 30);
  const bw = x + st.w - 16 - bx;
  const beside = block(
    st.narrow ? territories : [...territories, ...others],
    st,
    bx,
    y + BAR + 6,
    bw,
    st.side - TOTAL_ROW - (st.narrow ? 0 : 2 * FOOT_LINE),
  );
  // A bonus is part of the total: when it goes under the kingdom, the total goes after it.
  const totalUnder = st.narrow && (score.harmony > 0 || score.middleKingdom > 0);
  let total: Box = { x: bx, y: beside.box.y + beside.box.h, w: bw, h: TOTAL_ROW };
  const footLines = footOf(score).length;
  let under: Block | null = null;
  let foot: Box;
  if (st.narrow) {
    const below = Math.max(kingdom.y + kingdom.h, totalUnder ? beside.box.y + beside.box.h : total.y + total.h) + 6;
    under = others.length > 0 ? block(others, st, x + 16, below, st.w - 32, Infinity) : null;
    let fy = under ? under.box.y + under.box.h + 2 : below;
    if (totalUnder) {
      total = { x: x + 16, y: fy, w: st.w - 32, h: TOTAL_ROW };
      fy += TOTAL_ROW + 2;
    }
    foot = { x: x + 16, y: fy, w: st.w - 32, h: footLines * FOOT_LINE };
  } else {
    foot = { x: bx, y: total.y + total.h + 4, w: bw, h: footLines * FOOT_LINE };
  }
  const bottom = Math.max(kingdom.y + kingdom.h, foot.y + foot.h);
  return { score, box: { x, y, w: st.w, h: bottom - y + 12 }, kingdom, beside, total, under, foot };
}

export function layoutScoreSheet(v: ScoreSheetView): SheetLayout {
  const st = styleOf(v.players.length);
  const perRow = st.narrow ? 2 : 1;
  const panels: PanelLayout[] = [];
  let y = BANNER + M;
  for (let i = 0; i < v.players.length; i += perRow) {
    const row = v.players.slice(i, i + perRow).map((score, k) => layoutPanel(score, st, M + k * (st.w + M), y));
    const h = Math.max(...row.map((p) => p.box.h));
    panels.push(...row.map((p) => ({ ...p, box: { ...p.box, h } })));
    y += h + M;
  }
  return { width: SHEET_WIDTH, height: y, panels };
}

export function drawScoreSheet(v: ScoreSheetView): Canvas {
  const l = layoutScoreSheet(v);
  const { canvas, c } = blankCanvas(l.width, l.height);
  drawBanner(c, v, { x: M, y: M, w: l.width - 2 * M, h: BANNER - M });
  const st = styleOf(v.players.length);
  for (const p of l.panels) drawPlayerPanel(c, p, st);
  return canvas;
}

function drawBanner(c: Ctx, v: ScoreSheetView, b: Box): void {
  const lead = v.winners[0];
  const total = v.players.find((p) => p.kingdom.player.index === lead?.index)?.total ?? 0;
  drawResultBanner(c, b, {
    title: v.title,
    winners: v.winners,
    seats: v.players.length,
    points: total,
    subtitle: [v.title, ...v.variants].join(' · '),
    decidedBy: v.decidedBy,
  });
}

export interface BannerText {
  /** The headline while nobody has won yet. */
  readonly title: string;
  readonly winners: readonly PlayerView[];
  readonly seats: number;
  readonly points: number;
  readonly subtitle: string;
  readonly decidedBy: TieBreak;
}

/** The winner (or the shared victory) with their points, and what decided a tie. */
export function drawResultBanner(c: Ctx, b: Box, banner: BannerText): void {
  roundRect(c, b.x, b.y, b.w, b.h, 16, UI.panel);
  drawCrown(c, b.x + 20, b.y + 20, 54);
  const lead = banner.winners[0];
  const headline = lead
    ? outcomeText(
        banner.winners.map((w) => w.name),
        banner.seats,
      )
    : banner.title;
  const x = b.x + 92;
  const points = lead ? t('picture.sheet.points', { points: banner.points }) : '';
  c.font = font(800, 32);
  const pointsW = points ? textWidth(c, points) + 30 : 0;
  text(
    c,
    headline,
    x,
    b.y + 36,
    { weight: 800, size: 36, colour: UI.text, kind: lead ? 'name' : undefined },
    b.x + b.w - 20 - pointsW - x,
  );
  if (lead) text(c, points, b.x + b.w - 20, b.y + 36, { weight: 800, size: 32, colour: UI.crown, align: 'right' });
  const tie = tieText(banner.decidedBy);
  text(
    c,
    tie ?? banner.subtitle,
    x,
    b.y + 78,
    { weight: 600, size: 22, colour: tie ? UI.text : UI.textDim },
    b.x + b.w - 20 - x,
  );
}

function drawPlayerPanel(c: Ctx, p: PanelLayout, st: PanelStyle): void {
  const { score: s, box: b } = p;
  const player = s.kingdom.player;
  const won = s.rank === 1;
  roundRect(c, b.x, b.y, b.w, b.h, 14, won ? UI.panelActive : UI.panel);
  if (won) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, 13, UI.crown, 4);
  const cy = b.y + 29;
  const placeW = measuredText(c, placeName(s.rank), b.x + 16, cy + 1, {
    weight: 800,
    size: 26,
    colour: won ? UI.crown : UI.textDim,
  });
  badge(c, player, b.x + 16 + placeW + 28, cy, 19);
  c.font = font(800, 40);
  const totalW = textWidth(c, String(s.total));
  text(c, String(s.total), b.x + b.w - 16, cy + 1, { weight: 800, size: 40, colour: UI.text, align: 'right' });
  const nameX = b.x + 16 + placeW + 56;
  text(
    c,
    player.name,
    nameX,
    cy + 1,
    { weight: 800, size: 28, colour: UI.text, kind: 'name' },
    b.x + b.w - nameX - totalW - 30,
  );
  c.fillStyle = playerColour(player.index);
  c.fillRect(b.x + 16, b.y + BAR - 6, b.w - 32, 3);
  const g = fitKingdom(s.kingdom.grid, kingdomWindow(s.kingdom, 0), p.kingdom, 0, 80);
  drawKingdom(c, s.kingdom, g, { labelSize: 0 });
  outlineTerritories(c, s.territories, g);
  drawBlock(c, p.beside, st);
  if (p.under) drawBlock(c, p.under, st);
  const tb = p.total;
  c.fillStyle = UI.emptyLine;
  c.fillRect(tb.x, tb.y + 4, tb.w, 2);
  text(c, t('picture.total'), tb.x, tb.y + tb.h / 2 + 4, { weight: 800, size: st.font + 4, colour: UI.text });
  text(c, String(s.total), tb.x + tb.w, tb.y + tb.h / 2 + 4, {
    weight: 800,
    size: st.font + 6,
    colour: UI.text,
    align: 'right',
  });
  footOf(s).forEach((line, i) => {
    text(
      c,
      line.text,
      p.foot.x,
      p.foot.y + FOOT_LINE / 2 + i * FOOT_LINE,
      { weight: 600, size: FOOT_SIZE, colour: line.colour },
      p.foot.w,
    );
  });
}

/** "1st", "2nd"...: a rank as an ordinal. */
function placeName(rank: number): string {
  return t('picture.sheet.place', { rank });
}

/** Rows of arithmetic: a territory as its terrain, squares × crowns and points; other lines as words and points. */
function drawBlock(c: Ctx, bl: Block, st: PanelStyle): void {
  const size = st.font;
  bl.columns.forEach((rows, col) => {
    const x = bl.box.x + col * (bl.columnW + 28);
    const right = x + bl.columnW;
    let y = bl.box.y;
    for (const r of rows) {
      const h = rowHeight(r, st, bl.columnW);
      const cy = y + st.row / 2;
      if (r.kind === 'territory') {
        const icon = Math.round(st.row * 0.78);
        const mark = numberMark(icon * 0.85);
        disc(c, x + mark.r, cy, mark.r, UI.highlight, String(r.territory.number ?? ''), mark.size);
        const ix = x + 2 * mark.r + 3;
        c.drawImage(terrainTile(r.territory.terrain, 0, icon), ix, Math.round(cy - icon / 2));
        const w = measuredText(c, `${r.territory.squares} × ${r.territory.crowns}`, ix + icon + 5, cy, {
          weight: 600,
          size,
          colour: UI.text,
        });
        drawCrown(c, ix + icon + 5 + w + 3, cy - size * 0.33, size * 0.8);
        text(c, String(r.territory.points), right, cy, { weight: 800, size, colour: UI.text, align: 'right' });
      } else {
        wrap(c, r.label, size, bl.columnW - VALUE_W).forEach((line, i) => {
          text(c, line, x, cy + i * size * 1.2, { weight: 600, size, colour: r.colour }, bl.columnW - VALUE_W);
        });
        text(c, r.value, right, cy, { weight: 800, size, colour: r.colour, align: 'right' });
      }
      y += h;
    }
  });
}

/** The number marker of a territory, on its line and on the kingdom: a disc about as tall as the line's terrain icon. */
function numberMark(height: number): { r: number; size: number } {
  const r = Math.max(12, Math.round(height * 0.5));
  return { r, size: Math.max(MIN_TEXT, r * 1.3) };
}

/**
 * Each numbered territory outlined on the kingdom (its outer edges: a dark line
 * under a white one, seen on every terrain) and its number on its first square,
 * so each line of the arithmetic points at the squares it counts.
 */
function outlineTerritories(c: Ctx, territories: readonly TerritoryView[], g: KingdomGeometry): void {
  const shown = territories.filter((x) => x.number !== null);
  for (const [colour, width] of [
    [UI.outline, 6],
    [UI.highlight, 3],
  ] as const) {
    c.strokeStyle = colour;
    c.lineWidth = width;
    c.lineCap = 'round';
    c.beginPath();
    for (const x of shown) outerEdges(c, x.cells, g);
    c.stroke();
  }
  const mark = numberMark(Math.max(22, g.cell * 0.46));
  for (const x of shown) {
    const first = [...x.cells].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
    if (!first) continue;
    const [ox, oy] = cellOrigin(g, first);
    disc(c, ox + mark.r + 2, oy + mark.r + 2, mark.r, UI.highlight, String(x.number), mark.size);
  }
}

/** The edges of these cells that no other of them shares, added to the current path. */
function outerEdges(c: Ctx, cells: readonly (readonly [number, number])[], g: KingdomGeometry): void {
  const inside = new Set(cells.map(([x, y]) => `${x},${y}`));
  const s = g.cell;
  for (const [x, y] of cells) {
    const [ox, oy] = cellOrigin(g, [x, y]);
    const sides: readonly [number, number, number, number, number, number][] = [
      [0, -1, ox, oy, ox + s, oy],
      [0, 1, ox, oy + s, ox + s, oy + s],
      [-1, 0, ox, oy, ox, oy + s],
      [1, 0, ox + s, oy, ox + s, oy + s],
    ];
    for (const [dx, dy, x0, y0, x1, y1] of sides) {
      if (inside.has(`${x + dx},${y + dy}`)) continue;
      c.moveTo(x0, y0);
      c.lineTo(x1, y1);
    }
  }
}
