/** The command lines' variant flags, checked by the variants' own rules. */
import { describe, expect, it } from 'vitest';
import { NO_VARIANTS, VARIANTS } from '../../src/game/index.js';
import { readVariants, VARIANT_FLAGS, variantFlags } from '../../src/cli/variants.js';

describe('readVariants', () => {
  it('reads no flag as no variant, and every flag as its variant', () => {
    expect(readVariants({}, 4)).toEqual({ ok: true, value: NO_VARIANTS });
    const all = {
      'mighty-duel': true,
      harmony: true,
      'middle-kingdom': true,
      dynasty: true,
      'three-player': 'classic',
      'balanced-opening': true,
    };
    const two = readVariants({ ...all, 'three-player': 'discard' }, 2);
    expect(two).toEqual({
      ok: true,
      value: { ...Object.fromEntries(VARIANTS.map((v) => [v, true])), threePlayerClassic: false },
    });
  });

  it.each([
    [{ 'mighty-duel': true }, 4, '--mighty-duel is for 2-player games (got 4 players)'],
    [{ 'balanced-opening': true }, 3, '--balanced-opening is for 2-player games (got 3 players)'],
    [{ 'three-player': 'classic' }, 2, '--three-player classic is for 3-player games (got 2 players)'],
    [{ 'three-player': 'modern' }, 3, '--three-player must be "classic" or "discard" (got "modern")'],
  ] as const)('refuses %j with %i players', (values, players, error) => {
    expect(readVariants(values, players)).toEqual({ ok: false, error });
  });

  it("names the chosen variants by their flags, in the variants' order", () => {
    expect(variantFlags({ ...NO_VARIANTS, dynasty: true, mightyDuel: true })).toEqual(['--mighty-duel', '--dynasty']);
    expect(Object.keys(VARIANT_FLAGS)).toEqual([...VARIANTS]);
  });
});
