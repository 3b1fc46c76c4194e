/**
 * How long a game at one day a move lasts, with plans ahead and without (table/plan.ts):
 * four scripted players, each looking at the game once a day at a random hour
 * (test/support/days.ts), on the table's own rules and driver decisions (src/table:
 * due.ts says each step, as the bot's driver does). The same players, the same hours,
 * the same seeds, with and without plans.
 *   correspondence.game_days_plans_p50 / correspondence.game_days_no_plans_p50: the
 *     median game's length in days, plans allowed (their plans end with "else the
 *     lowest left") and not (goal: the first at most half the second).
 *   correspondence.game_days_plans_ask_p50: plans that stop at two picks (their player
 *     asked when both are gone), for comparison.
 *   correspondence.plans_played / plans_failed: moves per game played by a plan, and
 *     plans that fell back to asking (median).
 *   npm run bench -- correspondence   (this file and correspondence.bench.ts)
 */
import { playDays, type DaysResult, type Script } from '../test/support/days.js';

const GAMES = Number(process.env.CORRESPONDENCE_DAYS_GAMES ?? 201);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

function games(script: Script): DaysResult[] {
  return Array.from({ length: GAMES }, (_, i) => playDays(String(i), script));
}

const plans = games({ plans: true, lowest: true });
const ask = games({ plans: true, lowest: false });
const none = games({ plans: false, lowest: false });
const days = (results: readonly DaysResult[]): string => median(results.map((r) => r.days)).toFixed(1);
console.log(`correspondence.game_days_games: ${GAMES} games`);
console.log(`correspondence.game_days_plans_p50: ${days(plans)} days`);
console.log(`correspondence.game_days_no_plans_p50: ${days(none)} days`);
console.log(`correspondence.game_days_plans_ask_p50: ${days(ask)} days`);
console.log(`correspondence.plans_played: ${median(plans.map((r) => r.planned))} moves`);
console.log(`correspondence.plans_failed: ${median(ask.map((r) => r.failed))} plans`);
