/**
 * Game state -> PNG. Nothing here knows Discord. The same state always gives the
 * same bytes (no clock, no randomness, our own font). Drawing and encoding hold
 * the thread for tens of milliseconds: the bot does both in worker threads
 * (src/render/pool.ts).
 *
 * Cells are labelled with the game's notation (game/notation.ts): columns lettered,
 * rows numbered, castle E5 in 5x5 games, G7 in the Mighty Duel.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { Candidate, DynastyState, GameState, Pos } from '../game/index.js';
import { dynastySheetView, leftView, previewView, scoreSheetView, tableView } from './adapter.js';
import { drawLeft } from './left.js';
import { scratchCanvas } from './canvases.js';
import { drawDynastySheet } from './dynasty.js';
import { ensureFonts } from './fonts.js';
import { MOVE_PALETTE, renderPng } from './png.js';
import { drawPreview } from './preview.js';
import { drawScoreSheet } from './scoresheet.js';
import { drawTable } from './table.js';
import {
  describeDynastySheetView,
  describeLeftView,
  describePreviewView,
  describeScoreSheetView,
  describeTableView,
} from './describe.js';

export { FONT_FAMILY, ensureFonts } from './fonts.js';
export * from './text.js';
export { renderReplay, replayStates, type Replay, type ReplayOptions } from './replay.js';
export { emojiPng, type EmojiArt } from './emoji.js';
export { drawReviewMove, renderReviewMove, type ReviewPicture } from './review.js';
export { renderStandings as showStandings, type StandingsView, type StandingsRowView } from './standings.js';

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

/** A picture and what it shows in words (its alt text), both from one view of the state. */
export interface Shown {
  readonly png: Buffer;
  readonly alt: string;
}

/** The table after a move: the draft lines, every kingdom, whose turn it is. */
export async function showTable(state: GameState, opts: TableOptions = {}): Promise<Shown> {
  const view = tableView(state, opts.dynasty ?? null);
  const png = await renderPng(() => drawTable(view, scratchCanvas), MOVE_PALETTE);
  return { png, alt: describeTableView(state, view) };
}

/** The kingdom of the player who must place now, with the domino in hand tried at `candidate`. */
export async function showPreview(
  state: GameState,
  candidate: Candidate | null,
  opts: PreviewOptions = {},
): Promise<Shown> {
  const view = previewView(state, candidate, opts.hint ?? null);
  const png = await renderPng(() => drawPreview(view, scratchCanvas), MOVE_PALETTE);
  return { png, alt: describePreviewView(state, view) };
}

/** Every kingdom with its score arithmetic, the winner and the tie-break (running scores before the end). */
export async function showScoreSheet(state: GameState): Promise<Shown> {
  const view = scoreSheetView(state);
  const png = await renderPng(() => drawScoreSheet(view));
  return { png, alt: describeScoreSheetView(state, view) };
}

/** Dynasty: every game's score per player (kingdom thumbnails), the totals and the winner. */
export async function showDynastySheet(d: DynastyState): Promise<Shown> {
  const view = dynastySheetView(d);
  const png = await renderPng(() => drawDynastySheet(view));
  return { png, alt: describeDynastySheetView(d, view) };
}

/** What is left to come: the dominoes not yet seen, by number, and their squares and crowns per terrain. */
export async function showLeft(state: GameState): Promise<Shown> {
  const view = leftView(state);
  const png = await renderPng(() => drawLeft(view));
  return { png, alt: describeLeftView(view) };
}

/** The pictures alone (tools, tests). */
export const renderTable = async (state: GameState, opts: TableOptions = {}): Promise<Buffer> =>
  (await showTable(state, opts)).png;
export const renderPreview = async (
  state: GameState,
  candidate: Candidate | null,
  opts: PreviewOptions = {},
): Promise<Buffer> => (await showPreview(state, candidate, opts)).png;
export const renderScoreSheet = async (state: GameState): Promise<Buffer> => (await showScoreSheet(state)).png;
export const renderDynastySheet = async (d: DynastyState): Promise<Buffer> => (await showDynastySheet(d)).png;

/** For tests and tools that want pixels rather than bytes. */
export const draw = {
  table: (state: GameState, opts: TableOptions = {}): Canvas => drawTable(tableView(state, opts.dynasty ?? null)),
  preview: (state: GameState, candidate: Candidate | null, opts: PreviewOptions = {}): Canvas =>
    drawPreview(previewView(state, candidate, opts.hint ?? null)),
  scoreSheet: (state: GameState): Canvas => drawScoreSheet(scoreSheetView(state)),
  dynastySheet: (d: DynastyState): Canvas => drawDynastySheet(dynastySheetView(d)),
  left: (state: GameState): Canvas => drawLeft(leftView(state)),
};
