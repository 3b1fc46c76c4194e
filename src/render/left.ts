/**
 * "Left to come": every domino nobody has seen yet, drawn as the box's tiles with its
 * number, ascending (the set, never the pile's hidden order), under the squares and
 * crowns left per terrain. With 4 players, 3 in the "discard" mode and the Mighty Duel
 * it is the pile exactly; when dominoes were put aside face down (2 players, 3 classic)
 * it is the candidates, and the caption says how many of them will come.
 *
 * 760 px wide, a phone shows it at about 53%: squares of 42 px keep a crown glyph
 * 18 px tall (9.7 on the phone), the text 21 px and more (11). Five dominoes a row: the
 * most there can be (44, after the first line) take 9 rows, about 370 px tall on a phone.
 */
import type { Canvas } from '@napi-rs/canvas';
import { t } from '../i18n/index.js';
import { blankCanvas, drawFlatDomino, roundRect, text, wrapWords, type Box, type Ctx } from './draw.js';
import { UI } from './palette.js';
import { terrainTile } from './tiles.js';
import type { LeftView, RoundView, UnseenView } from './view.js';

export const LEFT_WIDTH = 760;
const M = 16;
const TITLE = 30;
const SMALL = 21;
const LINE = 28;
/** The terrains' block: two columns of three. */
const TERRAIN_ROW = 44;
const TILE = 34;
/** A domino of the list: its number, then the domino. */
const SQUARE = 42;
const NUMBER_W = 46;
const CELL_W = Math.floor((LEFT_WIDTH - 2 * M) / 5);
const CELL_H = SQUARE + 10;
const COLUMNS = 5;

/** One terrain's row: its tile (dimmed when none is left), then "14 squares, 5 crowns" at the text's size. */
export function drawTerrainLeft(
  c: Ctx,
  left: UnseenView['terrains'][number],
  x: number,
  y: number,
  s: number,
  maxW: number,
  size: number,
): void {
  c.globalAlpha = left.squares === 0 ? 0.35 : 1;
  c.drawImage(terrainTile(left.terrain, 0, s), x, y);
  const words = t('picture.unseen.row', { squares: left.squares, crowns: left.crowns });
  // The gap after the tile, in proportion to the text: 12 px beside 21 px words.
  const gap = Math.round((size * 4) / 7);
  text(c, words, x + s + gap, y + s / 2 + 1, { weight: 600, size, colour: UI.text }, maxW - s - gap);
  c.globalAlpha = 1;
}

function roundWords(r: RoundView): string {
  return r.round === 0 ? t('picture.openingPicks') : t('picture.round', { round: r.round, rounds: r.rounds });
}

/** The title and the caption under it: what the dominoes are, and how many of them will come. */
function headerLines(v: LeftView): { title: string; caption: string } {
  const count = v.dominoes.length;
  if (v.unseen.exact) return { title: t('picture.left.pile', { count }), caption: roundWords(v.round) };
  return {
    title: t('picture.left.notSeen', { count }),
    caption: `${roundWords(v.round)} · ${t('picture.left.onlySome', { count: v.toCome })}`,
  };
}

export interface LeftLayout {
  readonly width: number;
  readonly height: number;
  readonly captionLines: readonly string[];
  readonly terrains: Box;
  /** One box per domino, in the view's order. */
  readonly cells: readonly Box[];
}

export function layoutLeft(c: Ctx, v: LeftView): LeftLayout {
  const { caption } = headerLines(v);
  const captionLines = wrapWords(c, caption, 600, SMALL, LEFT_WIDTH - 2 * M);
  const terrainsY = M + TITLE + 12 + captionLines.length * LINE + 8;
  const terrains = { x: M, y: terrainsY, w: LEFT_WIDTH - 2 * M, h: 3 * TERRAIN_ROW + 16 };
  const listY = terrains.y + terrains.h + 14;
  const cells = v.dominoes.map((_, i) => ({
    x: M + (i % COLUMNS) * CELL_W,
    y: listY + Math.floor(i / COLUMNS) * CELL_H,
    w: CELL_W,
    h: CELL_H,
  }));
  const rows = Math.ceil(v.dominoes.length / COLUMNS);
  return { width: LEFT_WIDTH, height: listY + rows * CELL_H + M - 4, captionLines, terrains, cells };
}

export function drawLeft(v: LeftView, blank = blankCanvas): Canvas {
  // The caption's lines fix the height: measured on a throwaway canvas of the right width first.
  const l = layoutLeft(blankCanvas(LEFT_WIDTH, 1).c, v);
  const { canvas, c } = blank(l.width, l.height);
  const { title } = headerLines(v);
  text(c, title, M, M + TITLE / 2 + 2, { weight: 800, size: TITLE, colour: UI.text }, LEFT_WIDTH - 2 * M);
  // "Only 20 of them will come" is what keeps a player from counting on all of them: not dimmed.
  const colour = v.unseen.exact ? UI.textDim : UI.text;
  l.captionLines.forEach((line, i) =>
    text(c, line, M, M + TITLE + 12 + i * LINE + LINE / 2, { weight: 600, size: SMALL, colour }),
  );
  const b = l.terrains;
  roundRect(c, b.x, b.y, b.w, b.h, 12, UI.panel);
  const colW = b.w / 2;
  v.unseen.terrains.forEach((left, i) => {
    const x = b.x + 12 + Math.floor(i / 3) * colW;
    const y = b.y + 8 + (i % 3) * TERRAIN_ROW + (TERRAIN_ROW - TILE) / 2;
    drawTerrainLeft(c, left, x, y, TILE, colW - 24, SMALL);
  });
  v.dominoes.forEach((d, i) => {
    const cell = l.cells[i]!;
    const cy = cell.y + cell.h / 2;
    text(c, `#${d.n}`, cell.x + NUMBER_W, cy + 1, { weight: 800, size: 22, colour: UI.text, align: 'right' });
    drawFlatDomino(c, d, cell.x + NUMBER_W + 6, cy - SQUARE / 2, SQUARE);
  });
  return canvas;
}
