/** Consecutive computer moves told in one post (table/outbox.ts, HELD_ROUNDS). */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { playSimpleMove } from '../support/table-moves.js';
import type { GameTable, HumanSeat, TableSeat } from '../../src/table/index.js';

const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };
const bot = (name: string): TableSeat => ({ kind: 'ai', level: 'easy', name });

function started(others: readonly TableSeat[]): GameTable {
  const lobby = table.newLobby({
    id: 't',
    guildId: 'g',
    channelId: 'c',
    host,
    others,
    settings: { ...NO_VARIANTS, turnTimerS: 0 },
    now: 0,
  });
  const r = table.start(lobby, { userId: 'h', moderator: false }, 'held', 0);
  if (!r.ok) throw new Error(r.refusal.code);
  return table.posted(r.value, 1, 'm1');
}

/** Play the whole game, making each post as soon as it is owed; the posts made, in order. */
function playAll(t: GameTable): { readonly posts: table.Post[]; readonly moves: number; readonly end: GameTable } {
  const posts: table.Post[] = [];
  let moves = 0;
  let n = 1;
  while (t.status === 'playing') {
    const out = playSimpleMove(t);
    t = table.postsForMove(out, table.noteOf(out, false));
    moves++;
    for (let post = table.pendingPosts(t)[0]; post; post = table.pendingPosts(t)[0]) {
      if (post.kind !== 'clear') posts.push(post);
      t = table.posted(t, post.seq, post.kind === 'turn' ? `m${++n}` : null);
    }
  }
  return { posts, moves, end: t };
}

const told = (post: table.Post): number =>
  post.kind === 'turn' || post.kind === 'end' ? (post.held?.length ?? 0) + (post.move ? 1 : 0) : 0;

describe('moves held back from the thread', () => {
  it('one human against three computer players: one board per human turn, every move told once', () => {
    const { posts, moves, end } = playAll(started([bot('A'), bot('B'), bot('C')]));
    const boards = posts.filter((p) => p.kind === 'turn');
    // 13 turns of the human's (12 rounds and the last placement), nothing else.
    expect(boards.length).toBeLessThanOrEqual(14);
    expect(posts.reduce((sum, p) => sum + told(p), 0)).toBe(moves);
    expect(table.heldMoves(end)).toEqual([]);
    expect(posts.at(-1)?.kind).toBe('end');
  });

  it('two humans: every move is posted on its own', () => {
    const { posts, moves } = playAll(started([{ kind: 'human', userId: 'u', name: 'U' }]));
    expect(posts.filter((p) => p.kind !== 'clear').length).toBe(moves);
    expect(posts.every((p) => !('held' in p))).toBe(true);
  });

  it('a thread whose seats the computer all plays still gets a board every HELD_ROUNDS rounds', () => {
    const away: HumanSeat = { ...host, standIn: { reason: 'replaced', by: 'h', at: 0, told: true } };
    const t = started([bot('A'), bot('B'), bot('C')]);
    const { posts, moves } = playAll({ ...t, seats: [away, ...t.seats.slice(1)] } as GameTable);
    const most = Math.max(...posts.map(told));
    expect(most).toBeLessThanOrEqual(table.HELD_ROUNDS * 4);
    expect(posts.length).toBeGreaterThanOrEqual(Math.floor(moves / (table.HELD_ROUNDS * 4)));
  });
});
