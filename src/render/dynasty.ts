/**
 * The Dynasty sheet: one panel per player, their name and total across the top,
 * then one cell per game (a thumbnail of that game's kingdom and its score, a
 * crown for the game's winner, "so far" while it runs). Posted at the end of every
 * game of a Dynasty, so it is laid out for a phone like the score sheet: 960 px
 * wide (0.42 of it on a phone), names 28 px, scores 40 px, no text under 22 px.
 */
import type { Canvas } from '@napi-rs/canvas';
import { t } from '../i18n/index.js';
import { font, textWidth } from './fonts.js';
import {
  badge,
  blankCanvas,
  drawKingdom,
  fitKingdom,
  kingdomWindow,
  roundRect,
  strokeRoundRect,
  text,
  type Box,
  type Ctx,
} from './draw.js';
import { UI } from './palette.js';
import { drawResultBanner } from './scoresheet.js';
import { drawCrown } from './tiles.js';
import type { DynastyGameView, DynastyRowView, DynastySheetView } from './view.js';

export const DYNASTY_WIDTH = 960;
const M = 16;
const BANNER = 120;
const HEAD = 40;
const NAME_BAR = 54;
const THUMB = 130;
const ROW = NAME_BAR + THUMB + 16;

export function dynastySize(players: number): { width: number; height: number } {
  return { width: DYNASTY_WIDTH, height: BANNER + M + HEAD + players * (ROW + 10) + M };
}

export function drawDynastySheet(v: DynastySheetView): Canvas {
  const { width, height } = dynastySize(v.rows.length);
  const { canvas, c } = blankCanvas(width, height);
  const lead = v.rows.find((r) => r.player.index === v.winners[0]?.index);
  drawResultBanner(
    c,
    { x: M, y: M, w: width - 2 * M, h: BANNER - M },
    {
      title: v.title,
      winners: v.winners,
      seats: v.rows.length,
      points: lead?.total ?? 0,
      subtitle: v.over ? v.title : t('picture.dynasty.subtitle'),
      decidedBy: v.decidedBy,
    },
  );
  const games = v.rows[0]?.games.length ?? 3;
  const gameW = Math.floor((width - 2 * M - 16) / games);
  const headY = BANNER + M + HEAD / 2;
  for (let i = 0; i < games; i++) {
    text(c, t('picture.dynasty.game', { number: i + 1 }), M + 8 + i * gameW + 12, headY, {
      weight: 800,
      size: 24,
      colour: UI.textDim,
    });
  }
  text(c, t(v.over ? 'picture.total' : 'picture.dynasty.soFar'), width - M - 16, headY, {
    weight: 800,
    size: 24,
    colour: UI.textDim,
    align: 'right',
  });
  v.rows.forEach((row, i) => {
    drawRow(c, row, { x: M, y: BANNER + M + HEAD + i * (ROW + 10), w: width - 2 * M, h: ROW }, gameW, v.over);
  });
  return canvas;
}

function drawRow(c: Ctx, row: DynastyRowView, b: Box, gameW: number, over: boolean): void {
  const won = over && row.rank === 1;
  roundRect(c, b.x, b.y, b.w, b.h, 14, won ? UI.panelActive : UI.panel);
  if (won) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, 13, UI.crown, 4);
  const cy = b.y + NAME_BAR / 2 + 2;
  badge(c, row.player, b.x + 32, cy, 20);
  c.font = font(800, 44);
  const totalW = textWidth(c, String(row.total));
  text(c, String(row.total), b.x + b.w - 16, cy + 2, {
    weight: 800,
    size: 44,
    colour: won ? UI.crown : UI.text,
    align: 'right',
  });
  text(
    c,
    row.player.name,
    b.x + 62,
    cy + 1,
    { weight: 800, size: 28, colour: UI.text, kind: 'name' },
    b.w - 62 - totalW - 40,
  );
  row.games.forEach((g, i) => {
    const cell = { x: b.x + 8 + i * gameW, y: b.y + NAME_BAR, w: gameW, h: THUMB };
    if (g) drawGame(c, g, cell);
    else
      text(c, '-', cell.x + THUMB / 2 + 12, cell.y + THUMB / 2, {
        weight: 800,
        size: 36,
        colour: UI.textFaint,
        align: 'center',
      });
  });
}

/** A thumbnail of the kingdom, and the score (crowned for the game's winner, "so far" while it runs). */
function drawGame(c: Ctx, g: DynastyGameView, b: Box): void {
  const k = g.kingdom;
  const thumb = fitKingdom(k.grid, kingdomWindow(k, 0), { x: b.x + 12, y: b.y, w: THUMB, h: THUMB }, 0, 40);
  drawKingdom(c, k, thumb, { labelSize: 0, thumbnail: true });
  const sx = b.x + THUMB + 26;
  const cy = b.y + b.h / 2;
  if (g.won) drawCrown(c, sx, cy - 64, 36);
  text(c, String(g.score), sx, cy, { weight: 800, size: 40, colour: g.won ? UI.crown : UI.text });
  if (g.running) text(c, t('picture.dynasty.gameSoFar'), sx, cy + 36, { weight: 600, size: 22, colour: UI.textDim });
}
