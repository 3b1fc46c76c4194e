/**
 * The live board's page, inside Discord: the Embedded App SDK's handshake (ready,
 * authorize, the code exchanged by the bot, authenticate), then one WebSocket to the
 * bot, said hello to with Discord's token, which carries the channel's games and
 * every change of the table shown. Reconnects by itself (a reload, a bot restart).
 */
import { Common, DiscordSDK } from '@discord/embedded-app-sdk';
import {
  isAiLevel,
  isVariant,
  nameCell,
  prompt,
  replayStates,
  result,
  type GameState,
  type Placement,
  type Pos,
} from '../game/index.js';
import { replayRounds, roundJump } from '../table/replay.js';
import { isPace } from '../table/pace.js';
import {
  LIVE_PATH,
  TOKEN_PATH,
  type ClientMessage,
  type GameListing,
  type NewGameChoice,
  type ServerMessage,
  type TableView,
} from './protocol.js';
import { myTurn, moveOf, spots, turnFitting, TURNS, type Draft, type MyTurn } from './play.js';
import { gamesHtml, newGameHtml, replayControls, reviewHtml, tableHtml, type NewGameChoices } from './view.js';
import { say, useWords } from './words.js';

interface State {
  me: { readonly id: string; readonly name: string } | null;
  games: readonly GameListing[];
  table: TableView | null;
  /** The table asked for: shown again after a reconnection. */
  watching: string | null;
  draft: Draft;
  note: string;
  connected: boolean;
  /** The game's turn the player had the hint at (one a turn). */
  hinted: number;
  /** A game over, replayed (of a Dynasty: which): its states (0: before the first move), their captions, the one shown. */
  replay: {
    readonly game: number;
    readonly states: readonly GameState[];
    readonly captions: readonly string[];
    at: number;
  } | null;
  /** The player's review of a game, in lines. */
  review: readonly string[] | null;
  /** The new game form is shown (over the list), with the choices the bot named. */
  form: boolean;
  choices: NewGameChoices;
}

const state: State = {
  me: null,
  games: [],
  table: null,
  watching: null,
  draft: { turn: -1, r: 0, placed: null },
  note: '',
  connected: false,
  hinted: -1,
  replay: null,
  review: null,
  form: false,
  choices: { paces: [], languages: [] },
};
const app = document.getElementById('app')!;
let socket: WebSocket | null = null;
let hello: ClientMessage | null = null;

function send(message: ClientMessage): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function statusOf(table: TableView, turnMine: boolean): string {
  const game = table.game;
  if (!state.connected) return say('activity.reconnecting');
  if (!game || table.status === 'lobby') return say('activity.lobby');
  if (table.status !== 'playing') {
    // A Dynasty is won on its totals, not by its last game.
    const won = table.dynasty ? table.dynasty.winners : result(game)?.winners;
    const winners = won?.map((w) => table.seats[w]?.name ?? '') ?? [];
    return winners.length > 0
      ? `${say('activity.over')} ${say('activity.won', { names: winners.join(', ') })}`
      : say('activity.over');
  }
  const p = prompt(game);
  if (p.kind === 'over') return say('activity.over');
  const deadline = table.deadline
    ? ` · ${say('activity.deadline', { time: new Intl.DateTimeFormat(document.documentElement.lang, { timeStyle: 'short' }).format(table.deadline) })}`
    : '';
  if (!turnMine) return say('activity.turn.other', { name: table.seats[p.player]?.name ?? '' }) + deadline;
  if (p.kind === 'claim') return say('activity.turn.pick') + deadline;
  return (
    (p.canPlace ? say('activity.turn.place', { n: p.domino }) : say('activity.turn.discard', { n: p.domino })) +
    deadline
  );
}

/** A new turn's draft: the domino turned the way it was, or else the first way it fits somewhere. */
function freshDraft(table: TableView, turn: MyTurn | null): Draft {
  const r = state.draft.r;
  const fits = (tried: number) => turn !== null && spots(turn, tried).size > 0;
  const first = turn?.canPlace && !fits(r) ? TURNS.findIndex((_, i) => fits(i)) : r;
  return { turn: table.game?.turn ?? -1, r: Math.max(0, first), placed: null };
}

/** Draw the page again, the focus kept on the same control. */
function render(): void {
  const focused = document.activeElement as HTMLElement | null;
  const focusKey = focused?.dataset['act']
    ? `[data-act="${focused.dataset['act']}"]${focused.dataset['n'] ? `[data-n="${focused.dataset['n']}"]` : ''}${focused.dataset['x'] ? `[data-x="${focused.dataset['x']}"][data-y="${focused.dataset['y']}"]` : ''}`
    : null;
  const { table, me } = state;
  if (!me) app.innerHTML = `<p id="status">${say('activity.loading')}</p>`;
  else if (!table && state.form) showForm();
  else if (!table) app.innerHTML = gamesHtml(state.games, state.note);
  else if (state.review) app.innerHTML = reviewHtml(statusOf(table, false), state.review);
  else if (state.replay) app.innerHTML = replayScene(table, me.id, state.replay);
  else {
    // Nothing is played while the connection is down: a move would be lost on the way.
    const turn = state.connected ? myTurn(table, me.id) : null;
    if (state.draft.turn !== table.game?.turn) state.draft = freshDraft(table, turn);
    app.innerHTML = tableHtml({
      table,
      userId: me.id,
      turn,
      draft: state.draft,
      status: statusOf(table, turn !== null),
      note: state.note,
      hinted: state.hinted === table.game?.turn,
    });
  }
  if (focusKey) (app.querySelector(focusKey) as HTMLElement | null)?.focus();
}

/** The new game form; once shown, only its note changes (what the player chose stays as it is). */
function showForm(): void {
  const note = app.querySelector('#new-game') && app.querySelector('#note');
  if (note) note.textContent = state.note;
  else app.innerHTML = newGameHtml(state.choices, state.note);
}

/** What the form says, as the bot reads it (input.ts): what is left alone is null, the default. */
function choiceOf(form: HTMLFormElement): NewGameChoice {
  const data = new FormData(form);
  const value = (name: string): string => String(data.get(name) ?? '');
  const level = value('aiLevel');
  const pace = value('pace');
  const plan = form.elements.namedItem('planAhead') as HTMLInputElement;
  return {
    aiSeats: Number(value('aiSeats')),
    aiLevel: isAiLevel(level) ? level : 'normal',
    variants: data.getAll('variant').filter(isVariant),
    turnTimerMin: value('timer') === '' ? null : Number(value('timer')),
    language: value('language') || null,
    pace: isPace(pace) ? pace : null,
    planAhead: plan.dataset['touched'] ? plan.checked : null,
  };
}

/** The form sent, once the browser finds it well filled in (else it says what is wrong, nothing is sent). */
function create(): void {
  const form = app.querySelector<HTMLFormElement>('#new-game');
  if (!form?.reportValidity()) return;
  state.note = '';
  send({ type: 'open', choice: choiceOf(form) });
  render();
}

function received(message: ServerMessage): void {
  if (message.type === 'welcome') {
    useWords(message.locale, message.words);
    state.connected = true;
    state.me = message.user;
    state.games = message.games;
    state.choices = message.choices;
    const playing = message.games.find((g) => g.status === 'playing');
    const wanted = state.watching ?? (message.games.length === 1 || playing ? (playing ?? message.games[0])?.id : null);
    if (wanted) watch(wanted);
  } else if (message.type === 'table') {
    if (message.table.id !== state.watching) return;
    if (state.table && state.table.version > message.table.version) return;
    state.table = message.table;
    document.body.dataset['version'] = String(message.table.version);
  } else if (message.type === 'games') {
    state.games = message.games;
  } else if (message.type === 'opened') {
    state.form = false;
    watch(message.table);
  } else if (message.type === 'replay') {
    const states = replayStates(message.record);
    if (message.table === state.watching && states.ok)
      state.replay = { game: message.game, states: states.value, captions: message.captions, at: 0 };
    state.review = null;
  } else if (message.type === 'review') {
    if (message.table === state.watching) state.review = message.lines.map(plain);
    state.replay = null;
    state.note = '';
  } else if (message.type === 'hint') {
    hinted(message.table, message.turn, message.at);
  } else {
    state.note = plain(message.text);
  }
  render();
}

/** A replayed state drawn as the board: its caption, the kingdoms and lines then, the steps. */
function replayScene(table: TableView, userId: string, replay: NonNullable<State['replay']>): string {
  const { states, captions, at } = replay;
  const rounds = replayRounds(states);
  const caption = `${say('activity.replay.move', { move: at, moves: states.length - 1 })} · ${captions[at] ?? ''}`;
  // A Dynasty's line names the game replayed, with the totals of all three.
  const dynasty = table.dynasty && { ...table.dynasty, game: replay.game };
  return tableHtml({
    table: { ...table, game: states[at] ?? null, undo: null, deadline: null, dynasty },
    userId,
    turn: null,
    draft: { turn: -1, r: 0, placed: null },
    status: caption,
    note: '',
    hinted: true,
    controls: replayControls(at, states.length - 1, [roundJump(rounds, at, -1), roundJump(rounds, at, 1)]),
  });
}

/** The bot's words as Discord shows them, made plain: no markdown (stars, code ticks), no custom emoji codes. */
function plain(text: string): string {
  return text.replace(/\*\*|__|~~|`/g, '').replace(/<a?:(\w+):\d+>/g, '');
}

/** The hint: the domino goes where the hard computer player would put it, and the page says where. */
function hinted(tableId: string, turn: number, at: Placement | null): void {
  const game = state.table?.game;
  if (tableId !== state.watching || !game || game.turn !== turn) return;
  state.hinted = turn;
  if (!at) return;
  const r = TURNS.findIndex(([dx, dy]) => at.b[0] - at.a[0] === dx && at.b[1] - at.a[1] === dy);
  state.draft = { turn, r: Math.max(0, r), placed: { kind: 'place', a: at.a, b: at.b } };
  state.note = say('activity.hinted', { cell: nameCell(game.options.grid, at.a) });
}

function watch(tableId: string): void {
  state.watching = tableId;
  state.note = '';
  state.replay = null;
  state.review = null;
  send({ type: 'watch', table: tableId });
}

/** The live connection, opened again after a loss (the bot restarting), a little later each time. */
function connect(retry = 0): void {
  const url = new URL(LIVE_PATH, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  socket = ws;
  ws.onopen = () => {
    retry = 0;
    // The welcome that answers says it is connected, and shows again the game being watched.
    if (hello) send(hello);
  };
  ws.onmessage = (event) => received(JSON.parse(String(event.data)) as ServerMessage);
  ws.onclose = (event) => {
    state.connected = false;
    render();
    // 1008: the bot refused who we are; trying again would not change its mind.
    if (event.code !== 1008) setTimeout(() => connect(retry + 1), Math.min(5000, 250 * 2 ** retry));
  };
}

function cellAt(el: Element | null): Pos | null {
  const cell = el?.closest<HTMLElement>('[data-x]');
  return cell ? [Number(cell.dataset['x']), Number(cell.dataset['y'])] : null;
}

/** Half a of the domino in hand goes to `at` (a tap, a drop or Enter on a lit cell), turned to fit if it must. */
function placeAt(at: Pos): void {
  const turn = state.table && state.me ? myTurn(state.table, state.me.id) : null;
  if (!turn?.canPlace || turn.domino === null) return;
  const r = turnFitting(turn, state.draft.r, at);
  if (r === null) return;
  const [dx, dy] = TURNS[r]!;
  state.draft = { ...state.draft, r, placed: { kind: 'place', a: at, b: [at[0] + dx, at[1] + dy] } };
  state.note = '';
  render();
}

function sendMove(claim: number | null): void {
  const { table, me } = state;
  const turn = table && me ? myTurn(table, me.id) : null;
  const move = turn && moveOf(turn, state.draft, claim);
  if (!table?.game || !move) return;
  send({ type: 'move', table: table.id, turn: table.game.turn, move });
}

function act(el: HTMLElement): void {
  const what = el.dataset['act'];
  if (what === 'watch' && el.dataset['id']) watch(el.dataset['id']);
  else if (what === 'back') {
    state.table = null;
    state.watching = null;
    state.form = false;
    state.note = '';
    send({ type: 'games' });
    render();
  } else if (what === 'open') {
    state.form = true;
    state.note = '';
    render();
  } else if (what === 'create') create();
  else if ((what === 'replay' || what === 'review') && state.table) {
    if (what === 'review') state.note = say('activity.review.wait');
    send({ type: what, table: state.table.id, game: Number(el.dataset['game']) });
    render();
  } else if (what === 'step' && state.replay && el.dataset['to']) {
    state.replay.at = Number(el.dataset['to']);
    render();
  } else if (what === 'unreplay') {
    state.replay = null;
    state.review = null;
    render();
  } else if (what === 'spot') {
    const at = cellAt(el);
    if (at) placeAt(at);
  } else if (what === 'rotate') {
    state.draft = { ...state.draft, r: (state.draft.r + 1) % TURNS.length, placed: null };
    render();
  } else if (what === 'discard') {
    state.draft = { ...state.draft, placed: { kind: 'discard' } };
    render();
  } else if (what === 'pick') sendMove(Number(el.dataset['n']));
  else if (what === 'confirm') sendMove(null);
  else if (what === 'undo' && state.table) send({ type: 'undo', table: state.table.id });
  else if ((what === 'join' || what === 'leave' || what === 'start' || what === 'remove-ai') && state.table)
    send({ type: what, table: state.table.id });
  else if (what === 'add-ai' && state.table && isAiLevel(el.dataset['level']))
    send({ type: 'add-ai', table: state.table.id, level: el.dataset['level'] });
  else if (what === 'hint' && state.table?.game)
    send({ type: 'hint', table: state.table.id, turn: state.table.game.turn });
}

app.addEventListener('click', (event) => {
  const el = (event.target as Element).closest<HTMLElement>('[data-act]');
  if (!el) return;
  // The form's buttons act here, never as a submit that would reload the page.
  event.preventDefault();
  act(el);
});
// Plan-ahead left alone is the default (on at a correspondence pace); touched, it is what the player chose.
app.addEventListener('change', (event) => {
  const input = event.target as HTMLInputElement;
  if (input.name === 'planAhead') input.dataset['touched'] = '1';
});
app.addEventListener('submit', (event) => {
  event.preventDefault();
  create();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'r' || event.key === 'R') app.querySelector<HTMLElement>('[data-act="rotate"]')?.click();
  if (event.key === 'u' || event.key === 'U') app.querySelector<HTMLElement>('[data-act="undo"]')?.click();
});
dragging();

/**
 * The domino in hand dragged onto the kingdom: it follows the finger, shows the
 * points of the lit square under it, and lands where it is let go.
 */
function dragging(): void {
  const ghost = document.getElementById('drag')!;
  let offset: readonly [number, number] | null = null;
  let pointer: readonly [number, number] = [0, 0];
  let pending = false;
  /** The element under half a (the dragged domino's first square). */
  const underHalfA = ([x, y]: readonly [number, number]): Element | null => {
    const [ox, oy] = offset ?? [0, 0];
    const size = ghost.querySelector('.sq')?.getBoundingClientRect().width ?? 40;
    return document.elementFromPoint(x - ox + size / 2, y - oy + size / 2);
  };
  /** Once a frame at most: the points of the square under the domino, if it is lit. */
  const showGain = () => {
    pending = false;
    if (!offset) return;
    const spot = underHalfA(pointer)?.closest<HTMLElement>('[data-act="spot"]');
    ghost.dataset['gain'] = spot?.dataset['gain'] ? `+${spot.dataset['gain']}` : '';
  };
  app.addEventListener('pointerdown', (event) => {
    const hand = (event.target as Element).closest<HTMLElement>('#hand');
    if (!hand) return;
    const box = hand.getBoundingClientRect();
    offset = [event.clientX - box.left, event.clientY - box.top];
    ghost.innerHTML = hand.innerHTML;
    ghost.dataset['gain'] = '';
    ghost.hidden = false;
    ghost.style.transform = `translate(${box.left}px, ${box.top}px)`;
    event.preventDefault();
  });
  document.addEventListener('pointermove', (event) => {
    if (!offset) return;
    pointer = [event.clientX, event.clientY];
    ghost.style.transform = `translate(${event.clientX - offset[0]}px, ${event.clientY - offset[1]}px)`;
    if (!pending) {
      pending = true;
      requestAnimationFrame(showGain);
    }
  });
  document.addEventListener('pointerup', (event) => {
    if (!offset) return;
    const at = cellAt(underHalfA([event.clientX, event.clientY]));
    offset = null;
    ghost.hidden = true;
    if (at) placeAt(at);
  });
}

async function start(): Promise<void> {
  render();
  const clientId = document.querySelector<HTMLMetaElement>('meta[name="kd-client-id"]')?.content ?? '';
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const exchanged = await fetch(TOKEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const { access_token } = (await exchanged.json()) as { access_token: string };
  await sdk.commands.authenticate({ access_token });
  hello = { type: 'hello', token: access_token, instance: sdk.instanceId };
  connect();
  followLayout(sdk);
}

/**
 * How Discord shows the Activity: picture-in-picture (a small overlay while the user
 * is elsewhere in Discord: the compact view, whose turn and the player's kingdom), and
 * the phone's orientation (turned sideways: the two columns of a wide screen). Set on
 * the body, for the page's styles.
 */
function followLayout(sdk: DiscordSDK): void {
  const body = document.body.dataset;
  const { LayoutModeTypeObject: LAYOUT, OrientationTypeObject: ORIENTATION } = Common;
  const compact = (mode: number) => {
    body['layout'] = mode === LAYOUT.PIP ? 'pip' : 'full';
  };
  const turned = (orientation: number) => {
    body['orientation'] = orientation === ORIENTATION.LANDSCAPE ? 'landscape' : 'portrait';
  };
  // A client that refuses them: the full view, upright.
  const unknown = () => undefined;
  sdk.subscribe('ACTIVITY_LAYOUT_MODE_UPDATE', ({ layout_mode }) => compact(layout_mode)).catch(unknown);
  sdk.subscribe('ORIENTATION_UPDATE', ({ screen_orientation }) => turned(screen_orientation)).catch(unknown);
}

void start();
