/**
 * The playouts' greedy policy (policy.ts playOut): every placement in a playout is
 * one greedyPlacement could choose on the board as it then stands, though most are
 * remembered from the pick that claimed the domino rather than searched again.
 */
import { describe, expect, it } from 'vitest';
import { bonusGain, Territories } from '../../src/ai/gain.js';
import { HARD_POLICY } from '../../src/ai/hard.js';
import { bonusesOf } from '../../src/ai/levels.js';
import { playOut, type Bonuses, type Weights } from '../../src/ai/policy.js';
import { makeRng } from '../../src/ai/rng.js';
import { Board, MAX_PLACEMENTS, publicView, Sim, type AiLevel } from '../../src/game/index.js';
import { newGame, SET_UPS } from './support.js';

/** The policy's value of each legal placement, written out from its definition. */
function values(board: Board, n: number, bonuses: Bonuses, w: Weights): Map<number, number> {
  const codes = new Int32Array(MAX_PLACEMENTS);
  const count = board.legal(n, codes);
  const t = new Territories().load(board);
  const all = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const code = codes[i] as number;
    const points = t.gain(n, code) + bonusGain(board, code, bonuses.harmony, bonuses.middleKingdom);
    all.set(code, points + w.fit * t.matches(n, code) - w.hole * t.holes(code));
  }
  return all;
}

/** Each placement (or discard: -1) a playout makes, with the board it was made on. */
function recordPlacements(sim: Sim): { board: Board; domino: number; code: number }[] {
  const made: { board: Board; domino: number; code: number }[] = [];
  const place = sim.place.bind(sim);
  const discard = sim.discard.bind(sim);
  const before = (): Board => (sim.boards[sim.player] as Board).clone();
  sim.place = (code: number) => {
    made.push({ board: before(), domino: sim.domino, code });
    place(code);
  };
  sim.discard = () => {
    made.push({ board: before(), domino: sim.domino, code: -1 });
    discard();
  };
  return made;
}

describe('a playout', () => {
  it.each(SET_UPS)('places each domino where the greedy policy would on the board as it stands ($name)', (setUp) => {
    const levels: AiLevel[] = Array.from({ length: setUp.players }, () => 'normal');
    const view = publicView(newGame(levels, `memo-${setUp.name}`, setUp.options));
    const bonuses = bonusesOf(view);
    const root = Sim.fromState(view, 1);
    let checked = 0;
    // Several playouts from one position in a row: nothing one remembers may serve the next.
    for (let i = 0; i < 6; i++) {
      const sim = root.clone();
      sim.redeterminize(makeRng(i));
      const made = recordPlacements(sim);
      playOut(sim, bonuses, makeRng(100 + i), HARD_POLICY);
      for (const { board, domino, code } of made) {
        const all = values(board, domino, bonuses, HARD_POLICY);
        if (code < 0) expect(all.size).toBe(0);
        else expect(all.get(code)).toBe(Math.max(...all.values()));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});
