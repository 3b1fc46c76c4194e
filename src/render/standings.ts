/**
 * A league's standings as a picture, posted after each round and at the end: the
 * title, then one row per player (rank, name, placement points, and the game points,
 * games and byes behind them), the top three on a podium band. Made for a phone like
 * the score sheet: 960 px wide (0.42 of it at 400 px), names 28 px, no text under
 * 22 px. Nothing is said by colour alone: every rank is written, the podium's rows
 * also carry a medal's number, and the rows alternate in lightness, not hue.
 *
 * The words are the caller's (src/render knows no league): a view of plain strings.
 */
import type { Canvas } from '@napi-rs/canvas';
import { blankCanvas, roundRect, text, type Ctx } from './draw.js';
import { UI } from './palette.js';
import { renderPng } from './png.js';

export interface StandingsRowView {
  readonly rank: number;
  readonly name: string;
  /** The placement points, as the reader writes numbers ("4.5", "4,5"). */
  readonly points: string;
  /** The tie-breaks and games behind the points, in words. */
  readonly detail: string;
  /** Withdrew, dropped: said after the name (empty when none). */
  readonly note: string;
}

export interface StandingsView {
  readonly title: string;
  readonly subtitle: string;
  readonly rows: readonly StandingsRowView[];
  /** "…and 12 more." when not every player fits; null when all do. */
  readonly more: string | null;
}

export const STANDINGS_WIDTH = 960;
const M = 24;
const HEAD = 118;
const ROW = 56;
const FOOT = 52;
/** Gold, silver and bronze, told apart by lightness as much as by hue (and by their number). */
const MEDALS = ['#F5C542', '#C9D1DB', '#B0703A'] as const;

export function standingsSize(rows: number, more: boolean): { width: number; height: number } {
  return { width: STANDINGS_WIDTH, height: HEAD + rows * ROW + (more ? FOOT : 0) + M };
}

function drawRow(c: Ctx, row: StandingsRowView, y: number, index: number): void {
  const w = STANDINGS_WIDTH - 2 * M;
  roundRect(c, M, y, w, ROW - 6, 10, index % 2 === 0 ? UI.panel : UI.panelActive);
  const medal = row.rank <= 3 ? MEDALS[row.rank - 1] : undefined;
  const mid = y + (ROW - 6) / 2;
  if (medal) {
    c.beginPath();
    c.arc(M + 34, mid, 21, 0, 2 * Math.PI);
    c.fillStyle = medal;
    c.fill();
  }
  const rankStyle = { weight: 800, size: 26, colour: medal ? UI.outline : UI.textDim, align: 'center' } as const;
  text(c, String(row.rank), M + 34, mid, rankStyle);
  const name = row.note ? `${row.name} ${row.note}` : row.name;
  text(c, name, M + 76, mid, { weight: 800, size: 28, colour: UI.text, kind: 'name' }, 430);
  text(c, row.points, M + 590, mid, { weight: 800, size: 30, colour: UI.crown, align: 'right' });
  text(c, row.detail, M + 612, mid, { weight: 600, size: 22, colour: UI.textDim }, w - 612 - 12);
}

export function drawStandings(v: StandingsView): Canvas {
  const { width, height } = standingsSize(v.rows.length, v.more !== null);
  const { canvas, c } = blankCanvas(width, height);
  c.fillStyle = UI.background;
  c.fillRect(0, 0, width, height);
  text(c, v.title, M, 44, { weight: 800, size: 36, colour: UI.text }, width - 2 * M);
  text(c, v.subtitle, M, 88, { weight: 600, size: 24, colour: UI.textDim }, width - 2 * M);
  v.rows.forEach((row, i) => drawRow(c, row, HEAD + i * ROW, i));
  if (v.more !== null) {
    text(c, v.more, M, HEAD + v.rows.length * ROW + FOOT / 2, { weight: 600, size: 24, colour: UI.textDim });
  }
  return canvas;
}

/** The alt text: the same words, a line per player. */
export function describeStandings(v: StandingsView): string {
  const rows = v.rows.map((r) => `${r.rank}. ${r.name}${r.note ? ` ${r.note}` : ''}: ${r.points} (${r.detail})`);
  return [v.title, v.subtitle, ...rows, ...(v.more ? [v.more] : [])].join('\n');
}

export async function renderStandings(v: StandingsView): Promise<{ png: Buffer; alt: string }> {
  return { png: await renderPng(() => drawStandings(v)), alt: describeStandings(v) };
}
