/**
 * What a player at the table knows. The draw pile's order and the dominoes
 * removed face down at set-up are hidden: `publicView` rebuilds those two fields
 * from public facts only (the dominoes already revealed, and the set-up's deck
 * facts), so whatever reads the view (the computer players above all) cannot
 * learn the real ones.
 */
import { deckFacts } from './setup.js';
import type { GameState, RngState } from './types.js';

const NEUTRAL_RNG: RngState = [1, 2, 3, 4];

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
  const deck = deckFacts(state.options);
  const unseen: number[] = [];
  for (let n = 1; n <= deck.dominoes; n++) if (!revealed.has(n)) unseen.push(n);
  return { unseen, pileSize: deck.inPlay - revealed.size };
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
    seed: 'public-view',
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
