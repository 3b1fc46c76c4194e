/**
 * The playouts' greedy policy (policy.ts playOut): every placement in a playout is
 * one greedyPlacement could choose on the board as it then stands, though most are
 * read from what the playout found earlier on the same board rather than searched
 * again; every pick is the greedy one, with what the domino is worth to the opponent
 * counted in 2 players (the opponent's board, too, often read from earlier).
 */
import { describe, expect, it } from 'vitest';
import { bonusGain, Territories } from '../../src/ai/gain.js';
import { HARD_POLICY } from '../../src/ai/hard.js';
import { bonusesOf } from '../../src/ai/levels.js';
import { pickValues, playOut, type Bonuses, type Weights } from '../../src/ai/policy.js';
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

interface Made {
  readonly placed: { board: Board; domino: number; code: number }[];
  readonly claimed: { mine: Board; theirs: Board | null; choices: number[]; domino: number }[];
}

/** Each placement (or discard: -1) and each claim a playout makes, with the boards it was made on. */
function record(sim: Sim): Made {
  const made: Made = { placed: [], claimed: [] };
  const place = sim.place.bind(sim);
  const discard = sim.discard.bind(sim);
  const claim = sim.claim.bind(sim);
  const board = (player: number): Board => (sim.boards[player] as Board).clone();
  sim.place = (code: number) => {
    made.placed.push({ board: board(sim.player), domino: sim.domino, code });
    place(code);
  };
  sim.discard = () => {
    made.placed.push({ board: board(sim.player), domino: sim.domino, code: -1 });
    discard();
  };
  sim.claim = (domino: number) => {
    const choices = Array.from({ length: sim.freeCount() }, (_, k) => sim.nxt[sim.freeSlot(k)] as number);
    const theirs = sim.players === 2 ? board(1 - sim.player) : null;
    made.claimed.push({ mine: board(sim.player), theirs, choices, domino });
    return claim(domino);
  };
  return made;
}

describe('a playout', () => {
  it.each(SET_UPS)('places and picks as the greedy policy would on the boards as they stand ($name)', (setUp) => {
    const levels: AiLevel[] = Array.from({ length: setUp.players }, () => 'normal');
    const view = publicView(newGame(levels, `memo-${setUp.name}`, setUp.options));
    const bonuses = bonusesOf(view);
    const root = Sim.fromState(view, 1);
    let placements = 0,
      picks = 0;
    // Several playouts from one position in a row: nothing one remembers may serve the next.
    for (let i = 0; i < 6; i++) {
      const sim = root.clone();
      sim.redeterminize(makeRng(i));
      const made = record(sim);
      playOut(sim, bonuses, makeRng(100 + i), HARD_POLICY);
      for (const { board, domino, code } of made.placed) {
        const all = values(board, domino, bonuses, HARD_POLICY);
        if (code < 0) expect(all.size).toBe(0);
        else expect(all.get(code)).toBe(Math.max(...all.values()));
        placements++;
      }
      for (const { mine, theirs, choices, domino } of made.claimed) {
        const own = pickValues(mine, choices, bonuses, HARD_POLICY);
        const denied = theirs === null ? null : pickValues(theirs, choices, bonuses, HARD_POLICY);
        const worth = own.map((v, k) => v + HARD_POLICY.denial * Math.max(0, denied?.[k] ?? 0));
        expect(worth[choices.indexOf(domino)]).toBeCloseTo(Math.max(...worth), 9);
        picks++;
      }
    }
    expect(placements).toBeGreaterThan(30);
    expect(picks).toBeGreaterThan(30);
  });
});
