/** Who asks the table for something, and the one check of "may act as the host". */

export interface Actor {
  readonly userId: string;
  /** May act as the host anywhere (Discord: Manage Threads). */
  readonly moderator: boolean;
}

export function isHost(table: { readonly hostId: string }, actor: Actor): boolean {
  return table.hostId === actor.userId || actor.moderator;
}
