/**
 * Planning ahead (src/table/plan.ts, planning.ts): what a player may plan before their
 * turn, the plan played when the turn comes (its next choice when the first is gone),
 * a plan that no longer applies falling back to asking, the boards of moves followed by
 * a plan held until it is played, and plans off in live games unless asked for.
 */
import { describe, expect, it } from 'vitest';
import { legalPlacements, NO_VARIANTS } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';
import type { GameTable, HumanSeat, PlayingTable, TableSettings } from '../../src/table/index.js';

const seat = (id: string): HumanSeat => ({ kind: 'human', userId: id, name: id });
const [ana, ben, cal, dee] = ['ana', 'ben', 'cal', 'dee'].map(seat) as [HumanSeat, HumanSeat, HumanSeat, HumanSeat];
const DAY: TableSettings = table.withPace({ ...NO_VARIANTS, turnTimerS: 0 }, '1d');
const timing = { undoGraceMs: 0 };
const T0 = 1_000_000;

function started(settings: TableSettings = DAY): PlayingTable {
  const lobby = table.newLobby({
    id: 't',
    guildId: 'g',
    channelId: 'c',
    host: ana,
    others: [ben, cal, dee],
    settings,
    now: 0,
  });
  const r = table.start(lobby, { userId: 'ana', moderator: false }, 'plans', T0);
  if (!r.ok) throw new Error(r.refusal.code);
  return posted(r.value);
}

function posted<T extends table.Table>(t: T): T {
  let after = t;
  for (let post = table.pendingPosts(after)[0]; post; post = table.pendingPosts(after)[0])
    after = table.posted(after, post.seq, post.kind === 'turn' ? `m${post.seq}` : null);
  return after;
}

const userOf = (t: table.Table, player: number): string => (t.seats[player] as HumanSeat).userId;

/** The player to move moves by hand: the first legal spot, then `pick` (default: the first free domino). */
function byHand(t: GameTable, pick?: number): GameTable {
  const turn = table.currentTurn(t)!;
  const spot = turn.prompt.kind === 'place' ? legalPlacements(t.game)[0] : undefined;
  const placed: table.Placed =
    turn.prompt.kind === 'claim' ? { kind: 'none' } : spot ? { kind: 'place', ...spot } : { kind: 'discard' };
  const after = table.afterPlacing(t.game, turn.player, placed);
  const claim = pick ?? (after.ok ? (table.pickChoices(after.value)[0] ?? null) : null);
  const out = table.playMove(t, { kind: 'user', userId: userOf(t, turn.player) }, t.game.turn, { placed, claim }, T0);
  if (!out.ok) throw new Error(out.refusal.code);
  return table.postsForMove(out.value, table.noteOf(out.value, false));
}

/** The plan step, as the driver does it: the plan played, or marked failed. */
function planStep(t: GameTable): GameTable {
  const due = table.planDue(t)!;
  if (!due.outcome.ok) return table.planFailed(t) as GameTable;
  const mover = { kind: 'seat' as const, player: due.player, as: 'plan' as const };
  const out = table.playMove(t, mover, t.game.turn, due.outcome.move, T0);
  if (!out.ok) throw new Error(out.refusal.code);
  return table.postsForMove(out.value, table.noteOf(out.value, false, true));
}

/** A plan for `player`'s next move: the first legal spot (none in the opening round), then `picks` in order. */
function plan(t: table.Table, player: number, picks: readonly number[]): PlayingTable {
  const target = table.planTarget((t as PlayingTable).game, player)!;
  const spot = target.domino === null ? undefined : legalPlacements(target.view)[0];
  const placed: table.Placed = spot ? { kind: 'place', ...spot } : { kind: 'none' };
  const [first, ...rest] = picks;
  let r = table.setPlan(t, userOf(t, player), placed, first ?? null, T0);
  for (const pick of rest) r = r.ok ? table.planElse(r.value, userOf(t, player), pick, T0) : r;
  if (!r.ok) throw new Error(r.refusal.code);
  return r.value;
}

/** A game in round 2 (each player's domino in hand known), nobody moved yet in it. */
function roundTwo(): PlayingTable {
  let t: GameTable = started();
  while (t.game.round < 2) t = posted(byHand(t));
  return t as PlayingTable;
}

const moverOf = (t: table.Table): number => table.currentTurn(t)!.player;

describe('planning ahead', () => {
  it('every player whose turn is not yet may plan their move; the player to move may not', () => {
    const t = roundTwo();
    const mover = moverOf(t);
    expect(table.planTarget(t.game, mover)).toBeNull();
    const r = table.setPlan(t, userOf(t, mover), { kind: 'discard' }, null, T0);
    expect(r.ok || r.refusal).toEqual({ code: 'nothing-to-plan' });
    for (let p = 0; p < 4; p++) {
      if (p === mover) continue;
      const target = table.planTarget(t.game, p)!;
      // Their own domino of the current line, and every domino of the new line still free.
      expect(t.game.current.find((s) => s.king === target.king)?.domino).toBe(target.domino);
      expect(table.currentTurn({ ...t, game: target.view })?.player).toBe(p);
    }
  });

  it('the plan is played when the turn comes, told as planned; the first choice taken, the next one', () => {
    let t = roundTwo();
    const first = moverOf(t);
    const free = t.game.next.map((s) => s.domino);
    const planner = t.game.current.map((s) => t.game.kings[s.king!]!)[1]!;
    // The player before takes the planner's first choice.
    t = plan(t, planner, [free[0]!, free[2]!]);
    expect(table.currentPlan(t, planner)?.picks).toEqual([free[0], free[2]]);
    const after = byHand(t, free[0]);
    expect(moverOf(after)).toBe(planner);
    // Its board is held: the plan follows at once, and one board tells both moves.
    expect(table.pendingPosts(after)).toEqual([]);
    expect(table.next(after, T0, timing)?.step).toEqual({ kind: 'plan', player: planner });
    expect(table.turnDmDue(after)).toBeNull();
    const played = planStep(after);
    const planned = played.game.next.find((s) => s.domino === free[2]);
    expect(played.game.kings[planned!.king!]).toBe(planner);
    const board = table.pendingPosts(played)[0];
    expect(board).toMatchObject({ kind: 'turn', move: { player: planner, planned: true }, held: [{ player: first }] });
    // Their move ended the plan.
    expect(played.status === 'playing' && played.plans).toBeFalsy();
  });

  it('a move the timer made before a plan is held too; told at once when it gave the seat to the computer', () => {
    const t = roundTwo();
    const first = moverOf(t);
    const planner = t.game.current.map((s) => t.game.kings[s.king!]!)[1]!;
    const planned = plan(t, planner, [t.game.next[3]!.domino]);
    const timeUp = (before: PlayingTable): GameTable => {
      const turn = table.currentTurn(before)!;
      const spot = legalPlacements(before.game)[0];
      const placed: table.Placed = spot ? { kind: 'place', ...spot } : { kind: 'discard' };
      const after = table.afterPlacing(before.game, turn.player, placed);
      const claim = after.ok ? table.pickChoices(after.value)[0]! : null;
      const mover = { kind: 'seat' as const, player: turn.player, as: 'timer' as const };
      const out = table.playMove(before, mover, before.game.turn, { placed, claim }, T0);
      if (!out.ok) throw new Error(out.refusal.code);
      return table.postsForMove(out.value, table.noteOf(out.value, true));
    };
    // The planner is not asked for a move that plays itself: one board tells both.
    const held = timeUp(planned);
    expect(table.pendingPosts(held)).toEqual([]);
    expect(table.pendingPosts(planStep(held))[0]).toMatchObject({
      kind: 'turn',
      move: { player: planner, planned: true },
      held: [{ player: first, timedOut: true }],
    });
    // The time up that hands the seat to the computer: its board first, then the thread is told.
    const absentSeat = { ...(planned.seats[first] as HumanSeat), timeouts: table.absentAfter(planned.settings) };
    const absent = { ...planned, seats: planned.seats.map((s, i) => (i === first ? absentSeat : s)) };
    const handed = timeUp(absent);
    expect(table.untold(handed)).toEqual([first]);
    expect(table.pendingPosts(handed)[0]).toMatchObject({ kind: 'turn', move: { player: first, timedOut: true } });
  });

  it('a plan whose picks are all taken falls back: marked failed, the player asked (their DM, then the reminder)', () => {
    let t = roundTwo();
    const first = moverOf(t);
    const planner = t.game.current.map((s) => t.game.kings[s.king!]!)[1]!;
    const taken = t.game.next[0]!.domino;
    t = plan(t, planner, [taken]);
    const after = byHand(t, taken);
    expect(table.planDue(after)?.outcome).toEqual({ ok: false, failed: 'taken' });
    const failed = table.planFailed(after) as PlayingTable;
    expect(table.failedPlan(failed, planner)?.failed).toBe('taken');
    expect(table.planDue(failed)).toBeNull();
    // The move before is told now, the planner asked as without a plan.
    expect(table.pendingPosts(failed)[0]).toMatchObject({ kind: 'turn', move: { player: first } });
    expect(table.turnDmDue(failed)).toMatchObject({ userId: userOf(t, planner) });
    expect(table.next(posted(failed), T0, timing)?.step.kind).toBe('remind');
  });

  it('else the lowest left: played whatever the others took', () => {
    let t = roundTwo();
    const planner = t.game.current.map((s) => t.game.kings[s.king!]!)[3]!;
    const line = t.game.next.map((s) => s.domino);
    t = plan(t, planner, [line[0]!]);
    const lowest = table.planElse(t, userOf(t, planner), 'lowest', T0);
    if (!lowest.ok) throw new Error(lowest.refusal.code);
    t = lowest.value;
    let g: GameTable = t;
    for (const pick of [line[0]!, line[3]!, line[1]!]) g = posted(byHand(g, pick));
    expect(table.next(g, T0, timing)?.step).toEqual({ kind: 'plan', player: planner });
    const played = planStep(g);
    // The line's last pick: it is the current line of the next round now.
    expect(played.game.round).toBe(3);
    expect(played.game.kings[played.game.current.find((s) => s.domino === line[2])!.king!]).toBe(planner);
  });

  it('withdrawn, no plan plays; moves held for it are owed their board', () => {
    let t = roundTwo();
    const planner = t.game.current.map((s) => t.game.kings[s.king!]!)[1]!;
    t = plan(t, planner, [t.game.next[3]!.domino]);
    const after = byHand(t, t.game.next[0]!.domino) as PlayingTable;
    expect(table.heldMoves(after)).toHaveLength(1);
    const dropped = table.dropPlan(after, userOf(t, planner));
    // Their turn now: nothing to plan, the plan stays until played (withdrawn before the turn only).
    expect(dropped.ok || dropped.refusal).toEqual({ code: 'nothing-to-plan' });
    const early = table.dropPlan(t, userOf(t, planner));
    if (!early.ok) throw new Error(early.refusal.code);
    expect(table.currentPlan(early.value, planner)).toBeNull();
    const moved = byHand(early.value, t.game.next[0]!.domino);
    expect(table.pendingPosts(moved)[0]?.kind).toBe('turn');
    expect(table.next(moved, T0, timing)?.step.kind).toBe('post');
  });

  it('the opening round: a pick only, planned by the players whose king claims later', () => {
    const t = started();
    const target = table.planTarget(t.game, t.game.kings[3]!)!;
    expect(target.domino).toBeNull();
    const planned = plan(t, t.game.kings[3]!, [t.game.next[0]!.domino]);
    let g: GameTable = planned;
    for (let i = 0; i < 3; i++) g = posted(byHand(g, g.game.next.filter((s) => s.king === null).at(-1)!.domino));
    expect(table.next(g, T0, timing)?.step).toEqual({ kind: 'plan', player: t.game.kings[3] });
    const played = planStep(g);
    expect(played.game.current.find((s) => s.domino === t.game.next[0]!.domino)?.king).toBe(3);
  });

  it('off in a live game unless the host asked for it', () => {
    const live: TableSettings = { ...NO_VARIANTS, turnTimerS: 600 };
    const t = started(live);
    const player = t.game.kings[3]!;
    const refused = table.setPlan(t, userOf(t, player), { kind: 'none' }, t.game.next[0]!.domino, T0);
    expect(refused.ok || refused.refusal).toEqual({ code: 'no-plans' });
    const allowed = started({ ...live, planAhead: true });
    expect(table.setPlan(allowed, userOf(t, player), { kind: 'none' }, t.game.next[0]!.domino, T0).ok).toBe(true);
  });
});
