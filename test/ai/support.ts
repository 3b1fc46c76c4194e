/** Helpers for the AI tests: seeded games in every set-up, played by AI levels. */
import {
  aiSeatKind,
  apply,
  createGame,
  fromRecord,
  prompt,
  toRecord,
  type Action,
  type AiLevel,
  type GameOptions,
  type GameState,
} from '../../src/game/index.js';
import { chooseAction, type ChooseOptions } from '../../src/ai/index.js';

export interface SetUp {
  readonly name: string;
  readonly players: 2 | 3 | 4;
  readonly options: Partial<Omit<GameOptions, 'players'>>;
}

export const SET_UPS: readonly SetUp[] = [
  { name: '2 players, two kings each', players: 2, options: {} },
  { name: '3 players (48 dominoes, drop)', players: 3, options: { threePlayer: 'discard' } },
  { name: '3 players classic (36 dominoes)', players: 3, options: { threePlayer: 'classic' } },
  { name: '4 players with Harmony and Middle Kingdom', players: 4, options: { harmony: true, middleKingdom: true } },
  { name: 'Mighty Duel with bonuses', players: 2, options: { grid: 7, harmony: true, middleKingdom: true } },
];

export function newGame(levels: readonly AiLevel[], seed: string, options: SetUp['options'] = {}): GameState {
  const created = createGame({
    seats: levels.map((l, i) => ({ name: `${l} ${i}`, kind: aiSeatKind(l) })),
    seed,
    options,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** Plays to the end; every action must be accepted by the engine. Returns the final state. */
export function playOut(state: GameState, levels: readonly AiLevel[], opts: ChooseOptions = {}, seed = 0): GameState {
  let s = state;
  for (let asked = prompt(s); asked.kind !== 'over'; asked = prompt(s)) {
    const action: Action = chooseAction(s, levels[asked.player] as AiLevel, { ...opts, seed: seed + s.turn });
    const next = apply(s, action);
    if (!next.ok) throw new Error(`${levels[asked.player]} chose an illegal action: ${next.error.message}`);
    s = next.value;
  }
  return s;
}

/** Plays `steps` actions in. */
export function advance(state: GameState, levels: readonly AiLevel[], steps: number): GameState {
  let s = state;
  for (let i = 0; i < steps && prompt(s).kind !== 'over'; i++) {
    const next = apply(s, chooseAction(s, levels[(prompt(s) as { player: number }).player] as AiLevel, { seed: i }));
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

export function replaysExactly(state: GameState): boolean {
  const rebuilt = fromRecord(JSON.parse(JSON.stringify(toRecord(state))));
  return rebuilt.ok && JSON.stringify(rebuilt.value.events) === JSON.stringify(state.events);
}
