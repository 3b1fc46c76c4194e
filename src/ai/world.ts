/**
 * The game as the hard level's playouts see it: a mutable world at a decision
 * point, built from the public view with one guess at the hidden deck.
 */
import { Board, codeAx, codeAy, codeBx, codeBy } from '../game/board.js';
import { apply, boardOf, prompt } from '../game/engine.js';
import { rank, scorePlayer } from '../game/score.js';
import type { Action, GameState, Prompt } from '../game/types.js';
import { determinize, publicDeck } from './knowledge.js';
import { makeRng } from './rng.js';

export interface Ranking {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
}

export interface World {
  clone(): World;
  phase(): 'place' | 'claim' | 'over';
  /** The player to act. */
  player(): number;
  /** The domino in hand (placing). */
  domino(): number;
  /** The dominoes that may be claimed (claiming). */
  choices(): readonly number[];
  /** A player's kingdom; read-only for callers. */
  board(player: number): Board;
  place(code: number): void;
  discard(): void;
  claim(domino: number): void;
  ranking(): Ranking;
}

/** The world after one guess (from `seed`) at the hidden deck of the public view. */
export function openWorld(view: GameState, seed: number): World {
  return new EngineWorld(determinize(view, publicDeck(view), makeRng(seed)));
}

/** A world over the JSON engine: slow, but the rules are exactly the engine's. */
class EngineWorld implements World {
  private asked: Prompt;
  private readonly boards = new Map<number, Board>();

  constructor(private state: GameState) {
    this.asked = prompt(state);
  }

  clone(): World {
    return new EngineWorld(this.state);
  }

  phase(): 'place' | 'claim' | 'over' {
    return this.asked.kind;
  }

  player(): number {
    return this.asked.kind === 'over' ? -1 : this.asked.player;
  }

  domino(): number {
    return this.asked.kind === 'place' ? this.asked.domino : -1;
  }

  choices(): readonly number[] {
    return this.asked.kind === 'claim' ? this.asked.choices : [];
  }

  board(player: number): Board {
    let b = this.boards.get(player);
    if (!b) {
      b = boardOf(this.state, player);
      this.boards.set(player, b);
    }
    return b;
  }

  place(code: number): void {
    this.act({ type: 'place', player: this.player(), a: [codeAx(code), codeAy(code)], b: [codeBx(code), codeBy(code)] });
  }

  discard(): void {
    this.act({ type: 'discard', player: this.player() });
  }

  claim(domino: number): void {
    this.act({ type: 'claim', player: this.player(), domino });
  }

  ranking(): Ranking {
    const result = rank(this.state.seats.map((_, p) => scorePlayer(this.state, p)));
    return { scores: result.scores.map((s) => s.total), winners: result.winners };
  }

  private act(action: Action): void {
    const next = apply(this.state, action);
    if (!next.ok) throw new Error(`playout: ${next.error.message}`);
    this.boards.delete(this.player());
    this.state = next.value;
    this.asked = prompt(this.state);
  }
}
