/**
 * The placement preview, the whole decision on one phone screen: one kingdom on
 * the cells it can still reach and a greyed margin of one (cells some legal
 * placement uses tinted green), the best spots lettered as the panel's menu names
 * them, the domino in hand drawn where the player is trying it, with the verdict
 * and the score; under it the next line of the draft, what the pick chooses among
 * (each domino, its crowns, the order it plays next round, the kings already on
 * it). The cells keep the game's names (E5 is the castle), so the letters and
 * numbers around are those of the whole 9x9 (13x13) naming window, cropped.
 * 720 x 876 px whatever the window (Discord keeps its place between two moves):
 * a phone shows it at about 55%, so squares are 40 px and more there.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { Pos } from '../game/index.js';
import { inWindow, placementName } from '../game/index.js';
import { currentLocale, t } from '../i18n/index.js';
import { PictureCache } from './canvases.js';
import {
  badge,
  blankCanvas,
  cellOrigin,
  disc,
  drawDomino,
  drawFlatDomino,
  drawKingdom,
  fitKingdom,
  outlineCells,
  roundRect,
  measuredText,
  text,
  type Ctx,
  type KingdomGeometry,
} from './draw.js';
import { UI } from './palette.js';
import type { Candidate } from '../game/index.js';
import { rejectionText } from './rejection.js';
import { LETTER_TOWARDS } from './spots.js';
import type { PreviewView, SpotView } from './view.js';

export const PREVIEW_WIDTH = 720;
const M = 16;
const HEADER = 124;
/** The next line of the draft, under the kingdom. */
const NEXT = 116;
const FOOTER = 44;
/** The kingdom's box: a little less tall than wide, for the whole screen to fit a phone's. */
const KINGDOM_H = 576;
/** The header's second row: the domino in hand (squares of HAND px), then the verdict at VERDICT_X. */
const ROW_Y = M + 50;
const HAND = 56;
const VERDICT_X = M + 68 + 2 * HAND + 20;
const VERDICT_Y = ROW_Y + HAND / 2;

export function previewSize(): { width: number; height: number } {
  return { width: PREVIEW_WIDTH, height: HEADER + KINGDOM_H + M + NEXT + FOOTER };
}

/** Where the kingdom goes; exported so tests can find a cell on the picture. */
export function layoutPreview(v: PreviewView): { width: number; height: number; geometry: KingdomGeometry } {
  const { width, height } = previewSize();
  const box = { x: M, y: HEADER, w: width - 2 * M, h: KINGDOM_H };
  return { width, height, geometry: fitKingdom(v.kingdom.grid, v.window, box, 34, 200) };
}

export function drawPreview(v: PreviewView, blank = blankCanvas): Canvas {
  const { width, height, geometry: g } = layoutPreview(v);
  const { canvas, c } = blank(width, height);
  placeBase(c, v, g);
  if (v.domino) verdictText(c, v, VERDICT_X, VERDICT_Y, width - M - VERDICT_X);
  if (v.hint) drawHint(c, g, v.hint.a, v.hint.b);
  if (v.candidate && v.domino) drawCandidate(c, g, v);
  // Over the domino tried too: a spot under it keeps its letter.
  for (const spot of v.spots) drawSpotLetter(c, g, spot);
  return canvas;
}

/**
 * What a turn's previews share, by what it shows: a player trying spots one after
 * the other gets previews that differ only in the domino tried, its verdict and the
 * hint, drawn over this (about half of a preview's drawing). Room for two, so that
 * the player stepping through spots finds theirs; under load, other games' previews come
 * in between, and it is drawn in place and kept from their second spot on (PictureCache;
 * 5 MB a picture worker).
 */
const bases = new PictureCache(5 << 20);

function placeBase(c: Ctx, v: PreviewView, g: KingdomGeometry): void {
  const { width, height } = previewSize();
  // The spots' letters and the hint are drawn over the domino tried; whether there is a hint, the footer says.
  const shown = { ...v, candidate: null, spots: [], hint: v.hint !== null };
  bases.place(c, `${currentLocale()}:${JSON.stringify(shown)}`, { x: 0, y: 0, w: width, h: height }, (on) =>
    drawBase(on, v, g),
  );
}

/** Everything but the domino tried, its verdict, the hint and the spots' letters. */
function drawBase(c: Ctx, v: PreviewView, g: KingdomGeometry): void {
  const { width, height } = previewSize();
  drawPreviewHeader(c, v, width);
  drawKingdom(c, { ...v.kingdom, recent: [] }, g, { reach: v.reach, targets: v.targets, labelSize: 22 });
  drawNextLine(c, v, height - FOOTER - NEXT, width);
  drawFooter(c, v, g, height);
}

/**
 * A spot's letter: a disc on its first half, part of the way towards the second
 * (spots.ts), so that two spots on the same two cells (the domino turned round) keep
 * their letters apart.
 */
function drawSpotLetter(c: Ctx, g: KingdomGeometry, spot: SpotView): void {
  if (!inWindow(g.window, spot.a) || !inWindow(g.window, spot.b)) return;
  const [ax, ay] = cellOrigin(g, spot.a);
  const [bx, by] = cellOrigin(g, spot.b);
  const cx = ax + g.cell / 2 + (bx - ax) * LETTER_TOWARDS;
  const cy = ay + g.cell / 2 + (by - ay) * LETTER_TOWARDS;
  const r = Math.max(13, g.cell * 0.23);
  disc(c, cx, cy, r, UI.text, spot.letter, r * 1.25);
}

/**
 * The next line: each domino with its number and crowns, in the order it plays the
 * next round (a disc with that place), and the king of whoever already took it.
 */
function drawNextLine(c: Ctx, v: PreviewView, top: number, width: number): void {
  const title = v.next.length > 0 ? t('picture.preview.nextLine') : t('picture.preview.lastRound');
  text(c, title, M, top + 16, { weight: 600, size: 22, colour: UI.textDim }, width - 2 * M);
  const gap = 10;
  const cardW = (width - 2 * M - 3 * gap) / 4;
  const cardY = top + 34;
  const cardH = NEXT - 40;
  const sq = 44;
  v.next.forEach((slot, i) => {
    const x = M + i * (cardW + gap);
    roundRect(c, x, cardY, cardW, cardH, 10, UI.panelActive);
    orderDisc(c, x + 16, cardY + 16, i + 1);
    text(c, `#${slot.domino.n}`, x + 32, cardY + 18, { weight: 800, size: 22, colour: UI.text });
    const dx = x + cardW - 2 * sq - 8;
    drawFlatDomino(c, slot.domino, dx, cardY + cardH - sq - 6, sq);
    if (slot.king) badge(c, slot.king, x + 24, cardY + cardH - 22, 17);
  });
}

/** The place in the next round's order: a small disc with its number. */
function orderDisc(c: Ctx, cx: number, cy: number, order: number): void {
  c.beginPath();
  c.arc(cx, cy, 11, 0, Math.PI * 2);
  c.fillStyle = UI.textDim;
  c.fill();
  text(c, String(order), cx, cy + 1, { weight: 800, size: 15, colour: UI.outline, align: 'center' });
}

function drawPreviewHeader(c: Ctx, v: PreviewView, width: number): void {
  const p = v.kingdom.player;
  badge(c, p, M + 20, M + 22, 20);
  text(c, p.name, M + 50, M + 23, { weight: 800, size: 28, colour: UI.text, kind: 'name' }, width - 2 * M - 250);
  const round =
    v.round.round === 0
      ? t('picture.openingPicks')
      : t('picture.round', { round: v.round.round, rounds: v.round.rounds });
  text(c, round, width - M, M + 23, { weight: 600, size: 22, colour: UI.textDim, align: 'right' });
  if (!v.domino) {
    text(c, t('picture.preview.nothingToPlace'), M, ROW_Y + HAND / 2, { weight: 800, size: 28, colour: UI.textDim });
    return;
  }
  text(c, `#${v.domino.n}`, M + 58, ROW_Y + HAND / 2 + 1, { weight: 800, size: 30, colour: UI.text, align: 'right' });
  drawFlatDomino(c, v.domino, M + 68, ROW_Y, HAND);
}

/** Legal: "C3-C4" and the score before -> after (+delta). Illegal: why. */
function verdictText(c: Ctx, v: PreviewView, x: number, cy: number, maxW: number): void {
  const cand = v.candidate;
  if (!cand) {
    const msg = t(v.canPlace ? 'picture.preview.choose' : 'picture.preview.fitsNowhere');
    text(c, msg, x, cy, { weight: 800, size: 26, colour: v.canPlace ? UI.text : UI.illegal }, maxW);
    return;
  }
  const onGrid = inWindow(v.window, cand.a) && inWindow(v.window, cand.b);
  const where = onGrid ? placementName(v.kingdom.grid, cand.a, cand.b) : t('picture.preview.offGrid');
  if (!cand.verdict.fits) {
    mark(c, x + 14, cy - 17, false);
    text(
      c,
      t('picture.preview.illegal', { where }),
      x + 40,
      cy - 17,
      { weight: 800, size: 26, colour: UI.illegal },
      maxW - 40,
    );
    text(c, rejectionText(cand.verdict.rejection), x, cy + 20, { weight: 600, size: 22, colour: UI.text }, maxW);
    return;
  }
  const { before, after } = cand.verdict;
  mark(c, x + 14, cy - 17, true);
  text(
    c,
    t('picture.preview.fits', { where }),
    x + 40,
    cy - 17,
    { weight: 800, size: 26, colour: UI.legal },
    maxW - 40,
  );
  const delta = after - before;
  let sx =
    x +
    measuredText(c, t('picture.preview.score', { score: before }), x, cy + 21, {
      weight: 800,
      size: 26,
      colour: UI.text,
    }) +
    10;
  arrow(c, sx, cy + 21, 26);
  sx += 36;
  sx += measuredText(c, String(after), sx, cy + 21, { weight: 800, size: 26, colour: UI.text }) + 12;
  const deltaText = delta >= 0 ? `+${delta}` : String(delta);
  text(c, deltaText, sx, cy + 21, { weight: 800, size: 26, colour: delta > 0 ? UI.legal : UI.textDim });
}

/** A tick (legal) or a cross (illegal) in a disc centred at (cx, cy). */
function mark(c: Ctx, cx: number, cy: number, ok: boolean): void {
  c.beginPath();
  c.arc(cx, cy, 14, 0, Math.PI * 2);
  c.fillStyle = ok ? UI.legal : UI.illegal;
  c.fill();
  c.strokeStyle = UI.outline;
  c.lineWidth = 3.5;
  c.lineCap = 'round';
  c.beginPath();
  if (ok) {
    c.moveTo(cx - 6, cy);
    c.lineTo(cx - 1.5, cy + 5);
    c.lineTo(cx + 6.5, cy - 5);
  } else {
    c.moveTo(cx - 5, cy - 5);
    c.lineTo(cx + 5, cy + 5);
    c.moveTo(cx + 5, cy - 5);
    c.lineTo(cx - 5, cy + 5);
  }
  c.stroke();
}

/** A right arrow (the font's subset has none) starting at x, centred on cy. */
function arrow(c: Ctx, x: number, cy: number, size: number): void {
  c.strokeStyle = UI.textDim;
  c.lineWidth = size * 0.12;
  c.lineCap = 'round';
  c.lineJoin = 'round';
  c.beginPath();
  c.moveTo(x, cy);
  c.lineTo(x + size, cy);
  c.moveTo(x + size * 0.65, cy - size * 0.3);
  c.lineTo(x + size, cy);
  c.lineTo(x + size * 0.65, cy + size * 0.3);
  c.stroke();
}

function drawCandidate(c: Ctx, g: KingdomGeometry, v: PreviewView): void {
  const cand = v.candidate as Candidate;
  const d = v.domino;
  if (!d) return;
  const legal = cand.verdict.fits;
  if (inWindow(g.window, cand.a) && inWindow(g.window, cand.b) && isNeighbour(cand.a, cand.b)) {
    c.globalAlpha = legal ? 1 : 0.78;
    drawDomino(c, d, cellOrigin(g, cand.a), cellOrigin(g, cand.b), g.cell, 2);
    c.globalAlpha = 1;
    outlineCells(c, g, cand.a, cand.b, legal ? UI.legal : UI.illegal, 6, legal ? [] : [14, 8]);
    return;
  }
  // Halves apart or off the window: outline whatever cells are visible.
  for (const p of [cand.a, cand.b]) if (inWindow(g.window, p)) outlineCells(c, g, p, p, UI.illegal, 6, [14, 8]);
}

function isNeighbour(a: Pos, b: Pos): boolean {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;
}

function drawHint(c: Ctx, g: KingdomGeometry, a: Pos, b: Pos): void {
  if (!inWindow(g.window, a) || !inWindow(g.window, b)) return;
  outlineCells(c, g, a, b, UI.hint, 5, [10, 7]);
}

function drawFooter(c: Ctx, v: PreviewView, g: KingdomGeometry, height: number): void {
  const cy = height - FOOTER / 2 - 4;
  let x = M;
  const swatch = (fills: readonly string[], label: string, dashed = false): void => {
    for (const fill of fills) roundRect(c, x, cy - 12, 24, 24, 5, fill);
    if (dashed) {
      c.save();
      c.setLineDash([5, 4]);
      c.strokeStyle = UI.hint;
      c.lineWidth = 3;
      c.strokeRect(x + 1.5, cy - 10.5, 21, 21);
      c.restore();
    }
    x += 32 + measuredText(c, label, x + 32, cy, { weight: 600, size: 20, colour: UI.textDim }) + 22;
  };
  if (v.targets.length > 0) swatch([UI.emptyCell, UI.target], t('picture.preview.target'));
  swatch([UI.outsideCell], t('picture.preview.outside', { size: g.grid }));
  if (v.hint) swatch([], t('picture.preview.hint'), true);
}
