/**
 * The fixture world's state: one guild with its roles, the bot and the users as
 * members, text channels and threads, every message, the registered commands.
 * Permission checks read from here, so what the bot sees in GUILD_CREATE and in
 * `app_permissions` is what the REST routes enforce.
 */
import {
  ApplicationCommandType,
  ChannelType,
  GuildFeature,
  MessageType,
  OverwriteType,
  type APIApplicationCommand,
  type ApplicationFlags,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
  type UserFlags,
  type APIGuildMember,
  type APIInteractionGuildMember,
  type APIRole,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
} from 'discord-api-types/v10';
import { dmChannelAction, missingPermissions, unknownChannel } from './errors.js';
import {
  FakeMessage,
  channelApi,
  isThread,
  makeUser,
  type FakeChannel,
  type FakeUser,
  type ForeignChannel,
  type GroupDm,
  type Place,
} from './model.js';
import {
  DEFAULT_BOT_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  computePermissions,
  permissionBits,
  permissionNames,
  type PermissionName,
  type RoleGrant,
} from './permissions.js';
import { SnowflakeFactory } from './snowflake.js';

export interface ChannelPermissionChange {
  /** Taken from the bot in this channel (a member overwrite), e.g. ['CreatePublicThreads']. */
  readonly deny?: readonly PermissionName[];
  /** Granted to the bot in this channel. */
  readonly allow?: readonly PermissionName[];
}

export interface ChannelSpec extends ChannelPermissionChange {
  readonly name: string;
}

export interface UserSpec {
  readonly username: string;
  readonly globalName?: string;
  /** Gets the moderator role (Manage Threads, Manage Messages). */
  readonly moderator?: boolean;
  /** A member of the bot's guilds (default true); false: a user who shares no server with the bot. */
  readonly member?: boolean;
}

export interface WorldOptions {
  readonly guildName?: string;
  /** Text channels; the first is the default `discord.channel`. Default: one channel `kingdomino`. */
  readonly channels?: readonly (ChannelSpec | string)[];
  /** Users by name; default alice, bob, carol, dave, erin. */
  readonly users?: readonly (UserSpec | string)[];
  /** The bot role's permissions in the whole guild. Default: DEFAULT_BOT_PERMISSIONS. */
  readonly botPermissions?: readonly PermissionName[];
  readonly botName?: string;
  /**
   * How many guilds (servers) the bot is in. The first is `guildId`, with `channels`;
   * guild k (2, 3, ...) gets the same channels named `<name>-<k>`, and the same users
   * and roles. Their ids are made a millisecond apart, so with a bot of `count`
   * shards they go to shards `(id >> 22) % count` in turn (`shardOf`). Default 1.
   */
  readonly guilds?: number;
  /**
   * Whether a click on an ephemeral message carries that message's
   * `interaction_metadata` (who it answers). Discord's documentation does not promise
   * it on the message of a component interaction: false leaves it out. Default true.
   */
  readonly ephemeralMetadata?: boolean;
}

/** The shard a guild's events go to: Discord's `(guild_id >> 22) % shard_count`. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(Math.max(1, count)));
}

const MODERATOR_PERMISSIONS: readonly PermissionName[] = ['ManageThreads', 'ManageMessages'];

export class World {
  readonly ids = new SnowflakeFactory();
  readonly applicationId: string;
  readonly token: string;
  readonly bot: FakeUser;
  readonly ephemeralMetadata: boolean;
  readonly guildId: string;
  /** Every guild, the first being `guildId`. */
  readonly guildIds: readonly string[];
  /** The server's language (Community servers choose it), sent as `guild_locale` and `preferred_locale`. */
  guildLocale = 'en-US';
  readonly guildName: string;
  readonly ownerId: string;
  readonly createdAt = new Date().toISOString();
  readonly botRoleId: string;
  readonly moderatorRoleId: string;
  botPermissions: bigint;
  readonly users = new Map<string, FakeUser>();
  readonly channels = new Map<string, FakeChannel>();
  readonly messages = new Map<string, FakeMessage>();
  /** Message ids per channel, oldest first. */
  readonly channelMessages = new Map<string, string[]>();
  /** The bot's DM channels: channel id -> the user at the other end (POST /users/@me/channels). */
  readonly dmChannels = new Map<string, string>();
  /** Users whose privacy settings refuse DMs from the bot (server members' DMs off): sending gets 50007. */
  readonly refusesDms = new Set<string>();
  /** Users who share no guild with the bot (`member: false`). */
  readonly nonMembers = new Set<string>();
  /** Users who installed the app to their account (integration type 1, USER_INSTALL). */
  readonly userInstalls = new Set<string>();
  /** Group DMs between users, by channel id (the bot is in none of them). */
  readonly groupDms = new Map<string, GroupDm>();
  /** Text channels of servers the bot is not in, by channel id. */
  readonly foreignChannels = new Map<string, ForeignChannel>();
  readonly globalCommands: APIApplicationCommand[] = [];
  readonly guildCommands: APIApplicationCommand[] = [];
  /** The application's own emojis (List/Create Application Emoji), by id. */
  readonly appEmojis = new Map<string, FakeEmoji>();
  /** `http://127.0.0.1:PORT/api`, known once the server listens (attachment URLs use it). */
  apiBase = '';

  constructor(opts: WorldOptions) {
    this.applicationId = this.ids.next();
    this.ephemeralMetadata = opts.ephemeralMetadata ?? true;
    this.token = makeToken(this.applicationId);
    this.bot = makeUser({ id: this.applicationId, username: opts.botName ?? 'Kingdomino', bot: true });
    this.users.set(this.bot.id, this.bot);
    const t0 = Date.now() + 1;
    this.guildIds = Array.from({ length: Math.max(1, opts.guilds ?? 1) }, (_, k) => this.ids.next(t0 + k));
    this.guildId = this.guildIds[0] as string;
    this.guildName = opts.guildName ?? 'Board Game Night';
    const owner = makeUser({ id: this.ids.next(), username: 'owner' });
    this.ownerId = owner.id;
    this.users.set(owner.id, owner);
    this.botRoleId = this.ids.next();
    this.moderatorRoleId = this.ids.next();
    this.botPermissions = permissionBits(opts.botPermissions ?? DEFAULT_BOT_PERMISSIONS);
    for (const spec of opts.users ?? ['alice', 'bob', 'carol', 'dave', 'erin']) {
      const { member, ...s } = typeof spec === 'string' ? { username: spec, member: true } : spec;
      const user = makeUser({ id: this.ids.next(), ...s });
      this.users.set(user.id, user);
      if (member === false) this.nonMembers.add(user.id);
    }
    this.guildIds.forEach((guildId, g) =>
      (opts.channels ?? ['kingdomino']).forEach((spec, position) => {
        const s = typeof spec === 'string' ? { name: spec } : spec;
        const channel: FakeChannel = {
          id: this.ids.next(),
          name: g === 0 ? s.name : `${s.name}-${g + 1}`,
          type: ChannelType.GuildText,
          guildId,
          parentId: null,
          overwrites: [],
          thread: null,
          position,
          lastMessageId: null,
        };
        this.setBotOverwrite(channel, s);
        this.channels.set(channel.id, channel);
      }),
    );
  }

  /** The guilds whose events go to this shard (`[id, count]`), in order. */
  guildsOfShard(shard: readonly [number, number]): string[] {
    return this.guildIds.filter((id) => shardOf(id, shard[1]) === shard[0]);
  }

  user(nameOrId: string): FakeUser {
    const user = this.users.get(nameOrId) ?? [...this.users.values()].find((u) => u.username === nameOrId);
    if (!user)
      throw new Error(
        `no user "${nameOrId}" in the fixture world; there are: ${[...this.users.values()].map((u) => u.username).join(', ')}`,
      );
    return user;
  }

  /** A channel or thread of the bot's guilds; Discord's answer for a DM channel (50003) or an unknown one (10003). */
  channel(id: string): FakeChannel {
    const channel = this.channels.get(id);
    if (channel) return channel;
    throw this.dmChannels.has(id) ? dmChannelAction() : unknownChannel();
  }

  /** Where a channel id leads: one of the bot's guilds, its DM with a user, a group DM, a server without the bot. */
  place(id: string): Place | undefined {
    const channel = this.channels.get(id);
    if (channel) return { kind: 'guild', id, channel };
    const recipient = this.dmChannels.get(id);
    if (recipient !== undefined) return { kind: 'dm', id, user: this.user(recipient) };
    const group = this.groupDms.get(id);
    if (group) return { kind: 'group', id, group };
    const foreign = this.foreignChannels.get(id);
    if (foreign) return { kind: 'foreign', id, channel: foreign };
    return undefined;
  }

  /** Shares a guild with the bot (the bot and the guild owner always do). */
  isMember(userId: string): boolean {
    return this.users.has(userId) && !this.nonMembers.has(userId);
  }

  /**
   * Whether the bot may write to the user in their DM: not refused by their privacy
   * settings, and the bot shares a server with them or they installed the app.
   */
  acceptsDms(userId: string): boolean {
    return !this.refusesDms.has(userId) && (this.isMember(userId) || this.userInstalls.has(userId));
  }

  /** The id of the last message everyone sees in a channel (DM or group DM included), or null. */
  lastMessageId(channelId: string): string | null {
    return this.visibleMessages(channelId).at(-1)?.id ?? null;
  }

  setBotOverwrite(channel: FakeChannel, change: ChannelPermissionChange): void {
    const others = channel.overwrites.filter((o) => o.id !== this.bot.id);
    const allow = permissionBits(change.allow ?? []);
    const deny = permissionBits(change.deny ?? []);
    channel.overwrites =
      allow === 0n && deny === 0n
        ? others
        : [...others, { id: this.bot.id, type: OverwriteType.Member, allow: String(allow), deny: String(deny) }];
  }

  /** A guild's roles (the same three in every guild; @everyone's id is the guild's). */
  roles(guildId: string = this.guildId): APIRole[] {
    const role = (id: string, name: string, permissions: bigint, position: number, managed: boolean): APIRole => ({
      id,
      name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: String(permissions),
      managed,
      mentionable: false,
      flags: 0 as RoleFlags,
      ...(managed ? { tags: { bot_id: this.bot.id } } : {}),
    });
    return [
      role(guildId, '@everyone', permissionBits(EVERYONE_PERMISSIONS), 0, false),
      role(this.moderatorRoleId, 'Moderator', permissionBits(MODERATOR_PERMISSIONS), 1, false),
      role(this.botRoleId, this.bot.username, this.botPermissions, 2, true),
    ];
  }

  #roleIdsOf(user: FakeUser): string[] {
    if (user.id === this.bot.id) return [this.botRoleId];
    return user.moderator ? [this.moderatorRoleId] : [];
  }

  /** What a member may do in a channel (a thread uses its parent's overwrites). */
  permissionsIn(userId: string, channelId: string): bigint {
    const channel = this.channel(channelId);
    const overwrites = isThread(channel) ? this.channel(channel.parentId).overwrites : channel.overwrites;
    const user = this.user(userId);
    const guildId = channel.guildId;
    const mine = new Set([guildId, ...this.#roleIdsOf(user)]);
    const roles: RoleGrant[] = this.roles(guildId)
      .filter((r) => mine.has(r.id))
      .map((r) => ({ id: r.id, permissions: BigInt(r.permissions) }));
    return computePermissions({ guildId, ownerId: this.ownerId, memberId: userId, roles, overwrites });
  }

  /** Throws Discord's 403 (50013) naming what the bot lacks in the channel. */
  requireBot(channelId: string, needed: readonly PermissionName[]): void {
    const have = this.permissionsIn(this.bot.id, channelId);
    const missing = permissionNames(permissionBits(needed) & ~have);
    if (missing.length > 0) throw missingPermissions(`${missing.join(', ')} in channel ${channelId}`);
  }

  member(user: FakeUser): APIGuildMember {
    return {
      user: user.api(),
      nick: null,
      avatar: null,
      banner: null,
      roles: this.#roleIdsOf(user),
      joined_at: this.createdAt,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
    };
  }

  interactionMember(user: FakeUser, channelId: string): APIInteractionGuildMember {
    return { ...this.member(user), user: user.api(), permissions: String(this.permissionsIn(user.id, channelId)) };
  }

  /** A message not yet in the world: filled and validated first, then `register`ed. */
  newMessage(
    channelId: string,
    author: FakeUser,
    opts: { visibleTo?: string | null; interactionId?: string | null; type?: MessageType } = {},
  ): FakeMessage {
    return new FakeMessage(
      this.ids.next(),
      channelId,
      author,
      Date.now(),
      opts.visibleTo ?? null,
      opts.interactionId ?? null,
      opts.interactionId ? this.applicationId : null,
      opts.type ?? MessageType.Default,
    );
  }

  register(message: FakeMessage): FakeMessage {
    this.messages.set(message.id, message);
    const list = this.channelMessages.get(message.channelId) ?? [];
    list.push(message.id);
    this.channelMessages.set(message.channelId, list);
    const channel = this.channels.get(message.channelId);
    if (channel && !message.ephemeral) {
      channel.lastMessageId = message.id;
      if (channel.thread) channel.thread.messageCount += 1;
    }
    return message;
  }

  /** The DM channel with a user, opened once (Discord returns the same channel every time). */
  dmChannel(userId: string): string {
    for (const [channelId, recipient] of this.dmChannels) if (recipient === userId) return channelId;
    const channelId = this.ids.next();
    this.dmChannels.set(channelId, userId);
    return channelId;
  }

  /** The command a user would see under this name: the guild's first, then the global one. */
  command(name: string): APIApplicationCommand | undefined {
    return [...this.guildCommands, ...this.globalCommands].find(
      (c) => c.name === name && (c.type ?? ApplicationCommandType.ChatInput) === ApplicationCommandType.ChatInput,
    );
  }

  /** Non-ephemeral, not deleted messages of a channel, oldest first. */
  visibleMessages(channelId: string): FakeMessage[] {
    return (this.channelMessages.get(channelId) ?? [])
      .map((id) => this.messages.get(id))
      .filter((m): m is FakeMessage => m !== undefined && !m.deleted && m.visibleTo === null);
  }

  /** READY for a session of shard `[id, count]`: the guilds of that shard. */
  ready(sessionId: string, resumeUrl: string, shard: readonly [number, number] = [0, 1]): GatewayReadyDispatchData {
    return {
      v: 10,
      user: { ...this.bot.api(), verified: true, mfa_enabled: false, flags: 0 as UserFlags },
      guilds: this.guildsOfShard(shard).map((id) => ({ id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: resumeUrl,
      shard: [shard[0], shard[1]],
      application: { id: this.applicationId, flags: 0 as ApplicationFlags, flags_new: '0' },
    };
  }

  guildCreate(guildId: string = this.guildId): GatewayGuildCreateDispatchData {
    const all = [...this.channels.values()].filter((c) => c.guildId === guildId);
    const members = [...this.users.values()].filter((u) => this.isMember(u.id)).map((u) => this.member(u));
    return {
      id: guildId,
      name: this.guildName,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: this.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: this.roles(guildId),
      emojis: [],
      features: [GuildFeature.Community],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0 as GuildSystemChannelFlags,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      preferred_locale: this.guildLocale as GatewayGuildCreateDispatchData['preferred_locale'],
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      stickers: [],
      hub_type: null,
      incidents_data: null,
      region: 'us-west',
      joined_at: this.createdAt,
      large: false,
      unavailable: false,
      member_count: members.length,
      voice_states: [],
      members,
      channels: all.filter((c) => !isThread(c)).map((c) => channelApi(c)) as GatewayGuildCreateDispatchData['channels'],
      threads: all
        .filter((c) => isThread(c) && !c.thread.archived)
        .map((c) => channelApi(c)) as GatewayGuildCreateDispatchData['threads'],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}

/** An application emoji as the fake keeps it: what Discord returns, and the image uploaded. */
export interface FakeEmoji {
  readonly id: string;
  name: string;
  readonly image: Buffer;
  readonly contentType: string;
}

/** Shaped like a real bot token (so log redaction that looks for tokens is exercised), never a real one. */
function makeToken(applicationId: string): string {
  const random = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('base64url');
  return `${Buffer.from(applicationId).toString('base64url')}.${random(5)}.${random(28)}`;
}
