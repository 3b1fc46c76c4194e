/**
 * The ephemeral placement panel, shown only to the player whose turn it is: the
 * preview, a menu of every spot ranked by points, one "Take #N" button per free
 * domino (place where the preview shows it and claim #N: the whole move in one
 * tap), and the arrows, rotate and next/previous fit for fine control. Every
 * button carries the cursor it acts on, so the panel needs no memory between clicks.
 */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import {
  candidateGain,
  domino as dominoOf,
  nameCell,
  prompt,
  type Candidate,
  type GameState,
  type Half,
} from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { Placed } from '../../table/index.js';
import {
  cursorCells,
  cursorOf,
  cursorText,
  IN_GAME,
  sameCursor,
  type Cursor,
  type PanelScope,
  type TurnScope,
  type PanelSlot,
} from './codec.js';
import { MAX_OPTIONS } from '../wire/limits.js';
import { button, row, rows, selectRow, type Row } from './components.js';
import { rejectionText, spotLetters, type Shown } from './pictures.js';
import { dominoEmoji, dominoLabel, placementText, signed, terrainPlain } from './text.js';
import { leftButtonOf } from './left.js';
import type { APIButtonComponentWithCustomId } from 'discord-api-types/v10';

export const PREVIEW_PNG = 'preview.png';

export interface PanelInfo {
  readonly game: GameState;
  readonly domino: number;
  readonly at: Cursor;
  /** The domino at `at`, judged. */
  readonly candidate: Candidate;
  /** Every legal spot, judged, best first. */
  readonly ranked: readonly Candidate[];
  /** The dominoes the move can claim (none in the last round). */
  readonly choices: readonly number[];
  /** The hard AI's suggested placement, once asked for. */
  readonly hint: Cursor | null;
  readonly hintUsed: boolean;
  /** The preview, drawn with the same verdict and hint. */
  readonly preview: Shown;
  /** Where the buttons lead (default: the thread's game). */
  readonly scope?: PanelScope;
  /** The table Left to come names; none: no such button (the daily deal). */
  readonly table?: string | null;
}

const MOVES: readonly {
  slot: Exclude<PanelSlot, 'here' | 'rotate' | 'next' | 'prev'>;
  label: string;
  dx: number;
  dy: number;
}[] = [
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

function halfText(h: Half, cell: string): string {
  return t('panel.spotHalf', { terrain: terrainPlain(h), cell });
}

/** "+6 · C3-C4", with where each half goes below it. */
function spotMenu(info: PanelInfo): Row {
  const { game, at } = info;
  const grid = game.options.grid;
  const d = dominoOf(info.domino);
  const letters = spotLetters(info.ranked);
  const options = info.ranked.slice(0, MAX_OPTIONS).map((c, i) => {
    const cursor = cursorOf(c);
    const [cellA, cellB] = [nameCell(grid, c.a), nameCell(grid, c.b)];
    const spot = t('panel.spot', { gain: signed(candidateGain(c) ?? 0), where: placementText(grid, c) });
    // The letter the picture draws on that spot.
    const letter = letters[i];
    return {
      label: letter ? `${letter} · ${spot}` : spot,
      description: `${halfText(d.a, cellA ?? '')} · ${halfText(d.b, cellB ?? '')}`,
      value: cursorText(cursor),
      selected: sameCursor(cursor, at),
    };
  });
  return selectRow(
    t('panel.spotMenu', { count: info.ranked.length }),
    (info.scope ?? IN_GAME)({ verb: 'spot', turn: game.turn, hint: info.hint }),
    options,
  );
}

/** "Take #N" per free domino (the last round: place only), enabled when the shown spot fits. */
function takeButtons(
  game: GameState,
  placed: Placed,
  choices: readonly number[],
  fits: boolean,
  scope: PanelScope = IN_GAME,
): Row[] {
  if (choices.length === 0) {
    const at = placed.kind === 'place' ? cursorOf(placed) : null;
    const label = t(placed.kind === 'discard' ? 'panel.button.discard' : 'panel.button.placeHere');
    return [
      row(
        at
          ? button(label, scope({ verb: 'confirm', turn: game.turn, at }), ButtonStyle.Success, !fits)
          : button(label, scope({ verb: 'discard', turn: game.turn }), ButtonStyle.Danger),
      ),
    ];
  }
  const key = placed.kind === 'discard' ? 'panel.button.discardTake' : 'panel.button.take';
  const style = placed.kind === 'discard' ? ButtonStyle.Danger : ButtonStyle.Primary;
  return rows(
    choices.map((n) =>
      button(
        // The number alone: the picture's next line beside it shows the domino, its crowns and
        // its place in the next round, and a label this short keeps the row on a phone's width.
        t(key, { domino: `#${n}` }),
        scope({ verb: 'pick', turn: game.turn, placed, domino: n }),
        style,
        !fits,
        dominoEmoji(n),
      ),
    ),
  );
}

function fineControls(info: PanelInfo): Row[] {
  const { game, at, hint } = info;
  const scope = info.scope ?? IN_GAME;
  const turn = game.turn;
  const to = (slot: Exclude<PanelSlot, 'here'>, target: Cursor | null, label: string) =>
    button(
      label,
      scope({ verb: 'preview', turn, slot, at: target ?? at, hint }),
      ButtonStyle.Secondary,
      target === null || !onBoard(game, target),
    );
  const rotated: Cursor = { ...at, r: ((at.r + 1) % 4) as Cursor['r'] };
  const legal = info.ranked.map(cursorOf);
  const index = legal.findIndex((c) => sameCursor(c, at));
  return [
    row(
      ...MOVES.map((m) => to(m.slot, { ...at, x: at.x + m.dx, y: at.y + m.dy }, m.label)),
      to('rotate', rotated, t('panel.button.rotate')),
    ),
    row(
      to('prev', stepLegal(legal, at, -1), t('panel.button.previous')),
      to(
        'next',
        stepLegal(legal, at, 1),
        index >= 0 ? t('panel.button.nextOf', { index: index + 1, count: legal.length }) : t('panel.button.next'),
      ),
      button(t('panel.button.hint'), scope({ verb: 'hint', turn, at }), ButtonStyle.Secondary, info.hintUsed),
      ...leftOf(info.table ?? null, game),
    ),
  ];
}

/** Left to come, on a table's panel (the daily deal has none): a new private answer, the panel stays as it is. */
function leftOf(table: string | null, game: GameState): APIButtonComponentWithCustomId[] {
  return table === null ? [] : [leftButtonOf(table, game)];
}

/**
 * A player's first placements get the panel's whole text (what to place, how to use
 * the panel); later ones one line, what to place and the verdict: the picture shows
 * the rest, and the panel fits a phone's screen.
 */
const TAUGHT_AFTER = 2;

function taught(game: GameState): boolean {
  const now = prompt(game);
  return now.kind !== 'over' && (game.kingdoms[now.player]?.placements.length ?? 0) >= TAUGHT_AFTER;
}

export function panelView(info: PanelInfo): BaseMessageOptions {
  const { game, candidate } = info;
  const grid = game.options.grid;
  const where = placementText(grid, candidate);
  const fits = candidate.verdict.fits;
  const verdict = candidate.verdict.fits
    ? t('panel.fits', { where, gain: signed(candidateGain(candidate) ?? 0) })
    : t('panel.doesNotFit', { where, reason: rejectionText(candidate.verdict.rejection) });
  const hint = info.hint ? t('panel.hint', { where: placementText(grid, cursorCells(info.hint)) }) : null;
  const placed: Placed = { kind: 'place', ...cursorCells(info.at) };
  const place = t('panel.place', { domino: dominoLabel(info.domino) });
  // One line later on: the number only, the picture shows the domino.
  const placeShort = t('panel.place', { domino: `#${info.domino}` });
  return {
    content: (taught(game)
      ? [
          `${placeShort} ${fits ? t('panel.fitsShort', { where, gain: signed(candidateGain(candidate) ?? 0) }) : verdict}`,
          ...(hint ? [hint] : []),
        ]
      : [place, verdict, ...(hint ? [hint] : []), t(info.choices.length > 0 ? 'panel.howTo' : 'panel.howToLast')]
    ).join('\n'),
    files: [{ attachment: info.preview.png, name: PREVIEW_PNG, description: info.preview.alt }],
    components: [spotMenu(info), ...takeButtons(game, placed, info.choices, fits, info.scope), ...fineControls(info)],
  };
}

/** Nothing fits: the panel says so and offers only the discard (with the pick, when there is one). */
export function discardView(
  game: GameState,
  domino: number,
  choices: readonly number[],
  preview: Shown,
  scope: PanelScope = IN_GAME,
  table: string | null = null,
): BaseMessageOptions {
  const left = leftOf(table, game);
  return {
    content: t('panel.fitsNowhere', { domino: dominoLabel(domino) }),
    files: [{ attachment: preview.png, name: PREVIEW_PNG, description: preview.alt }],
    components: [
      ...takeButtons(game, { kind: 'discard' }, choices, true, scope),
      ...(left.length > 0 ? [row(...left)] : []),
    ],
  };
}

export interface PickInfo {
  readonly game: GameState;
  readonly placed: Placed;
  readonly inHand: number | null;
  /** The placement judged, when the move places. */
  readonly candidate: Candidate | null;
  readonly choices: readonly number[];
  readonly scope?: PanelScope;
  /** The table Left to come names; none: no such button (the daily deal). */
  readonly table?: string | null;
}

/** The opening picks (nothing to place yet), or the pick after a confirm from an older panel. */
export function pickView(info: PickInfo): BaseMessageOptions {
  const { game, placed } = info;
  const gain = info.candidate ? candidateGain(info.candidate) : null;
  const done =
    placed.kind === 'place' && info.inHand !== null
      ? t('panel.goesTo', { domino: info.inHand, where: placementText(game.options.grid, placed), gain: gain ?? 0 })
      : placed.kind === 'discard' && info.inHand !== null
        ? t('panel.willDiscard', { domino: info.inHand })
        : '';
  const back =
    placed.kind === 'place'
      ? [
          button(
            t('panel.button.back'),
            (info.scope ?? IN_GAME)({
              verb: 'preview',
              turn: game.turn,
              slot: 'here',
              at: cursorOf(placed),
              hint: null,
            }),
          ),
        ]
      : [];
  const last = [...back, ...leftOf(info.table ?? null, game)];
  // No picture: an update keeps the panel's preview, which already shows the domino where it goes.
  return {
    content: t('panel.pick', { done }),
    components: [
      ...takeButtons(game, placed, info.choices, true, info.scope),
      ...(last.length > 0 ? [row(...last)] : []),
    ],
  };
}

/**
 * The panel after the move went through: Undo while the move can be taken back
 * (`undoTurn`), and Plan ahead when the move revealed the line of the mover's next one
 * (`planAt`, its table).
 */
export function panelDoneView(
  text: string,
  undoTurn: number | null,
  scope: TurnScope = IN_GAME,
  planAt: string | null = null,
): BaseMessageOptions {
  const buttons = [
    ...(undoTurn === null ? [] : [button(t('panel.button.undo'), scope({ verb: 'undo', turn: undoTurn }))]),
    ...(planAt === null ? [] : [button(t('plan.button.open'), { verb: 'plan-of', table: planAt })]),
  ];
  const undo = buttons.length > 0 ? [row(...buttons)] : [];
  // No files: the preview goes (discord.js sends the files given, none, as the message's attachments).
  return { content: t('panel.done', { text }), components: undo, files: [] };
}
