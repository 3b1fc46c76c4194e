/**
 * The permissions the bot needs, checked where it needs them, so a missing one is
 * reported in words ("I need Create Public Threads in #games") instead of a failure.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { Interaction, PermissionsBitField } from 'discord.js';

export interface Needed {
  readonly flag: bigint;
  readonly name: string;
  readonly why: string;
}

const VIEW: Needed = { flag: PermissionFlagsBits.ViewChannel, name: 'View Channel', why: 'to see the channel' };
const SEND: Needed = { flag: PermissionFlagsBits.SendMessages, name: 'Send Messages', why: 'to post a rematch lobby' };
const THREADS: Needed = { flag: PermissionFlagsBits.CreatePublicThreads, name: 'Create Public Threads', why: 'to open the game thread' };
const IN_THREADS: Needed = { flag: PermissionFlagsBits.SendMessagesInThreads, name: 'Send Messages in Threads', why: 'to post the moves' };
const FILES: Needed = { flag: PermissionFlagsBits.AttachFiles, name: 'Attach Files', why: 'to show the table pictures' };

/** What a game needs in the channel its lobby is in (the thread inherits from it). */
export const FOR_GAME: readonly Needed[] = [VIEW, THREADS, IN_THREADS, FILES];
/** A rematch posts a new lobby in the parent channel. */
export const FOR_REMATCH: readonly Needed[] = [VIEW, SEND, ...FOR_GAME.slice(1)];

/** Everything the bot ever needs: the invite link asks for exactly this. */
export const INVITE_PERMISSIONS: bigint = [VIEW, SEND, THREADS, IN_THREADS, FILES].reduce((acc, p) => acc | p.flag, 0n);

export function missing(have: Readonly<PermissionsBitField> | null, needed: readonly Needed[]): readonly Needed[] {
  if (have === null) return [];
  if (have.has(PermissionFlagsBits.Administrator)) return [];
  return needed.filter((p) => !have.has(p.flag));
}

/** The bot's permissions where the interaction happened (Discord sends them with every interaction). */
export function botPermissions(interaction: Interaction): Readonly<PermissionsBitField> | null {
  return interaction.inGuild() ? interaction.appPermissions : null;
}

export function missingText(lacking: readonly Needed[], where: string): string {
  const list = lacking.map((p) => `**${p.name}** (${p.why})`).join(', ');
  return `I can't run a game ${where}: I am missing ${list}. Ask a moderator to grant ${lacking.length > 1 ? 'these permissions' : 'this permission'} to my role in this channel, then try again.`;
}

