/**
 * Engine speed: complete random 4-player games on the playout simulator (one core),
 * and listing the legal placements of one domino in a mid-game kingdom.
 *   npm run bench -- engine
 */
import {
  apply,
  boardOf,
  createGame,
  legalPlacements,
  MAX_PLACEMENTS,
  prompt,
  Rng,
  Sim,
  type GameState,
} from '../src/game/index.js';

function newGame(players: number, seed: string): GameState {
  const seats = Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, kind: 'human' as const }));
  const g = createGame({ seats, seed });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

/**
 * Mean nanoseconds per call of `body`, best of `runs` runs of about `ms` each: the
 * machine is shared, and the fastest run is the one least disturbed by others.
 */
function timePerCall(runs: number, ms: number, batch: number, body: () => void): number {
  for (let i = 0; i < batch; i++) body(); // warm-up
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    let calls = 0;
    const start = process.hrtime.bigint();
    const stop = start + BigInt(ms) * 1_000_000n;
    let now = start;
    while (now < stop) {
      for (let i = 0; i < batch; i++) body();
      calls += batch;
      now = process.hrtime.bigint();
    }
    best = Math.min(best, Number(now - start) / calls);
  }
  return best;
}

function randomPlayouts(): number {
  const root = Sim.fromState(newGame(4, 'bench'), 1);
  const sim = root.clone();
  const rng = Rng.fromSeed('bench/playouts');
  const share = new Float64Array(4);
  const ns = timePerCall(6, 500, 100, () => {
    sim.copyFrom(root);
    sim.redeterminize(rng);
    sim.playRandom(rng);
    sim.outcome(share);
  });
  return 1e9 / ns;
}

/** A 4-player game played at random until round 7, at a placement. */
function midGame(): GameState {
  let s = newGame(4, 'bench/mid');
  const rng = Rng.fromSeed('bench/mid');
  while (!(s.round === 7 && prompt(s).kind === 'place')) {
    const p = prompt(s);
    let r;
    if (p.kind === 'claim')
      r = apply(s, { type: 'claim', player: p.player, domino: p.choices[rng.int(p.choices.length)] ?? 0 });
    else if (p.kind === 'place') {
      const l = legalPlacements(s);
      const c = l[rng.int(l.length)];
      r = apply(s, c ? { type: 'place', player: p.player, a: c.a, b: c.b } : { type: 'discard', player: p.player });
    } else throw new Error('game over before round 7');
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
  }
  return s;
}

function legalPlacementTimes(): { kernelUs: number; jsonUs: number; count: number } {
  const s = midGame();
  const p = prompt(s);
  if (p.kind !== 'place') throw new Error('not placing');
  const board = boardOf(s, p.player);
  const out = new Int32Array(MAX_PLACEMENTS);
  const count = board.legal(p.domino, out);
  const kernelNs = timePerCall(5, 200, 10_000, () => board.legal(p.domino, out));
  const jsonNs = timePerCall(5, 200, 1000, () => legalPlacements(s));
  return { kernelUs: kernelNs / 1000, jsonUs: jsonNs / 1000, count };
}

const playouts = randomPlayouts();
const legal = legalPlacementTimes();
console.log(`engine.random_playouts_per_s: ${Math.round(playouts)} games/s`);
console.log(`engine.legal_placements_us: ${legal.kernelUs.toFixed(3)} us`);
console.log(`engine.legal_placements_json_us: ${legal.jsonUs.toFixed(2)} us`);
console.log(`engine.legal_placements_count: ${legal.count} placements`);
