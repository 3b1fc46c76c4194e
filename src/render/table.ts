/**
 * The table picture. Two layouts, both 1040 px wide (Discord shows about 45% of
 * that on a phone, so the smallest text is 17 px, most of it 19 px and more, and
 * crowns are glyphs 0.28 of a square wide):
 * - 3 and 4 players: the draft as a column on the left, kingdoms two by two;
 * - 2 players: the draft as two rows on top, the two kingdoms side by side.
 */
import type { Canvas } from '@napi-rs/canvas';
import { reachableWindow } from '../game/index.js';
import { t } from '../i18n/index.js';
import { font } from './fonts.js';
import {
  badge, blankCanvas, chip, fitText, drawFlatDomino, drawKingdom, fitKingdom, roundRect, strokeRoundRect, measuredText, text,
  type Box, type Ctx, type KingdomGeometry,
} from './draw.js';
import { TERRAINS, UI, playerColour, playerInk } from './palette.js';
import { drawCrown, drawKing, terrainTile } from './tiles.js';
import type { KingdomView, PlayerView, SlotView, TableView, TurnView } from './view.js';

/**
 * Every length below is written for a 1200 px table and scaled by u(): a narrower
 * table is that much quicker to draw and encode, and looks the same on a phone
 * (shown at the same width). Scaling the lengths, not the canvas, keeps the
 * pre-rendered tiles and the text sharp: they are drawn at their final size.
 */
const SCALE = 1040 / 1200;
const u = (px: number): number => Math.round(px * SCALE);

export const TABLE_WIDTH = u(1200);
const M = u(16); // margin and gutter
const HEADER = u(84);
const BAR = u(60);
const FOOTER = u(38);
const ROW_TITLE_W = u(150);

/** A line of the draft: its panel, and one card per domino. */
export interface LineLayout {
  readonly title: string;
  readonly slots: readonly SlotView[];
  readonly box: Box;
  readonly dir: 'column' | 'row';
  readonly emptyText: string;
  readonly cards: readonly Box[];
  /** Side of a square of the dominoes drawn on the cards. */
  readonly square: number;
  /** Who picks from this line now: its free dominoes wait for their king. */
  readonly picker: PlayerView | null;
}

export interface PanelLayout {
  readonly kingdom: KingdomView;
  readonly box: Box;
  readonly geometry: KingdomGeometry;
}

/** Where everything goes; exported so tests can find a cell or a king on the picture. */
export interface TableLayout {
  readonly width: number;
  readonly height: number;
  readonly header: Box;
  readonly lines: readonly LineLayout[];
  readonly legend: Box | null;
  readonly panels: readonly PanelLayout[];
}

export function tableSize(players: number): { width: number; height: number } {
  return { width: TABLE_WIDTH, height: u(players === 2 ? 966 : 1124) };
}

export function drawTable(v: TableView): Canvas {
  const l = layoutTable(v);
  const { canvas, c } = blankCanvas(l.width, l.height);
  drawHeader(c, v, l.header);
  for (const line of l.lines) drawLine(c, line);
  if (l.legend) drawLegend(c, v, l.legend);
  for (const p of l.panels) c.drawImage(panelPicture(p), p.box.x - PANEL_BLEED, p.box.y - PANEL_BLEED);
  return canvas;
}

/** Kingdom panels by what they show: a move changes one or two of them, the others are blitted. */
const panelPictures = new Map<string, Canvas>();
const PANEL_PICTURES = 8;
/** The frame of the panel to play bleeds half a pixel out of its box. */
const PANEL_BLEED = 2;

/** The panel drawn on its own canvas (same pixels as drawn in place: the box is on whole pixels, the gutter is background). */
function panelPicture(p: PanelLayout): Canvas {
  const key = JSON.stringify(p);
  const known = panelPictures.get(key);
  if (known) {
    panelPictures.delete(key);
    panelPictures.set(key, known);
    return known;
  }
  const { canvas, c } = blankCanvas(p.box.w + 2 * PANEL_BLEED, p.box.h + 2 * PANEL_BLEED);
  c.translate(PANEL_BLEED - p.box.x, PANEL_BLEED - p.box.y);
  drawKingdomPanel(c, p);
  panelPictures.set(key, canvas);
  if (panelPictures.size > PANEL_PICTURES) panelPictures.delete(panelPictures.keys().next().value!);
  return canvas;
}

export function layoutTable(v: TableView): TableLayout {
  const { width, height } = tableSize(v.kingdoms.length);
  const header = { x: M, y: M, w: width - 2 * M, h: HEADER - M };
  return { width, height, header, ...(v.kingdoms.length === 2 ? layoutDuo(v, width, height) : layoutQuad(v, width, height)) };
}

type LineSpec = Pick<LineLayout, 'title' | 'slots' | 'emptyText' | 'picker'>;

/** A column of the draft: its title, then a card every CARD_STEP. */
const CARD_TOP = u(48);
const CARD_STEP = u(90);

function columnLine(spec: LineSpec, box: Box): LineLayout {
  const cards = spec.slots.map((_, i) => ({ x: box.x + u(8), y: box.y + CARD_TOP + i * CARD_STEP, w: box.w - 2 * u(8), h: u(86) }));
  return { ...spec, box, dir: 'column', cards, square: u(64) };
}

function rowLine(spec: LineSpec, box: Box): LineLayout {
  const cardW = Math.floor((box.w - ROW_TITLE_W - u(8)) / 4);
  const cards = spec.slots.map((_, i) => ({ x: box.x + ROW_TITLE_W + i * cardW, y: box.y + u(5), w: cardW - u(8), h: box.h - 2 * u(5) }));
  return { ...spec, box, dir: 'row', cards, square: u(62) };
}

function lineSpecs(v: TableView): [LineSpec, LineSpec] {
  return [
    { title: t('picture.line.current'), slots: v.current, emptyText: emptyCurrentText(v), picker: null },
    { title: t('picture.line.next'), slots: v.next, emptyText: t('picture.line.lastRound'), picker: v.turn.kind === 'claim' ? v.turn.player : null },
  ];
}


function layoutQuad(v: TableView, width: number, height: number): Omit<TableLayout, 'width' | 'height' | 'header'> {
  const draftW = u(330);
  const top = HEADER + M;
  const lineH = CARD_TOP + 4 * CARD_STEP;
  const legendY = top + 2 * (lineH + M);
  const areaX = 2 * M + draftW;
  const panelW = Math.floor((width - areaX - 2 * M) / 2);
  const panelH = Math.floor((height - top - 2 * M) / 2);
  const boxes = [0, 1, 2, 3].map((i) => ({
    x: areaX + (i % 2) * (panelW + M),
    y: top + Math.floor(i / 2) * (panelH + M),
    w: panelW,
    h: panelH,
  }));
  const [now, next] = lineSpecs(v);
  return {
    lines: [
      columnLine(now, { x: M, y: top, w: draftW, h: lineH }),
      columnLine(next, { x: M, y: top + lineH + M, w: draftW, h: lineH }),
    ],
    legend: { x: M, y: legendY, w: draftW, h: height - M - legendY },
    panels: panelsOf(v.kingdoms, boxes),
  };
}

function layoutDuo(v: TableView, width: number, height: number): Omit<TableLayout, 'width' | 'height' | 'header'> {
  const top = HEADER + M;
  const rowH = u(96);
  const y = top + 2 * rowH + u(8) + M;
  const panelW = Math.floor((width - 3 * M) / 2);
  const boxes = [0, 1].map((i) => ({ x: M + i * (panelW + M), y, w: panelW, h: height - y - M }));
  const [now, next] = lineSpecs(v);
  return {
    lines: [
      rowLine(now, { x: M, y: top, w: width - 2 * M, h: rowH }),
      rowLine(next, { x: M, y: top + rowH + u(8), w: width - 2 * M, h: rowH }),
    ],
    legend: null,
    panels: panelsOf(v.kingdoms, boxes),
  };
}

/**
 * Each kingdom fills its panel: early kingdoms (a 9x9 window to grow in) get
 * smaller squares than finished ones, but every kingdom is as large as it can be.
 */
function panelsOf(kingdoms: readonly KingdomView[], boxes: readonly Box[]): PanelLayout[] {
  return kingdoms.map((kingdom, i) => {
    const box = boxes[i]!;
    const gridBox = { x: box.x + u(8), y: box.y + BAR, w: box.w - 2 * u(8), h: Math.min(box.w - 2 * u(8), box.h - BAR - FOOTER) };
    const window = reachableWindow(kingdom.grid, kingdom.placed.flatMap((p) => [p.a, p.b]));
    return { kingdom, box, geometry: fitKingdom(kingdom.grid, window, gridBox, u(30), u(96)) };
  });
}

/** Centre and radius of the king drawn on a card of a line. */
export function kingSpot(card: Box, square: number): { x: number; y: number; r: number } {
  return { x: card.x + u(60) + 2 * square + u(36), y: card.y + card.h / 2 + u(8), r: u(20) };
}

/** Top-left corner of the domino drawn on a card (half a, then half b to its right). */
export function dominoSpot(card: Box, square: number): { x: number; y: number } {
  return { x: card.x + u(60), y: card.y + card.h / 2 - square / 2 };
}

function emptyCurrentText(v: TableView): string {
  return t(v.round <= 1 ? 'picture.line.firstRound' : 'picture.line.nothingLeft');
}

function drawHeader(c: Ctx, v: TableView, b: Box): void {
  const cy = b.y + b.h / 2;
  const roundText = v.turn.kind === 'over' ? t('picture.gameOver') : t('picture.round', { round: v.round, rounds: v.rounds });
  let x = b.x + measuredText(c, roundText, b.x, cy, { weight: 800, size: u(36), colour: UI.text }) + u(16);
  for (const name of v.variants) x += chip(c, name, x, cy, u(20), '#3A4150', UI.text) + u(8);
  drawTurn(c, v.turn, b.x + b.w, cy, Math.max(u(200), b.x + b.w - x - u(16)));
}

/** Right-aligned at xr: whose turn it is and what they must do. */
function drawTurn(c: Ctx, turn: TurnView, xr: number, cy: number, maxW: number): void {
  if (turn.kind === 'over') {
    drawWinners(c, turn.winners, xr, cy, maxW);
    return;
  }
  const what = turn.kind === 'claim' ? t('picture.turn.pick') : t(turn.canPlace ? 'picture.turn.place' : 'picture.turn.discard', { domino: turn.domino.n });
  const who = t('picture.turn.player', { name: turn.player.name });
  const size = u(30);
  c.font = font(800, size);
  const whatW = c.measureText(what).width;
  const nameW = fitText(c, who, { weight: 800, size, colour: UI.text }, maxW - whatW - u(70)).width;
  const x0 = xr - whatW - nameW - u(64);
  roundRect(c, x0 - u(10), cy - u(28), xr - x0 + u(10), u(56), u(28), playerColour(turn.player.index));
  badge(c, turn.player, x0 + u(18), cy, u(18));
  c.beginPath();
  c.arc(x0 + u(18), cy, u(19), 0, Math.PI * 2);
  c.strokeStyle = playerInk(turn.player.index);
  c.lineWidth = 2;
  c.stroke();
  text(c, who, x0 + u(46), cy + 1, { weight: 800, size, colour: playerInk(turn.player.index) }, nameW + 1);
  text(c, what, xr - u(14), cy + 1, { weight: 800, size, colour: playerInk(turn.player.index), align: 'right' });
}

/** Right-aligned at xr: who won (on the winner's colour), or the shared victory. */
function drawWinners(c: Ctx, winners: readonly PlayerView[], xr: number, cy: number, maxW: number): void {
  const first = winners[0];
  if (!first) return;
  const label = winners.length > 1 ? t('picture.sharedVictory', { names: winners.map((w) => w.name).join(' & ') }) : t('picture.wins', { name: first.name });
  const fill = winners.length > 1 ? UI.crown : playerColour(first.index);
  const ink = winners.length > 1 ? UI.crownInk : playerInk(first.index);
  c.font = font(800, u(30), label);
  const w = Math.min(c.measureText(label).width, maxW - u(80));
  const x0 = xr - w - u(86);
  roundRect(c, x0, cy - u(28), xr - x0, u(56), u(28), fill);
  drawCrown(c, x0 + u(18), cy - u(15), u(38));
  text(c, label, xr - u(18), cy + 1, { weight: 800, size: u(30), colour: ink, align: 'right' }, w + 1);
}

/** One line of the draft, as a column of cards (3-4 players) or a row (2 players). */
function drawLine(c: Ctx, l: LineLayout): void {
  const b = l.box;
  roundRect(c, b.x, b.y, b.w, b.h, u(14), UI.panel);
  const title = { weight: 800, size: u(26), colour: UI.textDim } as const;
  if (l.dir === 'column') {
    text(c, l.title, b.x + u(18), b.y + u(26), title);
    if (l.slots.length === 0) text(c, l.emptyText, b.x + u(18), b.y + u(80), { weight: 600, size: u(22), colour: UI.textFaint }, b.w - 2 * u(18));
  } else {
    const [first, second] = l.title.split(' ');
    text(c, first ?? l.title, b.x + u(18), b.y + b.h / 2 - u(15), title);
    text(c, second ?? '', b.x + u(18), b.y + b.h / 2 + u(17), title);
    if (l.slots.length === 0) text(c, l.emptyText, b.x + ROW_TITLE_W, b.y + b.h / 2, { weight: 600, size: u(24), colour: UI.textFaint });
  }
  l.slots.forEach((s, i) => drawCard(c, s, l.cards[i]!, l.square, l.picker));
}

/** A domino of the draft: its number, the domino, and its king (or what became of it). */
function drawCard(c: Ctx, s: SlotView, b: Box, sq: number, picker: PlayerView | null): void {
  const cy = b.y + b.h / 2;
  if (s.status === 'active' && s.king) {
    roundRect(c, b.x, b.y, b.w, b.h, u(12), UI.panelActive);
    strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, u(11), playerColour(s.king.index), 4);
  }
  const gone = s.status === 'placed' || s.status === 'discarded' || s.status === 'dropped';
  c.globalAlpha = gone ? 0.32 : 1;
  text(c, String(s.domino.n), b.x + u(50), cy + 1, { weight: 800, size: u(32), colour: UI.text, align: 'right' });
  const { x: dx } = dominoSpot(b, sq);
  drawFlatDomino(c, s.domino, dx, cy - sq / 2, sq);
  c.globalAlpha = 1;
  if (s.status === 'discarded' || s.status === 'dropped') crossOut(c, dx, cy - sq / 2, 2 * sq, sq);
  const king = kingSpot(b, sq);
  if (gone) {
    const colour = s.status === 'placed' ? UI.text : '#FFB3C0';
    const size = u(20);
    c.font = font(800, size);
    const word = t(`picture.slot.${s.status}`);
    const w = c.measureText(word).width + size;
    roundRect(c, dx + sq - w / 2, cy - u(15), w, u(30), u(15), 'rgba(14, 17, 22, 0.85)');
    text(c, word, dx + sq, cy + 1, { weight: 800, size, colour, align: 'center' });
  } else if (s.king) {
    drawKing(c, king.x, king.y, king.r, s.king.index, s.king.badge);
  } else {
    // An empty place for a king: in the picker's colour while they choose.
    c.save();
    c.setLineDash([5, 5]);
    c.beginPath();
    c.arc(king.x, king.y, king.r, 0, Math.PI * 2);
    c.strokeStyle = picker ? playerColour(picker.index) : UI.textFaint;
    c.lineWidth = picker ? 4 : 2;
    c.stroke();
    c.restore();
  }
}

function crossOut(c: Ctx, x: number, y: number, w: number, h: number): void {
  c.lineCap = 'round';
  const inset = u(8);
  for (const [colour, width] of [[UI.outline, u(10)], ['#F43F5E', u(5)]] as const) {
    c.strokeStyle = colour;
    c.lineWidth = width;
    c.beginPath();
    c.moveTo(x + inset, y + inset);
    c.lineTo(x + w - inset, y + h - inset);
    c.moveTo(x + w - inset, y + inset);
    c.lineTo(x + inset, y + h - inset);
    c.stroke();
  }
}

/** Below the draft on 3-4 player tables: the terrains by name, and the draw pile. */
function drawLegend(c: Ctx, v: TableView, b: Box): void {
  if (b.h < u(120)) return;
  roundRect(c, b.x, b.y, b.w, b.h, u(14), UI.panel);
  const s = u(34);
  const pad = u(14);
  const gap = u(10);
  TERRAINS.forEach((terrain, i) => {
    const x = b.x + pad + (i % 2) * (b.w / 2);
    const y = b.y + pad + Math.floor(i / 2) * (s + gap);
    c.drawImage(terrainTile(terrain, 0, s), x, y);
    text(c, t(`terrain.${terrain}`), x + s + gap, y + s / 2 + 1, { weight: 600, size: u(22), colour: UI.text }, b.w / 2 - s - u(24));
  });
  const pileY = b.y + pad + 3 * (s + gap) + pad;
  if (pileY + u(12) < b.y + b.h) {
    text(c, t('picture.pile', { count: v.pileLeft }), b.x + pad, pileY, { weight: 600, size: u(22), colour: UI.textDim }, b.w - 2 * pad);
  }
}

function drawKingdomPanel(c: Ctx, { kingdom: k, box: b, geometry: g }: PanelLayout): void {
  roundRect(c, b.x, b.y, b.w, b.h, u(14), k.toPlay ? UI.panelActive : UI.panel);
  if (k.toPlay) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, u(13), playerColour(k.player.index), u(5));
  const cy = b.y + BAR / 2 + u(4);
  badge(c, k.player, b.x + u(34), cy, u(20));
  c.font = font(800, u(40));
  const scoreW = c.measureText(String(k.score)).width;
  text(c, String(k.score), b.x + b.w - u(18), cy + 1, { weight: 800, size: u(40), colour: UI.text, align: 'right' });
  text(c, t('picture.pts'), b.x + b.w - u(24) - scoreW, cy + u(6), { weight: 600, size: u(20), colour: UI.textDim, align: 'right' });
  text(c, k.player.name, b.x + u(64), cy + 1, { weight: 800, size: u(30), colour: UI.text }, b.w - u(64) - scoreW - u(80));
  drawKingdom(c, k, g, { labelSize: u(22) });
  if (k.discarded.length > 0) {
    const list = k.discarded.map((d) => d.n).join(', ');
    text(c, t('picture.discarded', { dominoes: list }), b.x + u(18), b.y + b.h - FOOTER / 2 - 2, { weight: 600, size: u(22), colour: '#F08A9B' }, b.w - 2 * u(18));
  }
}
