/** The posts a table owes its thread: owed with the move that needs them, then made one by one. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import { playSimpleMove } from '../support/table-moves.js';
import type { GameTable, HumanSeat } from '../../src/table/index.js';

const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };

function started(): table.PlayingTable {
  const lobby = table.newLobby({
    id: 't',
    guildId: 'g',
    channelId: 'c',
    host,
    others: [{ kind: 'human', userId: 'u', name: 'U' }],
    settings: { ...NO_VARIANTS, turnTimerS: 0 },
    now: 0,
  });
  const r = table.start(lobby, { userId: 'h', moderator: false }, 'outbox', 0);
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
}

const oneMove = (t: GameTable): table.MoveOutcome => playSimpleMove(t);
const owedAfter = (outcome: table.MoveOutcome): GameTable => table.postsForMove(outcome, table.noteOf(outcome, false));

describe('the outbox', () => {
  it('a new game owes its first board; once posted, that message is the live turn message', () => {
    const t = started();
    expect(table.pendingPosts(t)).toEqual([{ kind: 'turn', seq: 1, move: null, occasion: 'begins' }]);
    expect(table.needsBot(t)).toBe(true);
    const shown = table.posted(t, 1, 'm1');
    expect(table.pendingPosts(shown)).toEqual([]);
    expect(shown.messages.turnMessageId).toBe('m1');
  });

  it('a move owes its board; posting it owes the clearing of the previous turn message, in order', () => {
    let t: GameTable = table.posted(started(), 1, 'm1');
    t = owedAfter(oneMove(t));
    const [post] = table.pendingPosts(t);
    expect(post).toMatchObject({
      kind: 'turn',
      seq: 2,
      occasion: null,
      move: { player: expect.any(Number), claim: expect.any(Number), timedOut: false },
    });
    t = table.posted(t, 2, 'm2');
    expect(t.messages.turnMessageId).toBe('m2');
    expect(table.pendingPosts(t)).toEqual([{ kind: 'clear', seq: 3, messageId: 'm1' }]);
    expect(table.pendingPosts(table.posted(t, 3, null))).toEqual([]);
  });

  it('the move that ends the game owes the end and the clearing of the last buttons; the table needs the bot until they are made', () => {
    let t: GameTable = table.posted(started(), 1, 'm0');
    let n = 0;
    for (;;) {
      t = owedAfter(oneMove(t));
      if (t.status === 'finished') break;
      for (let post = table.pendingPosts(t)[0]; post; post = table.pendingPosts(t)[0]) {
        t = table.posted(t, post.seq, post.kind === 'turn' ? `m${++n}` : null);
      }
    }
    const owed = table.pendingPosts(t);
    expect(owed.map((p) => p.kind)).toEqual(['end', 'clear']);
    expect(owed[1]).toMatchObject({ messageId: `m${n}` });
    expect(table.needsBot(t)).toBe(true);
    for (const post of owed) t = table.posted(t, post.seq, null);
    expect(table.needsBot(t)).toBe(false);
  });

  it('posting the same post twice changes nothing the second time', () => {
    const t = table.posted(started(), 1, 'm1');
    expect(table.posted(t, 1, 'm1')).toBe(t);
  });

  it('a board shown again is the live turn message at its turn, else its buttons are owed a clearing', () => {
    const t = table.posted(started(), 1, 'm1');
    const again = table.shownAgain(t, 's1', t.game.turn);
    expect(again.messages.turnMessageId).toBe('s1');
    expect(table.pendingPosts(again)).toEqual([{ kind: 'clear', seq: 2, messageId: 'm1' }]);
    const late = table.shownAgain(t, 's2', t.game.turn + 1);
    expect(late.messages.turnMessageId).toBe('m1');
    expect(table.pendingPosts(late)).toEqual([{ kind: 'clear', seq: 2, messageId: 's2' }]);
  });
});
