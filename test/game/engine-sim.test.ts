/** The playout simulator against the JSON engine: same games, same events, same scores; no peeking at the pile. */
import { describe, expect, it } from 'vitest';
import { placementOf, MAX_PLACEMENTS } from '../../src/game/board.js';
import type { GameOptions, GameState } from '../../src/game/index.js';
import { legalPlacements, prompt, rankNow } from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { CLAIM, OVER, PLACE, Sim } from '../../src/game/sim.js';
import { newGame, playUntil, randomAction, step } from './engine-kit.js';

const SETUPS: [number, Partial<Omit<GameOptions, 'players'>>][] = [
  [4, {}],
  [3, {}],
  [3, { threePlayer: 'classic' }],
  [2, {}],
  [2, { grid: 7 }],
  [4, { harmony: true, middleKingdom: true }],
  [2, { grid: 7, harmony: true, middleKingdom: true }],
];

/** The same random choices as engine-kit's randomAction, made on the simulator. */
function simRandomStep(sim: Sim, rng: Rng, codes: Int32Array): void {
  if (sim.phase === CLAIM) {
    sim.claimSlot(sim.freeSlot(rng.int(sim.freeCount())));
    return;
  }
  const n = sim.legalPlacements(codes);
  if (n === 0) sim.discard();
  else sim.place(codes[rng.int(n)] ?? 0);
}

function expectSameScores(sim: Sim, state: GameState): void {
  const totals = new Int32Array(sim.players);
  sim.totals(totals);
  const ranking = rankNow(state);
  expect(Array.from(totals)).toEqual(ranking.scores.map((s) => s.total));
  const share = new Float64Array(sim.players);
  sim.outcome(share);
  expect(Array.from(share)).toEqual(
    state.seats.map((_, p) => (ranking.winners.includes(p) ? 1 / ranking.winners.length : 0)),
  );
}

describe('Sim plays the same game as the engine', () => {
  for (const [players, options] of SETUPS) {
    it(`${players} players ${JSON.stringify(options)}: events, prompts and scores agree`, () => {
      const codes = new Int32Array(MAX_PLACEMENTS);
      for (let g = 0; g < 15; g++) {
        let state = newGame(players, `agree/${g}`, options);
        const sim = Sim.exact(state);
        sim.log = [...state.events];
        const rngA = Rng.fromSeed(`moves/${g}`);
        const rngB = Rng.fromSeed(`moves/${g}`);
        for (;;) {
          const p = prompt(state);
          expect(sim.phase).toBe(p.kind === 'place' ? PLACE : p.kind === 'claim' ? CLAIM : OVER);
          if (p.kind === 'over') break;
          expect([sim.player, sim.king]).toEqual([p.player, p.king]);
          if (p.kind === 'place') expect([sim.domino, sim.canPlace()]).toEqual([p.domino, p.canPlace]);
          state = step(state, randomAction(state, rngA));
          simRandomStep(sim, rngB, codes);
        }
        expect(sim.log).toEqual(state.events);
        expect(sim.round).toBe(state.round);
        expectSameScores(sim, state);
      }
    });
  }

  it('picks up any mid-game state exactly (Sim.exact) and finishes it like the engine', () => {
    const codes = new Int32Array(MAX_PLACEMENTS);
    for (const [players, options] of SETUPS) {
      for (let cut = 1; cut < 90; cut += 7) {
        const rng = Rng.fromSeed(`cut/${cut}`);
        const mid = playUntil(newGame(players, `cut/${cut}`, options), rng, (s) => s.turn === cut);
        if (mid === null) continue;
        const sim = Sim.exact(mid);
        sim.log = [...mid.events];
        let state = mid;
        const rngA = Rng.fromSeed('rest');
        const rngB = Rng.fromSeed('rest');
        while (prompt(state).kind !== 'over') {
          state = step(state, randomAction(state, rngA));
          simRandomStep(sim, rngB, codes);
        }
        expect(sim.phase).toBe(OVER);
        expect(sim.log).toEqual(state.events);
        expectSameScores(sim, state);
      }
    }
  });

  it('placement codes convert to the positions of the engine', () => {
    const placing = playUntil(
      newGame(4, 'codes'),
      Rng.fromSeed('codes'),
      (s) => s.round === 4 && prompt(s).kind === 'place',
    );
    if (placing === null) throw new Error('no place prompt');
    const codes = new Int32Array(MAX_PLACEMENTS);
    const n = Sim.exact(placing).legalPlacements(codes);
    expect(Array.from(codes.subarray(0, n), (c) => placementOf(c))).toEqual(
      legalPlacements(placing).map((l) => ({ a: l.a, b: l.b })),
    );
  });
});

describe('Sim.fromState knows only what a player knows', () => {
  it('the hidden pile order and the removed dominoes do not change the determinized game', () => {
    const state = playUntil(newGame(2, 'hidden'), Rng.fromSeed('hidden'), (s) => s.round === 3);
    if (state === null) throw new Error('no round 3');
    const hidden = [...state.pile, ...state.removedAtSetup];
    const shuffled = new Rng([9, 8, 7, 6]).shuffle([...hidden]);
    const other: GameState = {
      ...state,
      pile: shuffled.slice(0, state.pile.length),
      removedAtSetup: shuffled.slice(state.pile.length),
    };
    const a = Sim.fromState(state, 5);
    const b = Sim.fromState(other, 5);
    expect(Array.from(a.pile)).toEqual(Array.from(b.pile));
    const pile = Array.from(a.pile.subarray(0, a.pileLen));
    expect(pile).toHaveLength(state.pile.length);
    for (const d of pile) expect(hidden).toContain(d);
    expect(new Set(pile).size).toBe(pile.length);
    expect(Array.from(Sim.fromState(state, 6).pile)).not.toEqual(Array.from(a.pile));
  });

  it('determinized playouts finish legally from any state, and clones are independent', () => {
    const state = playUntil(newGame(3, 'det'), Rng.fromSeed('det'), (s) => s.turn === 20);
    if (state === null) throw new Error('no turn 20');
    const root = Sim.fromState(state, 1);
    const copy = root.clone();
    const rng = Rng.fromSeed('p');
    copy.playRandom(rng);
    expect(copy.phase).toBe(OVER);
    expect(root.phase).not.toBe(OVER);
    expect(copy.boards.map((b) => b.filled + 2 * b.discards)).toEqual([25, 25, 25]);
    const again = root.clone();
    again.copyFrom(copy);
    expect(again.boards.map((b) => b.filled)).toEqual(copy.boards.map((b) => b.filled));
  });
});
