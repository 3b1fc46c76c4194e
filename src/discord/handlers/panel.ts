/**
 * The player's private side of a turn: the placement panel (preview, arrows,
 * rotate, next/previous fit, hint, confirm), the discard when nothing fits, and the
 * pick buttons. Everything is read-only until the pick (or the last round's
 * confirm), which makes the move through makeMove.
 */
import { createHash } from 'node:crypto';
import { chooseAction } from '../../ai/index.js';
import {
  candidateGain,
  judgePlacement,
  openClaims,
  prompt,
  rankedCandidates,
  samePlacement,
  type Action,
  type Candidate,
  type GameState,
} from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  actedBy,
  afterPlacing,
  failedPlan,
  hintUsed,
  mayAct,
  pickChoices,
  useHint,
  type Placed,
  type Table,
  type Turn,
} from '../../table/index.js';
import { privately, updating, type Answer, type OrAnswer } from '../wire/answer.js';
import { cursorCells, cursorOf, type Cursor, type PanelScope, type TurnScope } from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { showPreview } from '../messages/pictures.js';
import { discardView, panelDoneView, panelView, pickView } from '../messages/panel.js';
import { refusalText } from '../messages/text.js';
import { planFailedText } from '../messages/plan.js';
import { makeMove, undoMove } from '../services/move.js';

interface Click {
  readonly tableId: string;
  readonly userId: string;
  readonly turn: number;
  /** Where the panel's buttons lead: the thread's game (the default), or the table they name (away from the thread). */
  readonly scope?: TurnScope;
}

/** Where the cursor stands when the domino fits nowhere (the panel then only offers the discard). */
export const NO_SPOT: Cursor = { x: 1, y: 0, r: 0 };

/** The table, if this user may act on it at this turn (the table layer's one check). */
async function load(bot: Bot, click: Click): Promise<OrAnswer<Turn>> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return { ok: false, answer: privately(t('error.gameCorrupt')) };
  if (loaded.kind !== 'found') return { ok: false, answer: privately(t('error.gameMissing')) };
  const may = mayAct(loaded.table, { kind: 'user', userId: click.userId }, click.turn);
  return may.ok
    ? { ok: true, value: may.value }
    : { ok: false, answer: privately(refusalText(may.refusal, loaded.table.seats)) };
}

export interface PanelState {
  readonly at: Cursor;
  readonly hint: Cursor | null;
  readonly hintUsed: boolean;
  /** The table its Left to come names (none on the daily deal, which has no thread nor table). */
  readonly table?: string;
}

/**
 * A quick look-ahead breaks ties between the spots worth the most points now: about
 * 10 ms of the hard player's search (in the AI workers), reproducible for a turn.
 */
const TIE_BREAK = { playouts: 200, timeMs: 150 } as const;
/**
 * How long the look-ahead may wait for an AI worker before the panel opens without it:
 * with the CPU spare enough to let it run (100 games at a human pace), look-aheads queued
 * behind each other in the one worker held the panel's p99 at about a second.
 */
const TIE_BREAK_WAIT_MS = 200;

/** Look-aheads kept, the latest: the panels of a few seconds of play at a few hundred games. */
const LOOKED_KEPT = 512;
/** The look-ahead's answers by the state it looked from (a digest of it), as it gave them. */
const looked = new Map<string, Action>();

/**
 * The quick look-ahead from `game`, once per state: a panel opened again in its turn
 * (the player closed it, undid the move, planned it) asks no second search. Null when
 * the AI could not answer in time (asked again next time).
 */
async function lookAhead(bot: Bot, game: GameState): Promise<Action | null> {
  const key = createHash('sha1').update(JSON.stringify(game)).digest('base64');
  const known = looked.get(key);
  if (known) return known;
  const action = await bot.ai
    .choose(game, 'hard', { ...TIE_BREAK, seed: game.turn }, { maxWaitMs: TIE_BREAK_WAIT_MS })
    .catch(() => null);
  if (!action) return null;
  if (looked.size >= LOOKED_KEPT) looked.delete(looked.keys().next().value as string);
  looked.set(key, action);
  return action;
}

/**
 * Where the panel opens: a spot worth the most points now. Several usually are (8 on
 * average); among them, the one a quick look-ahead prefers (it matches what a strong
 * player wants half the time, where the normal player's tie-break matches a third),
 * else (or when the bot is too busy for it) the normal computer player's choice.
 */
export async function openingSpot(bot: Bot, game: GameState, ranked: readonly Candidate[]): Promise<Cursor | null> {
  const best = ranked[0];
  if (!best) return null;
  // One spot alone worth the most: every tie-break opens there (a fifth of the panels), no look-ahead asked.
  const second = ranked[1];
  if (!second || candidateGain(second) !== candidateGain(best)) return cursorOf(best);
  // Under load the look-ahead (about as much CPU as a picture) gives way: the normal player's tie-break.
  const looked = bot.load.spare() ? await lookAhead(bot, game) : null;
  const worth = (a: Action | null) => (a?.type === 'place' ? ranked.find((c) => samePlacement(c, a)) : undefined);
  const quick = worth(looked);
  if (quick && candidateGain(quick) === candidateGain(best)) return cursorOf(quick);
  const normal = chooseAction(game, 'normal');
  return normal.type === 'place' ? cursorOf(normal) : cursorOf(best);
}

/** The panel of a domino to place in `game` (a table's, or the daily deal's), its buttons leading where `scope` says. */
export async function placementPanel(
  game: GameState,
  state: PanelState,
  scope: PanelScope | undefined,
  ranked = rankedCandidates(game),
): Promise<Answer['message']> {
  const p = prompt(game);
  if (p.kind !== 'place') throw new Error('no domino to place');
  // The free dominoes of the next line: what the move will end by claiming (none in the last round).
  const choices = openClaims(game);
  if (!p.canPlace)
    return discardView(game, p.domino, choices, await showPreview(game, null), scope, state.table ?? null);
  const { a, b } = cursorCells(state.at);
  const candidate = judgePlacement(game, a, b);
  const preview = await showPreview(game, candidate, state.hint ? { hint: cursorCells(state.hint) } : undefined);
  return panelView({
    game,
    domino: p.domino,
    at: state.at,
    candidate,
    ranked,
    choices,
    hint: state.hint,
    hintUsed: state.hintUsed,
    preview,
    scope,
    table: state.table ?? null,
  });
}

/** The pick buttons once `player` has placed (or has nothing to place); null when there is nothing to pick. */
export function pickPanel(
  game: GameState,
  player: number,
  placed: Placed,
  scope: PanelScope | undefined,
  table: string | null = null,
): Answer['message'] | null {
  const after = afterPlacing(game, player, placed);
  if (!after.ok) return null;
  const choices = pickChoices(after.value);
  if (choices.length === 0) return null;
  const p = prompt(game);
  const inHand = p.kind === 'place' ? p.domino : null;
  const candidate = placed.kind === 'place' ? judgePlacement(game, placed.a, placed.b) : null;
  return pickView({ game, placed, inHand, candidate, choices, scope, table });
}

/** "Your turn" on the turn message: open the private panel (the player before can no longer undo: undo.ts). */
export async function openPanel(bot: Bot, click: Click): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  if (actedBy(loaded.value.table, click.userId) !== loaded.value.table)
    await bot.store.update(click.tableId, (current) => {
      const acted = actedBy(current, click.userId);
      return acted === current ? keep() : save(acted);
    });
  const turn = loaded.value;
  const answer = await turnPanel(bot, click, turn);
  // The player's plan could not be played when their turn came: the panel says why they are asked.
  const failed = failedPlan(turn.table, turn.player);
  return failed && answer.kind === 'private'
    ? {
        ...answer,
        message: { ...answer.message, content: `${planFailedText(failed)}\n${answer.message.content ?? ''}` },
      }
    : answer;
}

async function turnPanel(bot: Bot, click: Click, turn: Turn): Promise<Answer> {
  if (turn.prompt.kind === 'claim') {
    const panel = pickPanel(turn.table.game, turn.player, { kind: 'none' }, click.scope, click.tableId);
    return panel ? { kind: 'private', message: panel } : privately(t('panel.nothingToPick'));
  }
  const ranked = rankedCandidates(turn.table.game);
  const at = (await openingSpot(bot, turn.table.game, ranked)) ?? NO_SPOT;
  return {
    kind: 'private',
    message: await placementPanel(
      turn.table.game,
      { at, hint: null, hintUsed: hintUsed(turn.table, click.userId, click.turn), table: click.tableId },
      click.scope,
      ranked,
    ),
  };
}

/** An arrow, rotate, next/previous fit or back: the same panel at another cursor. */
export async function movePreview(bot: Bot, click: Click, at: Cursor, hint: Cursor | null): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const turn = loaded.value;
  if (turn.prompt.kind !== 'place') return privately(refusalText({ code: 'nothing-to-place' }, turn.table.seats));
  return updating(
    await placementPanel(
      turn.table.game,
      { at, hint, hintUsed: hintUsed(turn.table, click.userId, click.turn), table: click.tableId },
      click.scope,
    ),
  );
}

/** The hard AI's suggestion, once per turn: the cursor jumps to it and it stays marked. */
export async function showHint(bot: Bot, click: Click, at: Cursor | null): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const turn = loaded.value;
  const { game } = turn.table;
  if (turn.prompt.kind !== 'place') return privately(refusalText({ code: 'nothing-to-place' }, turn.table.seats));
  const { value: allowed } = await bot.store.update(click.tableId, (current) => {
    if (current.status !== 'playing' || current.game.turn !== game.turn) return keep(false);
    const used = useHint(current, click.userId);
    return used ? save(used, true) : keep(false);
  });
  if (!allowed) return privately(t('panel.hintUsed'));
  const suggestion = await bot.ai.hint(game, { timeMs: bot.config.aiHardMs });
  const hint = suggestion ? cursorOf(suggestion) : null;
  return updating(
    await placementPanel(
      turn.table.game,
      { at: hint ?? at ?? NO_SPOT, hint, hintUsed: true, table: click.tableId },
      click.scope,
    ),
  );
}

/** Confirm: show the pick buttons, or in the last round make the move at once. */
export async function confirmPlacement(bot: Bot, click: Click, at: Cursor): Promise<Answer> {
  return placeThenPick(bot, click, { kind: 'place', ...cursorCells(at) });
}

export async function discardDomino(bot: Bot, click: Click): Promise<Answer> {
  return placeThenPick(bot, click, { kind: 'discard' });
}

async function placeThenPick(bot: Bot, click: Click, placed: Placed): Promise<Answer> {
  const loaded = await load(bot, click);
  if (!loaded.ok) return loaded.answer;
  const turn = loaded.value;
  const after = afterPlacing(turn.table.game, turn.player, placed);
  if (!after.ok) return privately(refusalText({ code: 'illegal-move', rejection: after.error }, turn.table.seats));
  const panel = pickPanel(turn.table.game, turn.player, placed, click.scope, click.tableId);
  if (panel) return updating(panel);
  // The last round: the move is made at once, on the table just read.
  return finish(bot, click, placed, null, turn.table);
}

/** A pick button: the whole move (placement and pick) is made now. */
export async function pickDomino(bot: Bot, click: Click, placed: Placed, domino: number): Promise<Answer> {
  return finish(bot, click, placed, domino);
}

async function finish(bot: Bot, click: Click, placed: Placed, claim: number | null, known?: Table): Promise<Answer> {
  const move = { turn: click.turn, mover: { kind: 'user' as const, userId: click.userId }, move: { placed, claim } };
  const result = await makeMove(bot, click.tableId, move, known);
  if (!result.ok) return privately(result.refusal);
  return updating(panelDoneView(result.value.text, result.value.undoTurn, click.scope, result.value.planAt));
}

/** Undo on the done panel: the move taken back (table/undo.ts), and the panel of that turn again. */
export async function undoLastMove(bot: Bot, click: Click): Promise<Answer> {
  const back = await undoMove(bot, click.tableId, click.userId);
  if (!back.ok) return privately(back.refusal);
  const panel = await openPanel(bot, { ...click, turn: back.value });
  return panel.kind === 'private' ? updating(panel.message) : panel;
}
