/** What is left to come: the dominoes nobody has seen, per terrain (the 3-player table's spare quarter). */
import { describe, expect, it } from 'vitest';
import { domino } from '../../src/game/index.js';
import { tableView } from '../../src/render/adapter.js';
import { midGame, newGame } from './games.js';

const squares = (v: ReturnType<typeof tableView>): number => v.unseen.terrains.reduce((n, t) => n + t.squares, 0);
const crowns = (v: ReturnType<typeof tableView>): number => v.unseen.terrains.reduce((n, t) => n + t.crowns, 0);

describe('what is left to come', () => {
  it('with 4 players it is the pile exactly, by terrain', () => {
    const game = midGame('4p');
    const v = tableView(game, null);
    expect(v.unseen.exact).toBe(true);
    expect(squares(v)).toBe(2 * game.pile.length);
    const pileCrowns = game.pile.reduce((n, d) => n + domino(d).a.crowns + domino(d).b.crowns, 0);
    expect(crowns(v)).toBe(pileCrowns);
  });

  it('with 2 players it is what nobody has seen yet: the pile and the dominoes put aside', () => {
    const game = newGame('2p');
    const v = tableView(game, null);
    expect(v.unseen.exact).toBe(false);
    expect(squares(v)).toBe(2 * (game.pile.length + game.removedAtSetup.length));
  });
});
