/**
 * npm run learn -- [policy] --games 240 --players 4 --playouts 1000 --seed 1
 * npm run learn -- positions --players 4 --games 1000 --playouts 100 --seed 1 --out data/positions-4p.jsonl
 *   [--mighty-duel] [--harmony] [--middle-kingdom] [--three-player classic|discard] [--workers N]
 * npm run learn -- value data/positions-2p.jsonl data/positions-4p.jsonl [--write]
 *
 * policy: plays seeded games among hard players at fixed playouts a decision, in
 * this thread (about 7 s a 4-player game at 1000), records every placement their
 * search chose with what the playout policy weighs of each legal placement
 * (src/ai/learn.ts), and prints the weights under which those choices are likeliest,
 * per point of immediate score: the fit (per same-terrain neighbour) and hole (per
 * dead cell) weights that would make the hard level's playouts place as its search
 * does. An arena against hard-baseline then says whether they play better
 * (HARD_POLICY records what the first run's weights did).
 *
 * positions: self-play for the evaluation (src/ai/value-learn.ts): seeded games among
 * hard players on every core, each game's round starts with every player's features
 * and how the game ended, one line a game appended to --out. Run again with the same
 * arguments, it plays only the games the file lacks (a run can be stopped and resumed).
 *
 * value: fits the evaluation to those files (every fifth game held out), prints each
 * set-up's held-out error, and with --write puts the model in src/ai/value-model.ts.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort } from 'node:worker_threads';
import { chooseAction } from '../ai/index.js';
import { FEATURES, fitChoices, placementChoice, type Choice } from '../ai/learn.js';
import { mixSeed } from '../ai/rng.js';
import { fitValue, selfPlayGame, type SelfPlayGame, type SelfPlayPlan } from '../ai/value-learn.js';
import { VALUE_FEATURES } from '../ai/value.js';
import { apply, createGame, gameOptionsFor, isPlayerCount, prompt, publicView, type GameState } from '../game/index.js';
import { startWorker } from '../runtime/spawn.js';
import { positiveInt, readArgs, UsageError } from './usage.js';
import { readVariants } from './variants.js';

interface PolicyPlan {
  readonly mode: 'policy';
  readonly games: number;
  readonly players: number;
  readonly playouts: number;
  readonly seed: string;
}

interface PositionsPlan {
  readonly mode: 'positions';
  readonly games: number;
  readonly selfPlay: SelfPlayPlan;
  readonly out: string;
  readonly workers: number;
}

interface ValuePlan {
  readonly mode: 'value';
  readonly files: readonly string[];
  readonly write: boolean;
}

type Plan = PolicyPlan | PositionsPlan | ValuePlan;

const MODES = ['policy', 'positions', 'value'] as const;

function plan(argv: readonly string[]): Plan {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      games: { type: 'string', default: '240' },
      players: { type: 'string', default: '4' },
      playouts: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      workers: { type: 'string', default: String(availableParallelism()) },
      write: { type: 'boolean' },
      'mighty-duel': { type: 'boolean' },
      harmony: { type: 'boolean' },
      'middle-kingdom': { type: 'boolean' },
      'three-player': { type: 'string' },
    },
  });
  const [first = 'policy', ...rest] = positionals;
  const mode = MODES.find((m) => m === first);
  if (mode === undefined) throw new UsageError(`the mode is one of ${MODES.join(', ')} (got "${first}")`);
  if (mode === 'value') {
    if (rest.length === 0) throw new UsageError('value takes the files npm run learn -- positions wrote');
    return { mode, files: rest, write: values.write === true };
  }
  const players = positiveInt(values.players, '--players');
  if (!isPlayerCount(players)) throw new UsageError('--players takes 2 to 4');
  const games = positiveInt(values.games, '--games');
  if (mode === 'policy') {
    const playouts = positiveInt(values.playouts ?? '1000', '--playouts');
    return { mode, games, players, playouts, seed: values.seed };
  }
  if (values.out === undefined) throw new UsageError('positions takes --out FILE (lines are appended to it)');
  const variants = readVariants(values, players);
  if (!variants.ok) throw new UsageError(variants.error);
  return {
    mode,
    games,
    out: values.out,
    workers: Math.min(games, positiveInt(values.workers, '--workers')),
    selfPlay: {
      options: { ...gameOptionsFor(variants.value, players), players },
      seed: values.seed,
      playouts: positiveInt(values.playouts ?? '100', '--playouts'),
    },
  };
}

/** The placements the hard players' search chose in one seeded game. */
function gameChoices(p: PolicyPlan, game: number): Choice[] {
  const created = createGame({
    seats: Array.from({ length: p.players }, (_, i) => ({ name: `hard ${i + 1}`, kind: 'ai:hard' as const })),
    seed: `learn-${p.seed}-${game}`,
  });
  if (!created.ok) throw new Error(created.error.message);
  const choices: Choice[] = [];
  let state: GameState = created.value;
  for (let asked = prompt(state); asked.kind !== 'over'; asked = prompt(state)) {
    // A budget of time no decision reaches: the playouts alone bound the search, so a run repeats itself.
    const action = chooseAction(state, 'hard', { playouts: p.playouts, timeMs: 3_600_000, seed: mixSeed(game) });
    const choice = placementChoice(publicView(state), asked, action);
    if (choice) choices.push(choice);
    const next = apply(state, action);
    if (!next.ok) throw new Error(`hard played an illegal action: ${next.error.message}`);
    state = next.value;
  }
  return choices;
}

function learnPolicy(p: PolicyPlan): void {
  console.log(`learn: ${p.games} games of ${p.players} hard players, ${p.playouts} playouts a decision`);
  const started = Date.now();
  const choices: Choice[] = [];
  for (let game = 0; game < p.games; game++) {
    choices.push(...gameChoices(p, game));
    console.error(
      `[${game + 1}/${p.games}] ${((Date.now() - started) / 1000).toFixed(0)} s: ${choices.length} placements`,
    );
  }
  const fit = fitChoices(choices);
  const perPoint = fit.weights[0] ?? 0;
  console.log(`${choices.length} placements, log-likelihood ${fit.logLikelihood.toFixed(3)} a placement`);
  console.log(`weights: ${FEATURES.map((f, j) => `${f} ${(fit.weights[j] ?? 0).toFixed(3)}`).join(', ')}`);
  console.log(
    `per point: ${FEATURES.slice(1)
      .map((f, j) => `${f} ${((fit.weights[j + 1] ?? 0) / perPoint).toFixed(2)}`)
      .join(', ')}`,
  );
}

/** The games a positions file holds (a line cut short by a stopped run is skipped: that game is played again). */
function readGames(file: string): SelfPlayGame[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line): SelfPlayGame[] => {
      try {
        return line.trim() === '' ? [] : [JSON.parse(line) as SelfPlayGame];
      } catch {
        return [];
      }
    });
}

interface Job {
  readonly plan: SelfPlayPlan;
  readonly game: number;
}

type Reply = { readonly ok: true; readonly game: SelfPlayGame } | { readonly ok: false; readonly error: string };

async function learnPositions(p: PositionsPlan): Promise<void> {
  const have = new Set(readGames(p.out).map((g) => g.game));
  const jobs: Job[] = [];
  for (let game = 0; game < p.games; game++) if (!have.has(game)) jobs.push({ plan: p.selfPlay, game });
  console.log(
    `learn positions: ${p.games} games of ${p.selfPlay.options.players} hard players at ${p.selfPlay.playouts} playouts, ` +
      `options ${JSON.stringify(p.selfPlay.options)}, ${have.size} already in ${p.out}, ${p.workers} workers`,
  );
  const started = Date.now();
  let done = 0,
    positions = 0;
  let next = 0;
  const runWorker = async (): Promise<void> => {
    const worker = startWorker(import.meta.url, 'learn');
    try {
      while (next < jobs.length) {
        const job = jobs[next++] as Job;
        const reply = await new Promise<Reply>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage(job);
        });
        worker.removeAllListeners('error');
        if (!reply.ok) throw new Error(`game ${job.game}: ${reply.error}`);
        appendFileSync(p.out, `${JSON.stringify(reply.game)}\n`);
        done++;
        positions += reply.game.positions.length;
        if (done % 20 === 0 || done === jobs.length)
          console.error(
            `[${done}/${jobs.length}] ${((Date.now() - started) / 1000).toFixed(0)} s: ${positions} positions`,
          );
      }
    } finally {
      await worker.terminate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(p.workers, jobs.length) }, runWorker));
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `played ${done} games (${positions} positions) in ${seconds.toFixed(0)} s; ${have.size + done} in ${p.out}`,
  );
}

const MODEL_FILE = new URL('../ai/value-model.ts', import.meta.url);

function learnValue(p: ValuePlan): void {
  const games = p.files.flatMap(readGames);
  const fit = fitValue(games);
  console.log(`learn value: ${games.length} games from ${p.files.join(', ')}; features ${VALUE_FEATURES.join(', ')}`);
  for (const e of fit.errors) {
    console.log(
      `${e.setup}: held-out ${e.positions} positions, final score error ${e.rmse.toFixed(2)} points (rms; ` +
        `${e.baselineRmse.toFixed(2)} from the round's mean gain alone), winner log-likelihood ${e.winLogLikelihood.toFixed(3)}`,
    );
  }
  if (!p.write) return;
  writeFileSync(
    MODEL_FILE,
    `/**\n * The evaluation's weights (value.ts) as \`npm run learn -- value ${p.files.join(' ')} --write\` fitted them:\n` +
      ` * per set-up, per round, the weights of ${VALUE_FEATURES.join(', ')}, and the winner's temperature.\n */\n` +
      `import type { ValueModel } from './value.js';\n\nexport const VALUE_MODEL: ValueModel = ${JSON.stringify(fit.model)};\n`,
  );
  console.log(`wrote ${MODEL_FILE.pathname} (run prettier on it)`);
}

function serveGames(): void {
  parentPort?.on('message', (job: Job) => {
    let reply: Reply;
    try {
      reply = { ok: true, game: selfPlayGame(job.plan, job.game) };
    } catch (err) {
      reply = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(reply);
  });
}

async function main(): Promise<void> {
  const p = readArgs(plan);
  if (!p) return;
  if (p.mode === 'policy') learnPolicy(p);
  else if (p.mode === 'positions') await learnPositions(p);
  else learnValue(p);
}

if (isMainThread) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  });
} else {
  serveGames();
}
