/**
 * The game as a state machine over plain JSON states: whose turn, what they may do,
 * and apply(state, action) -> new state or a typed rejection. Placement legality comes
 * from the Board kernel (board.ts), shared with the playout simulator.
 */
import { Board, codeAx, codeAy, codeBx, codeBy, MAX_PLACEMENTS } from './board.js';
import { dropsLeftover, kingCount, lineSize, revealLine } from './setup.js';
import { isSolo, soloClaimLimit } from './solo.js';
import type {
  Action,
  GameEvent,
  GameState,
  KingId,
  KingdomState,
  LineSlot,
  Placement,
  Pos,
  Prompt,
  Rejection,
  Result,
} from './types.js';
import { parseAction, parsePos } from './validate.js';

/** A prompt before the (costly) canPlace test. */
type Pending =
  | { readonly kind: 'place'; readonly player: number; readonly king: KingId; readonly domino: number }
  | Exclude<Prompt, { kind: 'place' }>;

/** A kingdom's bitboard, rebuilt from the state's placements. */
export function boardOf(state: GameState, player: number): Board {
  const board = new Board(state.options.grid);
  const kingdom = state.kingdoms[player];
  if (kingdom === undefined) return board;
  for (const p of kingdom.placements) board.place(p.domino, p.a[0], p.a[1], p.b[0], p.b[1]);
  board.discards = kingdom.discarded.length;
  return board;
}

export function ownerOf(state: GameState, king: KingId): number {
  return state.kings[king] ?? -1;
}

/** Has the owner already placed or discarded this domino? */
function isResolved(state: GameState, player: number, domino: number): boolean {
  const k = state.kingdoms[player];
  return k !== undefined && (k.discarded.includes(domino) || k.placements.some((p) => p.domino === domino));
}

/**
 * The dominoes of the next line the acting king may claim (after placing, if placing):
 * the free ones, and in the solo game only those within reach of the slot taken last.
 */
export function openClaims(state: GameState): readonly number[] {
  const open = isSolo(state.options) ? state.next.slice(0, soloClaimLimit(state)) : state.next;
  return open.filter((s) => s.king === null && !state.dropped.includes(s.domino)).map((s) => s.domino);
}

function claimPrompt(state: GameState, king: KingId): Pending {
  const choices = openClaims(state);
  return { kind: 'claim', player: ownerOf(state, king), king, choices };
}

/**
 * Derived from the lines alone: in the current line (ascending), the first king whose
 * domino is not yet placed must place it, then claim on the next line; in the first
 * round (no current line) king i claims i-th.
 */
function pendingTurn(state: GameState): Pending {
  for (const slot of state.current) {
    if (slot.king === null) continue;
    const player = ownerOf(state, slot.king);
    if (!isResolved(state, player, slot.domino)) return { kind: 'place', player, king: slot.king, domino: slot.domino };
    if (state.next.length > 0 && !state.next.some((s) => s.king === slot.king)) return claimPrompt(state, slot.king);
  }
  if (state.current.length === 0) {
    const claimed = state.next.filter((s) => s.king !== null).length;
    if (claimed < kingCount(state.options.players)) return claimPrompt(state, claimed);
  }
  return { kind: 'over' };
}

/**
 * Each state's prompt, worked out once: a state never changes (every field is
 * readonly, apply() makes a new one), and a move asks for it a dozen times (the
 * panel, the turn line, the plan, the outbox), each rebuilding a kingdom's board.
 */
const prompts = new WeakMap<GameState, Prompt>();

export function prompt(state: GameState): Prompt {
  let known = prompts.get(state);
  if (known === undefined) prompts.set(state, (known = promptOf(state)));
  return known;
}

function promptOf(state: GameState): Prompt {
  const p = pendingTurn(state);
  if (p.kind !== 'place') return p;
  return { ...p, canPlace: boardOf(state, p.player).canPlace(p.domino) };
}

export function isOver(state: GameState): boolean {
  return pendingTurn(state).kind === 'over';
}

const scratch = new Int32Array(MAX_PLACEMENTS);

/** Every legal placement of the domino in hand for the prompted player (both half orders, each once); [] when not placing. */
export function legalPlacements(state: GameState): readonly Placement[] {
  const p = pendingTurn(state);
  if (p.kind !== 'place') return [];
  const n = boardOf(state, p.player).legal(p.domino, scratch);
  const list: Placement[] = [];
  for (let i = 0; i < n; i++) {
    const code = scratch[i] ?? 0;
    list.push({ domino: p.domino, a: [codeAx(code), codeAy(code)], b: [codeBx(code), codeBy(code)] });
  }
  return list;
}

const REASON_TEXT = {
  'not-adjacent': 'The two halves of a domino must be side by side.',
  occupied: 'That spot is already taken.',
  'no-connection': 'One half must touch your castle or a square of the same terrain.',
  'out-of-frame': 'Your kingdom would no longer fit its frame.',
} as const;

const reject = (error: Rejection): Result<never, Rejection> => ({ ok: false, error });

function gameOver(): Rejection {
  return { code: 'game-over', message: 'The game is over.' };
}

function wrongAction(expected: 'place' | 'claim'): Rejection {
  const message = expected === 'place' ? 'Place your domino first.' : 'Now pick a domino from the next line.';
  return { code: 'wrong-action', message, expected };
}

/** Why this placement would be illegal for the domino in hand, or null when it is legal (for previews). */
export function checkPlacement(
  state: GameState,
  a: readonly [number, number],
  b: readonly [number, number],
): Rejection | null {
  const pa = parsePos(a);
  const pb = parsePos(b);
  if (pa === null || pb === null) return { code: 'malformed', message: 'A position is two whole numbers [x, y].' };
  const p = pendingTurn(state);
  if (p.kind === 'over') return gameOver();
  if (p.kind !== 'place') return wrongAction('claim');
  return placementRejection(boardOf(state, p.player), p.domino, pa, pb);
}

function placementRejection(board: Board, domino: number, a: Pos, b: Pos): Rejection | null {
  const reason = board.check(domino, a[0], a[1], b[0], b[1]);
  return reason === null ? null : { code: 'illegal-placement', message: REASON_TEXT[reason], reason };
}

export function apply(state: GameState, action: Action): Result<GameState, Rejection> {
  try {
    return applyChecked(state, action);
  } catch {
    // Only a corrupt state can get here (states from the store pass isGameState first).
    return reject({ code: 'malformed', message: 'This game state is damaged; the action was not applied.' });
  }
}

function applyChecked(state: GameState, raw: unknown): Result<GameState, Rejection> {
  const parsed = parseAction(raw, state.options.players);
  if (!parsed.ok) return parsed;
  const action = parsed.value;
  const p = pendingTurn(state);
  if (p.kind === 'over') return reject(gameOver());
  if (action.player !== p.player) {
    const name = state.seats[p.player]?.name ?? `player ${p.player}`;
    return reject({ code: 'not-your-turn', message: `It is ${name}'s turn.`, expected: p.player });
  }
  if (action.type === 'claim') {
    if (p.kind !== 'claim') return reject(wrongAction('place'));
    if (!p.choices.includes(action.domino)) {
      const message = state.next.some((s) => s.domino === action.domino && s.king === null)
        ? `Domino ${action.domino} is out of reach: the slot you took last limits this pick.`
        : `Domino ${action.domino} is not free in the next line.`;
      return reject({ code: 'domino-unavailable', message });
    }
    return { ok: true, value: claimed(state, p.king, action.domino) };
  }
  if (p.kind !== 'place') return reject(wrongAction('claim'));
  const board = boardOf(state, p.player);
  if (action.type === 'discard') {
    if (board.canPlace(p.domino)) {
      return reject({ code: 'must-place', message: `Domino ${p.domino} fits in your kingdom, so you must place it.` });
    }
    return { ok: true, value: resolved(state, p.player, p.domino, null) };
  }
  const why = placementRejection(board, p.domino, action.a, action.b);
  if (why !== null) return reject(why);
  return { ok: true, value: resolved(state, p.player, p.domino, { domino: p.domino, a: action.a, b: action.b }) };
}

function copyPos(p: Pos): Pos {
  return [p[0], p[1]];
}

/** The domino in hand placed (or discarded when `placement` is null). */
function resolved(state: GameState, player: number, domino: number, placement: Placement | null): GameState {
  const kingdoms = state.kingdoms.map((k, i): KingdomState => {
    if (i !== player) return k;
    if (placement === null) return { placements: k.placements, discarded: [...k.discarded, domino] };
    return {
      placements: [...k.placements, { domino, a: copyPos(placement.a), b: copyPos(placement.b) }],
      discarded: k.discarded,
    };
  });
  const event: GameEvent =
    placement === null
      ? { type: 'discard', player, domino }
      : { type: 'place', player, domino, a: copyPos(placement.a), b: copyPos(placement.b) };
  return { ...state, kingdoms, turn: state.turn + 1, events: [...state.events, event] };
}

/** A king moved onto a domino of the next line; the line's last claim drops the leftover (3-player mode) and starts the next round. */
function claimed(state: GameState, king: KingId, domino: number): GameState {
  const next = state.next.map((s): LineSlot => (s.domino === domino ? { domino, king } : s));
  const events: GameEvent[] = [...state.events, { type: 'claim', player: ownerOf(state, king), domino }];
  let dropped = state.dropped;
  let line = next;
  const lineFull = next.filter((s) => s.king !== null).length === kingCount(state.options.players);
  if (lineFull && dropsLeftover(state.options)) {
    const leftover = next.filter((s) => s.king === null).map((s) => s.domino);
    dropped = [...dropped, ...leftover];
    line = next.filter((s) => s.king !== null);
    for (const d of leftover) events.push({ type: 'drop', domino: d });
  }
  const after: GameState = { ...state, next: line, dropped, turn: state.turn + 1, events };
  return lineFull ? nextRound(after) : after;
}

/** The claimed line becomes the current one and the next line is revealed while the pile lasts. */
function nextRound(state: GameState): GameState {
  const { line, rest } = revealLine(state.pile, lineSize(state.options));
  const events =
    line.length > 0 ? [...state.events, { type: 'reveal' as const, line: line.map((s) => s.domino) }] : state.events;
  return { ...state, current: state.next, next: line, pile: rest, round: state.round + 1, events };
}
