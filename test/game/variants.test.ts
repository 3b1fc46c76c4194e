/** Variants and AI levels as data: seat limits, the engine options they give, and back. */
import { describe, expect, it } from 'vitest';
import {
  AI_LEVELS,
  aiSeatKind,
  createGame,
  gameOptionsFor,
  isAiLevel,
  isVariant,
  NO_VARIANTS,
  PLAYER_COUNTS,
  seatCounts,
  seatRange,
  VARIANTS,
  variantApplies,
  variantsOf,
  type VariantChoice,
} from '../../src/game/index.js';
import { seats } from './engine-kit.js';

/** Every combination of variants (64). */
const CHOICES: readonly VariantChoice[] = Array.from(
  { length: 1 << VARIANTS.length },
  (_, mask) =>
    Object.fromEntries(VARIANTS.map((v, i) => [v, (mask & (1 << i)) !== 0])) as Record<
      (typeof VARIANTS)[number],
      boolean
    >,
);

describe('AI levels', () => {
  it('are easy, normal, hard, recorded as ai:<level> seats', () => {
    expect(AI_LEVELS).toEqual(['easy', 'normal', 'hard']);
    expect(AI_LEVELS.map(aiSeatKind)).toEqual(['ai:easy', 'ai:normal', 'ai:hard']);
    expect(AI_LEVELS.every(isAiLevel)).toBe(true);
    expect([undefined, 'random', 'Hard', 3].some(isAiLevel)).toBe(false);
  });
});

describe('seatRange', () => {
  it('is 2 to 4 seats without variants, and without the Mighty Duel whatever else', () => {
    expect(seatRange(NO_VARIANTS)).toEqual({ min: 2, max: 4 });
    for (const choice of CHOICES.filter((c) => !c.mightyDuel)) expect(seatRange(choice)).toEqual({ min: 2, max: 4 });
  });

  it('is exactly 2 seats with the Mighty Duel', () => {
    for (const choice of CHOICES.filter((c) => c.mightyDuel)) {
      expect(seatRange(choice)).toEqual({ min: 2, max: 2 });
      expect(seatCounts(choice)).toEqual([2]);
    }
  });
});

describe('gameOptionsFor', () => {
  it('gives the defaults without variants', () => {
    for (const players of PLAYER_COUNTS) {
      expect(gameOptionsFor(NO_VARIANTS, players)).toEqual({
        grid: 5,
        harmony: false,
        middleKingdom: false,
        threePlayer: 'discard',
        balancedOpening: false,
      });
    }
  });

  it('leaves out the variants meant for other player counts', () => {
    const all: VariantChoice = { ...NO_VARIANTS, harmony: true, threePlayerClassic: true, balancedOpening: true };
    expect(gameOptionsFor(all, 2)).toMatchObject({ harmony: true, threePlayer: 'discard', balancedOpening: true });
    expect(gameOptionsFor(all, 3)).toMatchObject({ harmony: true, threePlayer: 'classic', balancedOpening: false });
    expect(gameOptionsFor(all, 4)).toMatchObject({ harmony: true, threePlayer: 'discard', balancedOpening: false });
    expect(gameOptionsFor({ ...NO_VARIANTS, mightyDuel: true }, 2)).toMatchObject({ grid: 7 });
  });

  it('sets up a game for every combination and every seat count it allows, and variantsOf reads the variants back', () => {
    for (const choice of CHOICES) {
      for (const players of seatCounts(choice)) {
        const created = createGame({
          seats: seats(players),
          seed: 'variants',
          options: gameOptionsFor(choice, players),
        });
        if (!created.ok) throw new Error(`${JSON.stringify(choice)} with ${players}: ${created.error.message}`);
        const expected = VARIANTS.filter((v) => v !== 'dynasty' && choice[v] && variantApplies(v, players));
        expect(variantsOf(created.value.options)).toEqual(expected);
      }
    }
  });
});

describe('variantsOf', () => {
  it("names nothing for a plain game, and never Dynasty (the table's matter)", () => {
    const plain = createGame({ seats: seats(4), seed: 'plain' });
    if (!plain.ok) throw new Error(plain.error.message);
    expect(variantsOf(plain.value.options)).toEqual([]);
    expect(VARIANTS.every(isVariant)).toBe(true);
    expect(isVariant('hexagons')).toBe(false);
  });
});
