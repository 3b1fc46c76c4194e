/**
 * npm run arena -- --games 200 --seats hard,normal,normal,normal --seed 1 [--time-ms 1000]
 *   [--mighty-duel] [--harmony] [--middle-kingdom] [--three-player classic|discard]
 *   [--balanced-opening] [--workers N] [--playouts N] [--paired]
 *
 * --playouts gives hard a fixed number of playouts per decision (capped by --time-ms),
 * which makes a run reproducible and independent of the machine's load.
--paired deals each deck once per seat order (games = decks x seats), so the luck
of the deal cancels between the levels; the report then adds the interval from
the spread between decks, which pairing tightens.
 *
 * Plays seeded games between AI levels on every core (one game per worker thread
 * at a time), rotating the seat order, checks every game's record with the
 * engine, and prints each level's win rate (shared wins as fractions, 95% Wilson
 * interval), average score and average margin to the best opponent.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort } from 'node:worker_threads';
import { arenaGames, playGame, summarize, type ArenaGame, type GameOutcome, type LevelStats } from '../ai/arena.js';
import { startWorker } from '../runtime/spawn.js';
import { ARENA_LEVELS, isArenaLevel } from '../ai/types.js';
import { gameOptionsFor, isPlayerCount } from '../game/index.js';
import { positiveInt, readArgs, UsageError } from './usage.js';
import { readVariants } from './variants.js';

type Reply = { readonly ok: true; readonly outcome: GameOutcome } | { readonly ok: false; readonly error: string };

interface Plan {
  readonly games: readonly ArenaGame[];
  readonly workers: number;
  readonly paired: boolean;
}

function plan(argv: readonly string[]): Plan {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      games: { type: 'string', default: '20' },
      seats: { type: 'string', default: 'hard,normal,normal,normal' },
      players: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'time-ms': { type: 'string', default: '1000' },
      playouts: { type: 'string' },
      workers: { type: 'string', default: String(availableParallelism()) },
      'mighty-duel': { type: 'boolean' },
      harmony: { type: 'boolean' },
      'middle-kingdom': { type: 'boolean' },
      'three-player': { type: 'string' },
      'balanced-opening': { type: 'boolean' },
      paired: { type: 'boolean' },
    },
  });
  const seats = values.seats.split(',').map((s) => s.trim());
  const levels = seats.filter(isArenaLevel);
  if (levels.length !== seats.length)
    throw new UsageError(`--seats takes ${ARENA_LEVELS.join(', ')}, comma-separated (got "${values.seats}")`);
  if (!isPlayerCount(levels.length)) throw new UsageError('--seats needs 2 to 4 seats');
  if (values.players !== undefined && Number(values.players) !== levels.length) {
    throw new UsageError(`--players ${values.players} does not match the ${levels.length} seats given`);
  }
  const variants = readVariants(values, levels.length);
  if (!variants.ok) throw new UsageError(variants.error);
  const options = gameOptionsFor(variants.value, levels.length);
  const count = positiveInt(values.games, '--games');
  const timeMs = positiveInt(values['time-ms'], '--time-ms');
  const playouts = values.playouts === undefined ? undefined : positiveInt(values.playouts, '--playouts');
  const games = arenaGames({
    levels,
    count,
    seed: values.seed,
    paired: values.paired === true,
    options,
    timeMs,
    playouts,
  });
  return { games, workers: Math.min(count, positiveInt(values.workers, '--workers')), paired: values.paired === true };
}

async function runAll(p: Plan): Promise<GameOutcome[]> {
  const outcomes: GameOutcome[] = [];
  let next = 0;
  const started = Date.now();
  const runWorker = async (): Promise<void> => {
    const worker = startWorker(import.meta.url, 'arena');
    try {
      while (next < p.games.length) {
        const game = p.games[next++] as ArenaGame;
        const reply = await new Promise<Reply>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage(game);
        });
        worker.removeAllListeners('error');
        if (!reply.ok) throw new Error(`game ${game.seed}: ${reply.error}`);
        outcomes.push(reply.outcome);
        progress(outcomes, p.games.length, started);
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: p.workers }, runWorker));
  return outcomes;
}

function progress(outcomes: readonly GameOutcome[], total: number, started: number): void {
  const every = Math.max(1, Math.floor(total / 20));
  if (outcomes.length % every !== 0 && outcomes.length !== total) return;
  const line = summarize(outcomes)
    .map((s) => `${s.level} ${(100 * s.winRate).toFixed(1)}%`)
    .join(', ');
  console.error(`[${outcomes.length}/${total}] ${((Date.now() - started) / 1000).toFixed(0)} s: ${line}`);
}

function report(stats: readonly LevelStats[], outcomes: readonly GameOutcome[], paired: boolean): string {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = stats.map(
    (s) =>
      `${s.level.padEnd(13)} win ${pct(s.winRate)} (95% CI ${pct(s.low)}-${pct(s.high)}, ${s.seatGames} seat-games)` +
      `  avg score ${s.avgScore.toFixed(1)}  avg margin ${s.avgMargin >= 0 ? '+' : ''}${s.avgMargin.toFixed(1)}` +
      (paired && s.byDeck
        ? `\n${''.padEnd(13)} by deck: 95% CI ${pct(s.byDeck.low)}-${pct(s.byDeck.high)} over ${s.byDeck.decks} decks`
        : ''),
  );
  const hardMs = outcomes.flatMap((o) => o.hardMs).sort((a, b) => a - b);
  if (hardMs.length > 0)
    lines.push(
      `hard decision ms: p50 ${hardMs[Math.floor(hardMs.length / 2)]?.toFixed(0)}, max ${hardMs.at(-1)?.toFixed(0)} over ${hardMs.length} decisions`,
    );
  return lines.join('\n');
}

function serveGames(): void {
  parentPort?.on('message', (game: ArenaGame) => {
    let reply: Reply;
    try {
      reply = { ok: true, outcome: playGame(game) };
    } catch (err) {
      reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(reply);
  });
}

async function main(): Promise<void> {
  const p = readArgs(plan);
  if (!p) return;
  const first = p.games[0] as ArenaGame;
  console.log(
    `arena: ${p.games.length} games, seats ${first.seats.join(',')} (rotated), ${first.timeMs} ms/decision for hard${first.playouts ? ` (at most ${first.playouts} playouts)` : ''}, ${p.workers} workers${p.paired ? ', paired decks' : ''}, options ${JSON.stringify(first.options)}`,
  );
  const outcomes = await runAll(p);
  console.log(report(summarize(outcomes), outcomes, p.paired));
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  });
} else {
  serveGames();
}
