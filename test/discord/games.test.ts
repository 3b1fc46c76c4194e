/** /kingdomino games as its caller reads it: the order, the pages, whose turn, the deadline, the links, the Play buttons. */
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/discord/messages/codec.js';
import { entryOf, gamesView, GAMES_PER_PAGE, sortEntries } from '../../src/discord/messages/games.js';
import { NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { HumanSeat, LobbyTable, PlayingTable, TableSettings } from '../../src/table/index.js';

const SETTINGS: TableSettings = table.withPace({ ...NO_VARIANTS, turnTimerS: 0 }, '1d');
const me: HumanSeat = { kind: 'human', userId: 'me', name: 'Me' };
const other: HumanSeat = { kind: 'human', userId: 'o', name: 'Olga' };

function lobbyOf(id: string, host: HumanSeat, others: HumanSeat[]): LobbyTable {
  return table.newLobby({ id, guildId: 'g', channelId: 'c', host, others, settings: SETTINGS, now: Number(id) });
}

/** A running game started at `at`, whose first mover is found by trying both hosts. */
function gameOf(id: string, myTurn: boolean, at: number): PlayingTable {
  for (const host of [me, other]) {
    const lobby = lobbyOf(id, host, [host === me ? other : me]);
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const r = table.start(lobby, { userId: host.userId, moderator: false }, seed, at);
      if (!r.ok) throw new Error(r.refusal.code);
      const turn = table.currentTurn(r.value)!;
      if ((turn.seat as HumanSeat).userId === (myTurn ? 'me' : 'o')) return r.value;
    }
  }
  throw new Error('no such game');
}

const buttons = (view: ReturnType<typeof gamesView>) =>
  (view.components ?? []).flatMap((row) => (row as unknown as { components: Record<string, unknown>[] }).components);

describe('/kingdomino games', () => {
  it('lists first the games where it is your turn, soonest deadline first, then the others, then lobbies', () => {
    const entries = sortEntries(
      [lobbyOf('1', other, [me]), gameOf('2', false, 1000), gameOf('3', true, 5000), gameOf('4', true, 2000)].map((t) =>
        entryOf(t, 'me'),
      ),
    );
    expect(entries.map((e) => e.table.id)).toEqual(['4', '3', '2', '1']);
    const view = gamesView(entries, 0, false);
    const lines = String(view.content).split('\n');
    expect(lines[0]).toBe('Your open games here (4):');
    expect(lines[1]).toBe(
      `**1.** [Me's table](https://discord.com/channels/g/4) · 1 day a move · **your turn** · move due <t:${(2000 + 86_400_000) / 1000}:R>`,
    );
    expect(lines[3]).toMatch(
      /^\*\*3\.\*\* \[.*\]\(https:\/\/discord\.com\/channels\/g\/2\) · 1 day a move · Olga to play · move due <t:\d+:R>$/,
    );
    expect(lines[4]).toBe("**4.** [Olga's table](https://discord.com/channels/g/c/1) · 1 day a move · lobby, 2 seated");
    // A Play button for each game where it is your turn: that game's "Your turn", naming it; one page: no page buttons.
    expect(buttons(view).map((b) => [b['label'], decode(String(b['custom_id']))])).toEqual([
      ['Play #1', { verb: 'away', table: '4', click: { verb: 'your-turn', turn: 0 } }],
      ['Play #2', { verb: 'away', table: '3', click: { verb: 'your-turn', turn: 0 } }],
    ]);
  });

  it('pages five games at a time, with Previous and Next that say which page they open', () => {
    const entries = sortEntries(
      Array.from({ length: 12 }, (_, i) => entryOf(gameOf(String(100 + i), false, 1000 + i), 'me')),
    );
    const last = gamesView(entries, 7, true);
    expect(String(last.content).split('\n')).toHaveLength(1 + 2 + 1);
    expect(String(last.content)).toMatch(/^Your open games on every server \(12\):\n\*\*11\.\*\*/);
    expect(String(last.content)).toMatch(/Page 3 of 3$/);
    const [previous, next] = buttons(last);
    expect(previous?.['disabled']).toBe(false);
    expect(decode(String(previous?.['custom_id']))).toEqual({ verb: 'games-page', page: 1, all: true });
    expect(next?.['disabled']).toBe(true);
    expect(String(gamesView(entries, 0, true).content).split('\n')).toHaveLength(1 + GAMES_PER_PAGE + 1);
  });

  it('says so when there is no game', () => {
    expect(gamesView([], 0, false).content).toBe('You have no lobby or running game on this server.');
    expect(gamesView([], 0, true).content).toBe('You have no lobby or running game on any server.');
  });
});
