/**
 * Who did something on Discord: read once per interaction (the router's), then passed
 * on, so every flow of a click sees the same user, name and rights.
 */
import { PermissionFlagsBits, type GuildMember, type Interaction } from 'discord.js';

export interface Actor {
  readonly userId: string;
  /** As the server shows them (their nickname there), else their Discord name. */
  readonly userName: string;
  /** Has Manage Threads where they acted: may act as any game's host (src/table/actor.ts). */
  readonly moderator: boolean;
}

export function actorOf(interaction: Interaction): Actor {
  const member = interaction.member as GuildMember | null;
  return {
    userId: interaction.user.id,
    userName: member?.displayName ?? interaction.user.globalName ?? interaction.user.username,
    moderator: interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false,
  };
}
