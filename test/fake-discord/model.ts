/**
 * The fixture world as Discord would show it: users, channels and threads,
 * messages with their attachments' bytes. Objects here know how to present
 * themselves as API payloads (`api()`), so every payload the fake sends is built
 * in one place.
 */
import {
  ChannelType,
  MessageFlags,
  type ChannelFlags,
  MessageType,
  type APIActionRowComponent,
  type APIAttachment,
  type APIDMChannel,
  type APIGroupDMChannel,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIGuildTextChannel,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APIMessageTopLevelComponent,
  type APIOverwrite,
  type APIThreadChannel,
  type APIUser,
  type GuildTextChannelType,
} from 'discord-api-types/v10';

export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string;
  readonly bot: boolean;
  /** Has the fixture's moderator role (Manage Threads, Manage Messages). */
  readonly moderator: boolean;
  /** `<@id>`, as the bot would write a mention. */
  readonly mention: string;
  /** The language of the user's Discord client, sent as every interaction's `locale`. */
  locale: string;
  api(): APIUser;
}

export function makeUser(spec: {
  id: string;
  username: string;
  globalName?: string;
  bot?: boolean;
  moderator?: boolean;
}): FakeUser {
  const user: FakeUser = {
    id: spec.id,
    username: spec.username,
    globalName: spec.globalName ?? spec.username,
    bot: spec.bot ?? false,
    moderator: spec.moderator ?? false,
    mention: `<@${spec.id}>`,
    locale: 'en-US',
    api: () => ({
      id: user.id,
      username: user.username,
      global_name: user.bot ? null : user.globalName,
      discriminator: user.bot ? '0001' : '0',
      avatar: null,
      ...(user.bot ? { bot: true } : {}),
    }),
  };
  return user;
}

export interface ThreadState {
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: 60 | 1440 | 4320 | 10080;
  readonly createdAt: string;
  ownerId: string;
  /** Users who joined the thread (the creator joins at once). */
  readonly members: Set<string>;
  messageCount: number;
}

export interface FakeChannel {
  readonly id: string;
  name: string;
  readonly type: ChannelType.GuildText | ChannelType.PublicThread | ChannelType.PrivateThread;
  readonly guildId: string;
  /** The text channel a thread lives in. */
  readonly parentId: string | null;
  /** Overwrites of a text channel (threads use their parent's). */
  overwrites: APIOverwrite[];
  readonly thread: ThreadState | null;
  position: number;
  lastMessageId: string | null;
}

export function isThread(channel: FakeChannel): channel is FakeChannel & { thread: ThreadState; parentId: string } {
  return channel.thread !== null;
}

export function channelApi(channel: FakeChannel): APIGuildTextChannel<GuildTextChannelType> | APIThreadChannel {
  if (isThread(channel)) {
    const t = channel.thread;
    return {
      id: channel.id,
      type: channel.type as ChannelType.PublicThread | ChannelType.PrivateThread,
      guild_id: channel.guildId,
      name: channel.name,
      parent_id: channel.parentId,
      owner_id: t.ownerId,
      last_message_id: channel.lastMessageId,
      rate_limit_per_user: 0,
      message_count: t.messageCount,
      member_count: t.members.size,
      total_message_sent: t.messageCount,
      flags: 0 as ChannelFlags,
      thread_metadata: {
        archived: t.archived,
        auto_archive_duration: t.autoArchiveDuration,
        archive_timestamp: t.createdAt,
        locked: t.locked,
        create_timestamp: t.createdAt,
      },
      applied_tags: [],
    } as APIThreadChannel;
  }
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    permission_overwrites: channel.overwrites,
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: channel.lastMessageId,
    rate_limit_per_user: 0,
    default_auto_archive_duration: 4320,
    flags: 0 as ChannelFlags,
  };
}

/** A group DM between users (ChannelType.GroupDM): the bot is never a member of one. */
export interface GroupDm {
  readonly id: string;
  readonly name: string | null;
  /** The users in it, by id (its creator first). */
  readonly recipients: readonly string[];
  readonly ownerId: string;
}

/** A text channel of a server the bot is not in: users reach the app there only through their user install. */
export interface ForeignChannel {
  readonly id: string;
  readonly guildId: string;
  readonly name: string;
  /** The channel's "Use External Apps" for everyone: off, user-installed apps may only answer privately. */
  useExternalApps: boolean;
}

/**
 * Where a user can be when they use the app: a channel or thread of a guild the bot
 * is in, the bot's DM with a user, a group DM, or a channel of a server without the bot.
 */
export type Place =
  | { readonly kind: 'guild'; readonly id: string; readonly channel: FakeChannel }
  | { readonly kind: 'dm'; readonly id: string; readonly user: FakeUser }
  | { readonly kind: 'group'; readonly id: string; readonly group: GroupDm }
  | { readonly kind: 'foreign'; readonly id: string; readonly channel: ForeignChannel };

export function dmChannelApi(id: string, user: FakeUser, lastMessageId: string | null): APIDMChannel {
  return {
    id,
    type: ChannelType.DM,
    name: null,
    last_message_id: lastMessageId,
    flags: 0 as ChannelFlags,
    recipients: [user.api()],
  };
}

export function groupDmApi(
  group: GroupDm,
  users: readonly FakeUser[],
  lastMessageId: string | null,
): APIGroupDMChannel {
  return {
    id: group.id,
    type: ChannelType.GroupDM,
    name: group.name,
    icon: null,
    owner_id: group.ownerId,
    last_message_id: lastMessageId,
    flags: 0 as ChannelFlags,
    recipients: users.map((u) => u.api()),
  };
}

export function foreignChannelApi(channel: ForeignChannel): APIGuildTextChannel<ChannelType.GuildText> {
  return {
    id: channel.id,
    type: ChannelType.GuildText,
    guild_id: channel.guildId,
    name: channel.name,
    position: 0,
    permission_overwrites: [],
    parent_id: null,
    topic: null,
    nsfw: false,
    last_message_id: null,
    rate_limit_per_user: 0,
    default_auto_archive_duration: 4320,
    flags: 0 as ChannelFlags,
  };
}

export interface FakeAttachment {
  readonly id: string;
  readonly filename: string;
  readonly contentType: string | null;
  readonly description: string | null;
  readonly bytes: Buffer;
  /** The PNG signature is there (the bytes are a PNG, whatever the name says). */
  readonly isPng: boolean;
  /** From the PNG header, null for other files. */
  readonly width: number | null;
  readonly height: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function makeAttachment(
  id: string,
  filename: string,
  bytes: Buffer,
  contentType: string | null,
  description: string | null,
): FakeAttachment {
  const isPng = bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  return {
    id,
    filename,
    contentType,
    description,
    bytes,
    isPng,
    width: isPng ? bytes.readUInt32BE(16) : null,
    height: isPng ? bytes.readUInt32BE(20) : null,
  };
}

function attachmentApi(a: FakeAttachment, base: string, channelId: string): APIAttachment {
  const url = `${base}/attachments/${channelId}/${a.id}/${encodeURIComponent(a.filename)}`;
  return {
    id: a.id,
    filename: a.filename,
    size: a.bytes.length,
    url,
    proxy_url: url,
    ...(a.contentType ? { content_type: a.contentType } : {}),
    ...(a.description ? { description: a.description } : {}),
    ...(a.width !== null ? { width: a.width, height: a.height } : {}),
  };
}

/** A button, select or other interactive component found anywhere in a message. */
export interface FoundComponent {
  readonly type: number;
  readonly customId: string | null;
  readonly label: string | null;
  readonly disabled: boolean;
  readonly style: number | null;
  readonly url: string | null;
  /** The raw component as the bot sent it. */
  readonly raw: Record<string, unknown>;
}

export type TopLevelComponent = APIMessageTopLevelComponent | APIActionRowComponent<APIComponentInMessageActionRow>;

/** Component types a user can click or choose from. */
const INTERACTIVE_TYPES = new Set([2, 3, 5, 6, 7, 8]);

function walkComponents(node: unknown, visit: (c: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walkComponents(child, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.type === 'number') visit(record);
  walkComponents(record.components, visit);
  walkComponents(record.accessory, visit);
  walkComponents(record.component, visit);
}

export class FakeMessage {
  content = '';
  embeds: APIEmbed[] = [];
  components: TopLevelComponent[] = [];
  attachments: FakeAttachment[] = [];
  flags = 0;
  editedAt: number | null = null;
  deleted = false;
  /** Users this message notified when it was posted (mentions that allowed_mentions let through). */
  pinged: string[] = [];
  /** How many times the message was edited. */
  edits = 0;
  /** The thread started from this message (it has the message's id). */
  thread: FakeChannel | null = null;
  /**
   * Discord's `interaction_metadata`: set on a message an interaction created (its
   * reply or a follow-up), never changed by later edits (an update by another click
   * keeps the metadata of the interaction that created the message).
   */
  interactionMetadata: APIMessageInteractionMetadata | null = null;

  constructor(
    readonly id: string,
    readonly channelId: string,
    readonly author: FakeUser,
    readonly createdAt: number,
    /** Ephemeral messages: the only user who sees it. */
    readonly visibleTo: string | null,
    /** The interaction whose answer or follow-up this is. */
    readonly interactionId: string | null,
    readonly webhookId: string | null,
    readonly type: MessageType,
  ) {}

  get threadId(): string | null {
    return this.thread?.id ?? null;
  }

  get ephemeral(): boolean {
    return (this.flags & MessageFlags.Ephemeral) !== 0;
  }

  /**
   * Sent @silent (SUPPRESS_NOTIFICATIONS): the users it pinged see the mention (it counts
   * as one) but get no push or desktop notification.
   */
  get silent(): boolean {
    return (this.flags & MessageFlags.SuppressNotifications) !== 0;
  }

  /** Deferred reply still showing "thinking...". */
  get loading(): boolean {
    return (this.flags & MessageFlags.Loading) !== 0;
  }

  /** Content, embed texts and Components V2 text displays, one per line: what a reader sees. */
  get text(): string {
    const parts: string[] = [this.content];
    for (const e of this.embeds) {
      parts.push(e.author?.name ?? '', e.title ?? '', e.description ?? '');
      for (const f of e.fields ?? []) parts.push(f.name, f.value);
      parts.push(e.footer?.text ?? '');
    }
    walkComponents(this.components, (c) => {
      if (c.type === 10 && typeof c.content === 'string') parts.push(c.content);
    });
    return parts.filter((p) => p !== '').join('\n');
  }

  /** Every interactive component (buttons, selects), in display order. */
  interactive(): FoundComponent[] {
    const found: FoundComponent[] = [];
    walkComponents(this.components, (c) => {
      if (!INTERACTIVE_TYPES.has(c.type as number)) return;
      found.push({
        type: c.type as number,
        customId: typeof c.custom_id === 'string' ? c.custom_id : null,
        label: typeof c.label === 'string' ? c.label : typeof c.placeholder === 'string' ? c.placeholder : null,
        disabled: c.disabled === true,
        style: typeof c.style === 'number' ? c.style : null,
        url: typeof c.url === 'string' ? c.url : null,
        raw: c,
      });
    });
    return found;
  }

  /** Buttons only (type 2). */
  buttons(): FoundComponent[] {
    return this.interactive().filter((c) => c.type === 2);
  }

  /** The button whose label or custom_id matches; throws with the buttons there are. */
  button(match: string | RegExp): FoundComponent {
    const hit = this.buttons().find((b) => matches(match, b.label) || matches(match, b.customId));
    if (!hit) {
      const list = this.buttons()
        .map((b) => `"${b.label ?? ''}" (${b.customId ?? b.url})`)
        .join(', ');
      throw new Error(`message ${this.id} has no button matching ${String(match)}; it has: ${list || 'none'}`);
    }
    return hit;
  }

  pngs(): FakeAttachment[] {
    return this.attachments.filter((a) => a.isPng);
  }

  api(base: string): APIMessage {
    return {
      id: this.id,
      channel_id: this.channelId,
      author: this.author.api(),
      content: this.content,
      timestamp: new Date(this.createdAt).toISOString(),
      edited_timestamp: this.editedAt === null ? null : new Date(this.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: this.attachments.map((a) => attachmentApi(a, base, this.channelId)),
      embeds: this.embeds,
      components: this.components as APIMessage['components'],
      pinned: false,
      type: this.type,
      flags: this.flags,
      ...(this.webhookId ? { webhook_id: this.webhookId, application_id: this.webhookId } : {}),
      ...(this.interactionMetadata ? { interaction_metadata: this.interactionMetadata } : {}),
      ...(this.thread ? { thread: channelApi(this.thread) as APIMessage['thread'] } : {}),
    };
  }
}

function matches(match: string | RegExp, value: string | null): boolean {
  if (value === null) return false;
  return typeof match === 'string' ? value === match : match.test(value);
}
