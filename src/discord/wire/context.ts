/**
 * Where an interaction came from, as Discord says it: a server that installed the app,
 * the bot's own DM, a group DM (or someone else's DM), or a server reached only
 * through a user's install, where the bot is not a member (issue: play anywhere).
 */
import { ApplicationIntegrationType, InteractionContextType, PermissionFlagsBits, type Interaction } from 'discord.js';

export type Reach =
  /** A server that installed the app: channels, threads and posts of the bot's own. */
  | 'server'
  /** The bot's DM with the user: the bot posts there as in a thread. */
  | 'bot-dm'
  /** A group DM, or another user's DM: only the interactions' answers. */
  | 'private'
  /** A server that did not install the app (the user's install): only the answers, public if the server lets them be. */
  | 'foreign'
  /** The same, where the server lets user-installed apps answer privately only (Use External Apps off). */
  | 'foreign-private';

export function reachOf(interaction: Interaction): Reach {
  if (interaction.context === InteractionContextType.BotDM) return 'bot-dm';
  if (interaction.context === InteractionContextType.PrivateChannel || !interaction.inGuild()) return 'private';
  if (interaction.authorizingIntegrationOwners[ApplicationIntegrationType.GuildInstall] !== undefined) return 'server';
  // Discord: without Use External Apps, a user-installed app's answers in a server are private.
  return interaction.memberPermissions.has(PermissionFlagsBits.UseExternalApps) ? 'foreign' : 'foreign-private';
}
