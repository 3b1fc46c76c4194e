/**
 * The page as HTML: the channel's games, or one table (whose turn, both draft lines
 * with their kings, the player's own kingdom large with every legal spot lit and its
 * points, the others' kingdoms with their scores). Colours as in the pictures
 * (src/render/palette.ts), crowns and each square's terrain letter as a second cue;
 * every control a button with words for screen readers.
 */
import {
  AI_LEVELS,
  VARIANTS,
  domino,
  kingdomSquares,
  nameCell,
  prompt,
  reachableWindow,
  scorePlayer,
  type GameState,
  type Pos,
  type Terrain,
} from '../game/index.js';
import { PLAYERS, TERRAIN } from '../render/palette.js';
import { MAX_AI_SEATS, MAX_TIMER_MIN } from '../table/start.js';
import type { GameListing, Labelled, TableView } from './protocol.js';
import { cellKey, gainAt, seatOf, spots, type Draft, type MyTurn } from './play.js';
import { say } from './words.js';

const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square's crowns: gold, but in the square's own ink on wheat, where gold would not show. */
const crowns = (n: number, terrain: Terrain): string =>
  n > 0
    ? `<span class="c"${terrain === 'wheat' ? ` style="color:${TERRAIN.wheat.ink}"` : ''} aria-hidden="true">${'♛'.repeat(n)}</span>`
    : '';

function square(terrain: Terrain, n: number, extra = ''): string {
  // The terrain's letter in its pattern's ink, as the pictures draw it: readable on light wheat as on dark forest.
  const { base, ink } = TERRAIN[terrain];
  const name = say(`terrain.${terrain}`);
  return `<span class="sq ${extra}" style="background:${base}"><span class="l" style="color:${ink}" aria-hidden="true">${esc(name[0] ?? '')}</span>${crowns(n, terrain)}</span>`;
}

export function dominoHtml(n: number, vertical = false): string {
  const d = domino(n);
  const label = say('activity.domino', {
    n,
    a: say(`terrain.${d.a.terrain}`),
    b: say(`terrain.${d.b.terrain}`),
    crowns: d.a.crowns + d.b.crowns,
  });
  return `<span class="domino${vertical ? ' v' : ''}" role="img" aria-label="${esc(label)}">${square(d.a.terrain, d.a.crowns)}${square(d.b.terrain, d.b.crowns)}</span>`;
}

function king(table: TableView, player: number | null): string {
  if (player === null) return '<span class="nking"></span>';
  const style = PLAYERS[player % PLAYERS.length]!;
  const name = table.seats[player]?.name ?? '';
  return `<span class="king" style="background:${style.colour};color:${style.ink}" title="${esc(name)}">${esc(name[0] ?? '?')}</span>`;
}

export function gamesHtml(games: readonly GameListing[], note: string): string {
  const rows = games.map((g) => {
    const seats = g.seats.join(', ');
    const words =
      g.status === 'lobby'
        ? say('activity.game.lobby', { seats })
        : g.status === 'finished'
          ? say('activity.game.over', { seats })
          : say('activity.game.playing', { round: g.round ?? 1, seats });
    return `<button data-act="watch" data-id="${esc(g.id)}">${esc(words)}</button>`;
  });
  const list =
    games.length === 0 ? `<p>${esc(say('activity.noGames'))}</p>` : `<div class="games">${rows.join('')}</div>`;
  const open = `<div class="controls"><button class="go" data-act="open">🎲 ${esc(say('activity.newGame'))}</button></div>`;
  return `<h1>${esc(say('activity.games'))}</h1>${noteHtml(note)}${list}${open}`;
}

/** What the bot last said to this page (a refusal, what was done), read out by screen readers. */
const noteHtml = (note: string): string => `<p id="note" role="status">${esc(note)}</p>`;

const optionsHtml = (options: readonly Labelled[], selected = ''): string =>
  options
    .map(
      ([value, label]) =>
        `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label)}</option>`,
    )
    .join('');

/** A choice among values, under the start command's description of its option. */
function selectHtml(name: string, label: string, options: readonly Labelled[], selected?: string): string {
  return `<label class="opt"><span>${esc(label)}</span><select name="${name}">${optionsHtml(options, selected)}</select></label>`;
}

function checkHtml(name: string, value: string, label: string, detail: string): string {
  return `<label class="opt check"><input type="checkbox" name="${name}" value="${esc(value)}" /><span>${esc(label)}<small>${esc(detail)}</small></span></label>`;
}

/** The new game form's choices the page cannot name itself (the bot's words: welcome). */
export interface NewGameChoices {
  readonly paces: readonly Labelled[];
  readonly languages: readonly Labelled[];
}

/** A new game's choices, the start command's options each under its own description (what is left alone: its default). */
export function newGameHtml(choices: NewGameChoices, note: string): string {
  const variants = VARIANTS.map((v) =>
    checkHtml('variant', v, say(`variant.${v}`), say(`command.start.${v}.description`)),
  );
  const seats = Array.from({ length: MAX_AI_SEATS + 1 }, (_, n): Labelled => [String(n), String(n)]);
  const levels = AI_LEVELS.map((level): Labelled => [level, say(`ai.level.${level}`)]);
  const timer = `<label class="opt"><span>${esc(say('command.start.turnTimer.description'))}</span><input name="timer" type="number" inputmode="numeric" min="0" max="${MAX_TIMER_MIN}" step="1" placeholder="—" /></label>`;
  const plan = `<label class="opt check"><input type="checkbox" name="planAhead" /><span>${esc(say('command.start.planAhead.description'))}</span></label>`;
  const fields = [
    selectHtml('aiSeats', say('command.start.aiSeats.description'), seats),
    selectHtml('aiLevel', say('command.start.aiLevel.description'), levels, 'normal'),
    ...variants,
    selectHtml('pace', say('command.start.pace.description'), choices.paces),
    timer,
    plan,
    selectHtml('language', say('command.start.language.description'), [['', '—'], ...choices.languages]),
  ];
  const buttons = `<div class="controls"><button class="go" data-act="create">🎲 ${esc(say('activity.newGame'))}</button><button data-act="back">☰ ${esc(say('activity.back'))}</button></div>`;
  return `<h1>🎲 ${esc(say('activity.newGame'))}</h1>${noteHtml(note)}<form id="new-game">${fields.join('')}${buttons}</form>`;
}

/** A draft line: each domino with the king on it; the free ones of the next line are buttons when the player may pick. */
function lineHtml(table: TableView, game: GameState, which: 'current' | 'next', pickable: readonly number[]): string {
  const slots = game[which].map(({ domino: n, king: k }) => {
    const owner = k === null ? null : (game.kings[k] ?? null);
    const inner = `${king(table, owner)}${dominoHtml(n)}<span class="num">${n}</span>`;
    if (!pickable.includes(n)) return `<div class="slot">${inner}</div>`;
    return `<button class="slot free" data-act="pick" data-n="${n}" aria-label="${esc(say('activity.pick', { n }))}">${inner}</button>`;
  });
  const title = which === 'current' ? say('activity.line.current') : say('activity.line.next');
  return `<section class="line" aria-label="${esc(title)}"><h2>${esc(title)}</h2>${slots.join('') || '—'}</section>`;
}

interface Lit {
  readonly turn: MyTurn;
  readonly draft: Draft;
}

function cellHtml(game: GameState, player: number, pos: Pos, lit: Lit | null, open: ReadonlyMap<string, Pos>): string {
  const grid = game.options.grid;
  const name = nameCell(grid, pos);
  const key = cellKey(pos);
  const at = `data-x="${pos[0]}" data-y="${pos[1]}"`;
  const sq = kingdomSquares(game, player).get(key);
  const placed = lit?.draft.placed?.kind === 'place' ? lit.draft.placed : null;
  const inHand = lit?.turn.domino != null ? domino(lit.turn.domino) : null;
  if (placed && inHand && (cellKey(placed.a) === key || cellKey(placed.b) === key)) {
    const half = cellKey(placed.a) === key ? inHand.a : inHand.b;
    const gain = cellKey(placed.a) === key ? `<span class="gain">+${gainAt(lit!.turn, placed.a, placed.b)}</span>` : '';
    return square(half.terrain, half.crowns, 'ghost')
      .replace('</span>', `</span>${gain}`)
      .replace('<span class="sq', `<span ${at} class="sq`);
  }
  if (sq?.kind === 'castle')
    return `<span class="sq castle" ${at} aria-label="${esc(say('activity.castle'))}">♜</span>`;
  if (sq?.kind === 'land')
    return square(sq.terrain, sq.crowns).replace(
      '<span class="sq',
      `<span ${at} aria-label="${esc(`${name} ${say(`terrain.${sq.terrain}`)}`)}" class="sq`,
    );
  const b = open.get(key);
  if (lit && b && inHand) {
    const gain = gainAt(lit.turn, pos, b);
    const label = say('activity.spot', { n: inHand.n, cell: name, gain });
    return `<button class="sq spot" ${at} data-act="spot" data-gain="${gain}" aria-label="${esc(label)}"></button>`;
  }
  return `<span class="sq empty" ${at}></span>`;
}

/** A kingdom within the cells it may still use; lit: the player's own, with the spots of the domino in hand. */
export function kingdomHtml(game: GameState, player: number, lit: Lit | null): string {
  const cells = [...kingdomSquares(game, player).keys()].map((k) => k.split(',').map(Number) as unknown as Pos);
  const w = reachableWindow(game.options.grid, cells);
  const open = lit && lit.turn.canPlace ? spots(lit.turn, lit.draft.r) : new Map<string, Pos>();
  const rows: string[] = [];
  for (let y = w.minY; y <= w.maxY; y++)
    for (let x = w.minX; x <= w.maxX; x++) rows.push(cellHtml(game, player, [x, y], lit, open));
  return `<div class="kingdom" style="grid-template-columns:repeat(${w.maxX - w.minX + 1},auto)">${rows.join('')}</div>`;
}

function scoreHtml(table: TableView, game: GameState, player: number): string {
  const points = scorePlayer(game, player).total;
  const name = table.seats[player]?.name ?? '';
  return `<div class="score">${king(table, player)}<span>${esc(say('activity.score', { name, points }))}</span></div>`;
}

export interface TableScene {
  readonly table: TableView;
  readonly userId: string;
  readonly turn: MyTurn | null;
  readonly draft: Draft;
  readonly status: string;
  readonly note: string;
  /** The player had this turn's hint. */
  readonly hinted: boolean;
  /** Buttons instead of the play's (a replay's steps). */
  readonly controls?: string;
}

function controlsHtml(scene: TableScene): string {
  if (scene.controls !== undefined) return scene.controls;
  const { turn, draft, table } = scene;
  const buttons: string[] = [];
  if (turn?.domino != null && turn.canPlace)
    buttons.push(`<button data-act="rotate" aria-keyshortcuts="R">⟳ ${esc(say('activity.rotate'))}</button>`);
  if (turn?.domino != null && turn.canPlace && !scene.hinted)
    buttons.push(`<button data-act="hint">💡 ${esc(say('activity.hint'))}</button>`);
  if (turn?.domino != null && !turn.canPlace && draft.placed === null)
    buttons.push(`<button data-act="discard">🗑 ${esc(say('activity.discard'))}</button>`);
  if (turn && turn.choices.length === 0 && draft.placed !== null)
    buttons.push(`<button class="go" data-act="confirm">✅ ${esc(say('activity.confirm'))}</button>`);
  if (table.undo && table.undo.by === scene.userId && table.game?.turn === table.undo.turn)
    buttons.push(`<button data-act="undo" aria-keyshortcuts="U">↩ ${esc(say('activity.undo'))}</button>`);
  buttons.push(`<button data-act="back">☰ ${esc(say('activity.back'))}</button>`);
  return `<div class="controls">${buttons.join('')}</div>${endHtml(scene)}`;
}

/** A Dynasty's game and each player's points over its games so far. */
function dynastyHtml(table: TableView): string {
  if (!table.dynasty) return '';
  const { game, of, totals } = table.dynasty;
  const list = table.seats.map((s, i) => `${s.name} ${totals[i] ?? 0}`).join(', ');
  return `<p class="dynasty">${esc(say('dynasty.header', { game, of }))} · ${esc(say('activity.dynastyTotals', { totals: list }))}</p>`;
}

/** Once the game is over, as its final message: each game's replay, and the players' own reviews. */
function endHtml({ table, userId }: TableScene): string {
  if (table.status !== 'finished' && table.status !== 'cancelled') return '';
  const games = table.dynasty ? table.dynasty.game : 1;
  const player = table.status === 'finished' && seatOf(table, userId) !== null;
  const buttons = Array.from({ length: games }, (_, i) => i + 1).flatMap((game) => [
    `<button data-act="replay" data-game="${game}">${esc(games > 1 ? say('activity.replayGame', { game }) : say('replay.button'))}</button>`,
    ...(player
      ? [
          `<button data-act="review" data-game="${game}">${esc(games > 1 ? say('review.buttonGame', { game }) : say('review.button'))}</button>`,
        ]
      : []),
  ]);
  return `<div class="controls">${buttons.join('')}</div>`;
}

const closeButton = (): string => `<button data-act="unreplay">${esc(say('activity.replay.close'))}</button>`;

/** A player's review, in the thread's words made plain, under the game's status. */
export function reviewHtml(status: string, lines: readonly string[]): string {
  const review = lines.map((l) => `<p>${esc(l)}</p>`).join('');
  return `<p id="status">${esc(status)}</p><div class="controls">${closeButton()}</div><section class="review">${review}</section>`;
}

/** A replay's steps: a move back and on, a round back and on, and back to the result. */
export function replayControls(at: number, last: number, rounds: readonly [number | null, number | null]): string {
  const step = (label: string, to: number | null, name = label) =>
    `<button data-act="step" data-to="${to ?? ''}" aria-label="${esc(name)}"${to === null ? ' disabled' : ''}>${esc(label)}</button>`;
  return `<div class="controls">${[
    step(say('replay.view.roundBack'), rounds[0]),
    step('◀', at > 0 ? at - 1 : null),
    step('▶', at < last ? at + 1 : null),
    step(say('replay.view.roundOn'), rounds[1]),
    closeButton(),
  ].join('')}</div>`;
}

function handHtml(turn: MyTurn | null, draft: Draft): string {
  if (turn?.domino == null || !turn.canPlace) return '';
  return `<div class="hand"><span id="hand" data-act="hand">${dominoHtml(turn.domino, draft.r % 2 === 1)}</span><span class="num">${esc(say('activity.help'))}</span></div>`;
}

const actButton = (act: string, label: string, extra = '', disabled = false): string =>
  `<button data-act="${act}"${extra}${disabled ? ' disabled' : ''}>${esc(label)}</button>`;

/** The host's buttons, as on the lobby message: computers added and removed, the game started. */
function hostButtons(table: TableView): string[] {
  const full = table.room !== null && table.seats.length >= table.room.max;
  const adds = AI_LEVELS.map((level) =>
    actButton('add-ai', say('lobby.button.addAi', { level: say(`ai.level.${level}`) }), ` data-level="${level}"`, full),
  );
  const hasAi = table.seats.some((s) => s.kind === 'ai');
  const start = `<button class="go" data-act="start"${table.room?.ready ? '' : ' disabled'}>${esc(say('lobby.button.start'))}</button>`;
  return [start, ...adds, actButton('remove-ai', say('lobby.button.removeAi'), '', !hasAi)];
}

/** A lobby: who sits at the table and who hosts it; a seat to take, to leave, or the host's buttons. */
function lobbyHtml({ table, userId }: TableScene): string {
  const seated = say('activity.seated', { seats: table.seats.map((s) => s.name).join(', ') });
  const host = table.seats.find((s) => s.userId === table.hostId)?.name ?? '';
  const lines = [`<p>${esc(seated)}</p>`, `<p>${esc(say('activity.host', { name: host }))}</p>`];
  if (table.status !== 'lobby') return lines.join('');
  const buttons =
    userId === table.hostId
      ? hostButtons(table)
      : seatOf(table, userId) === null
        ? [`<button class="go" data-act="join">${esc(say('activity.join'))}</button>`]
        : [actButton('leave', say('lobby.button.leave'))];
  if (userId !== table.hostId) lines.push(`<p>${esc(say('activity.waitHost', { name: host }))}</p>`);
  return `${lines.join('')}<div class="controls">${buttons.join('')}</div>`;
}

export function tableHtml(scene: TableScene): string {
  const { table, turn, draft } = scene;
  const game = table.game;
  const status = `<p id="status" class="${turn ? 'mine' : ''}">${esc(scene.status)}</p>${dynastyHtml(table)}<p id="note" role="status">${esc(scene.note)}</p>`;
  if (!game) return `${status}${lobbyHtml(scene)}${controlsHtml(scene)}`;
  // The player's own kingdom large; a spectator's: the kingdom of whoever is to play.
  const next = prompt(game);
  const mine = turn?.player ?? seatOf(table, scene.userId) ?? (next.kind === 'over' ? 0 : next.player);
  const pickable = turn && (turn.domino === null || draft.placed !== null) ? turn.choices : [];
  const lit = turn ? { turn, draft } : null;
  const others = table.seats
    .map((_, i) => i)
    .filter((i) => i !== mine)
    .map(
      (i) =>
        `<section class="other" aria-label="${esc(say('activity.kingdomOf', { name: table.seats[i]?.name ?? '' }))}">${scoreHtml(table, game, i)}${kingdomHtml(game, i, null)}</section>`,
    );
  return `${status}<div class="layout"><div>
    <section aria-label="${esc(say('activity.kingdomOf', { name: table.seats[mine]?.name ?? '' }))}">${scoreHtml(table, game, mine)}${kingdomHtml(game, mine, lit)}</section>
    ${handHtml(turn, draft)}${controlsHtml(scene)}</div><div>
    <div class="lines">${lineHtml(table, game, 'current', [])}${lineHtml(table, game, 'next', pickable)}</div>
    <div class="others">${others.join('')}</div></div></div>`;
}
