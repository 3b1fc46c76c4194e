/**
 * The score sheet: the winner on top, then one panel per player with their
 * kingdom and its arithmetic: every scoring territory as squares x crowns =
 * points, the squares that score nothing, the bonuses, the total and the two
 * tie-break figures (largest territory, crowns).
 */
import type { Canvas } from '@napi-rs/canvas';
import type { TieBreak } from '../game/index.js';
import { reachableWindow } from '../game/index.js';
import { t, type MessageKey } from '../i18n/index.js';
import { font } from './fonts.js';
import { badge, blankCanvas, drawKingdom, fitKingdom, roundRect, strokeRoundRect, measuredText, text, type Box, type Ctx } from './draw.js';
import { UI, playerColour } from './palette.js';
import { drawCrown, terrainTile } from './tiles.js';
import type { PlayerView, ScoreSheetView, ScoreView } from './view.js';

export const SHEET_WIDTH = 1200;
const M = 16;
const BANNER = 132;
const PANEL_H = 486;

export function sheetSize(players: number): { width: number; height: number } {
  const rows = players === 2 ? 1 : 2;
  return { width: SHEET_WIDTH, height: BANNER + rows * (PANEL_H + M) + M };
}

export function drawScoreSheet(v: ScoreSheetView): Canvas {
  const { width, height } = sheetSize(v.players.length);
  const { canvas, c } = blankCanvas(width, height);
  drawBanner(c, v, { x: M, y: M, w: width - 2 * M, h: BANNER - M });
  const panelW = Math.floor((width - 3 * M) / 2);
  v.players.forEach((p, i) => {
    drawPlayerPanel(c, p, { x: M + (i % 2) * (panelW + M), y: BANNER + M + Math.floor(i / 2) * (PANEL_H + M), w: panelW, h: PANEL_H });
  });
  return canvas;
}

const TIE_TEXT: Readonly<Record<TieBreak, MessageKey | null>> = {
  none: null,
  'largest-territory': 'picture.sheet.tieTerritory',
  crowns: 'picture.sheet.tieCrowns',
  shared: 'picture.sheet.tieShared',
};

function drawBanner(c: Ctx, v: ScoreSheetView, b: Box): void {
  const lead = v.winners[0];
  const total = v.players.find((p) => p.kingdom.player.index === lead?.index)?.total ?? 0;
  drawResultBanner(c, b, { title: v.title, winners: v.winners, points: total, subtitle: [v.title, ...v.variants].join(' · '), decidedBy: v.decidedBy });
}

export interface BannerText {
  /** The headline while nobody has won yet. */
  readonly title: string;
  readonly winners: readonly PlayerView[];
  readonly points: number;
  readonly subtitle: string;
  readonly decidedBy: TieBreak;
}

/** The winner (or the shared victory) with their points, and what decided a tie. */
export function drawResultBanner(c: Ctx, b: Box, banner: BannerText): void {
  roundRect(c, b.x, b.y, b.w, b.h, 16, UI.panel);
  drawCrown(c, b.x + 22, b.y + 22, 58);
  const lead = banner.winners[0];
  const headline = banner.winners.length > 1
    ? t('picture.sharedVictory', { names: banner.winners.map((w) => w.name).join(' & ') })
    : lead ? t('picture.wins', { name: lead.name }) : banner.title;
  const x = b.x + 100;
  text(c, headline, x, b.y + 38, { weight: 800, size: 38, colour: UI.text }, b.w - 100 - 220);
  if (lead) text(c, t('picture.sheet.points', { points: banner.points }), b.x + b.w - 22, b.y + 38, { weight: 800, size: 34, colour: UI.crown, align: 'right' });
  const tie = TIE_TEXT[banner.decidedBy];
  text(c, tie ? t(tie) : banner.subtitle, x, b.y + 84, { weight: 600, size: 22, colour: tie ? UI.text : UI.textDim }, b.w - 120);
}

function drawPlayerPanel(c: Ctx, s: ScoreView, b: Box): void {
  const p = s.kingdom.player;
  const won = s.rank === 1;
  roundRect(c, b.x, b.y, b.w, b.h, 14, won ? UI.panelActive : UI.panel);
  if (won) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, 13, UI.crown, 4);
  const cy = b.y + 34;
  const placeW = measuredText(c, placeName(s.rank), b.x + 18, cy + 1, { weight: 800, size: 26, colour: won ? UI.crown : UI.textDim });
  badge(c, p, b.x + 18 + placeW + 30, cy, 19);
  c.font = font(800, 40);
  const totalW = c.measureText(String(s.total)).width;
  text(c, String(s.total), b.x + b.w - 18, cy + 1, { weight: 800, size: 40, colour: UI.text, align: 'right' });
  const nameX = b.x + 18 + placeW + 60;
  text(c, p.name, nameX, cy + 1, { weight: 800, size: 28, colour: UI.text }, b.x + b.w - nameX - totalW - 36);
  c.fillStyle = playerColour(p.index);
  c.fillRect(b.x + 18, b.y + 64, b.w - 36, 3);
  const window = reachableWindow(s.kingdom.grid, s.kingdom.placed.flatMap((pl) => [pl.a, pl.b]));
  const side = 336;
  const g = fitKingdom(s.kingdom.grid, window, { x: b.x + 6, y: b.y + 76, w: side, h: b.h - 76 - 72 }, 28, 62);
  drawKingdom(c, s.kingdom, g, { labelSize: 18 });
  drawArithmetic(c, s, { x: b.x + side + 20, y: b.y + 82, w: b.w - side - 38, h: b.h - 96 });
  const foot = t('picture.sheet.foot', { largest: s.largestTerritory, crowns: s.crowns });
  text(c, foot, b.x + 18, b.y + b.h - 26, { weight: 600, size: 21, colour: UI.textDim }, side);
  if (s.kingdom.discarded.length > 0) {
    text(c, t('picture.discarded', { dominoes: s.kingdom.discarded.map((d) => d.n).join(', ') }), b.x + 18, b.y + b.h - 56, { weight: 600, size: 21, colour: '#F08A9B' }, side);
  }
}

/** "1st", "2nd"...: a rank as an ordinal. */
function placeName(rank: number): string {
  return t('picture.sheet.place', { rank });
}

/** One line per scoring territory, then the rest, bonuses and the total. */
function drawArithmetic(c: Ctx, s: ScoreView, b: Box): void {
  const scoring = s.territories.filter((territory) => territory.points > 0);
  const idle = s.territories.filter((territory) => territory.points === 0).reduce((n, territory) => n + territory.squares, 0);
  const lines = scoring.length + (idle > 0 ? 1 : 0) + (s.harmony ? 1 : 0) + (s.middleKingdom ? 1 : 0);
  const rowH = Math.min(38, (b.h - 60) / Math.max(1, lines));
  const size = Math.min(24, rowH * 0.66);
  const right = b.x + b.w;
  let y = b.y + rowH / 2;
  for (const territory of scoring) {
    const icon = Math.round(rowH * 0.82);
    c.drawImage(terrainTile(territory.terrain, 0, icon), b.x, Math.round(y - icon / 2));
    const w = measuredText(c, `${territory.squares} × ${territory.crowns}`, b.x + icon + 10, y, { weight: 600, size, colour: UI.text });
    drawCrown(c, b.x + icon + 10 + w + 6, y - size * 0.4, size * 0.9);
    text(c, String(territory.points), right, y, { weight: 800, size, colour: UI.text, align: 'right' });
    y += rowH;
  }
  const row = (label: string, value: string, colour: string): void => {
    text(c, label, b.x, y, { weight: 600, size, colour }, b.w - 60);
    text(c, value, right, y, { weight: 800, size, colour, align: 'right' });
    y += rowH;
  };
  if (idle > 0) row(t('picture.sheet.rest', { squares: idle }), '0', UI.textDim);
  if (s.harmony) row(t('variant.harmony'), `+${s.harmony}`, UI.legal);
  if (s.middleKingdom) row(t('variant.middleKingdom'), `+${s.middleKingdom}`, UI.legal);
  if (lines === 0) row(t('picture.sheet.noCrowns'), '0', UI.textDim);
  c.fillStyle = UI.emptyLine;
  c.fillRect(b.x, y - rowH / 2 + 6, b.w, 2);
  y += 10;
  text(c, t('picture.total'), b.x, y + 4, { weight: 800, size: 28, colour: UI.text });
  text(c, String(s.total), right, y + 4, { weight: 800, size: 30, colour: UI.text, align: 'right' });
}
