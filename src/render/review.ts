/**
 * A costly move of a game review, drawn for a phone: the player's kingdom before the
 * move, with the spot they played (the domino drawn there, a solid white outline) and
 * the best spot found (a dashed amber outline, the domino faded in), then one row per
 * move: the points it scores at once, the domino it claims when the claims differ,
 * and the reasons in words (messages/review.ts says them). The header names the move,
 * its grade and the points lost. Solid against dashed, and the words, tell the two
 * moves apart without colour.
 * 480 px wide, as tall as its reasons need; no text under 18 px (15 px and more when a
 * phone shows it 400 px wide).
 */
import type { Canvas } from '@napi-rs/canvas';
import { boxRound, type GameState, type Move, type Pos } from '../game/index.js';
import { t } from '../i18n/index.js';
import { dominoView, previewView } from './adapter.js';
import {
  badge,
  blankCanvas,
  cellOrigin,
  chip,
  drawDomino,
  drawFlatDomino,
  drawKingdom,
  fitKingdom,
  measuredText,
  outlineCells,
  roundRect,
  strokeRoundRect,
  text,
  wrapWords,
  type Ctx,
  type KingdomGeometry,
} from './draw.js';
import { UI } from './palette.js';
import { renderPng } from './png.js';
import type { DominoView, PreviewView } from './view.js';

/** How bad the move was, for the grade chip's colour (the word says it too). */
export type ReviewSeverity = 'fine' | 'poor' | 'bad';

/** One of the two moves: what it did, the points it scores at once, and why it is better or worse, in words. */
export interface ReviewSide {
  readonly move: Move;
  readonly points: number | null;
  readonly reasons: readonly string[];
}

export interface ReviewPicture {
  /** The game just before the move. */
  readonly state: GameState;
  /** 1-based: the player's how-manieth move. */
  readonly number: number;
  readonly played: ReviewSide;
  readonly best: ReviewSide;
  readonly loss: number;
  /** The grade's word ("Blunder") and how bad it is. */
  readonly grade: string;
  readonly severity: ReviewSeverity;
}

export const REVIEW_WIDTH = 480;
const M = 16;
const HEADER = 84;
const BOARD = REVIEW_WIDTH - 2 * M;
const ROW_TITLE = 34;
const REASON = 24;
const REASON_SIZE = 18;
/** A row's height: its title and its reasons' lines (one at least). */
const rowHeight = (lines: number): number => ROW_TITLE + 12 + Math.max(1, lines) * REASON;
const SWATCH = 26;
const PLAYED_MARK = { colour: UI.highlight, dash: [] as number[] };
const BEST_MARK = { colour: UI.hint, dash: [10, 7] };
const SEVERITY: Record<ReviewSeverity, string> = { fine: UI.legal, poor: UI.hint, bad: UI.illegal };

export function drawReviewMove(p: ReviewPicture): Canvas {
  const v = previewView(p.state, null, null);
  // The reasons wrapped first: they set the picture's height.
  const measure = blankCanvas(1, 1).c;
  const played = reasonLines(measure, p.played.reasons);
  const best = reasonLines(measure, p.best.reasons);
  const top = HEADER + BOARD;
  const { canvas, c } = blankCanvas(REVIEW_WIDTH, top + rowHeight(played.length) + rowHeight(best.length) + M);
  header(c, p, v);
  board(c, p, v);
  const claimsDiffer = p.played.move.claim !== p.best.move.claim;
  row(c, top, p.played, played, t('review.picture.played'), PLAYED_MARK, claimsDiffer);
  const second = top + rowHeight(played.length);
  row(c, second, p.best, best, t('review.picture.suggested'), BEST_MARK, claimsDiffer);
  return canvas;
}

export function renderReviewMove(p: ReviewPicture): Promise<Buffer> {
  return renderPng(() => drawReviewMove(p));
}

/** Badge, "Move 4", the grade chip; the round and the domino in hand, the points lost. */
function header(c: Ctx, p: ReviewPicture, v: PreviewView): void {
  const cy = M + 16;
  badge(c, v.kingdom.player, M + 16, cy, 16);
  const x = M + 44;
  const w = measuredText(c, t('review.picture.move', { number: p.number }), x, cy, {
    weight: 800,
    size: 26,
    colour: UI.text,
  });
  chip(c, p.grade, x + w + 12, cy, 20, SEVERITY[p.severity], UI.outline);
  const lost = p.loss > 0 ? t('review.picture.lost', { points: p.loss }) : t('review.picture.best');
  const ly = cy + 38;
  text(c, lost, REVIEW_WIDTH - M, ly, { weight: 800, size: 22, colour: UI.text, align: 'right' }, BOARD / 2);
  const { round, rounds } = boxRound(p.state);
  const when = round === 0 ? t('picture.openingPicks') : t('picture.round', { round, rounds });
  const ww = measuredText(c, when, M, ly, { weight: 600, size: 18, colour: UI.textDim }, BOARD / 2);
  if (v.domino) drawFlatDomino(c, v.domino, M + ww + 10, ly - 14, 28);
}

/** The kingdom, the best spot faded in under a dashed outline, the spot played on top under a solid one. */
function board(c: Ctx, p: ReviewPicture, v: PreviewView): void {
  const box = { x: M, y: HEADER, w: BOARD, h: BOARD };
  const g = fitKingdom(v.kingdom.grid, v.window, box, 24, 96);
  drawKingdom(c, { ...v.kingdom, recent: [] }, g, { reach: v.reach, labelSize: 18 });
  const d = v.domino;
  const best = p.best.move.placed;
  const played = p.played.move.placed;
  if (best.kind === 'place' && d) {
    c.save();
    c.globalAlpha = 0.55;
    placeDomino(c, g, d, best.a, best.b);
    c.restore();
  }
  if (played.kind === 'place' && d) placeDomino(c, g, d, played.a, played.b);
  if (best.kind === 'place') outlineCells(c, g, best.a, best.b, BEST_MARK.colour, 6, BEST_MARK.dash);
  if (played.kind === 'place') outlineCells(c, g, played.a, played.b, PLAYED_MARK.colour, 4);
  if (played.kind === 'discard' && d) {
    const cy = box.y + box.h / 2;
    roundRect(c, M + 24, cy - 24, BOARD - 48, 48, 12, 'rgba(14, 17, 22, 0.85)');
    const words = t('review.picture.discarded', { domino: d.n });
    text(c, words, REVIEW_WIDTH / 2, cy, { weight: 800, size: 24, colour: UI.discard, align: 'center' }, BOARD - 64);
  }
}

function placeDomino(c: Ctx, g: KingdomGeometry, d: DominoView, a: Pos, b: Pos): void {
  drawDomino(c, d, cellOrigin(g, a), cellOrigin(g, b), g.cell, Math.max(1.5, g.cell * 0.035));
}

/** A move's reasons, bulleted and wrapped to the picture's width. */
function reasonLines(c: Ctx, reasons: readonly string[]): string[] {
  return reasons.flatMap((r) => wrapWords(c, `• ${r}`, 600, REASON_SIZE, BOARD - 8));
}

/** One move's row: its mark, its title and points now, the claimed domino when the claims differ, the reasons. */
function row(
  c: Ctx,
  top: number,
  side: ReviewSide,
  lines: readonly string[],
  title: string,
  mark: { colour: string; dash: number[] },
  showClaim: boolean,
): void {
  const cy = top + ROW_TITLE / 2 + 4;
  c.save();
  c.setLineDash(mark.dash);
  strokeRoundRect(c, M + 2, cy - SWATCH / 2, SWATCH * 1.6, SWATCH, 6, mark.colour, 4);
  c.restore();
  const x = M + SWATCH * 1.6 + 14;
  const now =
    side.points === null ? title : t('review.picture.now', { title, now: t('review.now', { points: side.points }) });
  let right = REVIEW_WIDTH - M;
  // The claimed domino drawn when the claims differ; the reasons name it and its turn order.
  if (showClaim && side.move.claim !== null) {
    const s = 30;
    drawFlatDomino(c, dominoView(side.move.claim), right - 2 * s, cy - s / 2, s);
    right -= 2 * s + 12;
  }
  text(c, now, x, cy, { weight: 800, size: 22, colour: UI.text }, right - x);
  lines.forEach((line, i) => {
    const y = top + ROW_TITLE + 8 + REASON * i + REASON / 2;
    text(c, line, M + 4, y, { weight: 600, size: REASON_SIZE, colour: UI.textDim });
  });
}
