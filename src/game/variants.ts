/**
 * The choices a table makes before a game, said once: the variants (each a flag
 * of the table's settings) with the player counts they apply to, and the computer
 * players' levels. Set-up, seat limits, stored schema, command options, pictures,
 * texts and the demo all read these lists.
 */
import type { GameOptions } from './types.js';

export type PlayerCount = 2 | 3 | 4;
export const PLAYER_COUNTS: readonly PlayerCount[] = [2, 3, 4];
/** The most players a game seats: a table's computer seats are at most this many less the host. */
export const MAX_PLAYERS: PlayerCount = 4;

export function isPlayerCount(n: number): n is PlayerCount {
  return (PLAYER_COUNTS as readonly number[]).includes(n);
}

export const AI_LEVELS = ['easy', 'normal', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export function isAiLevel(value: unknown): value is AiLevel {
  return (AI_LEVELS as readonly unknown[]).includes(value);
}

/** The seat kind the engine records for a computer player of this level. */
export function aiSeatKind(level: AiLevel): `ai:${AiLevel}` {
  return `ai:${level}`;
}

export const VARIANTS = [
  'mightyDuel',
  'harmony',
  'middleKingdom',
  'dynasty',
  'threePlayerClassic',
  'balancedOpening',
] as const;
export type Variant = (typeof VARIANTS)[number];

/** Which variants a table plays with. */
export type VariantChoice = Readonly<Record<Variant, boolean>>;

export const NO_VARIANTS: VariantChoice = {
  mightyDuel: false,
  harmony: false,
  middleKingdom: false,
  dynasty: false,
  threePlayerClassic: false,
  balancedOpening: false,
};

/** The variants `chosen` says yes to, the others off. */
export function variantsWhere(chosen: (variant: Variant) => boolean): VariantChoice {
  return Object.fromEntries(VARIANTS.map((v) => [v, chosen(v)])) as VariantChoice;
}

export interface VariantRule {
  /** The player counts the variant means something for. */
  readonly players: readonly PlayerCount[];
  /**
   * true: a table with this variant may only seat those counts (the Mighty Duel);
   * false: with other counts the variant is simply left out of the game.
   */
  readonly limitsSeats: boolean;
}

export const VARIANT_RULES: Readonly<Record<Variant, VariantRule>> = {
  mightyDuel: { players: [2], limitsSeats: true },
  harmony: { players: PLAYER_COUNTS, limitsSeats: false },
  middleKingdom: { players: PLAYER_COUNTS, limitsSeats: false },
  dynasty: { players: PLAYER_COUNTS, limitsSeats: false },
  threePlayerClassic: { players: [3], limitsSeats: false },
  balancedOpening: { players: [2], limitsSeats: false },
};

export function isVariant(value: unknown): value is Variant {
  return (VARIANTS as readonly unknown[]).includes(value);
}

/** Does the variant take part in a game of this many players? */
export function variantApplies(variant: Variant, players: number): boolean {
  return (VARIANT_RULES[variant].players as readonly number[]).includes(players);
}

/** The player counts a table with these variants may seat, smallest first. */
export function seatCounts(choice: VariantChoice): readonly PlayerCount[] {
  return PLAYER_COUNTS.filter((n) =>
    VARIANTS.every((v) => !choice[v] || !VARIANT_RULES[v].limitsSeats || variantApplies(v, n)),
  );
}

export function seatRange(choice: VariantChoice): { readonly min: PlayerCount; readonly max: PlayerCount } {
  const counts = seatCounts(choice);
  return { min: counts[0] ?? 2, max: counts[counts.length - 1] ?? 2 };
}

/** The engine options for a game of `players` with these variants (those meant for other counts left out). */
export function gameOptionsFor(choice: VariantChoice, players: number): Partial<Omit<GameOptions, 'players'>> {
  const on = (v: Variant) => choice[v] && variantApplies(v, players);
  return {
    grid: on('mightyDuel') ? 7 : 5,
    harmony: on('harmony'),
    middleKingdom: on('middleKingdom'),
    threePlayer: on('threePlayerClassic') ? 'classic' : 'discard',
    balancedOpening: on('balancedOpening'),
  };
}

/** The variants a game was set up with (Dynasty is a table's matter: the engine does not know it). */
export function variantsOf(options: GameOptions): Variant[] {
  const active: Record<Exclude<Variant, 'dynasty'>, boolean> = {
    mightyDuel: options.grid === 7,
    harmony: options.harmony,
    middleKingdom: options.middleKingdom,
    threePlayerClassic: options.players === 3 && options.threePlayer === 'classic',
    balancedOpening: options.players === 2 && options.balancedOpening,
  };
  return VARIANTS.filter((v): v is Exclude<Variant, 'dynasty'> => v !== 'dynasty' && active[v]);
}
