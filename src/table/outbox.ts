/**
 * What the thread still has to show: a move is saved together with the posts it
 * owes (the board and the next prompt, the end of a game, clearing the buttons of
 * the previous turn message), so that a post is never lost with a crash or a
 * Discord outage. The Discord side carries them out in order, marks each one done
 * in another save, and resumes them after a restart. Pure.
 */
import { prompt, scorePlayer } from '../game/index.js';
import { computerLevel, untold } from './absence.js';
import { planPlaysNext } from './plan.js';
import type { MoveOutcome } from './play.js';
import type { GameTable, MoveNote, Post, Table, TurnTold } from './types.js';

/** A post as a move owes it, before it gets its number. */
type Unnumbered = { [K in Post['kind']]: Omit<Extract<Post, { kind: K }>, 'seq'> }[Post['kind']];

/** Posts not yet made, oldest first. */
export function pendingPosts(table: Table): readonly Post[] {
  return table.outbox ?? [];
}

/**
 * The boards and ends not yet posted: what the game waits for before it goes on.
 * Clearing an older turn message's buttons holds nobody up (its buttons are refused
 * as stale meanwhile).
 */
export function boardsOwed(table: Table): readonly Post[] {
  return pendingPosts(table).filter((post) => post.kind !== 'clear');
}

/** Does the table still need the bot: a lobby, a running game, posts owed, or its thread to archive? */
export function needsBot(table: Table): boolean {
  return (
    table.status === 'lobby' ||
    table.status === 'playing' ||
    pendingPosts(table).length > 0 ||
    (table.status === 'finished' && table.closeAt !== undefined)
  );
}

/** The table with posts added to its outbox, each numbered (the number makes its Discord nonce). */
export function owe<T extends Table>(table: T, posts: readonly Unnumbered[]): T {
  let seq = table.postSeq ?? 0;
  const numbered = posts.map((p) => ({ ...p, seq: ++seq }) as Post);
  return { ...table, outbox: [...pendingPosts(table), ...numbered], postSeq: seq };
}

/**
 * The post `seq` was made as message `messageId`: it leaves the outbox; a turn message
 * becomes the live one, and the buttons of the one before it are owed a clearing.
 */
export function posted<T extends Table>(table: T, seq: number, messageId: string | null): T {
  const post = pendingPosts(table).find((p) => p.seq === seq);
  if (!post) return table;
  const rest = pendingPosts(table).filter((p) => p.seq !== seq);
  const done = { ...table, outbox: rest };
  if (post.kind !== 'turn' || messageId === null) return done;
  // A move came since it was owed and owes a newer board: this one is already an older turn message.
  const stale = rest.some((p) => p.kind === 'turn' && p.seq > seq);
  const told = { move: post.move, occasion: post.occasion, ...(post.held ? { held: post.held } : {}) };
  return stale ? owe(done, [{ kind: 'clear', messageId }]) : liveTurnMessage(done, messageId, told);
}

/** `messageId`, telling `told`, becomes the turn message whose buttons are live; the previous one is owed a clearing. */
export function liveTurnMessage<T extends Table>(table: T, messageId: string, told: TurnTold): T {
  const previous = table.messages.turnMessageId;
  const withLive = { ...table, messages: { ...table.messages, turnMessageId: messageId, turnTold: told } };
  return previous && previous !== messageId ? owe(withLive, [{ kind: 'clear', messageId: previous }]) : withLive;
}

/**
 * A board shown again (/kingdomino status) as `messageId` at `turn`: the live turn
 * message if the game is still at that turn, else owed a clearing at once.
 */
export function shownAgain<T extends Table>(table: T, messageId: string, turn: number): T {
  const shown = shownDone(table);
  const current = shown.status === 'playing' && shown.game.turn === turn;
  const told = { move: null, occasion: null };
  return current ? liveTurnMessage(shown, messageId, told) : owe(shown, [{ kind: 'clear', messageId }]);
}

/** /kingdomino status is about to post a board of the running game (see PlayingTable.showingSince). */
export function showing<T extends Table>(table: T, now: number): T {
  return table.status === 'playing' ? { ...table, showingSince: now } : table;
}

/** The board shown is tracked (or its button found and cleared after a restart). */
export function shownDone<T extends Table>(table: T): T {
  if (table.status !== 'playing' || table.showingSince === undefined) return table;
  const { showingSince: _since, ...rest } = table;
  return rest as T;
}

/** The facts of a move, for its post and for the mover's answer. */
export function noteOf(outcome: MoveOutcome, timedOut: boolean, planned = false): MoveNote {
  const { before, game, player, move } = outcome;
  const p = prompt(before);
  const domino = p.kind === 'place' ? p.domino : null;
  const gain = scorePlayer(game, player).total - scorePlayer(before, player).total;
  const placed =
    move.placed.kind === 'place'
      ? { kind: 'place' as const, a: move.placed.a, b: move.placed.b, gain }
      : move.placed.kind === 'discard'
        ? { kind: 'discard' as const }
        : null;
  return { player, domino, placed, claim: move.claim, timedOut, ...(planned ? { planned } : {}) };
}

/**
 * A move followed by a computer seat's move is not posted on its own: its note is
 * held on the table and told with the next board, so that a run of computer moves
 * makes one post (and one picture) instead of one each. Nobody waits for those
 * boards: the next human to play sees them all at once. A run is cut after this
 * many rounds of moves, so that a thread whose seats are all played by the
 * computer (every player absent) still shows the game going on.
 */
export const HELD_ROUNDS = 2;

/** Moves made and not yet told in the thread, oldest first. */
export function heldMoves(table: Table): readonly MoveNote[] {
  return table.held ?? [];
}

/** Is the move to make now a computer seat's, or a plan's (plan.ts), which would follow at once? */
function automaticNext(table: Table): boolean {
  if (table.status !== 'playing') return false;
  const next = prompt(table.game);
  const seat = next.kind === 'over' ? undefined : table.seats[next.player];
  return seat !== undefined && (computerLevel(seat) !== null || planPlaysNext(table));
}

/** The table without its held moves. */
function released<T extends Table>(table: T): T {
  const { held: _held, ...rest } = table;
  return rest as T;
}

/** The posts a move owes (its note, `move`, told in them, after the moves held): the end of the game it ended (if so), then the next board, or the last clearing; or none yet, held (HELD_ROUNDS). */
export function postsForMove(outcome: MoveOutcome, move: MoveNote): GameTable {
  const { table, ended } = outcome;
  const held = heldMoves(table);
  // A move the timer made that gave its seat to the computer is told at once: the thread hears of it before that (absence.ts).
  const handedOver = move.timedOut && untold(table).length > 0;
  if (!ended && !handedOver && automaticNext(table) && held.length + 1 < HELD_ROUNDS * table.seats.length)
    return { ...table, held: [...held, move] };
  const before = held.length > 0 ? { held } : {};
  const { table: rest, clear } = retired(released(table));
  if (!ended) return owe(rest, [{ kind: 'turn', move, occasion: null, ...before }, ...clear]);
  const end = { kind: 'end', move, game: ended.number, ...before } as const;
  if (rest.status === 'playing') return owe(rest, [end, { kind: 'turn', move: null, occasion: 'next-game' }, ...clear]);
  return owe(rest, [end, ...clear]);
}

/**
 * The moves held for a move that no longer follows at once (a plan withdrawn, or
 * failed when its turn came): owed their board now, the last one told as the move.
 */
export function releaseHeld<T extends GameTable>(table: T): T {
  const held = heldMoves(table);
  const move = held[held.length - 1];
  if (!move || automaticNext(table)) return table;
  const before = held.length > 1 ? { held: held.slice(0, -1) } : {};
  const { table: rest, clear } = retired(released(table));
  return owe(rest, [{ kind: 'turn', move, occasion: null, ...before }, ...clear]);
}

/**
 * The live turn message's buttons are owed a clearing with the move's posts (made
 * after its board, saved with it): no turn message is live until the board is posted.
 */
function retired<T extends GameTable>(table: T): { readonly table: T; readonly clear: readonly Unnumbered[] } {
  const live = table.messages.turnMessageId;
  if (!live) return { table, clear: [] };
  return {
    table: { ...table, messages: { ...table.messages, turnMessageId: null } },
    clear: [{ kind: 'clear', messageId: live }],
  };
}
