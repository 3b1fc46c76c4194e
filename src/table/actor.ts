/** Who asks the table for something, and the one check of "may act as the host". */

export interface Actor {
  readonly userId: string;
  /** May act as the host anywhere (Discord: Manage Threads). */
  readonly moderator: boolean;
}

/**
 * Who acts: a user clicking, or a seat moved by the bot: a computer seat, the timer
 * (`as: 'timer'`, counted towards absence), or the computer playing for an absent or
 * replaced player (`as: 'stand-in'`, only while it holds the seat; absence.ts), or
 * the player's own plan played when their turn came (`as: 'plan'`, plan.ts).
 */
export type Mover =
  | { readonly kind: 'user'; readonly userId: string }
  | { readonly kind: 'seat'; readonly player: number; readonly as?: 'timer' | 'stand-in' | 'plan' };

export function isHost(table: { readonly hostId: string }, actor: Actor): boolean {
  return table.hostId === actor.userId || actor.moderator;
}
