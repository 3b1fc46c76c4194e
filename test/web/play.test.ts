/**
 * The live board's page works out the player's turn with the engine (src/web/play.ts):
 * every legal spot is lit for one of the four ways the domino lies, a tap on a square
 * turns the domino to fit there, and the move it sends is the engine's.
 */
import { describe, expect, it } from 'vitest';
import { apply, legalPlacements, prompt, Rng, type GameState } from '../../src/game/index.js';
import type { TableView } from '../../src/web/protocol.js';
import { cellKey, moveOf, myTurn, spots, TURNS, turnFitting } from '../../src/web/play.js';
import { newGame, playUntil } from '../game/engine-kit.js';

function tableOf(game: GameState): TableView {
  return {
    id: '1',
    version: 1,
    status: 'playing',
    seats: game.seats.map((s, i) => ({ name: s.name, kind: 'human', userId: `u${i}`, standIn: false })),
    game,
    deadline: null,
    undo: null,
    hostId: 'u0',
    room: null,
    dynasty: null,
  };
}

/** A game a few rounds in, at a placement that fits. */
function placing(): GameState {
  const game = playUntil(newGame(3, 'web-play'), new Rng([3, 9, 2, 7]), (s) => {
    const p = prompt(s);
    return s.round >= 4 && p.kind === 'place' && p.canPlace;
  });
  if (!game) throw new Error('no placement reached');
  return game;
}

describe("the board's turn", () => {
  it('is only the player to move’s, and lights every legal spot over the four turns', () => {
    const game = placing();
    const p = prompt(game);
    if (p.kind !== 'place') throw new Error('not a placement');
    const table = tableOf(game);
    expect(myTurn(table, `u${(p.player + 1) % 3}`)).toBeNull();
    const turn = myTurn(table, `u${p.player}`)!;
    expect(turn.domino).toBe(p.domino);
    const lit = new Set(TURNS.flatMap((_, r) => [...spots(turn, r)].map(([a, b]) => `${a}>${cellKey(b)}`)));
    const legal = new Set(legalPlacements(game).map((l) => `${cellKey(l.a)}>${cellKey(l.b)}`));
    expect(lit).toEqual(legal);
  });

  it('turns the domino to fit where it is tapped, and sends a move the engine takes', () => {
    const game = placing();
    const turn = myTurn(tableOf(game), `u${(prompt(game) as { player: number }).player}`)!;
    const { a, b } = legalPlacements(game)[0]!;
    const r = turnFitting(turn, 0, a)!;
    expect(spots(turn, r).has(cellKey(a))).toBe(true);
    const move = moveOf(turn, { turn: game.turn, r, placed: { kind: 'place', a, b } }, turn.choices[0] ?? null)!;
    const placed = apply(game, { type: 'place', player: turn.player, a, b });
    expect(placed.ok).toBe(true);
    expect(move.placed).toEqual({ kind: 'place', a, b });
    expect(moveOf(turn, { turn: game.turn, r, placed: null }, 1)).toBeNull();
  });
});
