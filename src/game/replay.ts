/**
 * A record played again move by move, as players saw the game: the states a replay
 * shows (render/replay.ts draws them, the step-through viewer shows one at a time).
 */
import { apply, prompt } from './engine.js';
import { actionOf, fromRecord } from './record.js';
import { createGame } from './setup.js';
import type { GameState, Rejection, Result } from './types.js';

/**
 * The table before the first move and after each move, from a record (parsed or
 * JSON text). A move ends with a claim, or with a placement or discard that no
 * claim of the same player follows (the last round).
 */
export function replayStates(record: unknown): Result<GameState[], Rejection> {
  const rebuilt = fromRecord(record);
  if (!rebuilt.ok) return rebuilt;
  const final = rebuilt.value;
  const { players: _players, ...options } = final.options;
  const created = createGame({ seed: final.seed, seats: final.seats, options });
  if (!created.ok) return { ok: false, error: { code: 'malformed', message: created.error.message } };
  let state = created.value;
  const states = [state];
  for (const event of final.events) {
    const action = actionOf(event);
    if (!action) continue;
    const next = apply(state, action);
    if (!next.ok) return next;
    state = next.value;
    const p = prompt(state);
    if (action.type === 'claim' || p.kind !== 'claim' || p.player !== action.player) states.push(state);
  }
  return { ok: true, value: states };
}
