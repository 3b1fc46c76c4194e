/**
 * Which install of the app a user reaches it through, where (Discord's docs:
 * interactions/application-commands "Contexts", interactions/receiving-and-responding
 * "Authorizing Integration Owners Object"): the interaction's context, its
 * `authorizing_integration_owners`, and whether Discord's client offers a command there
 * at all.
 *
 * - A guild install (integration type 0) reaches the bot's guilds (owner "0" = the
 *   guild's id) and the bot's DM with a user who shares a server with it (owner "0" =
 *   "0"). A user install (1) goes wherever the user goes (owner "1" = the user's id):
 *   the bot's DM, group DMs, servers without the bot.
 * - A command's `contexts` (0 guild, 1 bot DM, 2 private channel) and
 *   `integration_types` apply to global commands only; a guild command is offered in
 *   the bot's guilds alone, as a guild install's.
 */
import {
  ApplicationIntegrationType,
  InteractionContextType,
  type APIApplicationCommand,
  type APIAuthorizingIntegrationOwnersMap,
} from 'discord-api-types/v10';
import type { FakeMessage, FakeUser, Place } from './model.js';
import type { World } from './world.js';

export type Owners = APIAuthorizingIntegrationOwnersMap;

const ALL_CONTEXTS: readonly InteractionContextType[] = [
  InteractionContextType.Guild,
  InteractionContextType.BotDM,
  InteractionContextType.PrivateChannel,
];

/** The interaction context of a place: a server's channel (with the bot or not), the bot's DM, a group DM. */
export function contextOf(place: Place): InteractionContextType {
  if (place.kind === 'dm') return InteractionContextType.BotDM;
  if (place.kind === 'group') return InteractionContextType.PrivateChannel;
  return InteractionContextType.Guild;
}

export function describePlace(world: World, place: Place): string {
  switch (place.kind) {
    case 'guild':
      return `#${place.channel.name}`;
    case 'dm':
      return `the bot's DM with ${place.user.username}`;
    case 'group':
      return `the group DM of ${place.group.recipients.map((id) => world.user(id).username).join(', ')}`;
    case 'foreign':
      return 'a server without the bot';
  }
}

/** The owner a guild install gives in this place for this user, or null when it does not reach them there. */
function guildInstallOwner(world: World, user: FakeUser, place: Place): string | null {
  if (place.kind === 'guild') return place.channel.guildId;
  if (place.kind === 'dm' && world.isMember(user.id)) return '0';
  return null;
}

/** Owners from the installs that reach the user here, limited to the integration types allowed. */
function ownersOf(world: World, user: FakeUser, place: Place, types: readonly number[]): Owners {
  const guild = guildInstallOwner(world, user, place);
  return {
    ...(guild !== null && types.includes(ApplicationIntegrationType.GuildInstall)
      ? { [ApplicationIntegrationType.GuildInstall]: guild }
      : {}),
    ...(world.userInstalls.has(user.id) && types.includes(ApplicationIntegrationType.UserInstall)
      ? { [ApplicationIntegrationType.UserInstall]: user.id }
      : {}),
  };
}

/** Who may be where at all: a member in the bot's guild, the user of the bot's DM, a recipient of a group DM. */
export function checkPresence(world: World, user: FakeUser, place: Place, doing: string): void {
  const problem =
    place.kind === 'guild' && !world.isMember(user.id)
      ? 'they are not in that server'
      : place.kind === 'dm' && place.user.id !== user.id
        ? `it is ${place.user.username}'s`
        : place.kind === 'group' && !place.group.recipients.includes(user.id)
          ? 'they are not in that group DM'
          : null;
  if (problem) throw new Error(`${user.username} cannot ${doing} in ${describePlace(world, place)}: ${problem}`);
}

/**
 * The owners of a slash command's interaction, after checking that Discord's client
 * would offer the command there: its contexts include the place's, and an install it
 * allows reaches the user there. Without a definition (no commands registered), every
 * context and both integration types are assumed. Registered without
 * `integration_types`, a global command takes the app's default, assumed guild install
 * only (Discord: "defaults to your app's configured contexts"; the fake's app is
 * configured for guild install, so user install must be asked for).
 */
export function commandOwners(
  world: World,
  name: string,
  user: FakeUser,
  place: Place,
  definition: APIApplicationCommand | undefined,
): Owners {
  checkPresence(world, user, place, `run /${name}`);
  const where = describePlace(world, place);
  const guildCommand = definition?.guild_id !== undefined && definition.guild_id !== null;
  if (guildCommand && place.kind !== 'guild')
    throw new Error(
      `/${name} is not offered in ${where}: it is registered to a guild, and Discord offers guild commands in that guild only (register it globally, { global: true }, with contexts and integration_types)`,
    );
  const contexts = (definition && !guildCommand ? definition.contexts : null) ?? ALL_CONTEXTS;
  const context = contextOf(place);
  if (!contexts.includes(context))
    throw new Error(
      `/${name} is not offered in ${where}: its contexts are [${contexts.join(', ')}], this is context ${context} (${InteractionContextType[context]})`,
    );
  const types: readonly number[] = !definition
    ? [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall]
    : guildCommand
      ? [ApplicationIntegrationType.GuildInstall]
      : (definition.integration_types ?? [ApplicationIntegrationType.GuildInstall]);
  const owners = ownersOf(world, user, place, types);
  if (Object.keys(owners).length === 0)
    throw new Error(
      `/${name} is not offered to ${user.username} in ${where}: its integration_types are [${types.join(', ')}]; ` +
        `the app is ${guildInstallOwner(world, user, place) === null ? 'not ' : ''}guild-installed there for them, ` +
        `and ${user.username} has ${world.userInstalls.has(user.id) ? '' : 'not '}installed it (installForUser)`,
    );
  return owners;
}

/**
 * The owners of a click on a message: those of the interaction that made the message
 * (Discord's docs). A message the bot posted on its own (no interaction) is the guild
 * install's in a guild; in the bot's DM, the docs are silent: the installs that reach
 * the user there, and the guild install's "0" when none does any more.
 */
export function messageOwners(
  world: World,
  message: FakeMessage,
  place: Place,
  user: FakeUser,
  interactionOwners: (interactionId: string) => Owners | undefined,
): Owners {
  const made = message.interactionId === null ? undefined : interactionOwners(message.interactionId);
  if (made) return made;
  const installs =
    place.kind === 'dm'
      ? [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall]
      : [ApplicationIntegrationType.GuildInstall];
  const owners = ownersOf(world, place.kind === 'dm' ? place.user : user, place, installs);
  return Object.keys(owners).length > 0 ? owners : { [ApplicationIntegrationType.GuildInstall]: '0' };
}

/**
 * Discord's lower limits for an app that answers only through a user install (the
 * owners have no guild install): at most 5 follow-ups per interaction ("This only
 * affects the Create Followup Message endpoint, and apps installed to the server are
 * unaffected").
 */
export const USER_INSTALL_FOLLOW_UPS = 5;

export function onlyUserInstalled(owners: Owners): boolean {
  return owners[ApplicationIntegrationType.GuildInstall] === undefined;
}
