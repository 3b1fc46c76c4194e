/** Seeded games for render tests and the bench: first legal placement, first free domino. */
import {
  applyDynasty,
  createDynasty,
  createGame,
  dynastyGame,
  prompt,
  type DynastyState,
  type GameOptions,
  type GameState,
} from '../../src/game/index.js';
import { play, simpleAction } from '../support/play.js';

export { play, simpleAction };

export type Setup = '2p' | '3p' | '3p-classic' | '4p' | 'duel';

const NAMES: readonly string[] = ['Alice', 'Bartholomew the Magnificent', 'Chloé', 'Dmitri'];

export function newGame(setup: Setup, seed = 'render', extra: Partial<GameOptions> = {}): GameState {
  const players = setup === '4p' ? 4 : setup.startsWith('3p') ? 3 : 2;
  const options: Partial<GameOptions> = {
    ...(setup === 'duel' ? { grid: 7 } : {}),
    ...(setup === '3p-classic' ? { threePlayer: 'classic' } : {}),
    ...extra,
  };
  const made = createGame({ seats: NAMES.slice(0, players).map((name) => ({ name, kind: 'human' })), seed, options });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** About halfway through the game, a placement to make, and kings already on the next line. */
export function midGame(setup: Setup, seed = 'render'): GameState {
  let s = play(newGame(setup, seed), setup === '2p' ? 14 : setup === 'duel' ? 26 : 36);
  const ready = (x: GameState): boolean => prompt(x).kind === 'place' && x.next.some((slot) => slot.king !== null);
  while (!ready(s)) s = play(s, 1);
  return s;
}

/** A dynasty played with simpleAction for `moves` actions (to the end by default). */
export function playDynasty(players: 2 | 3 | 4, moves = Infinity, seed = 'dynasty'): DynastyState {
  const made = createDynasty({ seats: NAMES.slice(0, players).map((name) => ({ name, kind: 'human' })), seed });
  if (!made.ok) throw new Error(made.error.message);
  let d = made.value;
  for (let i = 0; i < moves; i++) {
    const action = simpleAction(dynastyGame(d));
    if (!action) break;
    const next = applyDynasty(d, action);
    if (!next.ok) throw new Error(next.error.message);
    d = next.value;
  }
  return d;
}
