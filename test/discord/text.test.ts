/** What the bot writes about a table: moves, refusals, the Dynasty header. */
import { describe, expect, it } from 'vitest';
import { legalPlacements, NO_VARIANTS, replayStates, toRecord } from '../../src/game/index.js';
import { playerMarker } from '../../src/render/index.js';
import { describeMove, dynastyHeader, refusalText, replayCaption, seatName } from '../../src/discord/messages/text.js';
import { rankingLines } from '../../src/discord/messages/end.js';
import * as table from '../../src/table/index.js';
import type { GameTable, HumanSeat, TableSeat } from '../../src/table/index.js';

const seats: TableSeat[] = [
  { kind: 'human', userId: '1', name: 'Ana' },
  { kind: 'ai', level: 'hard', name: 'Hard AI' },
];

function started(): table.PlayingTable {
  const lobby = table.newLobby({
    id: 't',
    guildId: 'g',
    channelId: 'c',
    host: seats[0] as HumanSeat,
    others: seats.slice(1),
    settings: { ...NO_VARIANTS, turnTimerS: 0 },
    now: 0,
  });
  const r = table.start(lobby, { userId: '1', moderator: false }, 'words', 0);
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
}

/** Play first picks, then the first placement of the game, and return what it said. */
function firstPlacement(): string {
  let t: GameTable = started();
  for (let now = table.currentTurn(t); now; now = table.currentTurn(t)) {
    const game = now.table.game;
    const spot = now.prompt.kind === 'place' ? legalPlacements(game)[0] : undefined;
    const placed: table.Placed = spot ? { kind: 'place', a: spot.a, b: spot.b } : { kind: 'none' };
    const after = table.afterPlacing(game, now.player, placed);
    const claim = after.ok ? (table.pickChoices(after.value)[0] ?? null) : null;
    const out = table.playMove(t, { kind: 'seat', player: now.player }, game.turn, { placed, claim }, 0);
    if (!out.ok) throw new Error(out.refusal.code);
    if (spot) return describeMove(table.noteOf(out.value, false), seats, 5);
    t = out.value.table;
  }
  throw new Error('no placement');
}

/** Play a whole game (first legal spot, first free domino); what the thread said of each move, and the game. */
function wholeGame(): { readonly said: string[]; readonly game: table.GameTable['game'] } {
  let t: GameTable = started();
  const said: string[] = [];
  for (let now = table.currentTurn(t); now; now = table.currentTurn(t)) {
    const game = now.table.game;
    const spot = now.prompt.kind === 'place' ? legalPlacements(game)[0] : undefined;
    const placed: table.Placed = spot
      ? { kind: 'place', a: spot.a, b: spot.b }
      : now.prompt.kind === 'place'
        ? { kind: 'discard' }
        : { kind: 'none' };
    const after = table.afterPlacing(game, now.player, placed);
    const claim = after.ok ? (table.pickChoices(after.value)[0] ?? null) : null;
    const out = table.playMove(t, { kind: 'seat', player: now.player }, game.turn, { placed, claim }, 0);
    if (!out.ok) throw new Error(out.refusal.code);
    said.push(describeMove(table.noteOf(out.value, false), seats, game.options.grid));
    t = out.value.table;
  }
  return { said, game: t.game };
}

describe('the step-through replay', () => {
  it('captions every move with the words the thread said of it, and the table before the first', () => {
    const { said, game } = wholeGame();
    const states = replayStates(toRecord(game));
    if (!states.ok) throw new Error(states.error.message);
    expect(states.value).toHaveLength(said.length + 1);
    expect(replayCaption(states.value, 0, seats)).toBe('The table before the first move.');
    const captions = said.map((_, i) => replayCaption(states.value, i + 1, seats));
    expect(captions).toEqual(said);
    expect(captions.some((c) => / placed #\d+ at [A-I][1-9]-[A-I][1-9] for \+\d+ and took #\d+\.$/.test(c))).toBe(true);
  });
});

describe('the words about a table', () => {
  it('says what a move did: who, which domino, where in cell names, the points, the pick', () => {
    expect(firstPlacement()).toMatch(
      /^(\S+ \*\*Ana\*\*|\S+ 🤖 \*\*Hard AI\*\*) placed #\d+ at [A-I][1-9]-[A-I][1-9] for \+\d+ and took #\d+\.$/,
    );
  });

  it('names whose turn it is in a refusal, and words every refusal', () => {
    expect(refusalText({ code: 'not-your-turn', player: 1 }, seats)).toBe(
      `It is ${playerMarker(1)} 🤖 **Hard AI**'s turn.`,
    );
    expect(refusalText({ code: 'stale-turn' }, seats)).toBe('This button is from an earlier turn.');
    expect(refusalText({ code: 'seat-count', min: 2, max: 4 }, seats)).toBe('A game needs 2 to 4 seats.');
  });

  it('marks every name with its colour on the pictures, and a name the pictures cannot draw with its seat label', () => {
    const unusual: TableSeat[] = [...seats, { kind: 'human', userId: '3', name: '龍王' }];
    expect(seatName(unusual, 0)).toBe(`${playerMarker(0)} **Ana**`);
    expect(seatName(unusual, 2)).toBe(`${playerMarker(2)} **龍王** (Player 3)`);
    expect(new Set([0, 1, 2].map(playerMarker)).size).toBe(3);
  });

  it('gives players tied on points, largest territory and crowns the same place, as the score sheet does', () => {
    const four: TableSeat[] = ['Ana', 'Bo', 'Cy', 'Di'].map((name, i) => ({ kind: 'human', userId: `${i}`, name }));
    const score = (player: number, total: number) => ({
      player,
      territories: [],
      harmony: 0,
      middleKingdom: 0,
      total,
      largestTerritory: 5,
      crowns: 3,
    });
    const scores = [score(0, 40), score(1, 30), score(2, 30), score(3, 20)];
    const lines = rankingLines({ scores, winners: [0], decidedBy: 'none' }, four);
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['🏆', '2.', '2.', '4.']);
  });

  it('heads a Dynasty game with its number', () => {
    expect(dynastyHeader({ game: 2, of: 3 })).toBe('Dynasty, game 2 of 3');
    expect(dynastyHeader(null)).toBeNull();
  });
});
