/**
 * The table picture, 800 px wide. Discord shows it about 400 px wide on a phone
 * (half its size: 800 device pixels on a phone of pixel ratio 2), so every length
 * here is chosen for that: no text under 16 px (8 px on the phone), names 21 px,
 * grid labels 17 px, and squares of at least 42 px so a crown glyph is 18 px tall
 * (9 px on the phone). Every pixel more costs time to draw and encode after every
 * move, for detail such a phone cannot show. Two layouts:
 * - 3 and 4 players: the draft as a column on the left, kingdoms two by two;
 * - 2 players: the draft as two rows on top, the two kingdoms side by side.
 * Each kingdom shows its occupied cells and one more all round (as far as it can
 * still grow), which keeps its squares large all game.
 */
import type { Canvas } from '@napi-rs/canvas';
import { currentLocale, t } from '../i18n/index.js';
import { outcomeText } from './outcome.js';
import { PictureCache } from './canvases.js';
import { font, textWidth } from './fonts.js';
import { drawTerrainLeft } from './left.js';
import {
  badge,
  blankCanvas,
  chip,
  drawFlatDomino,
  drawKingdom,
  drawRecent,
  fitKingdom,
  fitText,
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
import { TERRAINS, UI, playerColour, playerInk } from './palette.js';
import { drawCrown, drawKing, terrainTile } from './tiles.js';
import type { KingdomView, PlayerView, SlotView, TableView, TurnView } from './view.js';

export const TABLE_WIDTH = 800;
const M = 11; // margin and gutter
const HEADER = 50;
/** The second header line, for the variants and the Dynasty, when there are any. */
const CHIPS = 32;
const BAR = 40;
const FOOTER = 23;
const LABEL = 20;
const LABEL_SIZE = 17;
const NAME_SIZE = 21;
const SMALL = 16;
/** The header's pill (whose turn, who won): its height and its text. */
const PILL_H = 38;
const PILL_TEXT = 22;
const SCORE_SIZE = 29;
/** Corner radius of the panels, and the room left of their text. */
const RADIUS = 9;
const PAD = 12;
/** Side of a square of the draft's dominoes. */
const DRAFT_SQUARE = 42;
/** Largest square of a kingdom (a kingdom of one castle would be huge otherwise). */
const MAX_CELL = 65;

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
  /** The quarter no kingdom takes (3 players): what is left to come. */
  readonly spare: Box | null;
}

/** What decides the size: players, and whether the header has a line of chips (variants, Dynasty). */
export interface TableShape {
  readonly players: number;
  readonly chips: boolean;
}

export function tableShape(v: TableView): TableShape {
  return { players: v.kingdoms.length, chips: v.variants.length > 0 || v.dynasty !== null };
}

/** The same for a whole game (players and variants do not change), so Discord keeps its place. */
export function tableSize(shape: TableShape): { width: number; height: number } {
  const top = HEADER + (shape.chips ? CHIPS : 0) + M;
  return { width: TABLE_WIDTH, height: top + (shape.players === 2 ? DUO_HEIGHT : QUAD_HEIGHT) + M };
}

export function drawTable(v: TableView, blank = blankCanvas): Canvas {
  const l = layoutTable(v);
  const { canvas, c } = blank(l.width, l.height);
  // Without the legend (the 2-player table) the pile count goes in the header.
  drawHeader(c, v, l.header, l.legend === null);
  for (const line of l.lines) drawLine(c, line);
  if (l.legend) drawLegend(c, v, l.legend);
  if (l.spare) drawUnseen(c, v, l.spare);
  for (const p of l.panels) {
    // The panel without its recent placements (they change with every turn), then those.
    const still = { ...p, kingdom: { ...p.kingdom, recent: [] } };
    placePanel(c, still);
    drawRecent(c, p.kingdom, p.geometry);
  }
  return canvas;
}

/**
 * Kingdom panels by what they show: a move changes one or two of them, the others
 * are replayed (recording a panel costs about as much as the rest of the table). Each
 * picture worker keeps its own, sized for a server's evening of two games: 4 MB is 10
 * panels of the 3-4 player table, 4 shown and about 1.5 new a move for each game.
 * Bigger helps nobody: when many games take their turns between two moves of one,
 * they push its panels out of any cache we could afford (tables of 40 or 200 games
 * drawn in turn cost the same CPU with 16 MB as with 64 MB, within 1 ms of 20, and
 * 40 games' tables and previews in turn the same with 2 MB as with 16), and one
 * worker now draws the pictures of up to about 200 games, where each MB counts.
 */
const panelPictures = new PictureCache(4 << 20);
/** The frame of the panel to play bleeds half a pixel out of its box. */
const PANEL_BLEED = 2;

/**
 * The panel, kept (replayed, the same pixels as drawn in place, where the legibility
 * test draws it: the box is on whole pixels, the gutter is background). Its words
 * ("pts") are the picture's language: a
 * worker draws tables of every language, so the language is part of what it shows.
 */
function placePanel(c: Ctx, p: PanelLayout): void {
  const box = {
    x: p.box.x - PANEL_BLEED,
    y: p.box.y - PANEL_BLEED,
    w: p.box.w + 2 * PANEL_BLEED,
    h: p.box.h + 2 * PANEL_BLEED,
  };
  panelPictures.place(c, `${currentLocale()}:${JSON.stringify(p)}`, box, (on) => drawKingdomPanel(on, p));
}

export function layoutTable(v: TableView): TableLayout {
  const shape = tableShape(v);
  const { width, height } = tableSize(shape);
  const header = { x: M, y: M, w: width - 2 * M, h: HEADER - M + (shape.chips ? CHIPS : 0) };
  const top = HEADER + (shape.chips ? CHIPS : 0) + M;
  return { width, height, header, ...(shape.players === 2 ? layoutDuo(v, width, top) : layoutQuad(v, width, top)) };
}

type LineSpec = Pick<LineLayout, 'title' | 'slots' | 'emptyText' | 'picker'>;

function lineSpecs(v: TableView): [LineSpec, LineSpec] {
  return [
    { title: t('picture.line.current'), slots: v.current, emptyText: emptyCurrentText(v), picker: null },
    {
      title: t('picture.line.next'),
      slots: v.next,
      emptyText: t('picture.line.lastRound'),
      picker: v.turn.kind === 'claim' ? v.turn.player : null,
    },
  ];
}

// ---------------------------------------------------------------- 3-4 players

const DRAFT_W = 182;
const CARD_TOP = 34;
const CARD_H = 49;
const CARD_STEP = 52;
/** Inside a panel: the room between its edge and what it holds, at each side, and above or below. */
const INSET = 6;
const INSET_BELOW = 3;
const LINE_H = CARD_TOP + 4 * CARD_STEP + INSET_BELOW;
/** A kingdom panel of the 3-4 player table: 6 squares of 42 px across (the widest a kingdom gets with its margin). */
const QUAD_PANEL_W = Math.floor((TABLE_WIDTH - 3 * M - DRAFT_W - M) / 2);
const QUAD_CELL = Math.min(DRAFT_SQUARE, Math.floor((QUAD_PANEL_W - 2 * INSET - LABEL) / 6));
const QUAD_PANEL_H = BAR + LABEL + 6 * QUAD_CELL + FOOTER + INSET_BELOW;
const QUAD_HEIGHT = 2 * QUAD_PANEL_H + M;

function columnLine(spec: LineSpec, box: Box): LineLayout {
  const cards = spec.slots.map((_, i) => ({
    x: box.x + INSET,
    y: box.y + CARD_TOP + i * CARD_STEP,
    w: box.w - 2 * INSET,
    h: CARD_H,
  }));
  return { ...spec, box, dir: 'column', cards, square: DRAFT_SQUARE };
}

function layoutQuad(v: TableView, width: number, top: number): Omit<TableLayout, 'width' | 'height' | 'header'> {
  const areaX = 2 * M + DRAFT_W;
  const boxes = [0, 1, 2, 3].map((i) => ({
    x: areaX + (i % 2) * (QUAD_PANEL_W + M),
    y: top + Math.floor(i / 2) * (QUAD_PANEL_H + M),
    w: QUAD_PANEL_W,
    h: QUAD_PANEL_H,
  }));
  const [now, next] = lineSpecs(v);
  const legendY = top + 2 * (LINE_H + M);
  return {
    lines: [
      columnLine(now, { x: M, y: top, w: DRAFT_W, h: LINE_H }),
      columnLine(next, { x: M, y: top + LINE_H + M, w: DRAFT_W, h: LINE_H }),
    ],
    legend: { x: M, y: legendY, w: DRAFT_W, h: top + QUAD_HEIGHT - legendY },
    panels: panelsOf(v.kingdoms, boxes),
    spare: v.kingdoms.length === 3 ? (boxes[3] ?? null) : null,
  };
}

// ---------------------------------------------------------------- 2 players

const ROW_TITLE_W = 92;
const ROW_H = 57;
/** A kingdom panel of the 2-player table: 6 squares (8 in the Mighty Duel) across at most. */
const DUO_PANEL_W = Math.floor((TABLE_WIDTH - 3 * M) / 2);
const DUO_GRID = DUO_PANEL_W - 2 * INSET - LABEL;
const DUO_PANEL_H =
  BAR +
  LABEL +
  Math.max(6 * Math.min(MAX_CELL, Math.floor(DUO_GRID / 6)), 8 * Math.floor(DUO_GRID / 8)) +
  FOOTER +
  INSET_BELOW;
const DUO_HEIGHT = 2 * ROW_H + INSET + M + DUO_PANEL_H;

function rowLine(spec: LineSpec, box: Box): LineLayout {
  const cardW = Math.floor((box.w - ROW_TITLE_W - INSET) / 4);
  const cards = spec.slots.map((_, i) => ({
    x: box.x + ROW_TITLE_W + i * cardW,
    y: box.y + INSET_BELOW,
    w: cardW - INSET,
    h: box.h - INSET,
  }));
  return { ...spec, box, dir: 'row', cards, square: DRAFT_SQUARE };
}

function layoutDuo(v: TableView, width: number, top: number): Omit<TableLayout, 'width' | 'height' | 'header'> {
  const y = top + 2 * ROW_H + INSET + M;
  const boxes = [0, 1].map((i) => ({ x: M + i * (DUO_PANEL_W + M), y, w: DUO_PANEL_W, h: DUO_PANEL_H }));
  const [now, next] = lineSpecs(v);
  return {
    lines: [
      rowLine(now, { x: M, y: top, w: width - 2 * M, h: ROW_H }),
      rowLine(next, { x: M, y: top + ROW_H + INSET, w: width - 2 * M, h: ROW_H }),
    ],
    legend: null,
    panels: panelsOf(v.kingdoms, boxes),
    spare: null,
  };
}

/** Each kingdom fills its panel, its cells and one more all round, as large as they fit. */
function panelsOf(kingdoms: readonly KingdomView[], boxes: readonly Box[]): PanelLayout[] {
  return kingdoms.map((kingdom, i) => {
    const box = boxes[i]!;
    const gridBox = { x: box.x + INSET, y: box.y + BAR, w: box.w - 2 * INSET, h: box.h - BAR - FOOTER - INSET_BELOW };
    return { kingdom, box, geometry: fitKingdom(kingdom.grid, kingdomWindow(kingdom, 1), gridBox, LABEL, MAX_CELL) };
  });
}

/** Room for a card's number, left of its domino. */
const CARD_NUMBER_W = 46;
/** Radius of a player's disc: their badge, and their king on a card. */
const DISC_R = 15;

/** Centre and radius of the king drawn on a card of a line. */
export function kingSpot(card: Box, square: number): { x: number; y: number; r: number } {
  return { x: card.x + CARD_NUMBER_W + 2 * square + 18, y: card.y + card.h / 2 + 7, r: DISC_R };
}

/** Top-left corner of the domino drawn on a card (half a, then half b to its right). */
export function dominoSpot(card: Box, square: number): { x: number; y: number } {
  return { x: card.x + CARD_NUMBER_W, y: card.y + card.h / 2 - square / 2 };
}

function emptyCurrentText(v: TableView): string {
  return t(v.round.round === 0 ? 'picture.line.firstRound' : 'picture.line.nothingLeft');
}

// ---------------------------------------------------------------- drawing

function roundText(v: TableView): string {
  if (v.turn.kind === 'over') return t('picture.gameOver');
  return v.round.round === 0
    ? t('picture.openingPicks')
    : t('picture.round', { round: v.round.round, rounds: v.round.rounds });
}

function drawHeader(c: Ctx, v: TableView, b: Box, withPile: boolean): void {
  const cy = b.y + (HEADER - M) / 2;
  let roundW = measuredText(c, roundText(v), b.x, cy, { weight: 800, size: 26, colour: UI.text });
  if (withPile && v.turn.kind !== 'over' && v.pileLeft > 0) {
    const pile = { weight: 600, size: SMALL, colour: UI.textDim } as const;
    roundW += 12 + measuredText(c, t('picture.pile', { count: v.pileLeft }), b.x + roundW + 12, cy + 2, pile);
  }
  drawTurn(c, v.turn, v.kingdoms.length, b.x + b.w, cy, b.w - roundW - 18);
  if (!tableShape(v).chips) return;
  let x = b.x;
  const chipsY = cy + (HEADER - M) / 2 + CHIPS / 2 + 2;
  if (v.dynasty)
    x +=
      chip(
        c,
        t('dynasty.header', { game: v.dynasty.game, of: v.dynasty.of }),
        x,
        chipsY,
        SMALL,
        UI.crown,
        UI.crownInk,
      ) + 8;
  for (const name of v.variants) x += chip(c, name, x, chipsY, SMALL, '#3A4150', UI.text) + 8;
}

/** Right-aligned at xr: whose turn it is and what they must do. */
function drawTurn(c: Ctx, turn: TurnView, seats: number, xr: number, cy: number, maxW: number): void {
  if (turn.kind === 'over') {
    drawWinners(c, turn.winners, seats, xr, cy, maxW);
    return;
  }
  const what =
    turn.kind === 'claim'
      ? t('picture.turn.pick')
      : t(turn.canPlace ? 'picture.turn.place' : 'picture.turn.discard', { domino: turn.domino.n });
  const who = t('picture.turn.player', { name: turn.player.name });
  const size = PILL_TEXT;
  c.font = font(800, size);
  const whatW = textWidth(c, what);
  const nameW = fitText(c, who, { weight: 800, size, colour: UI.text }, Math.max(46, maxW - whatW - 62)).width;
  const x0 = xr - whatW - nameW - 51;
  roundRect(c, x0 - 8, cy - PILL_H / 2, xr - x0 + 8, PILL_H, PILL_H / 2, playerColour(turn.player.index));
  badge(c, turn.player, x0 + 12, cy, DISC_R);
  c.beginPath();
  c.arc(x0 + 12, cy, DISC_R + 1, 0, Math.PI * 2);
  c.strokeStyle = playerInk(turn.player.index);
  c.lineWidth = 2;
  c.stroke();
  text(c, who, x0 + 34, cy + 1, { weight: 800, size, colour: playerInk(turn.player.index), kind: 'name' }, nameW + 1);
  text(c, what, xr - 11, cy + 1, { weight: 800, size, colour: playerInk(turn.player.index), align: 'right' });
}

/** Right-aligned at xr: who won (on the winner's colour), or the shared victory. */
function drawWinners(
  c: Ctx,
  winners: readonly PlayerView[],
  seats: number,
  xr: number,
  cy: number,
  maxW: number,
): void {
  const first = winners[0];
  if (!first) return;
  const label = outcomeText(
    winners.map((w) => w.name),
    seats,
  );
  const fill = winners.length > 1 ? UI.crown : playerColour(first.index);
  const ink = winners.length > 1 ? UI.crownInk : playerInk(first.index);
  c.font = font(800, PILL_TEXT, label);
  const w = Math.min(textWidth(c, label), maxW - 62);
  const x0 = xr - w - 60;
  roundRect(c, x0, cy - PILL_H / 2, xr - x0, PILL_H, PILL_H / 2, fill);
  drawCrown(c, x0 + 12, cy - 10, 26);
  text(c, label, xr - 12, cy + 1, { weight: 800, size: PILL_TEXT, colour: ink, align: 'right', kind: 'name' }, w + 1);
}

/** One line of the draft, as a column of cards (3-4 players) or a row (2 players). */
function drawLine(c: Ctx, l: LineLayout): void {
  const b = l.box;
  roundRect(c, b.x, b.y, b.w, b.h, RADIUS, UI.panel);
  const title = { weight: 800, size: 18, colour: UI.textDim } as const;
  const empty = { weight: 600, size: 17, colour: UI.textFaint } as const;
  if (l.dir === 'column') {
    text(c, l.title, b.x + PAD, b.y + 18, title, b.w - 2 * PAD);
    if (l.slots.length === 0) drawWrapped(c, l.emptyText, b.x + PAD, b.y + 57, b.w - 2 * PAD, empty);
  } else {
    const [first, second] = l.title.split(' ');
    text(c, first ?? l.title, b.x + PAD, b.y + b.h / 2 - 11, title, ROW_TITLE_W - 15);
    text(c, second ?? '', b.x + PAD, b.y + b.h / 2 + 12, title, ROW_TITLE_W - 15);
    if (l.slots.length === 0) text(c, l.emptyText, b.x + ROW_TITLE_W, b.y + b.h / 2, empty, b.w - ROW_TITLE_W - PAD);
  }
  l.slots.forEach((s, i) => drawCard(c, s, l.cards[i]!, l.square, l.picker));
}

/** Text on as many lines as it needs (by words) within maxW, the first line's middle at y. */
function drawWrapped(
  c: Ctx,
  s: string,
  x: number,
  y: number,
  maxW: number,
  style: { weight: 600 | 800; size: number; colour: string },
): void {
  wrapWords(c, s, style.weight, style.size, maxW).forEach((line, i) =>
    text(c, line, x, y + i * style.size * 1.25, style, maxW),
  );
}

/** A domino of the draft: its number, the domino, and its king (or what became of it). */
function drawCard(c: Ctx, s: SlotView, b: Box, sq: number, picker: PlayerView | null): void {
  const cy = b.y + b.h / 2;
  if (s.status === 'active' && s.king) {
    roundRect(c, b.x, b.y, b.w, b.h, 8, UI.panelActive);
    strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, 7, playerColour(s.king.index), 3);
  }
  const gone = s.status === 'placed' || s.status === 'discarded' || s.status === 'unclaimed';
  c.globalAlpha = gone ? 0.35 : 1;
  text(c, `#${s.domino.n}`, b.x + CARD_NUMBER_W - 5, cy + 1, {
    weight: 800,
    size: 20,
    colour: UI.text,
    align: 'right',
  });
  const { x: dx } = dominoSpot(b, sq);
  drawFlatDomino(c, s.domino, dx, cy - sq / 2, sq);
  c.globalAlpha = 1;
  if (s.status === 'discarded') crossOut(c, dx, cy - sq / 2, 2 * sq, sq);
  const king = kingSpot(b, sq);
  if (gone) {
    const colour = s.status === 'discarded' ? '#FFB3C0' : UI.text;
    c.font = font(800, SMALL);
    const word = t(`picture.slot.${s.status}`);
    const w = textWidth(c, word) + SMALL;
    // On the domino's middle, but never left of it: a long word runs over the empty king's place, not the number.
    const x = Math.max(dx, dx + sq - w / 2);
    roundRect(c, x, cy - 12, w, 24, 12, 'rgba(14, 17, 22, 0.85)');
    text(c, word, x + w / 2, cy + 1, { weight: 800, size: SMALL, colour, align: 'center' });
  } else if (s.king) {
    drawKing(c, king.x, king.y, king.r, s.king.index, s.king.badge);
  } else {
    // An empty place for a king: in the picker's colour while they choose.
    c.save();
    c.setLineDash([4, 4]);
    c.beginPath();
    c.arc(king.x, king.y, king.r, 0, Math.PI * 2);
    c.strokeStyle = picker ? playerColour(picker.index) : UI.textFaint;
    c.lineWidth = picker ? 3 : 2;
    c.stroke();
    c.restore();
  }
}

function crossOut(c: Ctx, x: number, y: number, w: number, h: number): void {
  // Its round caps are its own: the dashes of an empty king's place drawn after it keep theirs.
  c.save();
  c.lineCap = 'round';
  const inset = 6;
  for (const [colour, width] of [
    [UI.outline, 7],
    [UI.illegal, 3.5],
  ] as const) {
    c.strokeStyle = colour;
    c.lineWidth = width;
    c.beginPath();
    c.moveTo(x + inset, y + inset);
    c.lineTo(x + w - inset, y + h - inset);
    c.moveTo(x + w - inset, y + inset);
    c.lineTo(x + inset, y + h - inset);
    c.stroke();
  }
  c.restore();
}

/** Below the draft on 3-4 player tables: the terrains by name, and the draw pile. */
function drawLegend(c: Ctx, v: TableView, b: Box): void {
  if (b.h < 92) return;
  roundRect(c, b.x, b.y, b.w, b.h, RADIUS, UI.panel);
  const s = 20;
  const pad = INSET;
  const step = s + 3;
  TERRAINS.forEach((terrain, i) => {
    const x = b.x + pad;
    const y = b.y + pad + i * step;
    c.drawImage(terrainTile(terrain, 0, s), x, y);
    text(
      c,
      t(`terrain.${terrain}`),
      x + s + 7,
      y + s / 2 + 1,
      { weight: 600, size: SMALL, colour: UI.text },
      b.w - 2 * pad - s - 10,
    );
  });
  const pileY = b.y + pad + 6 * step + 11;
  if (pileY + 9 < b.y + b.h) {
    const style = { weight: 600, size: SMALL, colour: UI.textDim } as const;
    // The count is the point: when the words do not fit, the short form, never cut.
    const long = t('picture.pile', { count: v.pileLeft });
    c.font = font(600, SMALL, long);
    const fits = textWidth(c, long) <= b.w - 2 * pad;
    text(c, fits ? long : t('picture.pileShort', { count: v.pileLeft }), b.x + pad, pileY, style, b.w - 2 * pad);
  }
}

/** What is left to come, per terrain: squares and crowns among the dominoes not yet seen. */
function drawUnseen(c: Ctx, v: TableView, b: Box): void {
  roundRect(c, b.x, b.y, b.w, b.h, RADIUS, UI.panel);
  const title = t(v.unseen.exact ? 'picture.unseen.pile' : 'picture.unseen.notSeen');
  text(c, title, b.x + PAD, b.y + BAR / 2 + 2, { weight: 800, size: NAME_SIZE, colour: UI.text }, b.w - 2 * PAD);
  const s = 31;
  const step = Math.min(43, Math.floor((b.h - BAR - 9) / v.unseen.terrains.length));
  // The view lists every terrain, in the legend's order (adapter.ts), none left out.
  v.unseen.terrains.forEach((left, i) =>
    drawTerrainLeft(c, left, b.x + PAD, b.y + BAR + 3 + i * step, s, b.w - 2 * PAD, SMALL),
  );
}

function drawKingdomPanel(c: Ctx, { kingdom: k, box: b, geometry: g }: PanelLayout): void {
  roundRect(c, b.x, b.y, b.w, b.h, RADIUS, k.toPlay ? UI.panelActive : UI.panel);
  if (k.toPlay) strokeRoundRect(c, b.x + 2, b.y + 2, b.w - 4, b.h - 4, RADIUS - 1, playerColour(k.player.index), 4);
  const cy = b.y + BAR / 2 + 2;
  badge(c, k.player, b.x + 23, cy, DISC_R);
  c.font = font(800, SCORE_SIZE);
  const scoreW = textWidth(c, String(k.score));
  text(c, String(k.score), b.x + b.w - PAD, cy + 1, { weight: 800, size: SCORE_SIZE, colour: UI.text, align: 'right' });
  c.font = font(600, SMALL);
  const ptsW = textWidth(c, t('picture.pts'));
  text(c, t('picture.pts'), b.x + b.w - 17 - scoreW, cy + 4, {
    weight: 600,
    size: SMALL,
    colour: UI.textDim,
    align: 'right',
  });
  text(
    c,
    k.player.name,
    b.x + 45,
    cy + 1,
    { weight: 800, size: NAME_SIZE, colour: UI.text, kind: 'name' },
    b.w - 45 - scoreW - ptsW - 31,
  );
  drawKingdom(c, k, g, { labelSize: LABEL_SIZE });
  const foot = [
    k.dynastyTotal === null ? null : t('picture.dynasty.total', { total: k.dynastyTotal }),
    k.discarded.length > 0 ? t('picture.discarded', { dominoes: k.discarded.map((d) => `#${d.n}`).join(', ') }) : null,
  ].filter((x): x is string => x !== null);
  const footY = b.y + b.h - FOOTER / 2 - INSET_BELOW;
  let x = b.x + PAD;
  foot.forEach((line, i) => {
    const colour = i === foot.length - 1 && k.discarded.length > 0 ? UI.discard : UI.textDim;
    x += measuredText(c, line, x, footY, { weight: 600, size: SMALL, colour }, b.x + b.w - PAD - x) + 14;
  });
}
