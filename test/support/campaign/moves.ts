/**
 * Invariant 1 (campaign.ts): the moves the store holds against the moves the thread
 * shows, one by one, in order.
 */
import type { GameEvent, GameState } from '../../../src/game/index.js';
import type { Table } from '../../../src/table/index.js';
import type { FakeMessage } from '../../fake-discord/model.js';

/** One move as players see it: the domino placed (or discarded) and the one taken. */
interface ShownMove {
  readonly placed: number | null;
  readonly discarded: number | null;
  readonly took: number | null;
  readonly line: string;
}

interface SavedMove {
  readonly player: number;
  readonly placed: number | null;
  readonly discarded: number | null;
  readonly took: number | null;
}

/** The moves of a game from its events: a place or discard and the same player's claim after it are one move. */
export function movesOfEvents(events: readonly GameEvent[]): SavedMove[] {
  const moves: SavedMove[] = [];
  let open: { player: number; placed: number | null; discarded: number | null } | null = null;
  const close = (took: number | null) => {
    if (open) moves.push({ ...open, took });
    open = null;
  };
  for (const e of events) {
    if (e.type === 'place' || e.type === 'discard') {
      close(null);
      open = {
        player: e.player,
        placed: e.type === 'place' ? e.domino : null,
        discarded: e.type === 'discard' ? e.domino : null,
      };
    } else if (e.type === 'claim') {
      if (open && open.player === e.player) close(e.domino);
      else {
        close(null);
        moves.push({ player: e.player, placed: null, discarded: null, took: e.domino });
      }
    }
  }
  close(null);
  return moves;
}

const MOVE_LINE = /(placed #\d+|could not fit #\d+|took #\d+)/;

/**
 * The moves a thread shows, in order: the "placed #N"/"took #N" lines of every board
 * and end message (a run of computer moves is told in one: table/outbox.ts).
 */
export function shownMoves(messages: readonly FakeMessage[]): ShownMove[] {
  const shown: ShownMove[] = [];
  const lines = messages.flatMap((m) => (m.pngs().length === 0 ? [] : m.content.split('\n')));
  for (const line of lines.filter((l) => MOVE_LINE.test(l))) {
    const num = (re: RegExp) => {
      const hit = re.exec(line)?.[1];
      return hit === undefined ? null : Number(hit);
    };
    shown.push({
      placed: num(/placed #(\d+)/),
      discarded: num(/could not fit #(\d+)/),
      took: num(/took #(\d+)/),
      line,
    });
  }
  return shown;
}

function sameMove(saved: SavedMove, shown: ShownMove, name: string): boolean {
  return (
    saved.placed === shown.placed &&
    saved.discarded === shown.discarded &&
    saved.took === shown.took &&
    shown.line.includes(name)
  );
}

function moveText(m: SavedMove | ShownMove): string {
  const parts = [
    m.placed !== null ? `placed #${m.placed}` : '',
    m.discarded !== null ? `discarded #${m.discarded}` : '',
    m.took !== null ? `took #${m.took}` : '',
  ];
  return parts.filter(Boolean).join(' and ') || 'nothing';
}

/** The games on a table: the three of a Dynasty (those dealt so far), or the one. */
export function gamesOf(table: Table): readonly GameState[] {
  if (table.status !== 'playing' && table.status !== 'finished') return [];
  return table.dynasty?.games ?? [table.game];
}

/** Actions saved over all the table's games (each game's turn counter). */
export function actionsSaved(table: Table): number {
  return gamesOf(table).reduce((n, game) => n + game.turn, 0);
}

/** Who made each action (place, discard, claim), by its number: the game's turn counter before it. */
export function actionPlayers(events: readonly GameEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'place' || e.type === 'discard' || e.type === 'claim' ? [e.player] : []));
}

export function actionsOf(m: ShownMove): number {
  return (m.placed !== null || m.discarded !== null ? 1 : 0) + (m.took !== null ? 1 : 0);
}

/** The thread shows no move the store lacks, and the store's moves in the same order. Null when fine. */
export function compareMoves(
  table: Table,
  shown: readonly ShownMove[],
): { readonly problem: string | null; readonly saved: number } {
  const saved = gamesOf(table).flatMap((game) => movesOfEvents(game.events));
  for (let i = 0; i < shown.length; i++) {
    const s = saved[i];
    const name = s ? (table.seats[s.player]?.name ?? '') : '';
    if (!s)
      return {
        problem: `the thread shows ${shown.length} moves, the store has ${saved.length}: extra "${shown[i]!.line}"`,
        saved: saved.length,
      };
    if (!sameMove(s, shown[i]!, name))
      return {
        problem: `move ${i + 1}: the store has ${name} ${moveText(s)}, the thread shows "${shown[i]!.line}"`,
        saved: saved.length,
      };
  }
  return { problem: null, saved: saved.length };
}
