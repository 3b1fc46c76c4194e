/** Who clicked, as the router reads it once per interaction: the name the server shows, and Manage Threads. */
import { PermissionFlagsBits, PermissionsBitField, type Interaction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { actorOf } from '../../src/discord/wire/actor.js';

function interaction(opts: {
  readonly nickname?: string;
  readonly globalName?: string | null;
  readonly permissions?: bigint | null;
}): Interaction {
  return {
    user: { id: '100', username: 'alice_99', globalName: opts.globalName ?? null },
    member: opts.nickname === undefined ? null : { displayName: opts.nickname },
    memberPermissions: opts.permissions == null ? null : new PermissionsBitField(opts.permissions),
  } as unknown as Interaction;
}

describe('the actor of an interaction', () => {
  it('is named as the server shows them, else by their display name, else their username', () => {
    expect(actorOf(interaction({ nickname: 'Queen Alice', globalName: 'Alice' })).userName).toBe('Queen Alice');
    expect(actorOf(interaction({ globalName: 'Alice' })).userName).toBe('Alice');
    expect(actorOf(interaction({})).userName).toBe('alice_99');
    expect(actorOf(interaction({})).userId).toBe('100');
  });

  it('is a moderator with Manage Threads where they clicked, and not in a DM', () => {
    expect(actorOf(interaction({ permissions: PermissionFlagsBits.ManageThreads })).moderator).toBe(true);
    expect(actorOf(interaction({ permissions: PermissionFlagsBits.SendMessages })).moderator).toBe(false);
    expect(actorOf(interaction({ permissions: null })).moderator).toBe(false);
  });
});
