/**
 * A move of a game review: the player's kingdom before the move twice, side by side,
 * with what they played (left) and what the hard computer player suggests (right):
 * the domino in hand drawn where it went (or "discarded"), the domino claimed after
 * it, and the expected final score of each; the points lost in the header.
 * 960 px wide, no text under 20 px (8 px and more when a phone shows it 400 px wide).
 */
import type { Canvas } from '@napi-rs/canvas';
import { boxRound, type GameState, type Pos } from '../game/index.js';
import { t } from '../i18n/index.js';
import { dominoView, previewView } from './adapter.js';
import {
  badge,
  blankCanvas,
  cellOrigin,
  drawDomino,
  drawFlatDomino,
  drawKingdom,
  fitKingdom,
  measuredText,
  outlineCells,
  roundRect,
  text,
  type Ctx,
} from './draw.js';
import { UI } from './palette.js';
import { renderPng } from './png.js';
import type { PreviewView } from './view.js';

/** One move as the picture shows it (the table's Move). */
export interface ReviewPictureMove {
  readonly placed:
    | { readonly kind: 'place'; readonly a: Pos; readonly b: Pos }
    | { readonly kind: 'discard' }
    | { readonly kind: 'none' };
  readonly claim: number | null;
}

export interface ReviewPicture {
  /** The game just before the move. */
  readonly state: GameState;
  /** 1-based: the player's how-manieth move. */
  readonly number: number;
  readonly played: ReviewPictureMove;
  readonly best: ReviewPictureMove;
  readonly loss: number;
  readonly playedScore: number | null;
  readonly bestScore: number | null;
}

export const REVIEW_WIDTH = 960;
const M = 16;
const HEADER = 112;
const COLUMN = (REVIEW_WIDTH - 3 * M) / 2;
const TITLE = 48;
const CLAIM = 84;
const EXPECTED = 40;
export const REVIEW_HEIGHT = HEADER + TITLE + COLUMN + CLAIM + EXPECTED + M;

export function drawReviewMove(p: ReviewPicture): Canvas {
  const v = previewView(p.state, null, null);
  const { canvas, c } = blankCanvas(REVIEW_WIDTH, REVIEW_HEIGHT);
  header(c, p, v);
  const top = HEADER;
  column(
    c,
    v,
    M,
    top,
    p.played,
    t('review.picture.played'),
    UI.textDim,
    UI.highlight,
    p.playedScore,
    'review.picture.took',
  );
  column(
    c,
    v,
    2 * M + COLUMN,
    top,
    p.best,
    t('review.picture.suggested'),
    UI.hint,
    UI.hint,
    p.bestScore,
    'review.picture.take',
  );
  // The two sides apart.
  c.fillStyle = UI.panel;
  c.fillRect(M + COLUMN + M / 2 - 1, top + 8, 2, REVIEW_HEIGHT - top - 2 * M);
  return canvas;
}

export function renderReviewMove(p: ReviewPicture): Promise<Buffer> {
  return renderPng(() => drawReviewMove(p));
}

/** The player's badge, "Move 4", the round, the domino in hand; the points lost on the right. */
function header(c: Ctx, p: ReviewPicture, v: PreviewView): void {
  const cy = M + 26;
  badge(c, v.kingdom.player, M + 22, cy, 22);
  let x = M + 56;
  x +=
    measuredText(c, t('review.picture.move', { number: p.number }), x, cy, { weight: 800, size: 30, colour: UI.text }) +
    16;
  const { round, rounds } = boxRound(p.state);
  const when = round === 0 ? t('picture.openingPicks') : t('picture.round', { round, rounds });
  text(c, when, x, cy, { weight: 600, size: 22, colour: UI.textDim }, REVIEW_WIDTH / 2 - x);
  if (v.domino) {
    const s = 34;
    const y = M + 56;
    const w = measuredText(c, t('review.picture.inHand', { domino: v.domino.n }), M, y + s / 2, {
      weight: 600,
      size: 22,
      colour: UI.textDim,
    });
    drawFlatDomino(c, v.domino, M + w + 10, y, s);
  }
  const lost = p.loss > 0 ? t('review.picture.lost', { points: p.loss }) : t('review.picture.best');
  text(
    c,
    lost,
    REVIEW_WIDTH - M,
    cy + 10,
    { weight: 800, size: 34, colour: p.loss > 0 ? UI.illegal : UI.legal, align: 'right' },
    REVIEW_WIDTH / 2 - M,
  );
}

function column(
  c: Ctx,
  v: PreviewView,
  x: number,
  top: number,
  move: ReviewPictureMove,
  title: string,
  titleColour: string,
  mark: string,
  score: number | null,
  claimKey: 'review.picture.took' | 'review.picture.take',
): void {
  text(c, title, x, top + TITLE / 2, { weight: 800, size: 28, colour: titleColour }, COLUMN);
  const box = { x, y: top + TITLE, w: COLUMN, h: COLUMN };
  const g = fitKingdom(v.kingdom.grid, v.window, box, 30, 96);
  drawKingdom(c, { ...v.kingdom, recent: [] }, g, { reach: v.reach, labelSize: 20 });
  const d = v.domino;
  if (move.placed.kind === 'place' && d) {
    drawDomino(c, d, cellOrigin(g, move.placed.a), cellOrigin(g, move.placed.b), g.cell, Math.max(1.5, g.cell * 0.035));
    outlineCells(c, g, move.placed.a, move.placed.b, mark, 6);
  }
  if (move.placed.kind === 'discard' && d) {
    const cy = box.y + box.h / 2;
    roundRect(c, x + 24, cy - 26, COLUMN - 48, 52, 12, 'rgba(14, 17, 22, 0.85)');
    text(
      c,
      t('review.picture.discarded', { domino: d.n }),
      x + COLUMN / 2,
      cy,
      { weight: 800, size: 26, colour: UI.discard, align: 'center' },
      COLUMN - 64,
    );
  }
  const claimY = top + TITLE + COLUMN + 12;
  if (move.claim !== null) {
    const s = 56;
    const w = measuredText(
      c,
      t(claimKey, { domino: move.claim }),
      x,
      claimY + s / 2,
      { weight: 800, size: 26, colour: UI.text },
      COLUMN - 2 * s - 12,
    );
    drawFlatDomino(c, dominoView(move.claim), x + w + 12, claimY, s);
  }
  if (score !== null) {
    text(
      c,
      t('review.picture.expected', { score }),
      x,
      top + TITLE + COLUMN + CLAIM + EXPECTED / 2,
      { weight: 600, size: 22, colour: UI.textDim },
      COLUMN,
    );
  }
}
