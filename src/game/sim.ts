/**
 * Sim: a fast, mutable copy of a game for Monte-Carlo playouts (and the engine's
 * benchmark). Same rules as the JSON engine (it uses the same Board kernel for
 * placement legality and scoring, and the tests check that both play identical
 * games), but no allocation in its inner loop and no JSON.
 *
 * ## Use
 * ```ts
 * import { MAX_PLACEMENTS, OVER, PLACE, Rng, Sim } from '../game/index.js';
 *
 * const root = Sim.fromState(state, seed);   // hidden pile replaced by a shuffle of the unseen dominoes
 * const sim = root.clone();                  // or sim.copyFrom(root) to reuse one object
 * const codes = new Int32Array(MAX_PLACEMENTS);
 * while (sim.phase !== OVER) {
 *   if (sim.phase === PLACE) {               // sim.player must place sim.domino
 *     const n = sim.legalPlacements(codes);  // placement codes, same order as legalPlacements(state)
 *     if (n === 0) sim.discard(); else sim.place(codes[0]!);
 *   } else {                                 // CLAIM: sim.player picks for king sim.king
 *     sim.claimSlot(sim.freeSlot(0));        // or sim.claim(dominoNumber)
 *   }
 * }
 * sim.totals(out);                           // Int32Array(players): points with the variants' bonuses
 * sim.outcome(share);                        // Float64Array(players): 1 for the winner, 1/k each for a shared win
 * ```
 * - Prompt: `phase` (PLACE, CLAIM or OVER), `player`, `king`, `domino` (the one in
 *   hand while placing). Choices while claiming: slots `i` of `nxt` with
 *   `nxtKing[i] === -1`; `freeCount()` and `freeSlot(k)` (the k-th free slot) help.
 * - Placement codes are board.ts codes: `placementOf(code)` gives `{a, b}` for an
 *   Action, `codeCellA/codeCellB` the cells of its halves (board cell indices).
 * - `boards[player]` is that kingdom's Board (read it for evaluations: `filled`,
 *   bounding box `minX..maxY`, `cell`/`crowns` grids, `canPlace(n)`, `scoreInto()`).
 * - Lines: `cur`/`curKing`/`curLen` (being placed, king ids), `nxt`/`nxtKing`/`nxtLen`
 *   (being claimed, -1 = free); `pile[pilePos..pileLen)` is the determinized pile.
 * - `fromState(state, seed)` never reads `state.pile` or `state.removedAtSetup`:
 *   the dominoes not yet revealed (publicDeck) are shuffled with the seed and the
 *   first ones, as many as the pile holds, become the pile. Only
 *   `Sim.exact(state)` (the engine's own tests and benchmarks) copies the real pile.
 * - `log`: set to an array to record GameEvents as the JSON engine does (slow, tests only).
 * - `playRandom(rng)` finishes the game with uniformly random legal moves;
 *   `redeterminize(rng)` reshuffles the unseen dominoes (a new guess at the pile).
 */
import { Board, codeAx, codeAy, codeBx, codeBy, MAX_PLACEMENTS } from './board.js';
import { DOMINO_COUNT } from './dominoes.js';
import { boardOf } from './engine.js';
import { publicDeck } from './public.js';
import { Rng, seedState } from './rng.js';
import { dropsLeftover, kingCount, lineSize } from './setup.js';
import { isSolo, SOLO_LINE, soloClaimLimit, soloLimitAfter } from './solo.js';
import type { GameEvent, GameOptions, GameState } from './types.js';

export const PLACE = 0;
export const CLAIM = 1;
export const OVER = 2;
export type Phase = typeof PLACE | typeof CLAIM | typeof OVER;

const MAX_LINE = 4;
const playoutCodes = new Int32Array(MAX_PLACEMENTS);
const rankScratch = new Int32Array(3 * 4);

export class Sim {
  readonly options: GameOptions;
  readonly players: number;
  readonly kingCount: number;
  readonly lineSize: number;
  readonly grid: 5 | 7;
  readonly harmony: boolean;
  readonly middleKingdom: boolean;
  readonly dropsLeftover: boolean;
  readonly solo: boolean;
  /** Solo (Crown of Thorns): how many of the next line's first slots the king may claim. */
  soloLimit = SOLO_LINE;
  /** owner[king] = the player (seat) of that king. */
  readonly owner: Int8Array;
  readonly boards: Board[];
  /**
   * pile[pilePos..pileLen) is the draw pile, next first; pile[pilePos..unseenLen) all
   * the dominoes a player has not seen (the pile and, in a determinized Sim, the ones
   * removed at set-up), which `redeterminize` reshuffles.
   */
  readonly pile: Int8Array;
  pileLen = 0;
  pilePos = 0;
  unseenLen = 0;
  readonly cur: Int8Array;
  readonly curKing: Int8Array;
  curLen = 0;
  readonly nxt: Int8Array;
  readonly nxtKing: Int8Array;
  nxtLen = 0;
  /** pile, cur, curKing, nxt and nxtKing are views of this buffer: one copy in copyFrom. */
  private readonly draft = new Int8Array(DOMINO_COUNT + 4 * MAX_LINE);
  nxtClaimed = 0;
  /** Index in `cur` of the acting king (rounds after the first). */
  act = 0;
  phase: Phase = CLAIM;
  round = 1;
  log: GameEvent[] | null = null;

  private constructor(options: GameOptions, owners: readonly number[]) {
    this.options = options;
    this.pile = this.draft.subarray(0, DOMINO_COUNT);
    this.cur = this.draft.subarray(DOMINO_COUNT, DOMINO_COUNT + MAX_LINE);
    this.curKing = this.draft.subarray(DOMINO_COUNT + MAX_LINE, DOMINO_COUNT + 2 * MAX_LINE);
    this.nxt = this.draft.subarray(DOMINO_COUNT + 2 * MAX_LINE, DOMINO_COUNT + 3 * MAX_LINE);
    this.nxtKing = this.draft.subarray(DOMINO_COUNT + 3 * MAX_LINE, DOMINO_COUNT + 4 * MAX_LINE);
    this.players = options.players;
    this.kingCount = kingCount(options.players);
    this.lineSize = lineSize(options);
    this.grid = options.grid;
    this.harmony = options.harmony;
    this.middleKingdom = options.middleKingdom;
    this.dropsLeftover = dropsLeftover(options);
    this.solo = isSolo(options);
    this.owner = Int8Array.from(owners);
    this.boards = Array.from({ length: options.players }, () => new Board(options.grid));
  }

  /** A playout copy of `state` that knows only what a player knows: the hidden pile is a seeded guess. */
  static fromState(state: GameState, seed: number): Sim {
    const deck = publicDeck(state);
    const unseen = [...deck.unseen];
    new Rng(seedState(`sim/${seed}`)).shuffle(unseen);
    return Sim.build(state, unseen, deck.pileSize);
  }

  /** The game exactly, real pile included: for the engine's tests and benchmarks, never for a player. */
  static exact(state: GameState): Sim {
    return Sim.build(state, state.pile, state.pile.length);
  }

  private static build(state: GameState, unseen: readonly number[], pileLen: number): Sim {
    const sim = new Sim(state.options, state.kings);
    sim.boards.forEach((b, p) => b.copyFrom(boardOf(state, p)));
    sim.pile.set(unseen);
    sim.pileLen = pileLen;
    sim.unseenLen = unseen.length;
    sim.curLen = state.current.length;
    state.current.forEach((s, i) => {
      sim.cur[i] = s.domino;
      sim.curKing[i] = s.king ?? -1;
    });
    sim.nxtLen = state.next.length;
    state.next.forEach((s, i) => {
      sim.nxt[i] = s.domino;
      sim.nxtKing[i] = s.king ?? -1;
    });
    sim.nxtClaimed = state.next.filter((s) => s.king !== null).length;
    sim.round = state.round;
    sim.soloLimit = soloClaimLimit(state);
    sim.findTurn(state);
    return sim;
  }

  /** Where the state is in its round: the first king of the current line that has not placed, or not claimed. */
  private findTurn(state: GameState): void {
    if (this.curLen === 0) {
      this.phase = this.nxtClaimed < this.kingCount ? CLAIM : OVER;
      return;
    }
    for (let i = 0; i < this.curLen; i++) {
      const king = this.curKing[i] ?? -1;
      const k = state.kingdoms[this.owner[king] ?? -1];
      const d = this.cur[i] ?? 0;
      this.act = i;
      if (k !== undefined && !k.discarded.includes(d) && !k.placements.some((p) => p.domino === d)) {
        this.phase = PLACE;
        return;
      }
      if (this.nxtLen > 0 && !this.nxtKing.subarray(0, this.nxtLen).includes(king)) {
        this.phase = CLAIM;
        return;
      }
    }
    this.act = this.curLen;
    this.phase = OVER;
  }

  clone(): Sim {
    const copy = new Sim(this.options, Array.from(this.owner));
    copy.copyFrom(this);
    return copy;
  }

  /** Becomes a copy of `o` (a Sim of the same game), without allocating. */
  copyFrom(o: Sim): void {
    for (let p = 0; p < this.players; p++) this.boards[p]?.copyFrom(o.boards[p] as Board);
    this.draft.set(o.draft);
    this.pileLen = o.pileLen;
    this.pilePos = o.pilePos;
    this.unseenLen = o.unseenLen;
    this.curLen = o.curLen;
    this.nxtLen = o.nxtLen;
    this.nxtClaimed = o.nxtClaimed;
    this.soloLimit = o.soloLimit;
    this.act = o.act;
    this.phase = o.phase;
    this.round = o.round;
    this.log = o.log === null ? null : [...o.log];
  }

  /** The king to act: in the first round kings claim in id order; later, the king on cur[act]. -1 when over. */
  get king(): number {
    if (this.phase === OVER) return -1;
    return this.curLen === 0 ? this.nxtClaimed : (this.curKing[this.act] ?? -1);
  }

  get player(): number {
    return this.owner[this.king] ?? -1;
  }

  /** The domino in hand (PLACE), else 0. */
  get domino(): number {
    return this.phase === PLACE ? (this.cur[this.act] ?? 0) : 0;
  }

  legalPlacements(out: Int32Array): number {
    return (this.boards[this.player] as Board).legal(this.domino, out);
  }

  canPlace(): boolean {
    return (this.boards[this.player] as Board).canPlace(this.domino);
  }

  /** Places the domino in hand by a code from legalPlacements (unchecked). */
  place(code: number): void {
    const d = this.cur[this.act]!;
    const player = this.owner[this.curKing[this.act]!]!;
    this.boards[player]!.placeCode(d, code);
    this.log?.push({
      type: 'place',
      player,
      domino: d,
      a: [codeAx(code), codeAy(code)],
      b: [codeBx(code), codeBy(code)],
    });
    this.resolved();
  }

  /** Discards the domino in hand (legal only when legalPlacements finds none). */
  discard(): void {
    const player = this.player;
    (this.boards[player] as Board).discards++;
    this.log?.push({ type: 'discard', player, domino: this.domino });
    this.resolved();
  }

  private resolved(): void {
    if (this.nxtLen > 0) {
      this.phase = CLAIM;
      return;
    }
    this.act++;
    if (this.act >= this.curLen) this.phase = OVER;
  }

  freeCount(): number {
    const free = this.nxtLen - this.nxtClaimed;
    return this.solo ? Math.min(free, this.soloLimit) : free;
  }

  /** Index in `nxt` of the k-th free slot (ascending domino numbers), -1 if none. */
  freeSlot(k: number): number {
    let left = k;
    for (let i = 0; i < this.nxtLen; i++) {
      if (this.nxtKing[i] === -1 && left-- === 0) return i;
    }
    return -1;
  }

  /** Claims domino n of the next line; false (and nothing changes) when it is not free there. */
  claim(n: number): boolean {
    const reach = this.solo ? Math.min(this.nxtLen, this.soloLimit) : this.nxtLen;
    for (let i = 0; i < reach; i++) {
      if (this.nxt[i] === n && this.nxtKing[i] === -1) {
        this.claimSlot(i);
        return true;
      }
    }
    return false;
  }

  /** The acting king claims slot i of the next line (unchecked). */
  claimSlot(i: number): void {
    const king = this.king;
    if (this.solo) this.soloLimit = soloLimitAfter(i);
    this.nxtKing[i] = king;
    this.nxtClaimed++;
    this.log?.push({ type: 'claim', player: this.owner[king] ?? -1, domino: this.nxt[i] ?? 0 });
    if (this.nxtClaimed === this.kingCount) {
      if (this.dropsLeftover) this.dropLeftover();
      this.nextRound();
    } else if (this.curLen > 0) {
      this.act++;
      this.phase = PLACE;
    }
  }

  private dropLeftover(): void {
    let w = 0;
    for (let i = 0; i < this.nxtLen; i++) {
      if (this.nxtKing[i] === -1) {
        this.log?.push({ type: 'drop', domino: this.nxt[i] ?? 0 });
        continue;
      }
      this.nxt[w] = this.nxt[i] ?? 0;
      this.nxtKing[w++] = this.nxtKing[i] ?? -1;
    }
    this.nxtLen = w;
  }

  private nextRound(): void {
    for (let i = 0; i < this.nxtLen; i++) {
      this.cur[i] = this.nxt[i]!;
      this.curKing[i] = this.nxtKing[i]!;
    }
    this.curLen = this.nxtLen;
    const n = Math.min(this.lineSize, this.pileLen - this.pilePos);
    for (let i = 0; i < n; i++) {
      // Insertion sort: lines are laid out in ascending order.
      const d = this.pile[this.pilePos + i] ?? 0;
      let j = i;
      while (j > 0 && (this.nxt[j - 1] ?? 0) > d) {
        this.nxt[j] = this.nxt[j - 1] ?? 0;
        j--;
      }
      this.nxt[j] = d;
      this.nxtKing[i] = -1;
    }
    this.pilePos += n;
    this.nxtLen = n;
    this.nxtClaimed = 0;
    if (n > 0) this.log?.push({ type: 'reveal', line: Array.from(this.nxt.subarray(0, n)) });
    this.round++;
    this.act = 0;
    this.phase = PLACE;
  }

  /** A new guess at the hidden pile: shuffles the unseen dominoes (cheap: for one determinization per playout). */
  redeterminize(rng: Rng): void {
    const pile = this.pile;
    for (let i = this.unseenLen - 1; i > this.pilePos; i--) {
      const j = this.pilePos + rng.int(i - this.pilePos + 1);
      const t = pile[i] ?? 0;
      pile[i] = pile[j] ?? 0;
      pile[j] = t;
    }
  }

  /** Finishes the game with uniformly random legal actions. */
  playRandom(rng: Rng): void {
    const codes = playoutCodes;
    while (this.phase !== OVER) {
      if (this.phase === CLAIM) {
        this.claimSlot(this.freeSlot(rng.int(this.nxtLen - this.nxtClaimed)));
        continue;
      }
      const d = this.cur[this.act]!;
      const board = this.boards[this.owner[this.curKing[this.act]!]!]!;
      const n = board.legal(d, codes);
      if (n === 0) this.discard();
      else this.place(codes[rng.int(n)]!);
    }
  }

  /** out[p] = player p's points now, bonuses of the variants in play included. */
  totals(out: Int32Array): void {
    for (let p = 0; p < this.players; p++) {
      (this.boards[p] as Board).scoreInto(this.harmony, this.middleKingdom, rankScratch, 0);
      out[p] = rankScratch[0] ?? 0;
    }
  }

  /**
   * out[p] = player p's share of the victory if the game ended now: 1 for a sole
   * winner, 1/k for each of k sharing it, 0 otherwise (tie-breaks: largest
   * territory, then crowns).
   */
  outcome(out: Float64Array): void {
    const n = this.players;
    for (let p = 0; p < n; p++)
      (this.boards[p] as Board).scoreInto(this.harmony, this.middleKingdom, rankScratch, 3 * p);
    let best = 0;
    for (let p = 1; p < n; p++) if (compareScores(p, best) > 0) best = p;
    let winners = 0;
    for (let p = 0; p < n; p++) if (compareScores(p, best) === 0) winners++;
    for (let p = 0; p < n; p++) out[p] = compareScores(p, best) === 0 ? 1 / winners : 0;
  }
}

/** Orders players p and q by total, then largest territory, then crowns (from rankScratch): byRanking without objects. */
function compareScores(p: number, q: number): number {
  for (let i = 0; i < 3; i++) {
    const d = (rankScratch[3 * p + i] ?? 0) - (rankScratch[3 * q + i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
