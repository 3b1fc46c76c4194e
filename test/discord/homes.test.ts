/**
 * A game's views away from threads (messages/one-message.ts): the thread's buttons
 * become ones that work where the game lives, naming their table; what only a thread
 * holds is left out; a one-message game always offers Show the table.
 */
import { describe, expect, it } from 'vitest';
import type { BaseMessageOptions } from 'discord.js';
import { decode } from '../../src/discord/messages/codec.js';
import { homeView } from '../../src/discord/messages/one-message.js';
import { turnView } from '../../src/discord/messages/turn.js';
import type { Home, PlayingTable } from '../../src/table/index.js';
import { startedIn as tableIn } from '../support/homes.js';

function verbs(view: BaseMessageOptions): string[] {
  const rows = (view.components ?? []) as unknown as { components: { custom_id?: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => JSON.stringify(decode(c.custom_id ?? ''))));
}

function board(table: PlayingTable, planAhead = false): BaseMessageOptions {
  return turnView({
    planAhead,
    game: table.game,
    seats: table.seats,
    happened: null,
    header: null,
    picture: null,
    deadline: null,
  });
}

describe('a game away from threads', () => {
  it('keeps a thread’s board as it is', () => {
    const table = tableIn('thread');
    expect(homeView(table, board(table))).toEqual(board(table));
    expect(table.messages.threadId).toBe('111');
  });

  it('gives a one-message game its own Your turn, naming the table, and Show the table; Left to come stays in threads', () => {
    const table = tableIn('message');
    expect(verbs(homeView(table, board(table)))).toEqual([
      JSON.stringify({ verb: 'table-turn', table: '111', turn: 0 }),
      JSON.stringify({ verb: 'table-show', table: '111' }),
    ]);
  });

  it('lets an absent player come back from the one message', () => {
    const table = tableIn('message');
    const seats = table.seats.map((seat, i) =>
      i === 1 && seat.kind === 'human'
        ? { ...seat, standIn: { reason: 'absent' as const, by: null, at: 0, told: true } }
        : seat,
    );
    expect(verbs(homeView(table, board({ ...table, seats })))).toContain(
      JSON.stringify({ verb: 'table-back', table: '111', player: 1 }),
    );
  });

  it('opens the panel from a board in the bot’s DM as a turn’s DM does', () => {
    const table = tableIn('dm');
    // Its boards are posted in the DM, as in a thread.
    expect(table.messages.threadId).toBe('222');
    expect(verbs(homeView(table, board(table)))).toEqual([
      JSON.stringify({ verb: 'away', table: '111', click: { verb: 'your-turn', turn: 0 } }),
    ]);
  });

  it('plans ahead from a board in the bot’s DM, not from a one-message game’s', () => {
    const planned = (home: Home) => {
      const table = tableIn(home);
      return verbs(homeView(table, board(table, true)));
    };
    expect(planned('dm')).toContain(JSON.stringify({ verb: 'plan-of', table: '111' }));
    expect(planned('message').some((v) => v.includes('plan'))).toBe(false);
  });
});
