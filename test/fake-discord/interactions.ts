/**
 * INTERACTION_CREATE payloads, all built from one complete template per place (every
 * field discord.js relies on: entitlements, authorizing_integration_owners, context,
 * member.user in a server or user in a DM / group DM, the channel object,
 * app_permissions, locale, ...), and the record of each interaction: its callback, its
 * @original and its follow-ups.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ComponentType,
  InteractionResponseType,
  InteractionType,
  Locale,
  PermissionFlagsBits,
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIChatInputApplicationCommandInteraction,
  type APIInteractionDataResolved,
  type APIInteractionGuildMember,
  type APIMessage,
  type APIMessageComponentInteraction,
  type APIMessageInteractionMetadata,
  type APIModalSubmitInteraction,
  type APIModalSubmission,
  type GuildMemberFlags,
} from 'discord-api-types/v10';
import { contextOf, type Owners } from './contexts.js';
import {
  channelApi,
  dmChannelApi,
  foreignChannelApi,
  groupDmApi,
  type FakeMessage,
  type FakeUser,
  type ForeignChannel,
  type Place,
} from './model.js';
import type { UploadedFile } from './payload.js';
import { EVERYONE_PERMISSIONS, permissionBits } from './permissions.js';
import type { Waiters } from './waiters.js';
import type { World } from './world.js';

export type InteractionKind = 'command' | 'button' | 'select' | 'modal';

/** An interaction the fake sends: a slash command, a click or choice, a modal submit; in a guild or not. */
export type SentInteraction =
  APIChatInputApplicationCommandInteraction | APIMessageComponentInteraction | APIModalSubmitInteraction;

export interface CallbackRecord {
  readonly type: InteractionResponseType;
  /** The callback's `data` as the bot sent it (message fields, modal, choices). */
  readonly data: Record<string, unknown> | null;
  readonly files: readonly UploadedFile[];
  /** When it arrived, and how long after the interaction was sent. */
  readonly at: number;
  readonly ms: number;
}

/** A modal the bot opened (callback type 9). */
export interface ModalRecord {
  readonly customId: string;
  readonly title: string;
  readonly components: readonly Record<string, unknown>[];
}

export class FakeInteraction {
  callback: CallbackRecord | null = null;
  /** Discord's deadline passed with no callback: later callbacks get 10062 Unknown interaction. */
  expired = false;
  /** The message `@original` refers to, once there is one. */
  originalId: string | null = null;
  /** The Activity instance a launch-activity answer opened (routes.ts), if it was one. */
  activityInstanceId: string | null = null;
  readonly followUpIds: string[] = [];
  /** Edits of @original through the webhook (PATCH .../messages/@original or by id). */
  originalEdits = 0;

  constructor(
    readonly payload: SentInteraction,
    readonly kind: InteractionKind,
    readonly user: FakeUser,
    readonly channelId: string,
    /** The message a component was on (or the modal's origin message). */
    readonly sourceMessageId: string | null,
    /** Short description for error messages, e.g. `/kingdomino start by alice`. */
    readonly label: string,
    private readonly waiters: Waiters,
    private readonly world: World,
    /** When INTERACTION_CREATE was sent, on the fake's clock (see FakeDiscord.now()). */
    readonly sentAt: number,
  ) {}

  get id(): string {
    return this.payload.id;
  }

  get token(): string {
    return this.payload.token;
  }

  /** Discord's `authorizing_integration_owners`: "0" for the guild install, "1" for the user's. */
  get owners(): Owners {
    return this.payload.authorizing_integration_owners;
  }

  get answered(): boolean {
    return this.callback !== null;
  }

  /** The interaction's callback (type 4/5/6/7/9 and its data), once it arrives. */
  response(timeoutMs?: number): Promise<CallbackRecord> {
    return this.waiters.waitFor(() => this.callback, `the callback of ${this.label}`, timeoutMs);
  }

  /**
   * The message the answer is shown in, once final: the reply (type 4), the
   * deferred reply after its first edit (type 5), the updated message (type 7),
   * or the component's message after the first @original edit (type 6).
   */
  reply(timeoutMs?: number): Promise<FakeMessage> {
    return this.waiters.waitFor(() => this.#finalOriginal(), `the reply to ${this.label}`, timeoutMs);
  }

  /** @original once it has been edited `count` times through the webhook. */
  edited(count = 1, timeoutMs?: number): Promise<FakeMessage> {
    return this.waiters.waitFor(
      () => (this.originalEdits >= count ? this.#original() : null),
      `edit #${count} of the reply to ${this.label}`,
      timeoutMs,
    );
  }

  /**
   * The message everyone sees that the answer made: the reply when it is public, else
   * the first public follow-up (a slow answer is deferred privately, then followed).
   */
  publicAnswer(timeoutMs?: number): Promise<FakeMessage> {
    return this.waiters.waitFor(
      () => {
        const reply = this.#finalOriginal();
        if (reply && !reply.ephemeral) return reply;
        const ids = this.followUpIds.map((id) => this.world.messages.get(id));
        return ids.find((m) => m !== undefined && !m.ephemeral) ?? null;
      },
      `the public answer to ${this.label}`,
      timeoutMs,
    );
  }

  /** The n-th follow-up (0 = first), ephemeral or not. */
  followUp(index = 0, timeoutMs?: number): Promise<FakeMessage> {
    return this.waiters.waitFor(
      () => {
        const id = this.followUpIds[index];
        return id ? this.world.messages.get(id) : null;
      },
      `follow-up #${index} of ${this.label}`,
      timeoutMs,
    );
  }

  /** The modal the bot opened in answer. */
  modal(timeoutMs?: number): Promise<ModalRecord> {
    return this.waiters.waitFor(
      () => {
        if (this.callback?.type !== InteractionResponseType.Modal || !this.callback.data) return null;
        const d = this.callback.data;
        return {
          customId: String(d.custom_id),
          title: String(d.title),
          components: (d.components ?? []) as Record<string, unknown>[],
        };
      },
      `a modal in answer to ${this.label}`,
      timeoutMs,
    );
  }

  /** Every message this interaction produced (its @original first), as they are now. */
  messages(): FakeMessage[] {
    const ids = [this.originalId, ...this.followUpIds].filter((id): id is string => id !== null);
    return ids.map((id) => this.world.messages.get(id)).filter((m): m is FakeMessage => m !== undefined);
  }

  #original(): FakeMessage | null {
    return this.originalId ? (this.world.messages.get(this.originalId) ?? null) : null;
  }

  #finalOriginal(): FakeMessage | null {
    const type = this.callback?.type;
    const original = this.#original();
    if (!original || type === undefined) return null;
    if (type === InteractionResponseType.DeferredMessageUpdate) return this.originalEdits > 0 ? original : null;
    return original.loading ? null : original;
  }
}

/**
 * Discord's `interaction_metadata` for a message an interaction created: the
 * interaction's id, type and user, the integration owners; for a click, the message
 * the component was on (`interacted_message_id`); on a follow-up, the original
 * response (`original_response_message_id`); for a modal submit, the metadata of the
 * interaction that opened the modal (`opener`).
 */
export function interactionMetadata(
  i: FakeInteraction,
  opts: { readonly followUp?: boolean; readonly opener?: FakeInteraction | null } = {},
): APIMessageInteractionMetadata {
  const base = {
    id: i.id,
    user: i.user.api(),
    authorizing_integration_owners: i.payload.authorizing_integration_owners,
    ...(opts.followUp && i.originalId ? { original_response_message_id: i.originalId } : {}),
  };
  switch (i.payload.type) {
    case InteractionType.ApplicationCommand:
      return { ...base, type: InteractionType.ApplicationCommand };
    case InteractionType.MessageComponent:
      return {
        ...base,
        type: InteractionType.MessageComponent,
        interacted_message_id: i.sourceMessageId ?? i.payload.message.id,
      };
    case InteractionType.ModalSubmit: {
      const trigger = opts.opener ? interactionMetadata(opts.opener) : null;
      if (trigger?.type !== InteractionType.ApplicationCommand && trigger?.type !== InteractionType.MessageComponent) {
        throw new Error(`${i.label}: no command or click opened this modal`);
      }
      return { ...base, type: InteractionType.ModalSubmit, triggering_interaction_metadata: trigger };
    }
  }
}

/** A value for a slash command option; a user stands for a USER option. */
export type OptionValue = string | number | boolean | FakeUser;

export interface SlashCommandInput {
  readonly user: FakeUser | string;
  /** Channel or thread (or its id), the bot's DM (`dmChannelOf`), a group DM, a foreign channel; default: the first text channel. */
  readonly channel?: string | { readonly id: string };
  readonly name: string;
  readonly group?: string;
  readonly subcommand?: string;
  readonly options?: Readonly<Record<string, OptionValue>>;
  readonly locale?: Locale;
}

function isUser(value: OptionValue): value is FakeUser {
  return typeof value === 'object';
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (isUser(value)) return ApplicationCommandOptionType.User;
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number')
    return Number.isInteger(value) ? ApplicationCommandOptionType.Integer : ApplicationCommandOptionType.Number;
  return ApplicationCommandOptionType.String;
}

type LeafOptionDef = Exclude<
  APIApplicationCommandOption,
  { type: ApplicationCommandOptionType.Subcommand | ApplicationCommandOptionType.SubcommandGroup }
>;

/**
 * Options as Discord sends them, typed from the registered command when there is
 * one (and checked against it: a user cannot send an option the command lacks),
 * inferred from the values otherwise.
 */
function buildOptions(
  input: SlashCommandInput,
  definition: APIApplicationCommand | undefined,
  world: World,
  place: Place,
): { options: APIApplicationCommandInteractionDataOption[]; resolved: APIInteractionDataResolved | undefined } {
  let defs: readonly APIApplicationCommandOption[] | undefined = definition?.options;
  const where = `/${input.name}${input.group ? ` ${input.group}` : ''}${input.subcommand ? ` ${input.subcommand}` : ''}`;
  const descend = (name: string, type: ApplicationCommandOptionType): void => {
    if (!definition) return;
    const hit = defs?.find((o) => o.name === name && o.type === type);
    if (!hit)
      throw new Error(`${where}: the registered command has no ${ApplicationCommandOptionType[type]} "${name}"`);
    defs = 'options' in hit ? (hit.options as readonly APIApplicationCommandOption[] | undefined) : [];
  };
  if (input.group) descend(input.group, ApplicationCommandOptionType.SubcommandGroup);
  if (input.subcommand) descend(input.subcommand, ApplicationCommandOptionType.Subcommand);
  const users: NonNullable<APIInteractionDataResolved['users']> = {};
  const members: NonNullable<APIInteractionDataResolved['members']> = {};
  const leaves: APIApplicationCommandInteractionDataBasicOption[] = Object.entries(input.options ?? {}).map(
    ([name, value]) => {
      const def = defs?.find((o) => o.name === name) as LeafOptionDef | undefined;
      if (definition && !def)
        throw new Error(
          `${where}: the registered command has no option "${name}"; it has ${(defs ?? []).map((o) => o.name).join(', ') || 'none'}`,
        );
      checkChoice(where, def, value);
      const type = def?.type ?? inferType(value);
      if (isUser(value)) {
        users[value.id] = value.api();
        // Members are resolved where the bot knows the server's members: its own guilds.
        if (place.kind === 'guild' && world.isMember(value.id)) {
          const { user: _user, ...member } = world.interactionMember(value, place.id);
          members[value.id] = member;
        }
        return { name, type: ApplicationCommandOptionType.User, value: value.id };
      }
      return { name, type, value } as APIApplicationCommandInteractionDataBasicOption;
    },
  );
  for (const def of defs ?? []) {
    if ('required' in def && def.required && !(def.name in (input.options ?? {})))
      throw new Error(`${where}: required option "${def.name}" is missing`);
  }
  let options: APIApplicationCommandInteractionDataOption[] = leaves;
  if (input.subcommand)
    options = [{ name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options: leaves }];
  if (input.group)
    options = [{ name: input.group, type: ApplicationCommandOptionType.SubcommandGroup, options: options as never }];
  const resolved =
    Object.keys(users).length > 0 ? { users, ...(Object.keys(members).length > 0 ? { members } : {}) } : undefined;
  return { options, resolved };
}

function checkChoice(where: string, def: LeafOptionDef | undefined, value: OptionValue): void {
  const choices = def && 'choices' in def ? (def.choices as readonly { value: unknown }[] | undefined) : undefined;
  if (choices && choices.length > 0 && !choices.some((c) => c.value === value)) {
    throw new Error(
      `${where}: ${String(value)} is not one of the choices of "${def?.name}" (${choices.map((c) => String(c.value)).join(', ')})`,
    );
  }
}

/**
 * What the app may do in its DM with a user (Discord's implicit DM permissions): see,
 * send, embed, attach, read the history, react.
 */
const DM_PERMISSIONS = permissionBits([
  'ViewChannel',
  'SendMessages',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'AddReactions',
]);

/**
 * `app_permissions` where the app is only user-installed (a group DM, a server without
 * the bot): what it may do in its answers there. Discord's docs say only that the field
 * "represents the permissions for user-installed apps"; assumed: see the channel, send,
 * embed, attach, read the history, use external emojis (its application emojis).
 */
const USER_APP_PERMISSIONS = permissionBits([
  'ViewChannel',
  'SendMessages',
  'EmbedLinks',
  'AttachFiles',
  'ReadMessageHistory',
  'UseExternalEmojis',
]);

/** A user in a server without the bot: @everyone's permissions, with Use External Apps as the channel says. */
function foreignMember(world: World, user: FakeUser, channel: ForeignChannel): APIInteractionGuildMember {
  const external = channel.useExternalApps ? PermissionFlagsBits.UseExternalApps : 0n;
  return {
    user: user.api(),
    nick: null,
    avatar: null,
    banner: null,
    roles: [],
    joined_at: world.createdAt,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    permissions: String(permissionBits(EVERYONE_PERMISSIONS) | external),
  };
}

/**
 * The fields every interaction carries, for a user in a place: in a server (the bot's or
 * another) the guild, `member` (with the user) and the text channel; in the bot's DM and
 * group DMs `user` and the DM channel (type DM or GroupDM, with its recipients), no guild.
 */
function template(world: World, user: FakeUser, place: Place, locale: string, owners: Owners) {
  const base = {
    id: world.ids.next(),
    application_id: world.applicationId,
    token: `fake-interaction-token.${world.ids.next()}.${Math.random().toString(36).slice(2)}`,
    version: 1 as const,
    channel_id: place.id,
    locale,
    entitlements: [],
    authorizing_integration_owners: owners,
    context: contextOf(place),
    attachment_size_limit: 10 * 1024 * 1024,
  };
  const inGuild = (guildId: string, guildLocale: string) => ({
    guild: { id: guildId, locale: guildLocale, features: [] },
    guild_id: guildId,
    guild_locale: guildLocale,
  });
  switch (place.kind) {
    case 'guild':
      return {
        ...base,
        ...inGuild(place.channel.guildId, world.guildLocale),
        channel: channelApi(place.channel),
        member: world.interactionMember(user, place.id),
        app_permissions: String(world.permissionsIn(world.bot.id, place.id)),
      };
    case 'foreign':
      return {
        ...base,
        ...inGuild(place.channel.guildId, 'en-US'),
        channel: foreignChannelApi(place.channel),
        member: foreignMember(world, user, place.channel),
        app_permissions: String(USER_APP_PERMISSIONS),
      };
    case 'dm':
      return {
        ...base,
        channel: dmChannelApi(place.id, place.user, world.lastMessageId(place.id)),
        user: user.api(),
        app_permissions: String(DM_PERMISSIONS),
      };
    case 'group':
      return {
        ...base,
        channel: groupDmApi(
          place.group,
          place.group.recipients.map((id) => world.user(id)),
          world.lastMessageId(place.id),
        ),
        user: user.api(),
        app_permissions: String(USER_APP_PERMISSIONS),
      };
  }
}

export function commandInteraction(
  world: World,
  input: SlashCommandInput,
  user: FakeUser,
  place: Place,
  definition: APIApplicationCommand | undefined,
  owners: Owners,
): APIChatInputApplicationCommandInteraction {
  const { options, resolved } = buildOptions(input, definition, world, place);
  return {
    ...template(world, user, place, input.locale ?? user.locale, owners),
    type: InteractionType.ApplicationCommand,
    data: {
      id: definition?.id ?? world.ids.next(),
      name: input.name,
      type: ApplicationCommandType.ChatInput,
      ...(definition?.guild_id ? { guild_id: definition.guild_id } : {}),
      options,
      ...(resolved ? { resolved } : {}),
    },
  } as APIChatInputApplicationCommandInteraction;
}

/** The message a component was on, as the click carries it (without its metadata where the world says so). */
function clickedMessage(world: World, message: FakeMessage): APIMessage {
  const api = message.api(world.apiBase);
  if (world.ephemeralMetadata || !message.ephemeral) return api;
  const { interaction_metadata: _left, ...rest } = api;
  return rest;
}

export function componentInteraction(
  world: World,
  user: FakeUser,
  place: Place,
  message: FakeMessage,
  data: { custom_id: string; component_type: ComponentType; values?: string[] },
  owners: Owners,
): APIMessageComponentInteraction {
  return {
    ...template(world, user, place, user.locale, owners),
    type: InteractionType.MessageComponent,
    message: clickedMessage(world, message),
    data: componentData(data),
  } as APIMessageComponentInteraction;
}

/** A click's data as Discord sends it: a button's id, or a menu's id with the values chosen. */
function componentData(data: { custom_id: string; component_type: ComponentType; values?: string[] }) {
  return data.component_type === ComponentType.Button
    ? { custom_id: data.custom_id, component_type: ComponentType.Button as const }
    : { custom_id: data.custom_id, component_type: data.component_type, values: data.values ?? [] };
}

export function modalSubmitInteraction(
  world: World,
  user: FakeUser,
  place: Place,
  message: FakeMessage | null,
  modal: ModalRecord,
  values: Readonly<Record<string, string | string[]>>,
  owners: Owners,
): APIModalSubmitInteraction {
  return {
    ...template(world, user, place, user.locale, owners),
    type: InteractionType.ModalSubmit,
    ...(message ? { message: message.api(world.apiBase) } : {}),
    data: {
      custom_id: modal.customId,
      components: modal.components.map((c) =>
        submittedComponent(c, values),
      ) as unknown as APIModalSubmission['components'],
    },
  } as APIModalSubmitInteraction;
}

/** A modal component as it comes back on submit: the same layout with the user's values. */
function submittedComponent(
  component: Record<string, unknown>,
  values: Readonly<Record<string, string | string[]>>,
): Record<string, unknown> {
  const inner = (c: Record<string, unknown>): Record<string, unknown> => {
    const id = String(c.custom_id);
    const value = values[id];
    if (c.type === ComponentType.TextInput)
      return { type: c.type, id: c.id, custom_id: id, value: typeof value === 'string' ? value : (c.value ?? '') };
    return {
      type: c.type,
      id: c.id,
      custom_id: id,
      values: Array.isArray(value) ? value : value === undefined ? [] : [value],
    };
  };
  if (component.type === ComponentType.ActionRow) {
    return {
      type: component.type,
      id: component.id,
      components: ((component.components ?? []) as Record<string, unknown>[]).map(inner),
    };
  }
  if (component.type === ComponentType.Label)
    return { type: component.type, id: component.id, component: inner(component.component as Record<string, unknown>) };
  return { type: component.type, id: component.id };
}
