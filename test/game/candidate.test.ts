/**
 * Ranked candidates (the panel's spots and the preview's letters) judge every legal
 * placement from one board: in random games of every set-up, with and without the
 * bonuses, they must say what judging each placement as a move says.
 */
import { describe, expect, it } from 'vitest';
import {
  candidateGain,
  judgePlacement,
  legalPlacements,
  prompt,
  rankedCandidates,
  type GameState,
} from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { BONUSES, SETUPS, mustApply, newGame, randomAction } from './property-support.js';

const GAMES = 12;

/** Each legal placement judged as a move (apply, then both scores), best first, ties in the engine's order. */
function judgedOneByOne(state: GameState) {
  return legalPlacements(state)
    .map((p) => judgePlacement(state, p.a, p.b))
    .sort((x, y) => (candidateGain(y) ?? 0) - (candidateGain(x) ?? 0));
}

describe('rankedCandidates', () => {
  for (const setup of SETUPS) {
    it(`${setup.name}: as every placement judged one by one, at every turn`, () => {
      let turns = 0;
      for (let g = 0; g < GAMES; g++) {
        let state = newGame(setup, `ranked-${g}`, g % 2 === 0 ? BONUSES : {});
        const rng = Rng.fromSeed(`ranked-moves-${g}`);
        while (prompt(state).kind !== 'over') {
          if (prompt(state).kind === 'place') {
            expect(rankedCandidates(state)).toEqual(judgedOneByOne(state));
            turns++;
          }
          state = mustApply(state, randomAction(state, rng));
        }
      }
      expect(turns).toBeGreaterThan(GAMES * 5);
    });
  }

  it('is empty when no one is placing', () => {
    const start = newGame(SETUPS[0]!, 'ranked-claim');
    expect(prompt(start).kind).toBe('claim');
    expect(rankedCandidates(start)).toEqual([]);
  });
});
