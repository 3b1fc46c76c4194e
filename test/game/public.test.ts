/** Set-up facts and the public view: what every player may know of the deck. */
import { describe, expect, it } from 'vitest';
import { boxRound, deckFacts, prompt, publicDeck, publicView, type GameOptions } from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { newGame, playToEnd, playUntil, randomAction, step } from './engine-kit.js';

const SET_UPS: readonly {
  name: string;
  players: number;
  options: Partial<Omit<GameOptions, 'players'>>;
  inPlay: number;
  line: number;
  rounds: number;
}[] = [
  { name: '2 players', players: 2, options: {}, inPlay: 24, line: 4, rounds: 7 },
  { name: 'Mighty Duel', players: 2, options: { grid: 7 }, inPlay: 48, line: 4, rounds: 13 },
  { name: '3 players, leftover dropped', players: 3, options: {}, inPlay: 48, line: 4, rounds: 13 },
  { name: '3 players classic', players: 3, options: { threePlayer: 'classic' }, inPlay: 36, line: 3, rounds: 13 },
  { name: '4 players', players: 4, options: {}, inPlay: 48, line: 4, rounds: 13 },
];

describe('deckFacts', () => {
  it.each(SET_UPS)(
    '$name: $inPlay dominoes in lines of $line, $rounds rounds',
    ({ players, options, inPlay, line, rounds }) => {
      const start = newGame(players, 'facts', options);
      const facts = deckFacts(start.options);
      expect(facts).toEqual({ dominoes: 48, inPlay, removed: 48 - inPlay, lineSize: line, lines: rounds - 1, rounds });
      expect(start.removedAtSetup).toHaveLength(facts.removed);
      const end = playToEnd(start, Rng.fromSeed('facts'));
      expect(end.round).toBe(facts.rounds);
      expect(end.events.filter((e) => e.type === 'reveal')).toHaveLength(facts.lines);
    },
  );
});

describe('publicView', () => {
  it.each(SET_UPS)(
    '$name: hides the pile order and the removed dominoes, keeps everything else',
    ({ players, options }) => {
      const rng = Rng.fromSeed('view');
      const state = playUntil(
        newGame(players, 'view', options),
        rng,
        (s) => s.round === 3 && prompt(s).kind === 'place',
      );
      if (state === null) throw new Error('no third round');
      const view = publicView(state);
      const { pile, removedAtSetup, rng: _rng, seed: _seed, ...open } = state;
      expect(view).toMatchObject(open);
      expect(view.pile).toHaveLength(pile.length);
      expect(view.removedAtSetup).toHaveLength(removedAtSetup.length);
      const hidden = [...pile, ...removedAtSetup].sort((x, y) => x - y);
      expect([...view.pile, ...view.removedAtSetup]).toEqual(hidden);
      expect(publicDeck(state)).toEqual({ unseen: hidden, pileSize: pile.length });
      expect(prompt(view)).toEqual(prompt(state));
    },
  );

  it('does not depend on the hidden deck: two games with the same public facts have the same view', () => {
    const state = newGame(4, 'same');
    const shuffled = { ...state, pile: [...state.pile].reverse(), rng: [9, 9, 9, 9] as const, seed: 'other' };
    expect(publicView(shuffled)).toEqual(publicView(state));
  });
});

describe('rounds as the box counts them', () => {
  it('the opening picks are round 0, then one round per line: 12 with 4 players, 6 with 2', () => {
    for (const [players, lines] of [
      [4, 12],
      [2, 6],
    ] as const) {
      let state = newGame(players, `box-${players}`);
      expect(boxRound(state)).toEqual({ round: 0, rounds: lines });
      const rng = Rng.fromSeed('box');
      const seen = new Set<number>();
      for (; prompt(state).kind !== 'over'; state = step(state, randomAction(state, rng)))
        seen.add(boxRound(state).round);
      expect([...seen]).toEqual(Array.from({ length: lines + 1 }, (_, i) => i));
    }
  });
});
