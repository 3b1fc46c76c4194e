/**
 * The Dynasty sheet: one row per player, one column per game (a thumbnail of that
 * game's kingdom and its score, a crown for the game's winner), then the total.
 */
import type { Canvas } from '@napi-rs/canvas';
import { reachableWindow } from '../game/index.js';
import { t } from '../i18n/index.js';
import { badge, blankCanvas, drawKingdom, fitKingdom, roundRect, strokeRoundRect, text, type Box, type Ctx } from './draw.js';
import { UI } from './palette.js';
import { drawResultBanner } from './scoresheet.js';
import { drawCrown } from './tiles.js';
import type { DynastyGameView, DynastyRowView, DynastySheetView } from './view.js';

export const DYNASTY_WIDTH = 1200;
const M = 16;
const BANNER = 132;
const HEAD = 48;
const ROW = 168;
const NAME_W = 270;
const TOTAL_W = 150;

export function dynastySize(players: number): { width: number; height: number } {
  return { width: DYNASTY_WIDTH, height: BANNER + HEAD + players * (ROW + 8) + 2 * M };
}

export function drawDynastySheet(v: DynastySheetView): Canvas {
  const { width, height } = dynastySize(v.rows.length);
  const { canvas, c } = blankCanvas(width, height);
  const lead = v.rows.find((r) => r.player.index === v.winners[0]?.index);
  drawResultBanner(c, { x: M, y: M, w: width - 2 * M, h: BANNER - M }, {
    title: v.title,
    winners: v.winners,
    points: lead?.total ?? 0,
    subtitle: v.over ? v.title : t('picture.dynasty.subtitle'),
    decidedBy: v.decidedBy,
  });
  const games = v.rows[0]?.games.length ?? 3;
  const gameW = Math.floor((width - 2 * M - NAME_W - TOTAL_W) / games);
  const headY = BANNER + M + HEAD / 2;
  for (let i = 0; i < games; i++) {
    text(c, t('picture.dynasty.game', { number: i + 1 }), M + NAME_W + i * gameW + gameW / 2, headY, { weight: 800, size: 24, colour: UI.textDim, align: 'center' });
  }
  text(c, t(v.over ? 'picture.total' : 'picture.dynasty.soFar'), width - M - 18, headY, { weight: 800, size: 24, colour: UI.textDim, align: 'right' });
  v.rows.forEach((row, i) => {
    drawRow(c, row, { x: M, y: BANNER + M + HEAD + i * (ROW + 8), w: width - 2 * M, h: ROW }, gameW, v.over);
  });
  return canvas;
}

function drawRow(c: Ctx, row: DynastyRowView, b: Box, gameW: number, over: boolean): void {
  const won = over && row.rank === 1;
  roundRect(c, b.x, b.y, b.w, b.h, 14, won ? UI.panelActive : UI.panel);
  if (won) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, 13, UI.crown, 4);
  const cy = b.y + b.h / 2;
  badge(c, row.player, b.x + 36, cy, 20);
  text(c, row.player.name, b.x + 66, cy, { weight: 800, size: 28, colour: UI.text }, NAME_W - 76);
  row.games.forEach((g, i) => {
    const cell = { x: b.x + NAME_W + i * gameW, y: b.y, w: gameW, h: b.h };
    if (g) drawGame(c, g, cell);
    else text(c, '-', cell.x + cell.w / 2, cy, { weight: 800, size: 30, colour: UI.textFaint, align: 'center' });
  });
  text(c, String(row.total), b.x + b.w - 18, cy, { weight: 800, size: 44, colour: UI.text, align: 'right' });
}

/** A thumbnail of the kingdom, and the score (crowned for the game's winner, "so far" while it runs). */
function drawGame(c: Ctx, g: DynastyGameView, b: Box): void {
  const k = g.kingdom;
  const window = reachableWindow(k.grid, k.placed.flatMap((p) => [p.a, p.b]));
  const thumb = fitKingdom(k.grid, window, { x: b.x + 8, y: b.y + 12, w: b.h - 24, h: b.h - 24 }, 0, 40);
  drawKingdom(c, k, thumb, { labelSize: 0 });
  const sx = b.x + b.h + 8;
  const cy = b.y + b.h / 2;
  if (g.won) drawCrown(c, sx, cy - 58, 34);
  text(c, String(g.score), sx, cy, { weight: 800, size: 36, colour: g.won ? UI.crown : UI.text });
  if (g.running) text(c, t('picture.dynasty.gameSoFar'), sx, cy + 34, { weight: 600, size: 20, colour: UI.textDim });
}
