/**
 * npm run learn -- --games 240 --players 4 --playouts 1000 --seed 1
 *
 * Plays seeded games among hard players (a fixed number of playouts a decision, in
 * this thread: about 7 s a 4-player game at 1000), records every placement their
 * search chose with what the playout policy weighs of each legal placement
 * (src/ai/learn.ts), and prints the weights under which those choices are likeliest,
 * per point of immediate score: the fit (per same-terrain neighbour) and hole (per
 * dead cell) weights that would make the hard level's playouts place as its search
 * does. An arena against hard-baseline then says whether they play better
 * (HARD_POLICY records what the first run's weights did).
 */
import { parseArgs } from 'node:util';
import { chooseAction } from '../ai/index.js';
import { FEATURES, fitChoices, placementChoice, type Choice } from '../ai/learn.js';
import { mixSeed } from '../ai/rng.js';
import { apply, createGame, isPlayerCount, prompt, publicView, type GameState } from '../game/index.js';
import { positiveInt, readArgs, UsageError } from './usage.js';

interface Plan {
  readonly games: number;
  readonly players: number;
  readonly playouts: number;
  readonly seed: string;
}

function plan(argv: readonly string[]): Plan {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      games: { type: 'string', default: '240' },
      players: { type: 'string', default: '4' },
      playouts: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
    },
  });
  const players = positiveInt(values.players, '--players');
  if (!isPlayerCount(players)) throw new UsageError('--players takes 2 to 4');
  return {
    games: positiveInt(values.games, '--games'),
    players,
    playouts: positiveInt(values.playouts, '--playouts'),
    seed: values.seed,
  };
}

/** The placements the hard players' search chose in one seeded game. */
function gameChoices(p: Plan, game: number): Choice[] {
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

function main(): void {
  const p = readArgs(plan);
  if (!p) return;
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

main();
