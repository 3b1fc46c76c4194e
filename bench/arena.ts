/**
 * The arena as the bot runs the computer players: compiled (dist/, built by npm run
 * bench) and in worker threads, one game per core at a time.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BOT_ENTRY } from '../test/fake-discord/bot-process.js';

const ARENA = fileURLToPath(new URL(`../${BOT_ENTRY.replace(/main\.js$/, 'cli/arena.js')}`, import.meta.url));

/** The hard level's share of the wins (%) in the compiled arena run with `args`. */
export function hardWinShare(args: readonly string[]): number {
  // Its progress lines (stderr) are kept out of the bench's figures; a failure still shows them.
  const out = execFileSync(process.execPath, [ARENA, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const win = /^hard\s+win ([\d.]+)%/m.exec(out);
  if (!win) throw new Error(`no hard win rate in the arena's report:\n${out}`);
  return Number(win[1]);
}

/** The decision budget of the strength figures. */
export const TIME_MS = 250;

/** hard's share of the wins (%) over `games` paired games against hard-baseline in every other seat, at TIME_MS. */
export function hardVsBaseline(players: number, games: number): number {
  const seats = ['hard', ...Array.from({ length: players - 1 }, () => 'hard-baseline')].join(',');
  const args = ['--seats', seats, '--games', String(games), '--paired', '--seed', `strength-${players}`];
  return hardWinShare([...args, '--time-ms', String(TIME_MS)]);
}
