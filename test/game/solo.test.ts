/**
 * The solo game (Crown of Thorns): the deal is the seed's alone, the slot taken limits
 * the next pick, and solo records go through checkRecord like any other.
 */
import { describe, expect, it } from 'vitest';
import {
  apply,
  checkRecord,
  createGame,
  isOver,
  prompt,
  result,
  SOLO_OPTIONS,
  soloSeat,
  toRecord,
  type GameState,
} from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { mustApply, randomAction } from './property-support.js';

function soloGame(seed: string): GameState {
  const created = createGame({ seats: [soloSeat('Ana')], seed, options: SOLO_OPTIONS });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

function playRandomly(state: GameState, rng: Rng): GameState {
  let s = state;
  while (!isOver(s)) s = mustApply(s, randomAction(s, rng));
  return s;
}

const lines = (s: GameState) => s.events.flatMap((e) => (e.type === 'reveal' ? [e.line] : []));

describe('solo Kingdomino, Crown of Thorns', () => {
  it('deals the same twelve lines in the same order whatever the player picks', () => {
    const a = playRandomly(soloGame('day-1'), new Rng([1, 2, 3, 4]));
    const b = playRandomly(soloGame('day-1'), new Rng([9, 8, 7, 6]));
    expect(lines(a)).toHaveLength(12);
    expect(lines(a)).toEqual(lines(b));
    expect(a.kingdoms[0]!.placements.map((p) => p.domino)).not.toEqual(b.kingdoms[0]!.placements.map((p) => p.domino));
    expect(lines(soloGame('day-2'))).not.toEqual(lines(soloGame('day-1')).slice(0, 1));
  });

  it('after the 4th domino of a line, offers only the 1st of the next', () => {
    let s = soloGame('thorns');
    const first = s.next.map((slot) => slot.domino);
    s = mustApply(s, { type: 'claim', player: 0, domino: first[3]! });
    const p = prompt(s);
    expect(p.kind).toBe('place');
    s = mustApply(s, randomAction(s, new Rng([5, 5, 5, 5])));
    const asked = prompt(s);
    expect(asked).toMatchObject({ kind: 'claim', choices: [s.next[0]!.domino] });
    const tooFar = apply(s, { type: 'claim', player: 0, domino: s.next[2]!.domino });
    expect(tooFar.ok).toBe(false);
    if (!tooFar.ok) expect(tooFar.error.message).toMatch(/out of reach/);
  });

  it.each([
    [0, 4],
    [1, 3],
    [2, 2],
    [3, 1],
  ])('after slot %i, the next pick has %i choices', (slot, choices) => {
    let s = soloGame(`slot-${slot}`);
    s = mustApply(s, { type: 'claim', player: 0, domino: s.next[slot]!.domino });
    s = mustApply(s, randomAction(s, new Rng([1, 1, 1, 1])));
    const asked = prompt(s);
    expect(asked.kind === 'claim' && asked.choices).toEqual(s.next.slice(0, choices).map((x) => x.domino));
  });

  it('plays Harmony and the Middle Kingdom, and scores one player', () => {
    const end = playRandomly(soloGame('score'), new Rng([3, 1, 4, 1]));
    expect(end.options).toMatchObject({ players: 1, harmony: true, middleKingdom: true, grid: 5 });
    const over = result(end);
    expect(over?.winners).toEqual([0]);
    expect(end.dropped).toHaveLength(36);
  });

  it('writes records that checkRecord accepts, and refuses a pick out of reach', () => {
    const end = playRandomly(soloGame('record'), new Rng([2, 7, 1, 8]));
    const record = toRecord(end);
    expect(record.options.players).toBe(1);
    expect(record.players).toEqual([{ name: 'Ana', kind: 'human', kings: 1 }]);
    expect(checkRecord(JSON.parse(JSON.stringify(record))).ok).toBe(true);

    // A forged record: 4th slot, then the 4th slot again.
    let s = soloGame('forged');
    s = mustApply(s, { type: 'claim', player: 0, domino: s.next[3]!.domino });
    s = mustApply(s, randomAction(s, new Rng([1, 2, 1, 2])));
    const forged = toRecord(s);
    const events = [...forged.events, { type: 'claim' as const, player: 0, domino: s.next[3]!.domino }];
    expect(checkRecord({ ...forged, events }).ok).toBe(false);
  });

  it('refuses a solo Mighty Duel or balanced opening', () => {
    for (const options of [{ grid: 7 as const }, { balancedOpening: true }]) {
      expect(createGame({ seats: [soloSeat('Ana')], seed: 'x', options }).ok).toBe(false);
    }
  });
});
