/**
 * Work on a game's thread that Discord refuses for a reason trying again will not
 * change (a permission taken away, a thread locked or archived by hand): clearing an
 * older board's buttons, closing the thread after the game (the lobby message's
 * Rematch, then the archive). Each refusal is counted on the table; at the
 * REFUSALS_ALLOWED-th the work is given up and the table says so, so that neither a
 * retry nor a restart starts it again: each refusal (a 403 most often) counts towards
 * the invalid requests for which Discord bans an IP. Pure.
 */
import { pendingPosts } from './outbox.js';
import type { Table } from './types.js';

/** Refusals of one piece of work before the bot gives it up. */
export const REFUSALS_ALLOWED = 3;
/** A thread Discord would not archive is tried again this long after. */
export const CLOSE_RETRY_MS = 60_000;

export type GiveUpKind = 'clear' | 'close';

/** A refusal counted: the table to save, and whether the work was given up with it. */
export interface Refused<T extends Table> {
  readonly table: T;
  /** How many times the work was refused, this one included. */
  readonly refusals: number;
  readonly gaveUp: boolean;
  /** The first work of its kind given up at this table (the thread is told once). */
  readonly firstOfKind: boolean;
}

function givenUp<T extends Table>(table: T, kind: GiveUpKind, now: number): T {
  return { ...table, gaveUp: { ...table.gaveUp, [kind]: table.gaveUp?.[kind] ?? now } };
}

/** The clearing `seq` was refused once more: counted on the post; at the limit it leaves the outbox. */
export function clearRefused<T extends Table>(table: T, seq: number, now: number): Refused<T> {
  const post = pendingPosts(table).find((p) => p.seq === seq);
  if (post?.kind !== 'clear') return { table, refusals: 0, gaveUp: false, firstOfKind: false };
  const refusals = (post.refusals ?? 0) + 1;
  const gaveUp = refusals >= REFUSALS_ALLOWED;
  const outbox = pendingPosts(table).flatMap((p) => (p !== post ? [p] : gaveUp ? [] : [{ ...post, refusals }]));
  const counted = { ...table, outbox };
  return {
    table: gaveUp ? givenUp(counted, 'clear', now) : counted,
    refusals,
    gaveUp,
    firstOfKind: gaveUp && table.gaveUp?.clear === undefined,
  };
}

/** Closing the thread was refused once more: counted; at the limit the table no longer waits to close it. */
export function closeRefused(table: Table, now: number): Refused<Table> {
  if (table.status !== 'finished' || table.closeAt === undefined)
    return { table, refusals: 0, gaveUp: false, firstOfKind: false };
  const refusals = (table.closeRefusals ?? 0) + 1;
  if (refusals < REFUSALS_ALLOWED) {
    const counted = { ...table, closeRefusals: refusals, closeRetryAt: now + CLOSE_RETRY_MS };
    return { table: counted, refusals, gaveUp: false, firstOfKind: false };
  }
  const { closeAt: _closeAt, closeRefusals: _closeRefusals, closeRetryAt: _retry, ...rest } = table;
  return {
    table: givenUp(rest, 'close', now),
    refusals,
    gaveUp: true,
    firstOfKind: table.gaveUp?.close === undefined,
  };
}
