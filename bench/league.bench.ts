/**
 * Leagues:
 *   league.pairing_ms_256: seating a 256-player Swiss round of 4-seat tables (the fourth
 *     round, after three played), median of 9 runs;
 *   league.rematch_share: the share of repeated pairings (a pair at one table again) over
 *     a simulated 64-player, 6-round Swiss of 4-seat tables;
 *   league.rematch_share_12 / league.rematch_share_12_min: the same share over simulated
 *     12-player, 5-round Swiss leagues of 4-seat tables (20 seeds), as seated and with each
 *     round seated at its exact fewest repeats (brute force over every seating) after the
 *     same history;
 *   league.threads_ahead_ms: a 64-player league of 4-seat tables, from its last sign-up
 *     to the 16 threads of round 1's tables opened ahead (at a walk: services/leagues.ts
 *     AHEAD_GAP_MS), with the bot as a child process against the fake Discord and its
 *     rate limits as Discord's (5 messages per 5 s in a channel or thread, 5 threads per 5 s
 *     in a channel);
 *   league.round_start_ms: then, from the moderator's /kingdomino league start to every
 *     table's game open in its thread (its players greeted there, its first board);
 *   league.round_start_cold_ms: the same start right after the last sign-up, before any
 *     thread was opened ahead (the moderator did not wait: the threads are opened as fast
 *     as Discord allows); league.round_start_floor_cold_ms: the least those limits allow
 *     for 16 threads in one channel (the 16th in the fourth 5-second window).
 *   npm run bench -- league
 */
import { historyOf, rematches, seatRound, tableSizes } from '../src/table/index.js';
import { fewestRematches, simulateLeague, standings } from '../test/support/league-sim.js';
import { launch } from '../test/e2e/harness.js';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function pairingMs(): number {
  const { past, points, entrants } = simulateLeague(256, 4, 3, 'swiss', 'bench');
  const contenders = standings(entrants, points);
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t0 = performance.now();
    seatRound({ contenders, entrants, past, size: 4, format: 'swiss', seed: `bench ${i}` });
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Repeated pairings over all pairings seated, round by round. */
function rematchShare(n: number, rounds: number, seed: string): { seated: number; exact: number; pairs: number } {
  const { past } = simulateLeague(n, 4, rounds, 'swiss', seed);
  let seated = 0;
  let exact = 0;
  let pairs = 0;
  for (let r = 0; r < past.length; r++) {
    const history = historyOf(past.slice(0, r));
    const tables = past[r]!.tables;
    seated += rematches(tables, history);
    pairs += tables.reduce((sum, t) => sum + (t.length * (t.length - 1)) / 2, 0);
    if (n <= 12) exact += fewestRematches(tables.flat(), tableSizes(n, 4)!, history);
  }
  return { seated, exact, pairs };
}

console.log(`league.pairing_ms_256: ${pairingMs().toFixed(1)} ms`);
const big = rematchShare(64, 6, 'bench');
console.log(`league.rematch_share: ${(big.seated / big.pairs).toFixed(4)} share`);
const small = Array.from({ length: 20 }, (_, i) => rematchShare(12, 5, `small ${i}`));
const sum = (key: 'seated' | 'exact' | 'pairs'): number => small.reduce((s, x) => s + x[key], 0);
console.log(`league.rematch_share_12: ${(sum('seated') / sum('pairs')).toFixed(4)} share`);
console.log(`league.rematch_share_12_min: ${(sum('exact') / sum('pairs')).toFixed(4)} share`);

/** A 64-player league's sign-up, then its start: how long its threads took to open ahead, and the start. */
async function roundStartMs(players: number, ahead: boolean): Promise<{ aheadMs: number; startMs: number }> {
  const names = Array.from({ length: players }, (_, i) => `p${i + 1}`);
  const world = await launch({ users: [...names, { username: 'mod', moderator: true }] });
  const { discord } = world;
  try {
    const command = (user: string, subcommand: string, options = {}) =>
      discord.slashCommand({ user, name: 'kingdomino', group: 'league', subcommand, options });
    const signup = await (await command('mod', 'create', { name: 'Bench', seats: '4', pace: '1d' })).reply();
    for (const name of names) await (await discord.click(signup, 'k1:lj', name)).reply();
    const tables = players / 4;
    const threads = () => discord.threads(discord.channel.id);
    const t0 = performance.now();
    if (ahead)
      await discord.waitFor(
        () => threads().filter((t) => t.thread?.archived).length === tables,
        "every table's thread opened ahead",
        120_000,
      );
    const aheadMs = performance.now() - t0;
    const opened = (): boolean => {
      const games = threads().filter((t) =>
        discord.messages(t.id).some((m) => /, round 1, table \d+:/.test(m.content)),
      );
      return games.length === tables && games.every((t) => discord.messages(t.id).some((b) => b.pngs().length > 0));
    };
    const t1 = performance.now();
    await command('mod', 'start');
    await discord.waitFor(opened, 'every table opened', 120_000);
    return { aheadMs, startMs: performance.now() - t1 };
  } finally {
    await world.close();
  }
}

const prepared = await roundStartMs(64, true);
console.log(`league.threads_ahead_ms: ${prepared.aheadMs.toFixed(0)} ms`);
console.log(`league.round_start_ms: ${prepared.startMs.toFixed(0)} ms`);
console.log(`league.round_start_cold_ms: ${(await roundStartMs(64, false)).startMs.toFixed(0)} ms`);
console.log(`league.round_start_floor_cold_ms: ${(Math.ceil(64 / 4 / 5) - 1) * 5000} ms`);
