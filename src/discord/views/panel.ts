/**
 * The ephemeral placement panel and the pick buttons, shown only to the player
 * whose turn it is. Every button carries the cursor it leads to, so the panel
 * needs no memory between clicks.
 */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { candidateGain, type Candidate, type GameState } from '../../game/index.js';
import type { Placed } from '../../table/index.js';
import { cursorCells, cursorOf, sameCursor, type Cursor, type PanelSlot } from '../codec.js';
import { button, row, rows } from './components.js';
import { t } from '../../i18n/index.js';
import { dominoLabel, placementText, signed } from './text.js';

export const PREVIEW_PNG = 'preview.png';

export interface PanelInfo {
  readonly game: GameState;
  readonly domino: number;
  readonly at: Cursor;
  readonly legal: readonly Cursor[];
  /** The domino at `at`, judged. */
  readonly candidate: Candidate;
  /** The hard AI's suggested placement, once asked for. */
  readonly hint: Cursor | null;
  readonly hintUsed: boolean;
  readonly png: Buffer;
}

const MOVES: readonly { slot: Exclude<PanelSlot, 'here' | 'rotate' | 'next' | 'prev'>; label: string; dx: number; dy: number }[] = [
  { slot: 'left', label: '◀', dx: -1, dy: 0 },
  { slot: 'up', label: '▲', dx: 0, dy: -1 },
  { slot: 'down', label: '▼', dx: 0, dy: 1 },
  { slot: 'right', label: '▶', dx: 1, dy: 0 },
];

/** The cursor the next/previous-fit buttons lead to from `at`. */
function stepLegal(legal: readonly Cursor[], at: Cursor, step: 1 | -1): Cursor | null {
  if (legal.length === 0) return null;
  const i = legal.findIndex((c) => sameCursor(c, at));
  const from = i < 0 ? (step === 1 ? -1 : 0) : i;
  return legal[(from + step + legal.length) % legal.length] ?? null;
}

/** Can both halves still be drawn inside the largest frame the kingdom could have? */
function onBoard(game: GameState, at: Cursor): boolean {
  const reach = game.options.grid - 1;
  const { a, b } = cursorCells(at);
  return [a, b].every(([x, y]) => Math.abs(x) <= reach && Math.abs(y) <= reach);
}

function previewButtons(info: PanelInfo): ReturnType<typeof row>[] {
  const { game, at } = info;
  const turn = game.turn;
  const hint = info.hint;
  const to = (slot: Exclude<PanelSlot, 'here'>, target: Cursor | null, label: string) =>
    button(label, { verb: 'preview', turn, slot, at: target ?? at, hint }, ButtonStyle.Secondary, target === null || !onBoard(game, target));
  const rotated: Cursor = { ...at, r: ((at.r + 1) % 4) as Cursor['r'] };
  const legalIndex = info.legal.findIndex((c) => sameCursor(c, at));
  return [
    row(...MOVES.map((m) => to(m.slot, { ...at, x: at.x + m.dx, y: at.y + m.dy }, m.label)), to('rotate', rotated, t('panel.button.rotate'))),
    row(
      to('prev', stepLegal(info.legal, at, -1), t('panel.button.previous')),
      to('next', stepLegal(info.legal, at, 1), legalIndex >= 0 ? t('panel.button.nextOf', { index: legalIndex + 1, count: info.legal.length }) : t('panel.button.next')),
      button(t('panel.button.hint'), { verb: 'hint', turn, at }, ButtonStyle.Secondary, info.hintUsed),
      button(t('panel.button.confirm'), { verb: 'confirm', turn, at }, ButtonStyle.Success, !info.candidate.verdict.fits),
    ),
  ];
}

export function panelView(info: PanelInfo): BaseMessageOptions {
  const { game, candidate } = info;
  const grid = game.options.grid;
  const head = t('panel.place', { domino: dominoLabel(info.domino) });
  const where = placementText(grid, candidate);
  const verdict = candidate.verdict.fits
    ? t('panel.fits', { where, gain: signed(candidateGain(candidate) ?? 0) })
    : t('panel.doesNotFit', { where, reason: candidate.verdict.rejection.message });
  const hint = info.hint ? t('panel.hint', { where: placementText(grid, cursorCells(info.hint)) }) : null;
  return {
    content: [head, verdict, ...(hint ? [hint] : []), t('panel.howTo')].join('\n'),
    files: [{ attachment: info.png, name: PREVIEW_PNG }],
    components: previewButtons(info),
  };
}

/** Nothing fits: the panel says so and offers only the discard. */
export function discardView(game: GameState, domino: number, png: Buffer): BaseMessageOptions {
  return {
    content: t('panel.fitsNowhere', { domino: dominoLabel(domino) }),
    files: [{ attachment: png, name: PREVIEW_PNG }],
    components: [row(button(t('panel.button.discard'), { verb: 'discard', turn: game.turn }, ButtonStyle.Danger))],
  };
}

export interface PickInfo {
  readonly game: GameState;
  readonly placed: Placed;
  readonly inHand: number | null;
  /** The placement judged, when the move places. */
  readonly candidate: Candidate | null;
  readonly choices: readonly number[];
}

export function pickView(info: PickInfo): BaseMessageOptions {
  const { game, placed } = info;
  const gain = info.candidate ? candidateGain(info.candidate) : null;
  const done = placed.kind === 'place' && info.inHand !== null
    ? t('panel.goesTo', { domino: info.inHand, where: placementText(game.options.grid, placed), gain: gain ?? 0 })
    : placed.kind === 'discard' && info.inHand !== null ? t('panel.willDiscard', { domino: info.inHand }) : '';
  const picks = info.choices.map((n) => button(dominoLabel(n), { verb: 'pick', turn: game.turn, placed, domino: n }, ButtonStyle.Primary));
  const back = placed.kind === 'place'
    ? [row(button(t('panel.button.back'), { verb: 'preview', turn: game.turn, slot: 'here', at: cursorOf(placed), hint: null }))]
    : [];
  // No picture: an update keeps the panel's preview, which already shows the domino where it goes.
  return {
    content: t('panel.pick', { done }),
    components: [...rows(picks), ...back],
  };
}

/** The panel after the move went through: nothing left to click. */
export function panelDoneView(text: string): BaseMessageOptions {
  return { content: t('panel.done', { text }), components: [], files: [], attachments: [] } as BaseMessageOptions;
}
