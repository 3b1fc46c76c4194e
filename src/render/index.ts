/**
 * Game state -> PNG. Nothing here knows Discord. The same state always gives the
 * same bytes (no clock, no randomness, our own font). Drawing and encoding hold
 * the thread for tens of milliseconds: the bot does both in worker threads
 * (src/discord/render-pool.ts).
 *
 * Cells are labelled with the game's notation (game/notation.ts): columns lettered,
 * rows numbered, castle E5 in 5x5 games, G7 in the Mighty Duel.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { Candidate, DynastyState, GameState, Pos } from '../game/index.js';
import { dynastySheetView, previewView, scoreSheetView, tableView } from './adapter.js';
import { scratchCanvas } from './canvases.js';
import { drawDynastySheet } from './dynasty.js';
import { ensureFonts } from './fonts.js';
import { renderPng } from './png.js';
import { drawPreview } from './preview.js';
import { drawScoreSheet } from './scoresheet.js';
import { drawTable } from './table.js';

export { FONT_FAMILY, ensureFonts } from './fonts.js';
export * from './text.js';
export { renderReplay, replayStates, type Replay, type ReplayOptions } from './replay.js';
export { drawReviewMove, renderReviewMove, type ReviewPicture, type ReviewPictureMove } from './review.js';

ensureFonts();

export interface PreviewOptions {
  /** A suggested placement, drawn as a dashed outline. */
  readonly hint?: { readonly a: Pos; readonly b: Pos };
}

export interface TableOptions {
  /**
   * The Dynasty this game belongs to: the picture then says "Dynasty, game k of 3"
   * and each player's total so far (the earlier games' scores and this one's).
   */
  readonly dynasty?: DynastyState | null;
}

/** The table after a move: the draft lines, every kingdom, whose turn it is. */
export function renderTable(state: GameState, opts: TableOptions = {}): Promise<Buffer> {
  return renderPng(() => drawTable(tableView(state, opts.dynasty ?? null), scratchCanvas));
}

/** The kingdom of the player who must place now, with the domino in hand tried at `candidate`. */
export function renderPreview(
  state: GameState,
  candidate: Candidate | null,
  opts: PreviewOptions = {},
): Promise<Buffer> {
  return renderPng(() => drawPreview(previewView(state, candidate, opts.hint ?? null), scratchCanvas));
}

/** Every kingdom with its score arithmetic, the winner and the tie-break (running scores before the end). */
export function renderScoreSheet(state: GameState): Promise<Buffer> {
  return renderPng(() => drawScoreSheet(scoreSheetView(state)));
}

/** Dynasty: every game's score per player (kingdom thumbnails), the totals and the winner. */
export function renderDynastySheet(d: DynastyState): Promise<Buffer> {
  return renderPng(() => drawDynastySheet(dynastySheetView(d)));
}

/** For tests and tools that want pixels rather than bytes. */
export const draw = {
  table: (state: GameState, opts: TableOptions = {}): Canvas => drawTable(tableView(state, opts.dynasty ?? null)),
  preview: (state: GameState, candidate: Candidate | null, opts: PreviewOptions = {}): Canvas =>
    drawPreview(previewView(state, candidate, opts.hint ?? null)),
  scoreSheet: (state: GameState): Canvas => drawScoreSheet(scoreSheetView(state)),
  dynastySheet: (d: DynastyState): Canvas => drawDynastySheet(dynastySheetView(d)),
};
