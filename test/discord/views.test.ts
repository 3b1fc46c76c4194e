/**
 * Every message the bot builds stays within Discord's limits (Discord rejects the
 * whole message otherwise): at most 5 rows of 5 buttons, custom_ids of at most 100
 * characters and unique within a message, labels of at most 80; and every button's
 * custom_id decodes back to what it was built from. Checked on every state of
 * seeded games in every set-up.
 */
import { describe, expect, it } from 'vitest';
import { ComponentType, type BaseMessageOptions } from 'discord.js';
import {
  apply,
  createGame,
  judgePlacement,
  legalPlacements,
  prompt,
  rankedCandidates,
  rankNow,
  type GameState,
} from '../../src/game/index.js';
import { cursor, cursorCells, cursorOf, decode, encode } from '../../src/discord/messages/codec.js';
import { aiSeats, newLobby, type TableSeat } from '../../src/table/index.js';
import { endView } from '../../src/discord/messages/end.js';
import { lobbyView } from '../../src/discord/messages/lobby.js';
import { discardView, panelView, pickView } from '../../src/discord/messages/panel.js';
import { turnLine, turnView } from '../../src/discord/messages/turn.js';

const PICTURE = { png: Buffer.from('not really a png'), alt: 'A picture, described.' };
/** The longest table id (a snowflake of 20 digits): the panel's Left to come names it. */
const TABLE = '12345678901234567890';

interface Component {
  readonly type: number;
  readonly custom_id: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly options?: readonly { label: string; value: string; description?: string }[];
}

function checkLimits(message: BaseMessageOptions): void {
  const rows = (message.components ?? []) as unknown as { components: Component[] }[];
  expect(rows.length).toBeLessThanOrEqual(5);
  const ids = rows.flatMap((r) => r.components.map((c) => c.custom_id));
  for (const row of rows) expect(row.components.length).toBeLessThanOrEqual(5);
  for (const row of rows) {
    for (const c of row.components) {
      if (c.type === ComponentType.StringSelect) {
        expect(row.components).toHaveLength(1);
        expect(c.options!.length).toBeGreaterThan(0);
        expect(c.options!.length).toBeLessThanOrEqual(25);
        for (const o of c.options!) {
          for (const text of [o.label, o.value, o.description ?? '']) expect(text.length).toBeLessThanOrEqual(100);
          expect(cursor(o.value), o.value).not.toBeNull();
        }
      } else {
        expect(c.label!.length).toBeLessThanOrEqual(80);
      }
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) {
    expect(id.length).toBeLessThanOrEqual(100);
    const action = decode(id);
    expect(action, id).not.toBeNull();
    expect(encode(action!)).toBe(id);
  }
  expect((message.content ?? '').length).toBeLessThanOrEqual(2000);
}

function seatsFor(players: number): TableSeat[] {
  return Array.from({ length: players }, (_, i) => ({
    kind: 'human',
    userId: `10000000000000000${i}`,
    name: `Player with a long name ${i}`,
  }));
}

function* states(players: 2 | 3 | 4, grid: 5 | 7, seed: string): Generator<GameState> {
  const made = createGame({
    seats: seatsFor(players).map((s) => ({ name: s.name, kind: 'human' })),
    seed,
    options: { grid },
  });
  if (!made.ok) throw new Error(made.error.message);
  let state = made.value;
  let i = 0;
  for (;;) {
    yield state;
    const p = prompt(state);
    if (p.kind === 'over') return;
    const legal = p.kind === 'place' ? legalPlacements(state) : [];
    const pick = legal[i++ % Math.max(1, legal.length)];
    const action =
      p.kind === 'claim'
        ? { type: 'claim' as const, player: p.player, domino: p.choices[i % p.choices.length]! }
        : pick
          ? { type: 'place' as const, player: p.player, a: pick.a, b: pick.b }
          : { type: 'discard' as const, player: p.player };
    const next = apply(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
}

describe('messages within Discord limits', () => {
  it('the lobby, full or not', () => {
    const settings = {
      mightyDuel: false,
      harmony: true,
      middleKingdom: true,
      dynasty: true,
      threePlayerClassic: true,
      balancedOpening: true,
      turnTimerS: 300,
    };
    for (const ai of [0, 3]) {
      const host = { kind: 'human', userId: '4', name: 'Host' } as const;
      checkLimits(
        lobbyView(
          newLobby({
            id: '1',
            guildId: '2',
            channelId: '3',
            host,
            others: aiSeats(ai, 'hard', 'Hard AI'),
            settings,
            now: 0,
          }),
        ),
      );
    }
  });

  for (const [players, grid] of [
    [2, 5],
    [3, 5],
    [4, 5],
    [2, 7],
  ] as const) {
    it(`every turn, panel, pick and end of a ${players}-player ${grid}x${grid} game`, () => {
      const seats = seatsFor(players);
      for (const state of states(players, grid, `views-${players}-${grid}`)) {
        const p = prompt(state);
        checkLimits(
          turnView({
            game: state,
            seats,
            happened: 'Something happened.',
            header: 'Dynasty, game 1 of 3',
            picture: PICTURE,
          }),
        );
        if (p.kind === 'over') {
          checkLimits(
            endView({
              result: rankNow(state),
              seats,
              happened: null,
              header: null,
              final: true,
              totals: rankNow(state),
              sheet: PICTURE,
              dynastySheet: PICTURE,
            }),
          );
        } else if (p.kind === 'place' && !p.canPlace) {
          const free = state.next.filter((slot) => slot.king === null).map((slot) => slot.domino);
          checkLimits(discardView(state, p.domino, free, PICTURE, undefined, TABLE));
        } else if (p.kind === 'place') {
          const legal = legalPlacements(state).map(cursorOf);
          const at = legal[legal.length - 1]!;
          const { a, b } = cursorCells(at);
          const candidate = judgePlacement(state, a, b);
          const ranked = rankedCandidates(state);
          for (const choices of [state.next.map((s) => s.domino), []]) {
            checkLimits(
              panelView({
                game: state,
                domino: p.domino,
                at,
                candidate,
                ranked,
                choices,
                hint: legal[0]!,
                hintUsed: false,
                preview: PICTURE,
                table: TABLE,
              }),
            );
          }
          const placed = { kind: 'place' as const, ...cursorCells(legal[0]!) };
          checkLimits(
            pickView({
              game: state,
              placed,
              inHand: p.domino,
              candidate,
              choices: state.next.map((s) => s.domino),
              table: TABLE,
            }),
          );
        } else {
          checkLimits(
            pickView({
              game: state,
              placed: { kind: 'none' },
              inHand: null,
              candidate: null,
              choices: p.choices,
              table: TABLE,
            }),
          );
        }
      }
    });
  }
});

describe('Left to come', () => {
  const game = [...states(4, 5, 'views-left')].find((x) => {
    const p = prompt(x);
    return p.kind === 'place' && p.canPlace && x.next.length > 0;
  })!;
  const p = prompt(game);
  const legal = legalPlacements(game).map(cursorOf);
  const info = {
    game,
    domino: p.kind === 'place' ? p.domino : 0,
    at: legal[0]!,
    candidate: judgePlacement(game, cursorCells(legal[0]!).a, cursorCells(legal[0]!).b),
    ranked: rankedCandidates(game),
    choices: game.next.map((s) => s.domino),
    hint: null,
    hintUsed: false,
    preview: PICTURE,
  };
  const ids = (m: BaseMessageOptions): string[] =>
    ((m.components ?? []) as unknown as { components: Component[] }[]).flatMap((r) =>
      r.components.map((c) => c.custom_id),
    );

  it("is on a table's panel, naming its table, and on no daily deal's (no table)", () => {
    expect(ids(panelView({ ...info, table: TABLE }))).toContain(`k1:lo:${TABLE}:${game.turn}`);
    expect(ids(panelView(info)).some((id) => id.startsWith('k1:lo:'))).toBe(false);
  });

  it('is on the board for anyone, beside Your turn, and with four absent players still within a row', () => {
    const seats = seatsFor(4);
    const board = turnView({ game, seats, happened: null, header: null, picture: PICTURE });
    expect(ids(board)).toEqual([`k1:y:${game.turn}`, `k1:lc:${game.turn}`]);
    const absent = seats.map((s) => ({ ...s, standIn: { reason: 'absent' as const, by: null } }));
    checkLimits(turnView({ game, seats: absent as TableSeat[], happened: null, header: null, picture: PICTURE }));
  });
});

describe('the turn line', () => {
  it('says the computer plays for a seat it stands in for, and asks the player otherwise', () => {
    const game = states(2, 5, 'views-turn-line').next().value as GameState;
    const mover = prompt(game);
    if (mover.kind === 'over') throw new Error('a new game is not over');
    const seats = seatsFor(2);
    expect(turnLine(game, seats)).not.toMatch(/the computer plays for/);
    const standIn = seats.map((s, i) =>
      i === mover.player ? { ...s, standIn: { reason: 'replaced' as const, by: null } } : s,
    );
    expect(turnLine(game, standIn as TableSeat[])).toMatch(/the computer plays for .*Player with a long name/);
  });
});
