/** Work on the thread Discord keeps refusing is counted on the table, then given up for good. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { FinishedTable, HumanSeat, PlayingTable } from '../../src/table/index.js';

const host: HumanSeat = { kind: 'human', userId: 'h', name: 'Host' };

function started(): PlayingTable {
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

/** A table owing two clearings (seq 2 and 3) after its first board. */
function owingClears(): PlayingTable {
  return table.owe(table.posted(started(), 1, 'm1'), [
    { kind: 'clear', messageId: 'old-1' },
    { kind: 'clear', messageId: 'old-2' },
  ]);
}

function finishedClosing(): FinishedTable {
  const { turnStartedAt: _t, ...rest } = table.posted(started(), 1, 'm1');
  return table.closeThreadAt({ ...rest, status: 'finished', finishedAt: 10 }, 100);
}

describe('a clearing Discord refuses', () => {
  it('is counted on its post, and given up at the last refusal allowed: it leaves the outbox', () => {
    let t = owingClears();
    for (let n = 1; n < table.REFUSALS_ALLOWED; n++) {
      const refused = table.clearRefused(t, 2, 50);
      expect(refused).toMatchObject({ refusals: n, gaveUp: false, firstOfKind: false });
      t = refused.table;
      expect(table.pendingPosts(t).find((p) => p.seq === 2)).toMatchObject({ kind: 'clear', refusals: n });
    }
    const last = table.clearRefused(t, 2, 60);
    expect(last).toMatchObject({ refusals: table.REFUSALS_ALLOWED, gaveUp: true, firstOfKind: true });
    expect(table.pendingPosts(last.table).map((p) => p.seq)).toEqual([3]);
    expect(last.table.gaveUp).toEqual({ clear: 60 });
  });

  it('tells the table once: a later clearing given up is not the first of its kind', () => {
    let t = owingClears();
    for (let n = 0; n < table.REFUSALS_ALLOWED; n++) t = table.clearRefused(t, 2, 60).table;
    for (let n = 1; n < table.REFUSALS_ALLOWED; n++) t = table.clearRefused(t, 3, 70).table;
    const last = table.clearRefused(t, 3, 70);
    expect(last).toMatchObject({ gaveUp: true, firstOfKind: false });
    expect(last.table.gaveUp).toEqual({ clear: 60 });
    expect(table.pendingPosts(last.table)).toEqual([]);
  });

  it('changes nothing for a post that is no longer owed', () => {
    const t = owingClears();
    expect(table.clearRefused(t, 9, 60)).toEqual({ table: t, refusals: 0, gaveUp: false, firstOfKind: false });
  });
});

describe('closing a thread Discord refuses', () => {
  it('is counted, then given up: the table no longer waits to close it, a restart does not start again', () => {
    let t: table.Table = finishedClosing();
    expect(table.needsBot(t)).toBe(true);
    for (let n = 1; n < table.REFUSALS_ALLOWED; n++) {
      const refused = table.closeRefused(t, 200);
      expect(refused).toMatchObject({ refusals: n, gaveUp: false });
      t = refused.table;
      expect(table.closeDue(t)).toBe(100);
    }
    const last = table.closeRefused(t, 300);
    expect(last).toMatchObject({ refusals: table.REFUSALS_ALLOWED, gaveUp: true, firstOfKind: true });
    expect(table.closeDue(last.table)).toBeNull();
    expect(table.needsBot(last.table)).toBe(false);
    expect(last.table).toMatchObject({ gaveUp: { close: 300 } });
    expect(last.table).not.toHaveProperty('closeRefusals');
    expect(table.closeRefused(last.table, 400).gaveUp).toBe(false);
  });

  it('forgets its refusals once the thread is closed after all', () => {
    const refused = table.closeRefused(finishedClosing(), 200).table;
    const closed = table.threadClosed(refused, 250);
    expect(closed).toMatchObject({ closedAt: 250 });
    expect(closed).not.toHaveProperty('closeRefusals');
  });
});
