/**
 * Shared by the record, dynasty and property tests: the set-ups, seeded random
 * players, and checks written independently of the engine (a deliberately naive
 * scorer, the event order of game-record.md) to compare it against.
 */
import type { Action, GameEvent, GameOptions, GameRecord, GameState, Seat, Terrain } from '../../src/game/index.js';
import { apply, createGame, domino, legalPlacements, prompt } from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';

export interface Setup {
  readonly name: string;
  readonly players: 1 | 2 | 3 | 4;
  readonly options: Partial<Omit<GameOptions, 'players'>>;
  /** Dominoes placed or discarded by the end of the game. */
  readonly used: number;
  readonly rounds: number;
}

export const SETUPS: readonly Setup[] = [
  { name: '2 players', players: 2, options: {}, used: 24, rounds: 6 },
  { name: '2 players, balanced opening', players: 2, options: { balancedOpening: true }, used: 24, rounds: 6 },
  { name: '3 players, discard', players: 3, options: {}, used: 36, rounds: 12 },
  { name: '3 players, classic', players: 3, options: { threePlayer: 'classic' }, used: 36, rounds: 12 },
  { name: '4 players', players: 4, options: {}, used: 48, rounds: 12 },
  { name: 'Mighty Duel', players: 2, options: { grid: 7 }, used: 48, rounds: 12 },
  { name: 'solo, Crown of Thorns', players: 1, options: {}, used: 12, rounds: 12 },
];

export const BONUSES = { harmony: true, middleKingdom: true } as const;

export function seats(players: number): Seat[] {
  return Array.from({ length: players }, (_, i) => ({
    name: `Player ${i + 1}`,
    kind: i === 0 ? 'human' : 'ai:random',
  }));
}

export function newGame(setup: Setup, seed: string, extra: Partial<GameOptions> = {}): GameState {
  const created = createGame({ seats: seats(setup.players), seed, options: { ...setup.options, ...extra } });
  if (!created.ok) throw new Error(`set-up ${setup.name}: ${created.error.message}`);
  return created.value;
}

/** A uniformly random legal action. */
export function randomAction(state: GameState, rng: Rng): Action {
  const p = prompt(state);
  if (p.kind === 'over') throw new Error('the game is over');
  if (p.kind === 'claim') return { type: 'claim', player: p.player, domino: p.choices[rng.int(p.choices.length)]! };
  const placements = legalPlacements(state);
  if (placements.length === 0) return { type: 'discard', player: p.player };
  const { a, b } = placements[rng.int(placements.length)]!;
  return { type: 'place', player: p.player, a, b };
}

export function mustApply(state: GameState, action: Action): GameState {
  const applied = apply(state, action);
  if (!applied.ok) throw new Error(`rejected ${JSON.stringify(action)}: ${applied.error.message}`);
  return applied.value;
}

/** Plays random legal actions: to the end, or `steps` of them. */
export function playRandom(state: GameState, rng: Rng, steps = Infinity): GameState {
  for (let i = 0; i < steps && prompt(state).kind !== 'over'; i++) state = mustApply(state, randomAction(state, rng));
  return state;
}

export function randomGame(setup: Setup, seed: string, extra: Partial<GameOptions> = {}, steps = Infinity): GameState {
  return playRandom(newGame(setup, seed, extra), Rng.fromSeed(`moves/${seed}`), steps);
}

// ---------------------------------------------------------------- naive scorer

export interface NaiveScore {
  readonly territories: readonly string[];
  readonly total: number;
  readonly largestTerritory: number;
  readonly crowns: number;
  readonly harmony: number;
  readonly middleKingdom: number;
}

interface NaiveSquare {
  readonly terrain: Terrain;
  readonly crowns: number;
}

/** Squares of a kingdom by "x,y", castle excluded, straight from the placements. */
export function naiveSquares(state: GameState, player: number): Map<string, NaiveSquare> {
  const squares = new Map<string, NaiveSquare>();
  for (const p of state.kingdoms[player]!.placements) {
    const d = domino(p.domino);
    squares.set(`${p.a[0]},${p.a[1]}`, d.a);
    squares.set(`${p.b[0]},${p.b[1]}`, d.b);
  }
  return squares;
}

/** Scores a kingdom the slow, obvious way: flood fill from every square. */
export function naiveScore(state: GameState, player: number): NaiveScore {
  const squares = naiveSquares(state, player);
  const seen = new Set<string>();
  const territories: string[] = [];
  let total = 0;
  let largest = 0;
  let crowns = 0;
  for (const [start, square] of squares) {
    if (seen.has(start)) continue;
    const stack = [start];
    seen.add(start);
    let size = 0;
    let territoryCrowns = 0;
    while (stack.length > 0) {
      const key = stack.pop()!;
      size++;
      territoryCrowns += squares.get(key)!.crowns;
      const [x, y] = key.split(',').map(Number) as [number, number];
      for (const next of [`${x + 1},${y}`, `${x - 1},${y}`, `${x},${y + 1}`, `${x},${y - 1}`]) {
        if (!seen.has(next) && squares.get(next)?.terrain === square.terrain) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    territories.push(`${square.terrain}:${size}x${territoryCrowns}=${size * territoryCrowns}`);
    total += size * territoryCrowns;
    largest = Math.max(largest, size);
    crowns += territoryCrowns;
  }
  const grid = state.options.grid;
  const harmony = state.options.harmony && squares.size + 1 === grid * grid ? 5 : 0;
  const reach = (grid - 1) / 2;
  const xs = [0, ...[...squares.keys()].map((k) => Number(k.split(',')[0]))];
  const ys = [0, ...[...squares.keys()].map((k) => Number(k.split(',')[1]))];
  const centred =
    Math.min(...xs) === -reach && Math.max(...xs) === reach && Math.min(...ys) === -reach && Math.max(...ys) === reach;
  const middleKingdom = state.options.middleKingdom && centred ? 10 : 0;
  return {
    territories: territories.sort(),
    total: total + harmony + middleKingdom,
    largestTerritory: largest,
    crowns,
    harmony,
    middleKingdom,
  };
}

/** Winners by the rules: highest total, then largest territory, then crowns, else shared. */
export function naiveWinners(scores: readonly NaiveScore[]): number[] {
  let contenders = scores.map((s, player) => ({ ...s, player }));
  for (const key of ['total', 'largestTerritory', 'crowns'] as const) {
    const best = Math.max(...contenders.map((s) => s[key]));
    contenders = contenders.filter((s) => s[key] === best);
  }
  return contenders.map((s) => s.player);
}

// ---------------------------------------------------------------- event order (game-record.md)

/** A cheap assertion for hot loops (vitest's expect costs microseconds a call). */
export function ensure(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new Error(message());
}

/**
 * Walks a finished game's events by the order game-record.md prescribes: the first
 * reveal and its claims, then per round a reveal, each king in ascending order of its
 * domino placing (or discarding) it and claiming on the new line, the 3-player drop
 * after the third claim, and a last round of places only.
 */
export function expectEventOrder(record: GameRecord, setup: Setup): void {
  const events = record.events;
  let i = 0;
  const at = (message: string) => () => `event ${i - 1} (${JSON.stringify(events[i - 1])}): ${message}`;
  const next = (what: string): GameEvent => {
    const e = events[i++];
    ensure(e !== undefined, () => `events end at ${i - 1}, expected ${what}`);
    return e;
  };
  const lineSize = record.options.threePlayer === 'classic' ? 3 : 4;
  const kings = record.players.reduce((n, p) => n + p.kings, 0);
  const solo = record.options.players === 1;
  const drops = (record.options.players === 3 && record.options.threePlayer === 'discard') || solo;
  /** Solo, Crown of Thorns: after the k-th slot (1-based), only the first 5 - k of the next line. */
  let reach = lineSize;

  const readReveal = (): readonly number[] => {
    const e = next('a reveal');
    ensure(e.type === 'reveal', at('expected a reveal'));
    ensure(e.line.length === lineSize, at(`a line has ${lineSize} dominoes`));
    ensure(
      e.line.every((d, k) => k === 0 || e.line[k - 1]! < d),
      at('a line is laid out ascending'),
    );
    return e.line;
  };
  const readClaim = (line: readonly number[], claims: Map<number, number>, player: number | null): void => {
    const e = next('a claim');
    ensure(e.type === 'claim', at('expected a claim'));
    ensure(player === null || e.player === player, at(`the king's owner (player ${player}) claims next`));
    ensure(line.includes(e.domino) && !claims.has(e.domino), at('a claim takes a free domino of the new line'));
    if (solo) {
      const slot = line.indexOf(e.domino);
      ensure(slot < reach, at(`solo: the claim is within the first ${reach} of the line`));
      reach = lineSize - slot;
    }
    claims.set(e.domino, e.player);
    if (drops && claims.size === kings) {
      for (const left of line.filter((d) => !claims.has(d))) {
        const drop = next('a drop');
        ensure(drop.type === 'drop' && drop.domino === left, at('the unclaimed dominoes are dropped, ascending'));
      }
    }
  };

  let claims = new Map<number, number>();
  const firstLine = readReveal();
  for (let k = 0; k < kings; k++) readClaim(firstLine, claims, null);
  const firstClaimers = [...claims.values()];
  record.players.forEach((p, player) => {
    ensure(
      firstClaimers.filter((c) => c === player).length === p.kings,
      () => `player ${player} claims with each king in round 1`,
    );
  });
  if (record.options.balancedOpening) {
    const [a, b, c, d] = firstClaimers;
    ensure(a !== b && b === c && a === d, () => `balanced opening A, B, B, A (got ${firstClaimers.join(', ')})`);
  }
  let rounds = 1;
  for (;;) {
    const newLine = events[i]?.type === 'reveal' ? readReveal() : null;
    const newClaims = new Map<number, number>();
    for (const [d, player] of [...claims].sort(([x], [y]) => x - y)) {
      const e = next(`the move of domino ${d}`);
      ensure(
        (e.type === 'place' || e.type === 'discard') && e.player === player && e.domino === d,
        at(`expected player ${player} to place or discard ${d} (ascending king order)`),
      );
      if (newLine) readClaim(newLine, newClaims, player);
    }
    if (!newLine) break;
    claims = newClaims;
    rounds++;
  }
  ensure(rounds === setup.rounds, () => `${rounds} lines were revealed, expected ${setup.rounds}`);
  ensure(i === events.length, () => `events go on after the last round (${i} of ${events.length})`);
}
