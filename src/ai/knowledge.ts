/**
 * What a player at the table knows. The draw pile's order and the dominoes
 * removed face down at set-up are hidden: every AI decision starts from
 * `publicView`, which rebuilds those two fields from public facts only (the
 * dominoes already revealed, and how many each set-up uses), so nothing
 * downstream can read the real ones.
 */
import type { GameOptions, GameState, RngState } from '../game/types.js';

const ALL_DOMINOES = 48;
const NEUTRAL_RNG: RngState = [1, 2, 3, 4];

/** How many dominoes a set-up plays with (the rest are removed face down). */
export function dominoesInPlay(options: GameOptions): number {
  if (options.players === 2) return options.grid === 7 ? 48 : 24;
  if (options.players === 3 && options.threePlayer === 'classic') return 36;
  return 48;
}

export interface PublicDeck {
  /** Dominoes never revealed, ascending: the pile and the removed ones, mixed. */
  readonly unseen: readonly number[];
  /** How many of them are still to be drawn. */
  readonly pileSize: number;
}

export function publicDeck(state: GameState): PublicDeck {
  const revealed = new Set<number>();
  for (const event of state.events) {
    if (event.type === 'reveal') for (const n of event.line) revealed.add(n);
  }
  const unseen: number[] = [];
  for (let n = 1; n <= ALL_DOMINOES; n++) if (!revealed.has(n)) unseen.push(n);
  return { unseen, pileSize: dominoesInPlay(state.options) - revealed.size };
}

/**
 * The state with its hidden parts replaced: the unseen dominoes in ascending
 * order fill the pile first and the removed heap after. The engine's generator
 * and seed (which fix the real pile) are replaced too.
 */
export function publicView(state: GameState): GameState {
  const deck = publicDeck(state);
  const order = deck.unseen;
  return {
    schema: state.schema,
    seed: 'ai-view',
    options: state.options,
    seats: state.seats,
    kings: state.kings,
    rng: NEUTRAL_RNG,
    pile: order.slice(0, deck.pileSize),
    removedAtSetup: order.slice(deck.pileSize),
    dropped: state.dropped,
    current: state.current,
    next: state.next,
    kingdoms: state.kingdoms,
    round: state.round,
    turn: state.turn,
    events: state.events,
  };
}


