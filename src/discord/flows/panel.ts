/**
 * The player's private side of a turn: the placement panel (preview, arrows,
 * rotate, next/previous fit, hint, confirm), the discard when nothing fits, and the
 * pick buttons. Everything is read-only until the pick (or the last round's
 * confirm), which makes the move through makeMove.
 */
import { prompt } from '../../game/index.js';
import type { GameState } from '../../game/types.js';
import { renderPreview } from '../pictures.js';
import { keep, save, type Table } from '../../store/index.js';
import { privately, updating, type Answer } from '../answer.js';
import type { Cursor, Placed } from '../codec.js';
import type { Bot } from '../context.js';
import { afterPlacing, checkCursor, cursorCells, legalCursors, placementCursor, placementGain, pickChoices } from '../moves.js';
import { panelDoneView, panelView, discardView, pickView } from '../views/panel.js';
import { makeMove, refusal } from './move.js';

interface Click {
  readonly tableId: string;
  readonly userId: string;
  readonly turn: number;
}

type Loaded = { readonly ok: true; readonly table: Table & { status: 'playing' }; readonly player: number } | { readonly ok: false; readonly answer: Answer };

async function load(bot: Bot, click: Click): Promise<Loaded> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return { ok: false, answer: privately('The saved data of this game could not be read, so it was set aside. Please start a new game.') };
  if (loaded.kind !== 'found') return { ok: false, answer: privately('This game no longer exists.') };
  const table = loaded.table;
  const why = refusal(table, { kind: 'user', userId: click.userId }, click.turn);
  if (why !== null || table.status !== 'playing') return { ok: false, answer: privately(why ?? 'This game is not running.') };
  const p = prompt(table.game);
  if (p.kind === 'over') return { ok: false, answer: privately('This game is over.') };
  return { ok: true, table, player: p.player };
}

function hintOf(table: Table, userId: string, turn: number): boolean {
  return table.hintsUsed?.[String(turn)]?.includes(userId) ?? false;
}

interface PanelState {
  readonly at: Cursor;
  readonly hint: Cursor | null;
  readonly hintUsed: boolean;
}

async function placementPanel(game: GameState, player: number, state: PanelState): Promise<Answer['message']> {
  const p = prompt(game);
  if (p.kind !== 'place') throw new Error('no domino to place');
  if (!p.canPlace) return discardView(game, p.domino, await renderPreview(game, null));
  const problem = checkCursor(game, state.at);
  const png = await renderPreview(game, cursorCells(state.at), state.hint ? { hint: cursorCells(state.hint) } : undefined);
  return panelView({
    game, player, domino: p.domino, at: state.at, legal: legalCursors(game), problem,
    gain: problem === null ? placementGain(game, player, state.at) : null,
    hint: state.hint,
    hintUsed: state.hintUsed, png,
  });
}

function pickPanel(game: GameState, player: number, placed: Placed): Answer['message'] | null {
  const after = afterPlacing(game, player, placed);
  if (!after.ok) return null;
  const choices = pickChoices(after.value);
  if (choices.length === 0) return null;
  const p = prompt(game);
  const inHand = p.kind === 'place' ? p.domino : null;
  const gain = placed.kind === 'place' ? placementGain(game, player, placed.at) : null;
  return pickView({ game, player, placed, inHand, gain, choices });
}

/** "Your turn" on the turn message: open the private panel. */
export async function openPanel(bot: Bot, click: Click): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const { table, player } = loaded;
  const game = table.game;
  const p = prompt(game);
  if (p.kind === 'claim') {
    const panel = pickPanel(game, player, { kind: 'none' });
    return panel ? { kind: 'private', message: panel } : privately('There is nothing to pick.');
  }
  const first = legalCursors(game)[0] ?? { x: 1, y: 0, r: 0 };
  return { kind: 'private', message: await placementPanel(game, player, { at: first, hint: null, hintUsed: hintOf(table, click.userId, game.turn) }) };
}

/** An arrow, rotate, next/previous fit or back: the same panel at another cursor. */
export async function movePreview(bot: Bot, click: Click, at: Cursor, hint: Cursor | null): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const { table, player } = loaded;
  if (prompt(table.game).kind !== 'place') return privately('There is nothing to place now.');
  return updating(await placementPanel(table.game, player, { at, hint, hintUsed: hintOf(table, click.userId, table.game.turn) }));
}

/** The hard AI's suggestion, once per turn: the cursor jumps to it and it stays marked. */
export async function showHint(bot: Bot, click: Click, at: Cursor | null): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const { table, player } = loaded;
  const game = table.game;
  if (prompt(game).kind !== 'place') return privately('There is nothing to place now.');
  const key = String(game.turn);
  const { value: allowed } = await bot.store.update(click.tableId, (t) => {
    if (t.status !== 'playing' || t.game.turn !== game.turn) return keep(false);
    if (hintOf(t, click.userId, game.turn)) return keep(false);
    // Only the current turn's hints matter; older entries are dropped.
    return save({ ...t, hintsUsed: { [key]: [...(t.hintsUsed?.[key] ?? []), click.userId] } }, true);
  });
  if (!allowed) return privately('You have already used your hint this turn.');
  const suggestion = await bot.ai.hint(game, { timeMs: bot.config.aiHardMs });
  const hint = suggestion ? placementCursor(suggestion) : null;
  return updating(await placementPanel(game, player, { at: hint ?? at ?? legalCursors(game)[0] ?? { x: 1, y: 0, r: 0 }, hint, hintUsed: true }));
}

/** Confirm: show the pick buttons, or in the last round make the move at once. */
export async function confirmPlacement(bot: Bot, click: Click, at: Cursor): Promise<Answer> {
  return placeThenPick(bot, click, { kind: 'place', at });
}

export async function discardDomino(bot: Bot, click: Click): Promise<Answer> {
  return placeThenPick(bot, click, { kind: 'discard' });
}

async function placeThenPick(bot: Bot, click: Click, placed: Placed): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const { table, player } = loaded;
  const after = afterPlacing(table.game, player, placed);
  if (!after.ok) return privately(`That move is not possible: ${after.error.message}`);
  const panel = pickPanel(table.game, player, placed);
  if (panel) return updating(panel);
  return finish(bot, click, placed, null);
}

/** A pick button: the whole move (placement and pick) is made now. */
export async function pickDomino(bot: Bot, click: Click, placed: Placed, domino: number): Promise<Answer> {
  return finish(bot, click, placed, domino);
}

async function finish(bot: Bot, click: Click, placed: Placed, claim: number | null): Promise<Answer> {
  const result = await makeMove(bot, click.tableId, { turn: click.turn, mover: { kind: 'user', userId: click.userId }, placed, claim });
  if (!result.ok) return privately(result.refusal);
  return updating(panelDoneView(result.text));
}
