/** A simple player for table-layer tests: the first legal spot (else the discard), then the first free domino. */
import { legalPlacements } from '../../src/game/index.js';
import * as table from '../../src/table/index.js';

/** The move whoever must play makes: what to do with the domino in hand, then the claim. */
export function simpleMove(turn: table.Turn): table.Move {
  const game = turn.table.game;
  const spot = turn.prompt.kind === 'place' ? legalPlacements(game)[0] : undefined;
  const placed: table.Placed =
    turn.prompt.kind === 'claim'
      ? { kind: 'none' }
      : spot
        ? { kind: 'place', a: spot.a, b: spot.b }
        : { kind: 'discard' };
  const after = table.afterPlacing(game, turn.player, placed);
  return { placed, claim: after.ok ? (table.pickChoices(after.value)[0] ?? null) : null };
}

/** That move, made at `now`; throws if the table refuses it. */
export function playSimpleMove(t: table.GameTable, now = 0): table.MoveOutcome {
  const turn = table.currentTurn(t);
  if (!turn) throw new Error('no turn to play');
  const out = table.playMove(t, { kind: 'seat', player: turn.player }, turn.table.game.turn, simpleMove(turn), now);
  if (!out.ok) throw new Error(out.refusal.code);
  return out.value;
}
