/**
 * Discord's permission arithmetic, so the fake refuses what Discord would refuse
 * (403, code 50013) and the bot's own checks (`appPermissions`,
 * `permissionsFor`) see the same numbers the fake enforces.
 */
import { OverwriteType, PermissionFlagsBits, type APIOverwrite } from 'discord-api-types/v10';

export type PermissionName = keyof typeof PermissionFlagsBits;

export function permissionBits(names: readonly PermissionName[]): bigint {
  return names.reduce((bits, name) => bits | PermissionFlagsBits[name], 0n);
}

export function permissionNames(bits: bigint): PermissionName[] {
  return (Object.keys(PermissionFlagsBits) as PermissionName[]).filter(
    (name) => (bits & PermissionFlagsBits[name]) === PermissionFlagsBits[name],
  );
}

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((a, b) => a | b, 0n);

/** Reading and writing in channels and threads, with files, embeds and reactions. */
const CHAT_PERMISSIONS: readonly PermissionName[] = [
  'ViewChannel',
  'SendMessages',
  'SendMessagesInThreads',
  'CreatePublicThreads',
  'ReadMessageHistory',
  'EmbedLinks',
  'AttachFiles',
  'AddReactions',
  'UseExternalEmojis',
];

/** What @everyone may do in the fixture guild: an ordinary community server. */
export const EVERYONE_PERMISSIONS: readonly PermissionName[] = [...CHAT_PERMISSIONS, 'UseApplicationCommands'];

/** The bot's managed role by default: what a game bot is typically invited with. */
export const DEFAULT_BOT_PERMISSIONS: readonly PermissionName[] = CHAT_PERMISSIONS;

export interface RoleGrant {
  readonly id: string;
  readonly permissions: bigint;
}

/**
 * Discord's algorithm: @everyone and the member's roles, Administrator short-cut,
 * then channel overwrites (everyone, roles together, member), and no
 * ViewChannel means nothing at all.
 */
export function computePermissions(input: {
  guildId: string;
  ownerId: string;
  memberId: string;
  roles: readonly RoleGrant[];
  overwrites: readonly APIOverwrite[];
}): bigint {
  if (input.memberId === input.ownerId) return ALL_PERMISSIONS;
  let bits = input.roles.reduce((acc, role) => acc | role.permissions, 0n);
  if ((bits & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  const roleIds = new Set(input.roles.map((r) => r.id));
  const everyone = input.overwrites.find((o) => o.id === input.guildId && o.type === OverwriteType.Role);
  if (everyone) bits = (bits & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const o of input.overwrites) {
    if (o.type === OverwriteType.Role && o.id !== input.guildId && roleIds.has(o.id)) {
      roleAllow |= BigInt(o.allow);
      roleDeny |= BigInt(o.deny);
    }
  }
  bits = (bits & ~roleDeny) | roleAllow;
  const member = input.overwrites.find((o) => o.id === input.memberId && o.type === OverwriteType.Member);
  if (member) bits = (bits & ~BigInt(member.deny)) | BigInt(member.allow);
  if ((bits & PermissionFlagsBits.ViewChannel) === 0n) return 0n;
  return bits;
}
