/**
 * The variants as the command lines (demo, arena) take them: one flag each, read
 * into the table's VariantChoice and checked by the variants' own rules
 * (game/variants.ts), so a command line refuses what a table could not play.
 */
import {
  VARIANT_RULES,
  VARIANTS,
  variantApplies,
  type Result,
  type Variant,
  type VariantChoice,
} from '../game/index.js';

/** How the command lines spell each variant. */
export const VARIANT_FLAGS: Readonly<Record<Variant, string>> = {
  mightyDuel: '--mighty-duel',
  harmony: '--harmony',
  middleKingdom: '--middle-kingdom',
  dynasty: '--dynasty',
  threePlayerClassic: '--three-player classic',
  balancedOpening: '--balanced-opening',
};

/** The variant flags' values as node:util parseArgs gives them. */
export interface VariantValues {
  readonly 'mighty-duel'?: boolean | undefined;
  readonly harmony?: boolean | undefined;
  readonly 'middle-kingdom'?: boolean | undefined;
  readonly dynasty?: boolean | undefined;
  /** "classic", or "discard" (the default: no variant). */
  readonly 'three-player'?: string | undefined;
  readonly 'balanced-opening'?: boolean | undefined;
}

/** The variants asked for, or why `players` cannot play them (a message for the command line). */
export function readVariants(values: VariantValues, players: number): Result<VariantChoice, string> {
  const threePlayer = values['three-player'];
  if (threePlayer !== undefined && threePlayer !== 'classic' && threePlayer !== 'discard') {
    return { ok: false, error: `--three-player must be "classic" or "discard" (got "${threePlayer}")` };
  }
  const choice: VariantChoice = {
    mightyDuel: values['mighty-duel'] === true,
    harmony: values.harmony === true,
    middleKingdom: values['middle-kingdom'] === true,
    dynasty: values.dynasty === true,
    threePlayerClassic: threePlayer === 'classic',
    balancedOpening: values['balanced-opening'] === true,
  };
  const misfit = VARIANTS.find((v) => choice[v] && !variantApplies(v, players));
  if (misfit === undefined) return { ok: true, value: choice };
  const counts = VARIANT_RULES[misfit].players.join(' or ');
  return { ok: false, error: `${VARIANT_FLAGS[misfit]} is for ${counts}-player games (got ${players} players)` };
}

/** The chosen variants as their flags, for a summary line. */
export function variantFlags(choice: VariantChoice): string[] {
  return VARIANTS.filter((v) => choice[v]).map((v) => VARIANT_FLAGS[v]);
}
