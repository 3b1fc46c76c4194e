/**
 * Scripted players of a correspondence game, without Discord: four humans at one day a
 * move, each looking at the game once a day at a random hour. When it is their turn they
 * move (the first legal spot, a domino they like; again if the next move is theirs too);
 * then, with plans allowed, when their next move is known and not yet planned, they plan
 * it: the same placement, two dominoes they like, and (if the script says so) "else the
 * lowest left"; without it they are asked when both are gone. The table runs on src/table alone, as the bot's driver runs it
 * (table/due.ts decides each step: posts, plans, reminders, the time up).
 * For bench/correspondence-plans.bench.ts and test/table/days.test.ts; their hours
 * (DailyLooks) for test/e2e/plans-days.test.ts, the same players through Discord.
 */
import { legalPlacements, NO_VARIANTS, Rng, type GameState } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { GameTable, HumanSeat, Table } from '../../src/table/index.js';

export const DAY_MS = 24 * 3_600_000;
const UNDO_GRACE_MS = 5_000;
const PLAYERS = ['p0', 'p1', 'p2', 'p3'] as const;

export interface DaysResult {
  /** Simulated days from the start to the game's end. */
  readonly days: number;
  /** Moves played by a plan, plans that fell back to asking, moves made by the timer. */
  readonly planned: number;
  readonly failed: number;
  readonly timedOut: number;
}

/** Where the player puts the domino in hand in `game` (their turn in it): the first legal spot, else the discard. */
function placement(game: GameState, hand: boolean): table.Placed {
  if (!hand) return { kind: 'none' };
  const spot = legalPlacements(game)[0];
  return spot ? { kind: 'place', a: spot.a, b: spot.b } : { kind: 'discard' };
}

/** Dominoes the player likes, best first: the choices in an order of their own. */
function liked(rng: Rng, choices: readonly number[]): number[] {
  return rng.shuffle([...choices]);
}

function userOf(t: Table, player: number): string {
  return (t.seats[player] as HumanSeat).userId;
}

/** The move of the player to move, by `mover`: their spot, then their liked domino. */
function moveNow(t: GameTable, rng: Rng, mover: table.Mover, now: number): GameTable {
  const turn = table.currentTurn(t);
  if (!turn) return t;
  const placed = placement(t.game, turn.prompt.kind === 'place');
  const after = table.afterPlacing(t.game, turn.player, placed);
  const claim = after.ok ? (liked(rng, table.pickChoices(after.value))[0] ?? null) : null;
  const out = table.playMove(t, mover, t.game.turn, { placed, claim }, now);
  if (!out.ok) throw new Error(`the scripted move was refused: ${out.refusal.code}`);
  const timedOut = mover.kind === 'seat' && mover.as === 'timer';
  const owed = table.postsForMove(out.value, table.noteOf(out.value, timedOut, false));
  return mover.kind === 'user' && t.status === 'playing'
    ? table.undoable(owed, t, mover.userId, now)
    : table.withoutUndo(owed);
}

/** A plan for the player's move of this round, if they may make one and have none. */
function planNow(t: Table, rng: Rng, player: number, now: number, lowest: boolean): Table {
  if (t.status !== 'playing' || !table.plansAllowed(t.settings) || table.currentPlan(t, player)) return t;
  const target = table.planTarget(t.game, player);
  if (!target) return t;
  const placed = placement(target.view, target.domino !== null);
  const choices = table.choicesAfter(target.view, player, placed) ?? [];
  const [first, second] = liked(rng, choices);
  let planned = table.setPlan(t, userOf(t, player), placed, first ?? null, now);
  if (planned.ok && second !== undefined) planned = table.planElse(planned.value, userOf(t, player), second, now);
  if (planned.ok && lowest) planned = table.planElse(planned.value, userOf(t, player), 'lowest', now);
  return planned.ok ? planned.value : t;
}

interface Counts {
  planned: number;
  failed: number;
  timedOut: number;
}

/** One step of the driver, as the bot does it. */
function doStep(t: Table, step: table.Step, rng: Rng, now: number, counts: Counts): Table {
  switch (step.kind) {
    case 'post':
      return table.posted(t, step.post.seq, step.post.kind === 'turn' ? `m${step.post.seq}` : null);
    case 'plan': {
      const due = table.planDue(t);
      if (!due?.outcome.ok || t.status !== 'playing') {
        counts.failed++;
        return table.planFailed(t);
      }
      counts.planned++;
      const out = table.playMove(
        t,
        { kind: 'seat', player: step.player, as: 'plan' },
        t.game.turn,
        due.outcome.move,
        now,
      );
      if (!out.ok) throw new Error(out.refusal.code);
      return table.withoutUndo(table.postsForMove(out.value, table.noteOf(out.value, false, true)));
    }
    case 'remind':
      return table.reminded(t as table.PlayingTable);
    case 'dm':
      return table.notified(t as table.PlayingTable);
    case 'time-up':
      counts.timedOut++;
      return moveNow(t as GameTable, rng, { kind: 'seat', player: step.player, as: 'timer' }, now);
    case 'computer':
      return moveNow(t as GameTable, rng, { kind: 'seat', player: step.player, as: 'stand-in' }, now);
    case 'tell':
      return table.told(t, step.player);
    case 'strays':
      return table.shownDone(t);
    case 'close':
      return table.threadClosed(t, now);
  }
}

/**
 * A player looks at the game: they make their move if it is theirs (again, if their
 * move made the next one theirs too), then plan the next if the new line is out.
 */
function looksAt(t: Table, rng: Rng, player: number, now: number, script: Script): Table {
  let after = t;
  for (let turn = table.currentTurn(after); turn?.player === player; turn = table.currentTurn(after)) {
    if (turn.seat.kind !== 'human' || turn.seat.standIn) break;
    after = moveNow(after as GameTable, rng, { kind: 'user', userId: userOf(after, player) }, now);
  }
  return planNow(after, rng, player, now, script.lowest);
}

/** A look at the game: whose, and when. */
export interface Look {
  readonly player: number;
  readonly at: number;
}

/**
 * When each player next looks at their games: once a day, at an hour drawn at random
 * for each day (seeded), the days counted from `origin`.
 */
export class DailyLooks {
  private readonly hours: Rng;
  private readonly times: number[];

  constructor(
    seed: string,
    players: number,
    private readonly origin = 0,
  ) {
    this.hours = Rng.fromSeed(`hours/${seed}`);
    this.times = Array.from({ length: players }, () => origin + this.hours.int(DAY_MS));
  }

  /** The next look of any player. */
  next(): Look {
    const at = Math.min(...this.times);
    return { player: this.times.indexOf(at), at };
  }

  /** The next look taken: that player's next is on the following day. */
  taken(): void {
    const { player, at } = this.next();
    const day = Math.floor((at - this.origin) / DAY_MS) + 1;
    this.times[player] = this.origin + day * DAY_MS + this.hours.int(DAY_MS);
  }
}

/** How the scripted players play. */
export interface Script {
  /** Plans allowed at the table. */
  readonly plans: boolean;
  /** Their plans end with "else the lowest left" (as the example); else they are asked when both picks are gone. */
  readonly lowest: boolean;
}

/** A whole game of the scripted players, seeded; with plans allowed or not (the same players, the same hours). */
export function playDays(seed: string, script: Script): DaysResult {
  const { plans } = script;
  const rng = Rng.fromSeed(`days/${seed}`);
  const settings = { ...table.withPace({ ...NO_VARIANTS, turnTimerS: 0 }, '1d'), planAhead: plans };
  const seats = PLAYERS.map((id): HumanSeat => ({ kind: 'human', userId: id, name: id }));
  const [host, ...others] = seats as [HumanSeat, ...HumanSeat[]];
  const lobby = table.newLobby({ id: 't', guildId: 'g', channelId: 'c', host, others, settings, now: 0 });
  const started = table.start(lobby, { userId: host.userId, moderator: false }, seed, 0);
  if (!started.ok) throw new Error(started.refusal.code);
  let t: Table = started.value;
  const looks = new DailyLooks(seed, PLAYERS.length);
  const counts: Counts = { planned: 0, failed: 0, timedOut: 0 };
  let now = 0;
  for (let guard = 0; t.status === 'playing' && guard < 100_000; guard++) {
    const due = table.next(t, now, { undoGraceMs: UNDO_GRACE_MS });
    const look = looks.next();
    if (due && due.at <= Math.max(now, look.at)) {
      now = Math.max(now, due.at);
      t = doStep(t, due.step, rng, now, counts);
      continue;
    }
    now = look.at;
    looks.taken();
    t = looksAt(t, rng, look.player, now, script);
  }
  if (t.status !== 'finished') throw new Error('the scripted game did not end');
  return { days: t.finishedAt / DAY_MS, ...counts };
}
