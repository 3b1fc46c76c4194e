/**
 * The hard level's tree over the rest of the round (tree.ts): how a turn picks
 * its moves, and that a search stays within the round it was asked in. Its
 * strength is measured by the arena (npm run arena -- --seats hard,hard-baseline).
 */
import { describe, expect, it } from 'vitest';
import { HARD_POLICY } from '../../src/ai/hard.js';
import { bonusesOf } from '../../src/ai/levels.js';
import { playMove, turnMoves, type Candidate } from '../../src/ai/moves.js';
import { makeRng } from '../../src/ai/rng.js';
import { RoundSearch, Turn } from '../../src/ai/tree.js';
import { OVER, prompt, publicView, Sim, type AiLevel, type GameState } from '../../src/game/index.js';
import { advance, newGame } from './support.js';

describe('a turn of the tree', () => {
  const moves: Candidate[] = Array.from({ length: 30 }, (_, k) => ({ code: -1, claim: k, prior: 30 - k }));

  it('tries moves best prior first, one more as it is visited more, and keeps to the one that does best', () => {
    const turn = new Turn(0, moves);
    // The fourth move by prior always wins; every other always loses.
    for (let i = 0; i < 100; i++) {
      const move = turn.select();
      turn.credit(move, move === 3 ? 1 : 0);
    }
    const visits = Array.from(turn.visits);
    expect(visits.indexOf(Math.max(...visits))).toBe(3);
    expect(visits[3]).toBeGreaterThan(50);
    // The 100th pick had 1 + floor(sqrt(99)) = 10 moves open: the 10 best by prior, each tried.
    expect(visits.slice(0, 10).every((n) => n > 0)).toBe(true);
    expect(visits.slice(10).every((n) => n === 0)).toBe(true);
  });
});

describe('the search of the rest of the round', () => {
  const levels: AiLevel[] = ['normal', 'normal'];

  function searchFrom(state: GameState): { sim: Sim; moves: Candidate[]; search: RoundSearch } {
    const view = publicView(state);
    const sim = Sim.fromState(view, 1);
    const moves = turnMoves(sim, bonusesOf(view), HARD_POLICY);
    return { sim, moves, search: new RoundSearch(sim, moves.length, bonusesOf(view), HARD_POLICY) };
  }

  function playOn(from: Sim, first: Candidate, at: number, search: RoundSearch, seed: number): Sim {
    const work = from.clone();
    work.redeterminize(makeRng(seed));
    playMove(work, first);
    search.playOn(work, at, makeRng(seed));
    return work;
  }

  it('grows one turn a playout at most, plays every game to its end and credits each player with their own outcome', () => {
    // The first king to act in round 2: three turns of the round are left after it.
    let state = newGame(levels, 'tree-round');
    while (!(prompt(state).kind === 'place' && state.round === 2)) state = advance(state, levels, 1);
    const { sim, moves, search } = searchFrom(state);
    for (let i = 0; i < 60; i++) {
      const end = playOn(sim, moves[0] as Candidate, 0, search, i);
      expect(end.phase).toBe(OVER);
      expect(search.grown).toBeLessThanOrEqual(i + 1);
      // A win shared or not, and margins that cancel: two players' outcomes sum to 1.
      expect((search.outcomes[0] as number) + (search.outcomes[1] as number)).toBeCloseTo(1, 9);
    }
    expect(search.grown).toBeGreaterThan(3);
  });

  it('searches nothing after a move that ends the round', () => {
    // The last claim of round 2: the next move reveals a new line.
    let state = newGame(levels, 'tree-last');
    while (!(
      state.round === 2 &&
      state.next.filter((s) => s.king === null).length === 1 &&
      prompt(state).kind === 'claim'
    ))
      state = advance(state, levels, 1);
    const { sim, moves, search } = searchFrom(state);
    expect(moves).toHaveLength(1);
    for (let i = 0; i < 10; i++) playOn(sim, moves[0] as Candidate, 0, search, i);
    expect(search.grown).toBe(0);
  });
});
