/**
 * The rest of the round as a search tree. Between a decision and the next reveal
 * everything is public (the current and next lines, every kingdom), so the turns
 * left in the round can be searched as a tree shared by every guessed deck: each
 * player there picks, by UCB over the playouts' outcomes for that player, among
 * their best moves by prior (a placement and the claim after it). After the round
 * the playout goes on greedily. A flat search assumes everyone plays greedily
 * right after its move; the tree lets the opponents answer it, and me follow it up,
 * with the moves that do best.
 */
import { Board, OVER, PLACE, type Sim } from '../game/index.js';
import type { Candidate } from './hard.js';
import { rankedPlacements } from './hard.js';
import { pickValues, type Bonuses, type Weights } from './policy.js';

/** Exploration constant of UCB, outcomes being a win share (0..1) plus a small margin term. */
const EXPLORATION = 0.35;

export class TurnNode {
  readonly player: number;
  readonly moves: Candidate[];
  readonly visits: Int32Array;
  readonly sums: Float64Array;
  readonly kids: (TurnNode | null)[];
  total = 0;

  constructor(sim: Sim, bonuses: Bonuses, policy: Weights) {
    this.player = sim.player;
    this.moves = turnMoves(sim, bonuses, policy);
    this.visits = new Int32Array(this.moves.length);
    this.sums = new Float64Array(this.moves.length);
    this.kids = this.moves.map(() => null);
  }

  /** Moves are tried best prior first; more of them as the node is visited more (progressive widening). */
  select(): number {
    const open = Math.min(this.moves.length, 1 + Math.floor(Math.sqrt(this.total)));
    let best = 0,
      bestValue = -Infinity;
    const log = Math.log(this.total + 1);
    for (let m = 0; m < open; m++) {
      const n = this.visits[m] as number;
      if (n === 0) return m;
      const value = (this.sums[m] as number) / n + EXPLORATION * Math.sqrt(log / n);
      if (value > bestValue) {
        bestValue = value;
        best = m;
      }
    }
    return best;
  }
}

/** A step of a walk down the tree: the node and the move taken there. */
export interface Step {
  node: TurnNode;
  move: number;
}

/**
 * Plays the turns left in the sim's round down the tree from `kids[at]`, growing it
 * by one node; the steps taken go into `path` (to be credited with the outcome).
 */
export function walkRound(
  sim: Sim,
  round: number,
  kids: (TurnNode | null)[],
  at: number,
  bonuses: Bonuses,
  policy: Weights,
  path: Step[],
  play: (sim: Sim, c: Candidate) => void,
): void {
  let parent = kids;
  let slot = at;
  while (sim.phase !== OVER && sim.round === round) {
    let node = parent[slot] ?? null;
    const grown = node === null;
    if (node === null) {
      node = new TurnNode(sim, bonuses, policy);
      parent[slot] = node;
    }
    const move = node.select();
    path.push({ node, move });
    play(sim, node.moves[move] as Candidate);
    if (grown) return;
    parent = node.kids;
    slot = move;
  }
}

/** Credits every step of the walk with the outcome of its player. */
export function credit(path: readonly Step[], values: Float64Array): void {
  for (const { node, move } of path) {
    node.visits[move] = (node.visits[move] as number) + 1;
    node.sums[move] = (node.sums[move] as number) + (values[node.player] as number);
    node.total++;
  }
}

const scratch = new Map<number, Board>();
const freeClaims: number[] = [];

/** The acting player's moves, best prior first: as the root's candidates, read off the sim. */
function turnMoves(sim: Sim, bonuses: Bonuses, policy: Weights): Candidate[] {
  const board = sim.boards[sim.player] as Board;
  freeClaims.length = 0;
  for (let k = 0; k < sim.freeCount(); k++) freeClaims.push(sim.nxt[sim.freeSlot(k)] as number);
  const claims = [...freeClaims];
  if (sim.phase !== PLACE) {
    const values = pickValues(board, claims, bonuses, policy);
    return claims.map((claim, i) => ({ code: -1, claim, prior: values[i] as number })).sort(byPrior);
  }
  const domino = sim.domino;
  const placements = sim.canPlace() ? rankedPlacements(board, domino, bonuses, policy) : [{ code: -1, prior: 0 }];
  if (claims.length === 0) return placements.map((p) => ({ ...p, claim: -1 }));
  let after = scratch.get(board.grid);
  if (after === undefined) {
    after = new Board(board.grid);
    scratch.set(board.grid, after);
  }
  const moves: Candidate[] = [];
  for (const p of placements) {
    after.copyFrom(board);
    if (p.code >= 0) after.placeCode(domino, p.code);
    const values = pickValues(after, claims, bonuses, policy);
    claims.forEach((claim, i) => moves.push({ code: p.code, claim, prior: p.prior + (values[i] as number) }));
  }
  return moves.sort(byPrior);
}

function byPrior(x: Candidate, y: Candidate): number {
  return y.prior - x.prior;
}
