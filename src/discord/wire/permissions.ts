/**
 * The permissions the bot needs, checked where it needs them, so a missing one is
 * reported in words ("I need Create Public Threads in #games") instead of a failure.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { Interaction, PermissionsBitField } from 'discord.js';
import { t, type MessageKey } from '../../i18n/index.js';

export interface Needed {
  readonly flag: bigint;
  /** Its name as Discord's settings show it, and why the bot needs it. */
  readonly name: MessageKey;
  readonly why: MessageKey;
}

/** A permission the catalogue names and explains (`permission.<key>.name` and `.why`). */
type Explained = {
  [K in MessageKey]: K extends `permission.${infer P}.name`
    ? `permission.${P}.why` extends MessageKey
      ? P
      : never
    : never;
}[MessageKey];

function needed(flag: bigint, key: Explained): Needed {
  return { flag, name: `permission.${key}.name`, why: `permission.${key}.why` };
}

const VIEW = needed(PermissionFlagsBits.ViewChannel, 'viewChannel');
const SEND = needed(PermissionFlagsBits.SendMessages, 'sendMessages');
const THREADS = needed(PermissionFlagsBits.CreatePublicThreads, 'createPublicThreads');
const IN_THREADS = needed(PermissionFlagsBits.SendMessagesInThreads, 'sendMessagesInThreads');
const FILES = needed(PermissionFlagsBits.AttachFiles, 'attachFiles');

/** What a game needs in the channel its lobby is in (the thread inherits from it). */
export const FOR_GAME: readonly Needed[] = [VIEW, THREADS, IN_THREADS, FILES];
/** A rematch posts a new lobby in the parent channel. */
export const FOR_REMATCH: readonly Needed[] = [VIEW, SEND, ...FOR_GAME.slice(1)];

/**
 * Everything the bot ever needs: the invite link asks for exactly this. Read Message
 * History is not checked before a game (nothing stops without it): after a post
 * that failed in flight, it lets the bot look for the board in the thread before
 * posting it again; without it Discord shows the bot no message, and a board may
 * show twice.
 */
export const INVITE_PERMISSIONS: bigint = [VIEW, SEND, THREADS, IN_THREADS, FILES].reduce(
  (acc, p) => acc | p.flag,
  PermissionFlagsBits.ReadMessageHistory,
);

/** The link that adds the bot to a server, asking for what it needs. */
export function inviteLink(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot%20applications.commands&permissions=${INVITE_PERMISSIONS}`;
}

export function missing(have: Readonly<PermissionsBitField> | null, needed: readonly Needed[]): readonly Needed[] {
  if (have === null) return [];
  if (have.has(PermissionFlagsBits.Administrator)) return [];
  return needed.filter((p) => !have.has(p.flag));
}

/** The bot's permissions where the interaction happened (Discord sends them with every interaction). */
export function botPermissions(interaction: Interaction): Readonly<PermissionsBitField> | null {
  return interaction.inGuild() ? interaction.appPermissions : null;
}

/** `where`: "in this channel", "in <#id>". */
export function missingText(lacking: readonly Needed[], where: string): string {
  const list = lacking.map((p) => t('permission.lacking', { name: t(p.name), why: t(p.why) })).join(', ');
  return t('permission.missing', { where, list, count: lacking.length });
}
