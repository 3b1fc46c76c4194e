/**
 * The REST v10 routes the bot uses, answering as Discord does: the same status
 * codes, error codes and permission checks, and the gateway events that follow
 * (THREAD_CREATE, MESSAGE_CREATE, ...).
 */
import {
  ChannelType,
  GatewayIntentBits,
  PermissionFlagsBits,
  InteractionResponseType,
  MessageFlags,
  MessageType,
  type APIApplicationCommand,
  type APIThreadMember,
  type ThreadMemberFlags,
} from 'discord-api-types/v10';
import {
  ApiError,
  RateLimited,
  invalidFormBody,
  cannotSendToUser,
  dmChannelAction,
  followUpLimit,
  missingAccess,
  invalidWebhookToken,
  threadArchived,
  threadLocked,
  unknownInteraction,
  unknownMessage,
  unknownWebhook,
} from './errors.js';
import type { Gateway } from './gateway.js';
import { USER_INSTALL_FOLLOW_UPS, onlyUserInstalled } from './contexts.js';
import { interactionMetadata, type FakeInteraction } from './interactions.js';
import type { Clock, LimitSettings, RateLimiter } from './limits.js';
import { channelApi, dmChannelApi, isThread, type FakeChannel, type FakeMessage } from './model.js';
import { applyMessageBody, asMessageBody, type MessageBody, type UploadedFile } from './payload.js';
import type { PermissionName } from './permissions.js';
import type { Reply, RestServer, RouteContext } from './server.js';
import { replaceCommands, storedCommand, validateCommands } from './commands.js';
import { installEmojiRoutes } from './emojis.js';
import type { World } from './world.js';

export interface Core {
  readonly world: World;
  readonly gateway: Gateway;
  readonly interactions: Map<string, FakeInteraction>;
  readonly interactionsByToken: ReadonlyMap<string, FakeInteraction>;
  readonly clock: Clock;
  readonly limiter: RateLimiter;
  /** The Activity opened for a user in a channel (activity.ts): its instance's id. */
  launch(channelId: string, userId: string): string;
  limits(): LimitSettings;
  gatewayUrl(): string;
}

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const noContent: Reply = { status: 204 };

/**
 * Discord's `enforce_nonce`: "if true and nonce is present, it will be checked for
 * uniqueness in the past few minutes. If another message was created by the same
 * author with the same nonce, that message will be returned and no new message
 * will be created." "A few minutes": 5 here (an assumption; Discord gives no figure).
 */
const NONCE_WINDOW_MS = 5 * 60_000;

function nonceOf(body: unknown): { nonce?: string | number } {
  const nonce = (body as { nonce?: unknown } | null)?.nonce;
  return typeof nonce === 'string' || typeof nonce === 'number' ? { nonce } : {};
}

class Nonces {
  readonly #seen = new Map<string, { readonly message: FakeMessage; readonly at: number }>();

  #key(body: unknown): string | null {
    const b = body as { nonce?: unknown; enforce_nonce?: unknown } | null;
    return b?.enforce_nonce === true && (typeof b.nonce === 'string' || typeof b.nonce === 'number')
      ? String(b.nonce)
      : null;
  }

  /** The message an earlier post with this nonce made, within the window. */
  repeat(core: Core, body: unknown): FakeMessage | null {
    const key = this.#key(body);
    const seen = key === null ? undefined : this.#seen.get(key);
    return seen && core.clock.now() - seen.at < NONCE_WINDOW_MS && !seen.message.deleted ? seen.message : null;
  }

  remember(core: Core, body: unknown, message: FakeMessage): void {
    const key = this.#key(body);
    if (key !== null) this.#seen.set(key, { message, at: core.clock.now() });
  }
}

/** Per fake Discord (one world's nonces are nothing to another's). */
const noncesOf = new WeakMap<Core, Nonces>();
function nonces(core: Core): Nonces {
  let found = noncesOf.get(core);
  if (!found) noncesOf.set(core, (found = new Nonces()));
  return found;
}

export function installRoutes(server: RestServer, core: Core): void {
  // The bot is no member of a group DM, nor of a server that did not add it: Discord
  // answers 403 / 50001 to anything about such a channel, whatever the route.
  server.guard('/channels/:channel', ({ channel }) => {
    const kind = core.world.place(channel ?? '')?.kind;
    if (kind === 'group' || kind === 'foreign') throw missingAccess();
  });
  installIdentityRoutes(server, core);
  installCommandRoutes(server, core);
  installInteractionRoutes(server, core);
  installMessageRoutes(server, core);
  installThreadRoutes(server, core);
  installGuildRoutes(server, core);
  installEmojiRoutes(server, core);
}

function dispatchMessage(core: Core, t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: FakeMessage): void {
  if (message.ephemeral) return;
  dispatchAbout(core, message.channelId, t, message.api(core.world.apiBase));
}

/**
 * A message event as the bot hears it: in a guild with the Guild Messages intent (and
 * the guild's id), in its DM with Direct Messages (no guild); from a group DM or a
 * server it is not in, nothing (it is no member there).
 */
function dispatchAbout(
  core: Core,
  channelId: string,
  t: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE' | 'MESSAGE_DELETE',
  data: object,
): void {
  const place = core.world.place(channelId);
  const intents = core.gateway.intents;
  if (place?.kind === 'dm' && intents & GatewayIntentBits.DirectMessages) core.gateway.dispatch(t, data);
  if ((place === undefined || place.kind === 'guild') && intents & GatewayIntentBits.GuildMessages)
    core.gateway.dispatch(t, { ...data, guild_id: guildOfChannel(core, channelId) });
}

function installIdentityRoutes(server: RestServer, { world, gatewayUrl }: Core): void {
  const gateway = () => ({
    url: gatewayUrl(),
    shards: 1,
    session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
  });
  server.route('GET', '/gateway/bot', () => ok(gateway()));
  server.route('GET', '/gateway', () => ok({ url: gatewayUrl() }), { auth: false });
  server.route('GET', '/users/@me', () => ok({ ...world.bot.api(), verified: true, mfa_enabled: false, flags: 0 }));
  // Create DM: the DM channel with a user (the same one every time); whether it may be written to shows on sending.
  server.route('POST', '/users/@me/channels', ({ body }) => {
    const recipientId = (body as { recipient_id?: unknown } | null)?.recipient_id;
    const user = typeof recipientId === 'string' ? world.users.get(recipientId) : undefined;
    if (!user) throw invalidFormBody(['recipient_id: Value "' + String(recipientId) + '" is not snowflake.']);
    const id = world.dmChannel(user.id);
    return ok(dmChannelApi(id, user, world.lastMessageId(id)));
  });
  server.route('GET', '/users/:user', ({ params }) => {
    const user = world.users.get(params.user ?? '');
    if (!user) throw new ApiError(404, 10013, 'Unknown User');
    return ok(user.api());
  });
  server.route('GET', '/applications/@me', () =>
    ok({
      id: world.applicationId,
      name: world.bot.username,
      icon: null,
      description: '',
      bot_public: true,
      bot_require_code_grant: false,
      bot: world.bot.api(),
      verify_key: 'fake',
      flags: 0,
      team: null,
      owner: world.user(world.ownerId).api(),
      summary: '',
    }),
  );
}

function installCommandRoutes(server: RestServer, { world }: Core): void {
  const scopes: Array<{ prefix: string; list: APIApplicationCommand[]; guild: boolean }> = [
    { prefix: '/applications/:app/commands', list: world.globalCommands, guild: false },
    { prefix: '/applications/:app/guilds/:guild/commands', list: world.guildCommands, guild: true },
  ];
  for (const { prefix, list, guild } of scopes) {
    const check = ({ params }: RouteContext) => {
      if (params.app !== world.applicationId) throw new ApiError(403, 50001, 'Missing Access');
      if (guild && !world.guildIds.includes(params.guild ?? '')) throw new ApiError(403, 50001, 'Missing Access');
    };
    const stored = (def: Record<string, unknown>, old?: APIApplicationCommand) => storedCommand(world, def, guild, old);
    const find = (params: RouteContext['params']) => {
      const hit = list.find((c) => c.id === params.command);
      if (!hit) throw new ApiError(404, 10063, 'Unknown application command');
      return hit;
    };
    server.route('GET', prefix, (ctx) => (check(ctx), ok(list)));
    server.route('PUT', prefix, (ctx) => {
      check(ctx);
      replaceCommands(world, list, ctx.body, guild);
      return ok(list);
    });
    server.route('POST', prefix, (ctx) => {
      check(ctx);
      const [def] = validateCommands([ctx.body]);
      const old = list.find((c) => c.name === def?.name);
      const command = stored(def ?? {}, old);
      if (old) list.splice(list.indexOf(old), 1, command);
      else list.push(command);
      return ok(command, old ? 200 : 201);
    });
    server.route('GET', `${prefix}/:command`, (ctx) => (check(ctx), ok(find(ctx.params))));
    server.route('PATCH', `${prefix}/:command`, (ctx) => {
      check(ctx);
      const old = find(ctx.params);
      const [def] = validateCommands([{ ...old, ...(ctx.body as object) }]);
      const command = stored(def ?? {}, old);
      list.splice(list.indexOf(old), 1, command);
      return ok(command);
    });
    server.route('DELETE', `${prefix}/:command`, (ctx) => {
      check(ctx);
      list.splice(list.indexOf(find(ctx.params)), 1);
      return noContent;
    });
  }
}

/**
 * The interaction a webhook token belongs to. A token missed its 3 s (no callback)
 * is invalidated: 404 Unknown Webhook; after 15 minutes it has expired: 401 / 50027.
 */
function interactionByToken(core: Core, app: string | undefined, token: string | undefined): FakeInteraction {
  const hit = token === undefined ? undefined : core.interactionsByToken.get(token);
  if (!hit || app !== core.world.applicationId) throw unknownWebhook();
  if (core.clock.now() - hit.sentAt >= core.limits().interactionTokenTtlMs) throw invalidWebhookToken();
  if (pastDeadline(core, hit)) throw unknownWebhook();
  return hit;
}

/** No callback came within the deadline: Discord has shown "This interaction failed". */
function pastDeadline(core: Core, i: FakeInteraction): boolean {
  return i.expired || (i.callback === null && core.clock.now() - i.sentAt > core.limits().interactionDeadlineMs);
}

function webhookMessage(core: Core, i: FakeInteraction, which: string | undefined): FakeMessage {
  const id = which === '@original' ? i.originalId : which;
  const known = id !== null && id !== undefined && (id === i.originalId || i.followUpIds.includes(id));
  const message = known ? core.world.messages.get(id) : undefined;
  if (!message || message.deleted) throw unknownMessage();
  return message;
}

function installInteractionRoutes(server: RestServer, core: Core): void {
  const { world } = core;
  server.route('POST', '/interactions/:id/:token/callback', (ctx) => answerInteraction(core, ctx), { auth: false });

  server.route(
    'POST',
    '/webhooks/:app/:token',
    (ctx) => {
      const i = interactionByToken(core, ctx.params.app, ctx.params.token);
      if (!i.callback) throw unknownWebhook();
      if (onlyUserInstalled(i.owners) && i.followUpIds.length >= USER_INSTALL_FOLLOW_UPS) throw followUpLimit();
      const body = privateWhereForced(core, i, asMessageBody(ctx.body));
      const original = i.originalId ? world.messages.get(i.originalId) : undefined;
      // The first follow-up of a deferred reply takes the place of its "thinking..." (deprecated);
      // what it does once that placeholder is deleted is undocumented: answered as Discord can.
      if (original?.deleted && original.loading) throw unknownMessage();
      checkAnswerInThread(
        core,
        i.channelId,
        original?.loading && i.callback.type === InteractionResponseType.DeferredChannelMessageWithSource
          ? original.ephemeral
          : isEphemeral(body),
      );
      // Every webhook's messages in a channel share one limit (about 30 a minute), follow-ups included.
      const refusal = core.limiter.takeShared('webhookChannel', i.channelId);
      if (refusal) throw new RateLimited(refusal);
      let message: FakeMessage;
      if (original?.loading && i.callback.type === InteractionResponseType.DeferredChannelMessageWithSource) {
        // Discord shows the first follow-up after a deferred reply in place of "thinking...".
        applyMessageBody(original, body, ctx.files, {
          isEdit: true,
          newId: () => world.ids.next(),
          emojis: world.appEmojis,
        });
        i.originalEdits += 1;
        message = original;
      } else {
        message = world.newMessage(i.channelId, world.bot, {
          visibleTo: isEphemeral(body) ? i.user.id : null,
          interactionId: i.id,
        });
        message.interactionMetadata = interactionMetadata(i, { followUp: true, opener: openerOf(core, i) });
        applyMessageBody(message, body, ctx.files, {
          isEdit: false,
          newId: () => world.ids.next(),
          emojis: world.appEmojis,
        });
        world.register(message);
        dispatchMessage(core, 'MESSAGE_CREATE', message);
      }
      i.followUpIds.push(message.id);
      return ctx.query.get('wait') === 'true' ? ok(message.api(world.apiBase)) : noContent;
    },
    { auth: false },
  );

  const messagePath = '/webhooks/:app/:token/messages/:message';
  server.route(
    'GET',
    messagePath,
    (ctx) => {
      const i = interactionByToken(core, ctx.params.app, ctx.params.token);
      return ok(webhookMessage(core, i, ctx.params.message).api(world.apiBase));
    },
    { auth: false },
  );
  server.route(
    'PATCH',
    messagePath,
    (ctx) => {
      const i = interactionByToken(core, ctx.params.app, ctx.params.token);
      const message = webhookMessage(core, i, ctx.params.message);
      checkAnswerInThread(core, message.channelId, message.ephemeral);
      editMessage(core, message, asMessageBody(ctx.body), ctx.files);
      if (message.id === i.originalId) i.originalEdits += 1;
      return ok(message.api(world.apiBase));
    },
    { auth: false },
  );
  server.route(
    'DELETE',
    messagePath,
    (ctx) => {
      const i = interactionByToken(core, ctx.params.app, ctx.params.token);
      deleteMessage(core, webhookMessage(core, i, ctx.params.message));
      return noContent;
    },
    { auth: false },
  );
}

/** The interaction that opened the modal a modal submit answers: the user's latest with that modal's custom_id. */
function openerOf(core: Core, i: FakeInteraction): FakeInteraction | null {
  if (i.kind !== 'modal') return null;
  const customId = (i.payload.data as { custom_id?: unknown }).custom_id;
  const openers = [...core.interactions.values()].filter(
    (o) =>
      o !== i &&
      o.user.id === i.user.id &&
      o.sentAt <= i.sentAt &&
      o.callback?.type === InteractionResponseType.Modal &&
      o.callback.data?.custom_id === customId,
  );
  return openers[openers.length - 1] ?? null;
}

/**
 * An app only user-installed in a server whose channel denies it "Use External Apps"
 * (the interaction's member has no such permission) may answer there privately only:
 * Discord makes its messages and follow-ups ephemeral (shown to the user alone). Apps
 * installed to the server are unaffected. (Updates of a message, type 7 and edits, are
 * left as they are: the docs say nothing of them.)
 */
function privateWhereForced(core: Core, i: FakeInteraction, body: MessageBody): MessageBody {
  const member = 'member' in i.payload ? i.payload.member : undefined;
  const forced =
    core.world.place(i.channelId)?.kind === 'foreign' &&
    member !== undefined &&
    onlyUserInstalled(i.owners) &&
    (BigInt(member.permissions) & PermissionFlagsBits.UseExternalApps) === 0n;
  return forced ? { ...body, flags: (body.flags ?? 0) | MessageFlags.Ephemeral } : body;
}

function isEphemeral(body: MessageBody): boolean {
  return ((body.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
}

function answerInteraction(core: Core, ctx: RouteContext): Reply {
  const { world } = core;
  const i = core.interactions.get(ctx.params.id ?? '');
  if (!i || i.token !== ctx.params.token) throw unknownInteraction();
  if (i.callback) throw new ApiError(400, 40060, 'Interaction has already been acknowledged.');
  if (pastDeadline(core, i)) throw unknownInteraction();
  const body = (ctx.body ?? {}) as { type?: number; data?: Record<string, unknown> | null };
  const data = body.data ?? null;
  const type = body.type as InteractionResponseType;
  const source = i.sourceMessageId ? world.messages.get(i.sourceMessageId) : undefined;
  const newId = () => world.ids.next();
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource:
    case InteractionResponseType.DeferredChannelMessageWithSource: {
      const messageBody = privateWhereForced(core, i, asMessageBody(data ?? {}));
      checkAnswerInThread(core, i.channelId, isEphemeral(messageBody));
      const message = world.newMessage(i.channelId, world.bot, {
        visibleTo: isEphemeral(messageBody) ? i.user.id : null,
        interactionId: i.id,
        type: i.kind === 'command' ? MessageType.ChatInputCommand : MessageType.Default,
      });
      message.interactionMetadata = interactionMetadata(i, { opener: openerOf(core, i) });
      if (type === InteractionResponseType.DeferredChannelMessageWithSource) {
        message.flags = MessageFlags.Loading | (isEphemeral(messageBody) ? MessageFlags.Ephemeral : 0);
      } else {
        applyMessageBody(message, messageBody, ctx.files, { isEdit: false, newId, emojis: world.appEmojis });
      }
      world.register(message);
      i.originalId = message.id;
      dispatchMessage(core, 'MESSAGE_CREATE', message);
      break;
    }
    // The Activity launched for the user where they clicked (test/fake-discord/activity.ts): nothing is posted.
    case InteractionResponseType.LaunchActivity:
      i.activityInstanceId = core.launch(i.channelId, i.user.id);
      break;
    case InteractionResponseType.DeferredMessageUpdate:
    case InteractionResponseType.UpdateMessage: {
      if (!source) throw invalidFormBody([`callback type ${type} is only valid for interactions on a message`]);
      if (type === InteractionResponseType.UpdateMessage) checkAnswerInThread(core, i.channelId, source.ephemeral);
      if (type === InteractionResponseType.UpdateMessage)
        editMessage(core, source, asMessageBody(data ?? {}), ctx.files);
      i.originalId = source.id;
      break;
    }
    case InteractionResponseType.Modal: {
      if (i.kind === 'modal') throw invalidFormBody(['a modal cannot answer a modal submit']);
      if (!data || typeof data.custom_id !== 'string' || typeof data.title !== 'string')
        throw invalidFormBody(['a modal needs custom_id and title']);
      break;
    }
    default:
      throw invalidFormBody([`callback type ${String(body.type)} is not valid here`]);
  }
  const at = core.clock.now();
  i.callback = { type, data, files: ctx.files, at, ms: at - i.sentAt };
  if (ctx.query.get('with_response') !== 'true') return noContent;
  const message = i.originalId ? world.messages.get(i.originalId) : undefined;
  const instance = i.activityInstanceId;
  return ok({
    interaction: {
      id: i.id,
      type: i.payload.type,
      ...(instance ? { activity_instance_id: instance } : {}),
      ...(message
        ? {
            response_message_id: message.id,
            response_message_loading: message.loading,
            response_message_ephemeral: message.ephemeral,
          }
        : {}),
    },
    resource: {
      type,
      ...(message ? { message: message.api(world.apiBase) } : {}),
      ...(instance ? { activity_instance: { id: instance } } : {}),
    },
  });
}

function editMessage(core: Core, message: FakeMessage, body: MessageBody, files: readonly UploadedFile[]): void {
  applyMessageBody(message, body, files, {
    isEdit: true,
    newId: () => core.world.ids.next(),
    emojis: core.world.appEmojis,
  });
  message.editedAt = Date.now();
  message.edits += 1;
  dispatchMessage(core, 'MESSAGE_UPDATE', message);
}

function deleteMessage(core: Core, message: FakeMessage): void {
  message.deleted = true;
  if (!message.ephemeral)
    dispatchAbout(core, message.channelId, 'MESSAGE_DELETE', { id: message.id, channel_id: message.channelId });
}

function sendPermission(channel: FakeChannel): PermissionName {
  return isThread(channel) ? 'SendMessagesInThreads' : 'SendMessages';
}

/**
 * A channel the bot may see: Discord answers 403 / 50001 Missing Access to any
 * request about a channel (or thread of a channel) where it lacks View Channel.
 */
function visibleChannel(core: Core, id: string | undefined): FakeChannel {
  const channel = core.world.channel(id ?? '');
  if ((core.world.permissionsIn(core.world.bot.id, channel.id) & PermissionFlagsBits.ViewChannel) === 0n)
    throw missingAccess();
  return channel;
}

/** The bot's DM channel with this id, or null when it is another channel. */
function dmChannel(core: Core, id: string | undefined): string | null {
  return core.world.dmChannels.has(id ?? '') ? (id as string) : null;
}

/** A message of a channel the bot sees, or of its DM with a user (channel null: no guild permissions there). */
function channelMessage(core: Core, ctx: RouteContext): { channel: FakeChannel | null; message: FakeMessage } {
  const dm = dmChannel(core, ctx.params.channel);
  const channel = dm === null ? visibleChannel(core, ctx.params.channel) : null;
  const message = core.world.messages.get(ctx.params.message ?? '');
  if (!message || message.deleted || message.channelId !== (channel?.id ?? dm) || message.visibleTo !== null)
    throw unknownMessage();
  return { channel, message };
}

/** A guild channel's message, for what only applies there (threads): 50003 in a DM. */
function guildChannelMessage(core: Core, ctx: RouteContext): { channel: FakeChannel; message: FakeMessage } {
  const { channel, message } = channelMessage(core, ctx);
  if (!channel) throw dmChannelAction();
  return { channel, message };
}

/**
 * Posting in an archived thread unarchives it, unless it is locked; in a locked
 * thread only members with Manage Threads create or edit messages (Discord: "Users
 * (including bot users) without the MANAGE_THREADS permission ... won't be able to
 * create or update messages in locked threads").
 */
function reopenForPosting(core: Core, channel: FakeChannel): void {
  if (!channel.thread) return;
  if (channel.thread.archived && channel.thread.locked) throw threadArchived();
  if (channel.thread.locked && !botModerates(core, channel)) throw threadLocked();
  if (!channel.thread.archived) return;
  channel.thread.archived = false;
  core.gateway.dispatch('THREAD_UPDATE', channelApi(channel));
}

function botModerates(core: Core, channel: FakeChannel): boolean {
  return (core.world.permissionsIn(core.world.bot.id, channel.id) & PermissionFlagsBits.ManageThreads) !== 0n;
}

/** Editing a message: refused in an archived thread (unarchive it first), and in a locked one without Manage Threads. */
function checkThreadForEdit(core: Core, channel: FakeChannel): void {
  if (channel.thread?.archived) throw threadArchived();
  if (channel.thread?.locked && !botModerates(core, channel)) throw threadLocked();
}

/**
 * An interaction's public answer (a message, a deferred "thinking...", an update of
 * the message clicked) in an archived thread is refused: archived threads are
 * immutable and only a message send unarchives one. Private answers are shown.
 */
function checkAnswerInThread(core: Core, channelId: string, ephemeral: boolean): void {
  const channel = core.world.channels.get(channelId);
  if (!ephemeral && channel?.thread?.archived) throw threadArchived();
}

/** A message in a DM channel: refused (50007) when the user does not accept DMs from the bot. */
function postDm(core: Core, ctx: RouteContext): Reply {
  const { world } = core;
  const channelId = ctx.params.channel ?? '';
  if (!world.acceptsDms(world.dmChannels.get(channelId) ?? '')) throw cannotSendToUser();
  const body = asMessageBody(ctx.body);
  if (isEphemeral(body)) throw invalidFormBody(['flags: EPHEMERAL is only for interaction responses']);
  const message = world.newMessage(channelId, world.bot);
  applyMessageBody(message, body, ctx.files, { isEdit: false, newId: () => world.ids.next(), emojis: world.appEmojis });
  world.register(message);
  dispatchMessage(core, 'MESSAGE_CREATE', message);
  return ok(message.api(world.apiBase));
}

function installMessageRoutes(server: RestServer, core: Core): void {
  const { world } = core;
  server.route('POST', '/channels/:channel/messages', (ctx) => {
    if (world.dmChannels.has(ctx.params.channel ?? '')) return postDm(core, ctx);
    const channel = visibleChannel(core, ctx.params.channel);
    world.requireBot(channel.id, [
      'ViewChannel',
      sendPermission(channel),
      ...(ctx.files.length > 0 ? (['AttachFiles'] as const) : []),
    ]);
    reopenForPosting(core, channel);
    const body = asMessageBody(ctx.body);
    if (isEphemeral(body)) throw invalidFormBody(['flags: EPHEMERAL is only for interaction responses']);
    const repeat = nonces(core).repeat(core, ctx.body);
    if (repeat) return ok(repeat.api(world.apiBase));
    const message = world.newMessage(channel.id, world.bot);
    applyMessageBody(message, body, ctx.files, {
      isEdit: false,
      newId: () => world.ids.next(),
      emojis: world.appEmojis,
    });
    world.register(message);
    nonces(core).remember(core, ctx.body, message);
    dispatchMessage(core, 'MESSAGE_CREATE', message);
    return ok({ ...message.api(world.apiBase), ...nonceOf(ctx.body) });
  });
  server.route('GET', '/channels/:channel/messages', (ctx) => {
    const dm = dmChannel(core, ctx.params.channel);
    const channel = dm === null ? visibleChannel(core, ctx.params.channel) : null;
    if (channel) world.requireBot(channel.id, ['ViewChannel', 'ReadMessageHistory']);
    const limit = Math.min(100, Number(ctx.query.get('limit') ?? 50));
    const before = ctx.query.get('before');
    const after = ctx.query.get('after');
    const list = world
      .visibleMessages(channel?.id ?? (dm as string))
      .filter((m) => (before ? BigInt(m.id) < BigInt(before) : true) && (after ? BigInt(m.id) > BigInt(after) : true))
      .reverse();
    return ok((after ? list.slice(-limit) : list.slice(0, limit)).map((m) => m.api(world.apiBase)));
  });
  server.route('GET', '/channels/:channel/messages/:message', (ctx) => {
    const { channel, message } = channelMessage(core, ctx);
    if (channel) world.requireBot(channel.id, ['ViewChannel', 'ReadMessageHistory']);
    return ok(message.api(world.apiBase));
  });
  server.route('PATCH', '/channels/:channel/messages/:message', (ctx) => {
    const { channel, message } = channelMessage(core, ctx);
    if (message.author.id !== world.bot.id)
      throw new ApiError(403, 50005, 'Cannot edit a message authored by another user');
    if (channel) checkThreadForEdit(core, channel);
    if (channel && ctx.files.length > 0) world.requireBot(channel.id, ['AttachFiles']);
    editMessage(core, message, asMessageBody(ctx.body), ctx.files);
    return ok(message.api(world.apiBase));
  });
  server.route('DELETE', '/channels/:channel/messages/:message', (ctx) => {
    const { channel, message } = channelMessage(core, ctx);
    // In a DM nobody may delete the other's messages (Discord's example of 50003).
    if (message.author.id !== world.bot.id) {
      if (!channel) throw dmChannelAction();
      world.requireBot(channel.id, ['ManageMessages']);
    }
    deleteMessage(core, message);
    return noContent;
  });
  server.route('POST', '/channels/:channel/typing', (ctx) => {
    if (dmChannel(core, ctx.params.channel)) return noContent;
    world.requireBot(world.channel(ctx.params.channel ?? '').id, ['ViewChannel']);
    return noContent;
  });
}

function threadName(body: unknown): string {
  const name = (body as { name?: unknown } | null)?.name;
  if (typeof name !== 'string' || name.length < 1 || name.length > 100)
    throw invalidFormBody(['name: a thread name needs 1-100 characters']);
  return name;
}

function installThreadRoutes(server: RestServer, core: Core): void {
  const { world } = core;
  const openThread = (
    parent: FakeChannel,
    id: string,
    type: ChannelType.PublicThread | ChannelType.PrivateThread,
    body: unknown,
  ): Reply => {
    if (isThread(parent)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
    const requested = (body as { auto_archive_duration?: number } | null)?.auto_archive_duration;
    const thread: FakeChannel = {
      id,
      name: threadName(body),
      type,
      guildId: parent.guildId,
      parentId: parent.id,
      overwrites: [],
      position: 0,
      lastMessageId: null,
      thread: {
        archived: false,
        locked: false,
        autoArchiveDuration: requested === 60 || requested === 1440 || requested === 10080 ? requested : 4320,
        createdAt: new Date().toISOString(),
        ownerId: world.bot.id,
        members: new Set([world.bot.id]),
        messageCount: 0,
      },
    };
    world.channels.set(thread.id, thread);
    core.gateway.dispatch('THREAD_CREATE', {
      ...channelApi(thread),
      newly_created: true,
      member: threadMember(thread, world.bot.id),
    });
    return ok(channelApi(thread), 201);
  };
  server.route('POST', '/channels/:channel/messages/:message/threads', (ctx) => {
    const { channel, message } = guildChannelMessage(core, ctx);
    world.requireBot(channel.id, ['ViewChannel', 'CreatePublicThreads']);
    if (message.threadId) throw new ApiError(400, 160004, 'A thread has already been created for this message');
    const reply = openThread(channel, message.id, ChannelType.PublicThread, ctx.body);
    message.thread = world.channel(message.id);
    return reply;
  });
  server.route('POST', '/channels/:channel/threads', (ctx) => {
    const channel = world.channel(ctx.params.channel ?? '');
    const type =
      (ctx.body as { type?: number } | null)?.type === ChannelType.PublicThread
        ? ChannelType.PublicThread
        : ChannelType.PrivateThread;
    world.requireBot(channel.id, [
      'ViewChannel',
      type === ChannelType.PublicThread ? 'CreatePublicThreads' : 'CreatePrivateThreads',
    ]);
    return openThread(channel, world.ids.next(), type, ctx.body);
  });
  server.route('GET', '/channels/:channel', (ctx) => {
    const dm = dmChannel(core, ctx.params.channel);
    if (dm === null) return ok(channelApi(visibleChannel(core, ctx.params.channel)));
    return ok(dmChannelApi(dm, world.user(world.dmChannels.get(dm) ?? ''), world.lastMessageId(dm)));
  });
  server.route('PATCH', '/channels/:channel', (ctx) => {
    const channel = visibleChannel(core, ctx.params.channel);
    const body = (ctx.body ?? {}) as { name?: string; archived?: boolean; locked?: boolean };
    if (!isThread(channel)) {
      world.requireBot(channel.id, ['ManageChannels']);
      if (body.name !== undefined) channel.name = threadName(body);
      core.gateway.dispatch('CHANNEL_UPDATE', channelApi(channel));
      return ok(channelApi(channel));
    }
    const owner = channel.thread.ownerId === world.bot.id;
    if (body.locked !== undefined || !owner) world.requireBot(channel.id, ['ManageThreads']);
    // "Requires the thread to have archived set to false or be set to false in the request" (locking an archived thread: 50083).
    const changes = Object.keys(body).filter((k) => k !== 'archived');
    if (channel.thread.archived && body.archived !== false && changes.length > 0) throw threadArchived();
    if (body.name !== undefined) channel.name = threadName(body);
    if (body.archived !== undefined) channel.thread.archived = body.archived;
    if (body.locked !== undefined) channel.thread.locked = body.locked;
    core.gateway.dispatch('THREAD_UPDATE', channelApi(channel));
    return ok(channelApi(channel));
  });
  server.route('DELETE', '/channels/:channel', (ctx) => {
    const channel = world.channel(ctx.params.channel ?? '');
    world.requireBot(channel.id, [isThread(channel) ? 'ManageThreads' : 'ManageChannels']);
    world.channels.delete(channel.id);
    const api = channelApi(channel);
    core.gateway.dispatch(isThread(channel) ? 'THREAD_DELETE' : 'CHANNEL_DELETE', api);
    return ok(api);
  });
  const threadOf = (ctx: RouteContext) => {
    const channel = world.channel(ctx.params.channel ?? '');
    if (!isThread(channel)) throw new ApiError(400, 50024, 'Cannot execute action on this channel type');
    return channel;
  };
  const member = (ctx: RouteContext) => (ctx.params.user === '@me' ? world.bot : world.user(ctx.params.user ?? ''));
  server.route('GET', '/channels/:channel/thread-members', (ctx) => {
    const thread = threadOf(ctx);
    return ok([...thread.thread.members].map((id) => threadMember(thread, id)));
  });
  server.route('GET', '/channels/:channel/thread-members/:user', (ctx) => {
    const thread = threadOf(ctx);
    const user = member(ctx);
    if (!thread.thread.members.has(user.id)) throw new ApiError(404, 10067, 'Unknown thread member');
    return ok(threadMember(thread, user.id));
  });
  // Adding someone else needs Send Messages in Threads, removing someone else Manage Threads.
  const membership = [
    { method: 'PUT', needed: 'SendMessagesInThreads', change: (members: Set<string>, id: string) => members.add(id) },
    { method: 'DELETE', needed: 'ManageThreads', change: (members: Set<string>, id: string) => members.delete(id) },
  ] as const;
  for (const { method, needed, change } of membership) {
    server.route(method, '/channels/:channel/thread-members/:user', (ctx) => {
      const thread = threadOf(ctx);
      const user = member(ctx);
      if (user.id !== world.bot.id) world.requireBot(thread.id, [needed]);
      change(thread.thread.members, user.id);
      return noContent;
    });
  }
}

/** The guild of a channel or thread (the first guild's for one that is gone). */
function guildOfChannel(core: Core, channelId: string): string {
  return core.world.channels.get(channelId)?.guildId ?? core.world.guildId;
}

function threadMember(thread: FakeChannel, userId: string): APIThreadMember {
  return {
    id: thread.id,
    user_id: userId,
    join_timestamp: thread.thread?.createdAt ?? new Date().toISOString(),
    flags: 0 as ThreadMemberFlags,
  };
}

function installGuildRoutes(server: RestServer, core: Core): void {
  const { world } = core;
  const guildOf = (ctx: RouteContext): string => {
    const guildId = ctx.params.guild ?? '';
    if (!world.guildIds.includes(guildId)) throw new ApiError(404, 10004, 'Unknown Guild');
    return guildId;
  };
  server.route('GET', '/guilds/:guild', (ctx) => {
    const {
      members: _m,
      channels: _c,
      threads: _t,
      presences: _p,
      voice_states: _v,
      ...guild
    } = world.guildCreate(guildOf(ctx));
    return ok(guild);
  });
  server.route('GET', '/guilds/:guild/channels', (ctx) => {
    const guildId = guildOf(ctx);
    return ok([...world.channels.values()].filter((c) => !isThread(c) && c.guildId === guildId).map(channelApi));
  });
  server.route('GET', '/guilds/:guild/threads/active', (ctx) => {
    const guildId = guildOf(ctx);
    const threads = [...world.channels.values()].filter(
      (c) => isThread(c) && !c.thread.archived && c.guildId === guildId,
    );
    return ok({
      threads: threads.map(channelApi),
      members: threads.filter((t) => t.thread?.members.has(world.bot.id)).map((t) => threadMember(t, world.bot.id)),
    });
  });
  server.route('GET', '/guilds/:guild/roles', (ctx) => ok(world.roles(guildOf(ctx))));
  server.route('GET', '/guilds/:guild/members/:user', (ctx) => {
    guildOf(ctx);
    const user = world.users.get(ctx.params.user ?? '');
    if (!user || !world.isMember(user.id)) throw new ApiError(404, 10007, 'Unknown Member');
    return ok(world.member(user));
  });
}
