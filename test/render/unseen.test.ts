/** What is left to come: the dominoes nobody has seen, per terrain (the 3-player table's spare quarter). */
import { describe, expect, it } from 'vitest';
import { domino } from '../../src/game/index.js';
import { inLocale, LOCALES } from '../../src/i18n/index.js';
import { leftView, tableView } from '../../src/render/adapter.js';
import { describeLeftView } from '../../src/render/describe.js';
import { draw } from '../../src/render/index.js';
import { probeSizes } from '../../src/render/probe.js';
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

describe('the "Left to come" picture', () => {
  const numbers = (v: ReturnType<typeof leftView>): number[] => v.dominoes.map((d) => d.n);

  it('with 4 players half-way through shows the pile exactly, by number and never in its order', () => {
    const game = midGame('4p');
    const v = leftView(game);
    expect(v.unseen.exact).toBe(true);
    expect(numbers(v)).toEqual([...game.pile].sort((a, b) => a - b));
    expect(v.toCome).toBe(game.pile.length);
    // The pile's hidden order is not what is shown (the set is, ascending).
    expect(numbers(v)).not.toEqual(game.pile);
    const alt = describeLeftView(v);
    expect(alt).toMatch(new RegExp(`^${game.pile.length} dominoes left to come\\.`));
    for (const n of game.pile) expect(alt).toContain(`#${n}`);
  });

  it('in the Mighty Duel (all 48 dominoes) the pile is exact too', () => {
    const game = midGame('duel');
    expect(leftView(game).unseen.exact).toBe(true);
    expect(numbers(leftView(game))).toEqual([...game.pile].sort((a, b) => a - b));
  });

  it('with 2 players shows every domino not yet seen, and says only the pile’s count of them will come', () => {
    const game = midGame('2p');
    const v = leftView(game);
    expect(v.unseen.exact).toBe(false);
    expect(numbers(v)).toEqual([...game.pile, ...game.removedAtSetup].sort((a, b) => a - b));
    expect(v.toCome).toBe(game.pile.length);
    expect(describeLeftView(v)).toMatch(
      new RegExp(`^${v.dominoes.length} dominoes not yet seen, only ${game.pile.length} of them will come`),
    );
  });

  it('is legible at 400 px wide, and under 420 px tall there with the most dominoes there can be, in every language', () => {
    for (const [setup, locale] of [
      ...(['2p', '4p', '3p-classic', 'duel'] as const).map((s) => [s, 'en'] as const),
      ...LOCALES.map((l) => ['2p', l] as const),
    ]) {
      let width = 0;
      let height = 0;
      const sizes = probeSizes(() => {
        const canvas = inLocale(locale, () => draw.left(newGame(setup)));
        width = canvas.width;
        height = canvas.height;
      });
      expect((height * 400) / width, `${setup} ${locale}`).toBeLessThanOrEqual(420);
      const smallestText = Math.min(...(sizes.get('text') ?? [])) * (400 / width);
      expect(smallestText, setup).toBeGreaterThanOrEqual(8);
      const crown = Math.min(...(sizes.get('crown') ?? [])) * (400 / width);
      expect(crown, setup).toBeGreaterThanOrEqual(9);
    }
  });

  it('is described within Discord’s 1024 characters, every domino named, at any stage', () => {
    for (const setup of ['2p', '4p', '3p-classic', 'duel'] as const) {
      for (const game of [newGame(setup), midGame(setup)]) {
        const v = leftView(game);
        const alt = describeLeftView(v);
        expect(alt.length, setup).toBeLessThanOrEqual(1024);
        for (const d of v.dominoes) expect(alt, setup).toMatch(new RegExp(`#${d.n}\\b`));
      }
    }
  });
});
