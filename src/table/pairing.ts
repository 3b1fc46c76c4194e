/**
 * Seating a league's round: its players at tables of the league's size, and byes when
 * they do not divide. Written by us: no library seats 3 or 4 players at a table.
 *
 * Swiss: the players are ranked by their standing; the seating minimises first the
 * number of repeated meetings (a pair of players at the same table again), then how far
 * apart in points the players of a table are. Found by a local search (swapping two
 * players of different tables while it helps, then shaking the best seating and
 * searching again, a fixed number of times), so a round is always seated at once;
 * test/table/pairing.test.ts measures it against the exact optimum on small cases.
 * Round robin: 2-seat tables follow the circle method (everyone meets everyone once);
 * larger tables seat the first round of a plan of all the rounds left where nobody
 * meets anyone twice, when one is found (Schedule); else they only minimise the
 * round's repeated meetings, standings ignored.
 * Pure and deterministic: the same league seed, round and history seat the same tables.
 */
import { Rng } from '../game/index.js';

/** Seats per table: a fixed size, or tables of 4 with tables of 3 for the rest. */
export type TableSize = 2 | 3 | 4 | '3or4';
export const TABLE_SIZES: readonly TableSize[] = [2, 3, 4, '3or4'];
export type LeagueFormat = 'swiss' | 'round-robin';

/** A player still in the league, with their points so far. */
export interface Contender {
  readonly id: string;
  readonly points: number;
}

/** A round as seated: its tables (best standing first at each) and who sat out. */
export interface SeatedRound {
  readonly tables: readonly (readonly string[])[];
  readonly byes: readonly string[];
}

export interface RoundToSeat {
  /** The players to seat, best standing first. */
  readonly contenders: readonly Contender[];
  /** Everyone who started the league, in its order (round robin's fixed schedule). */
  readonly entrants: readonly string[];
  readonly past: readonly SeatedRound[];
  readonly size: TableSize;
  readonly format: LeagueFormat;
  readonly seed: string;
  /** Rounds still to seat, this one included: a round robin at 3 or 4 seats plans them together. None: this one only. */
  readonly roundsLeft?: number;
}

/** The smallest table a size allows: fewer players than this cannot play a round. */
export function smallestTable(size: TableSize): number {
  return size === '3or4' ? 3 : size;
}

/**
 * The tables' sizes for n players, largest first, with as few byes as possible ("3 or
 * 4": as many tables of 4 as leave a multiple of 3), or undefined when no table fills.
 */
export function tableSizes(n: number, size: TableSize): number[] | undefined {
  if (size !== '3or4') return n >= size ? Array.from({ length: Math.floor(n / size) }, () => size) : undefined;
  for (let seated = n; seated >= 3; seated--) {
    for (let threes = 0; threes <= 3 && threes * 3 <= seated; threes++) {
      const rest = seated - threes * 3;
      if (rest % 4 === 0) return [...Array<number>(rest / 4).fill(4), ...Array<number>(threes).fill(3)];
    }
  }
  return undefined;
}

/** How many times each pair met, and each player's byes, over past rounds. */
export interface History {
  met(a: string, b: string): number;
  byes(id: string): number;
}

export function historyOf(past: readonly SeatedRound[]): History {
  const met = new Map<string, number>();
  const byes = new Map<string, number>();
  const key = (a: string, b: string): string => (a < b ? `${a}\n${b}` : `${b}\n${a}`);
  for (const round of past) {
    for (const id of round.byes) byes.set(id, (byes.get(id) ?? 0) + 1);
    for (const table of round.tables) {
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) {
          const k = key(table[i]!, table[j]!);
          met.set(k, (met.get(k) ?? 0) + 1);
        }
      }
    }
  }
  return { met: (a, b) => met.get(key(a, b)) ?? 0, byes: (id) => byes.get(id) ?? 0 };
}

/** The repeated meetings a seating makes: for each pair at a table, how often it met before. */
export function rematches(tables: readonly (readonly string[])[], history: History): number {
  let count = 0;
  for (const table of tables) {
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) count += history.met(table[i]!, table[j]!);
    }
  }
  return count;
}

/** Seats a round, or undefined when too few players are left for one table. */
export function seatRound(input: RoundToSeat): SeatedRound | undefined {
  const sizes = tableSizes(input.contenders.length, input.size);
  if (!sizes) return undefined;
  const rng = Rng.fromSeed(`${input.seed}/round ${input.past.length + 1}`);
  const history = historyOf(input.past);
  if (input.format === 'round-robin' && input.size === 2) return circleRound(input);
  const ranked = shuffleEquals(input.contenders, rng);
  const seatedCount = sizes.reduce((a, b) => a + b, 0);
  const byes = pickByes(ranked, ranked.length - seatedCount, history);
  const seated = ranked.filter((c) => !byes.includes(c.id));
  const search = new Search(seated, sizes, history, input.format === 'swiss', rng);
  const rounds = input.format === 'round-robin' ? (input.roundsLeft ?? 1) : 1;
  return { tables: rounds > 1 ? search.planned(rounds) : search.best(), byes };
}

/** Players of equal points in a seeded order, so a first round (all at 0) is drawn. */
function shuffleEquals(contenders: readonly Contender[], rng: Rng): Contender[] {
  const out: Contender[] = [];
  let group: Contender[] = [];
  for (const c of contenders) {
    if (group.length > 0 && group[0]!.points !== c.points) {
      out.push(...rng.shuffle(group));
      group = [];
    }
    group.push(c);
  }
  return [...out, ...rng.shuffle(group)];
}

/** The byes: to those with the fewest byes so far, then the lowest in the standings. */
function pickByes(ranked: readonly Contender[], count: number, history: History): string[] {
  const order = ranked.map((c, rank) => ({ id: c.id, rank, byes: history.byes(c.id) }));
  order.sort((a, b) => a.byes - b.byes || b.rank - a.rank);
  return order.slice(0, count).map((c) => c.id);
}

/**
 * Round robin of 2-seat tables by the circle method: entrant 0 stays, the others turn
 * one place a round, so over n - 1 rounds (n even; n rounds with a bye a round when odd)
 * every pair meets once. A withdrawn player's opponent sits out that round.
 */
function circleRound(input: RoundToSeat): SeatedRound {
  const active = new Set(input.contenders.map((c) => c.id));
  const ring: (string | undefined)[] = [...input.entrants];
  if (ring.length % 2 === 1) ring.push(undefined);
  const turns = ring.length - 1;
  const r = input.past.length % turns;
  const rotated = [ring[0], ...ring.slice(1).map((_, i) => ring[1 + ((i - r + turns * 2) % turns)])];
  const tables: string[][] = [];
  const byes: string[] = [];
  for (let i = 0; i < rotated.length / 2; i++) {
    const pair = [rotated[i], rotated[rotated.length - 1 - i]].filter((id) => id !== undefined && active.has(id));
    if (pair.length === 2) tables.push(pair as string[]);
    else byes.push(...(pair as string[]));
  }
  const rank = new Map(input.contenders.map((c, i) => [c.id, i]));
  for (const table of tables) table.sort((a, b) => rank.get(a)! - rank.get(b)!);
  tables.sort((a, b) => rank.get(a[0]!)! - rank.get(b[0]!)!);
  return { tables, byes };
}

/** Restarts of the local search after the first: more for small rounds, where they are cheap. */
function shakes(players: number): number {
  return Math.max(8, Math.min(200, Math.floor(6000 / players)));
}

/**
 * The local search over seatings. Players are indices in standing order; the cost of a
 * pair at one table is W per earlier meeting plus (Swiss) their gap in points, with W
 * larger than any seating's total gap, so one rematch fewer always wins.
 */
class Search {
  private readonly n: number;
  private readonly cost: Float64Array;
  private readonly tableOf: Int32Array;
  private readonly members: number[][];

  constructor(
    private readonly players: readonly Contender[],
    sizes: readonly number[],
    history: History,
    swiss: boolean,
    private readonly rng: Rng,
  ) {
    this.n = players.length;
    this.cost = pairCosts(players, history, swiss);
    this.tableOf = new Int32Array(this.n);
    this.members = [];
    let next = 0;
    for (const [t, size] of sizes.entries()) {
      this.members.push(Array.from({ length: size }, (_, i) => next + i));
      for (let i = 0; i < size; i++) this.tableOf[next + i] = t;
      next += size;
    }
  }

  best(): string[][] {
    return this.named(this.bestSeating());
  }

  /**
   * Round robin: this round's seating from a plan of the `rounds` left together (the
   * players of this round in each), when one is found where nobody meets anyone again:
   * seated round after round, the last rounds can be left with only repeats where such
   * a plan exists (16 players at 4 seats, 5 rounds). Else this round's best seating.
   */
  planned(rounds: number): string[][] {
    const first = this.bestSeating();
    if (this.n > PLAN_MAX_PLAYERS) return this.named(first);
    return this.named(new Schedule(this.n, this.cost, first, rounds, this.rng).perfectFirstRound() ?? first);
  }

  private bestSeating(): number[][] {
    this.climb();
    let best = this.snapshot();
    let bestCost = this.total();
    for (let s = 0; s < shakes(this.n) && bestCost > 0; s++) {
      this.restore(best);
      this.shake();
      this.climb();
      const cost = this.total();
      if (cost >= bestCost) continue;
      best = this.snapshot();
      bestCost = cost;
    }
    return best;
  }

  /** Swaps two players of different tables while a swap lowers the cost. */
  private climb(): void {
    for (let improved = true; improved;) {
      improved = false;
      for (let a = 0; a < this.n; a++) {
        for (let b = a + 1; b < this.n; b++) {
          if (this.tableOf[a] === this.tableOf[b] || this.delta(a, b) >= 0) continue;
          this.swap(a, b);
          improved = true;
        }
      }
    }
  }

  /** The change in cost if a and b swapped tables. */
  private delta(a: number, b: number): number {
    const { cost, n } = this;
    let d = 0;
    for (const x of this.members[this.tableOf[a]!]!) if (x !== a) d += cost[b * n + x]! - cost[a * n + x]!;
    for (const y of this.members[this.tableOf[b]!]!) if (y !== b) d += cost[a * n + y]! - cost[b * n + y]!;
    return d;
  }

  private swap(a: number, b: number): void {
    const ta = this.tableOf[a]!;
    const tb = this.tableOf[b]!;
    const ma = this.members[ta]!;
    const mb = this.members[tb]!;
    ma[ma.indexOf(a)] = b;
    mb[mb.indexOf(b)] = a;
    this.tableOf[a] = tb;
    this.tableOf[b] = ta;
  }

  /** A few random swaps, to leave a local minimum. */
  private shake(): void {
    for (let i = 0; i < 3; i++) {
      const a = this.rng.int(this.n);
      const b = this.rng.int(this.n);
      if (this.tableOf[a] !== this.tableOf[b]) this.swap(a, b);
    }
  }

  private total(): number {
    let sum = 0;
    for (const table of this.members) {
      for (let i = 0; i < table.length; i++) {
        for (let j = i + 1; j < table.length; j++) sum += this.cost[table[i]! * this.n + table[j]!]!;
      }
    }
    return sum;
  }

  private snapshot(): number[][] {
    return this.members.map((m) => [...m]);
  }

  private restore(tables: readonly number[][]): void {
    for (const [t, table] of tables.entries()) {
      this.members[t] = [...table];
      for (const p of table) this.tableOf[p] = t;
    }
  }

  /** The tables by ids, each in standing order, the table of the best standing first. */
  private named(tables: readonly number[][]): string[][] {
    const sorted = tables.map((t) => [...t].sort((a, b) => a - b));
    sorted.sort((a, b) => a[0]! - b[0]!);
    return sorted.map((t) => t.map((p) => this.players[p]!.id));
  }
}

/** Round robins planned whole up to this many players (round robin is for small leagues; a walk costs more with more). */
const PLAN_MAX_PLAYERS = 64;
/** Moves of the schedule's walk: enough for a 16-player, 5-round plan of 4-seat tables to meet everyone once. */
const PLAN_STEPS = 300_000;
/** How often the walk takes a move that adds a repeat, to leave a local minimum. */
const UPHILL_ONE_IN = 100;

/**
 * A round robin's rounds left, planned together: every round seats the same players
 * at the same table sizes; the cost is the number of repeated meetings (history
 * included). A seeded walk: swap two players of different tables in one round when
 * that repeats no more, now and then when it does, until no planned meeting repeats.
 */
class Schedule {
  private readonly met: Int32Array;
  private readonly rounds: number[][][];
  private readonly tableOf: Int32Array[];
  /** The repeats of the history alone: a plan at this cost meets nobody again. */
  private readonly past: number;

  constructor(
    private readonly n: number,
    history: Float64Array,
    first: readonly number[][],
    count: number,
    private readonly rng: Rng,
  ) {
    this.met = Int32Array.from(history);
    this.rounds = Array.from({ length: count }, (_, r) => this.layout(first, r === 0));
    this.tableOf = this.rounds.map((tables) => {
      const of = new Int32Array(n);
      tables.forEach((table, t) => table.forEach((p) => (of[p] = t)));
      return of;
    });
    this.past = this.repeats();
    for (const tables of this.rounds) for (const table of tables) this.meet(table, 1);
  }

  /** The first round's tables of a plan where nobody meets anyone again, or null when none was found. */
  perfectFirstRound(): number[][] | null {
    let cost = this.repeats();
    for (let step = 0; step < PLAN_STEPS && cost > this.past; step++) {
      const r = this.rng.int(this.rounds.length);
      const a = this.rng.int(this.n);
      const b = this.rng.int(this.n);
      if (this.tableOf[r]![a] === this.tableOf[r]![b]) continue;
      const d = this.delta(r, a, b);
      if (d > 0 && this.rng.int(UPHILL_ONE_IN) !== 0) continue;
      this.swap(r, a, b);
      cost += d;
    }
    return cost === this.past ? this.rounds[0]! : null;
  }

  /** The first round as seated by the search; the others drawn at the same sizes. */
  private layout(first: readonly number[][], asSeated: boolean): number[][] {
    const order = asSeated ? first.flat() : this.rng.shuffle(first.flat());
    let next = 0;
    return first.map((table) => order.slice(next, (next += table.length)));
  }

  private meet(table: readonly number[], by: number): void {
    const { met, n } = this;
    for (const a of table) for (const b of table) if (a !== b) met[a * n + b] = met[a * n + b]! + by;
  }

  private repeats(): number {
    let sum = 0;
    for (let a = 0; a < this.n; a++)
      for (let b = a + 1; b < this.n; b++) sum += Math.max(0, this.met[a * this.n + b]! - 1);
    return sum;
  }

  /** The change in repeats if a and b swapped tables in round r. */
  private delta(r: number, a: number, b: number): number {
    const { met, n } = this;
    const tables = this.rounds[r]!;
    let d = 0;
    for (const x of tables[this.tableOf[r]![a]!]!)
      if (x !== a) d += (met[b * n + x]! >= 1 ? 1 : 0) - (met[a * n + x]! >= 2 ? 1 : 0);
    for (const y of tables[this.tableOf[r]![b]!]!)
      if (y !== b) d += (met[a * n + y]! >= 1 ? 1 : 0) - (met[b * n + y]! >= 2 ? 1 : 0);
    return d;
  }

  private swap(r: number, a: number, b: number): void {
    const of = this.tableOf[r]!;
    const ta = this.rounds[r]![of[a]!]!;
    const tb = this.rounds[r]![of[b]!]!;
    this.meet(ta, -1);
    this.meet(tb, -1);
    ta[ta.indexOf(a)] = b;
    tb[tb.indexOf(b)] = a;
    [of[a], of[b]] = [of[b]!, of[a]!];
    this.meet(ta, 1);
    this.meet(tb, 1);
  }
}

function pairCosts(players: readonly Contender[], history: History, swiss: boolean): Float64Array {
  const n = players.length;
  const points = players.map((p) => p.points);
  const gapBound = swiss ? (Math.max(0, ...points) - Math.min(0, ...points)) * n * 3 : 0;
  const rematchWeight = gapBound + 1;
  const cost = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const pa = players[a]!;
      const pb = players[b]!;
      const c = rematchWeight * history.met(pa.id, pb.id) + (swiss ? Math.abs(pa.points - pb.points) : 0);
      cost[a * n + b] = c;
      cost[b * n + a] = c;
    }
  }
  return cost;
}
