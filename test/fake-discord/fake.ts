/**
 * FakeDiscord: the world, the REST server and the gateway together, with the
 * test-facing API (fixtures, interactions, state, waits, faults, strict mode).
 * See index.ts for the guide.
 */
import type { AddressInfo } from 'node:net';
import { ComponentType, type APIApplicationCommand, type APIEmoji } from 'discord-api-types/v10';
import { replaceCommands } from './commands.js';
import { emojiApi } from './emojis.js';
import { Gateway } from './gateway.js';
import {
  FakeInteraction,
  commandInteraction,
  componentInteraction,
  modalSubmitInteraction,
  type SentInteraction,
  type InteractionKind,
  type SlashCommandInput,
} from './interactions.js';
import {
  Clock,
  DISCORD_LIMITS,
  RateLimiter,
  withOverrides,
  type LimitOverrides,
  type LimitSettings,
} from './limits.js';
import { checkPresence, commandOwners, describePlace, messageOwners } from './contexts.js';
import { channelApi, isThread, type FakeChannel, type FakeMessage, type FakeUser, type Place } from './model.js';
import { permissionBits, type PermissionName } from './permissions.js';
import { installRoutes } from './routes.js';
import { FakeActivity } from './activity.js';
import { RestServer, matchesRequest, type Fault, type RequestMatcher, type RequestRecord } from './server.js';
import { Waiters, type Probe } from './waiters.js';
import { World, type ChannelPermissionChange, type WorldOptions } from './world.js';

export interface FakeDiscordOptions extends WorldOptions {
  /** Record an error for unknown routes, unexpected answers >= 400 and late interactions (default true). */
  readonly strict?: boolean;
  /**
   * Discord's limits, on by default with Discord's figures (DISCORD_LIMITS in
   * limits.ts): the global 50 requests/s, per-route buckets, the interaction
   * deadline (3 s) and token lifetime (15 min). Change some: `{ messageCreate: { limit: 2 } }`.
   */
  readonly limits?: LimitOverrides;
  /** Discord's 3 s: after it, an unanswered interaction is an error and its callback gets 10062. Same as `limits.interactionDeadlineMs`. */
  readonly interactionDeadlineMs?: number;
  /** Default timeout of every wait (response(), waitFor, nextRequest, ...). Default 10 s. */
  readonly waitTimeoutMs?: number;
  /** Print every request to stderr (also with FAKE_DISCORD_LOG=1). */
  readonly log?: boolean;
}

/** An error answer a test provoked on purpose: not a strict-mode error. */
export interface ExpectedError extends RequestMatcher {
  readonly status?: number;
  /** Discord's JSON error code, e.g. 50013 Missing Permissions. */
  readonly code?: number;
}

/** Something that can die under the fake's feet, e.g. a BotProcess. */
export interface Watchable {
  readonly exited: Promise<unknown>;
  /** After exit: the error to fail the test with, or null when the exit was asked for. */
  crashError(): Error | null;
}

export interface ClickOptions {
  /** Send it even when no such enabled component is on the message (forged or stale ids). */
  readonly force?: boolean;
}

export class FakeDiscord {
  readonly errors: string[] = [];
  readonly #world: World;
  /** The live board's side of Discord: OAuth2 and the activity instances (activity.ts). */
  readonly activity: FakeActivity;
  readonly #server: RestServer;
  readonly #gateway: Gateway;
  readonly #waiters: Waiters;
  readonly #interactions = new Map<string, FakeInteraction>();
  /** The same by token: webhook routes find theirs by token, thousands of times in a load run. */
  readonly #byToken = new Map<string, FakeInteraction>();
  readonly #expected: ExpectedError[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #strict: boolean;
  readonly #clock = new Clock();
  #limits: LimitSettings;
  readonly #limiter: RateLimiter;
  #port = 0;

  private constructor(opts: FakeDiscordOptions) {
    this.#world = new World(opts);
    this.#strict = opts.strict ?? true;
    this.#limits = withOverrides(DISCORD_LIMITS, {
      ...(opts.interactionDeadlineMs !== undefined ? { interactionDeadlineMs: opts.interactionDeadlineMs } : {}),
      ...opts.limits,
    });
    this.#limiter = new RateLimiter(() => this.#limits, this.#clock);
    this.#waiters = new Waiters(opts.waitTimeoutMs ?? 10_000, () => this.describe());
    this.#server = new RestServer({
      token: this.#world.token,
      log: opts.log ?? process.env.FAKE_DISCORD_LOG === '1',
      onRequest: () => this.#waiters.notify(),
      onProblem: (problem) => this.#problem(problem),
      isExpectedError: (record) => this.#expected.some((e) => isExpectedError(e, record)),
      limiter: this.#limiter,
    });
    this.#gateway = new Gateway(
      this.#server.http,
      {
        token: this.#world.token,
        ready: (sessionId, url, shard) => this.#world.ready(sessionId, url, shard),
        guildCreate: (guildId) => this.#world.guildCreate(guildId),
        guildsOfShard: (shard) => this.#world.guildsOfShard(shard),
        changed: () => this.#waiters.notify(),
        newId: () => this.#world.ids.next(),
      },
      () => this.gatewayUrl,
    );
    // Before the bot's routes: its Bearer-token GET /users/@me is matched first.
    this.activity = new FakeActivity(this.#world);
    this.activity.install(this.#server);
    installRoutes(this.#server, {
      world: this.#world,
      gateway: this.#gateway,
      interactions: this.#interactions,
      interactionsByToken: this.#byToken,
      clock: this.#clock,
      limiter: this.#limiter,
      launch: (channelId, userId) => this.activity.join(channelId, userId),
      limits: () => this.#limits,
      gatewayUrl: () => this.gatewayUrl,
    });
  }

  static async start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(opts);
    await new Promise<void>((resolve) => fake.#server.http.listen(0, '127.0.0.1', resolve));
    fake.#port = (fake.#server.http.address() as AddressInfo).port;
    fake.#world.apiBase = fake.apiBase;
    return fake;
  }

  // ---- Where the bot connects ------------------------------------------------

  /** REST base without the version, what the client takes as `rest.api`. */
  get apiBase(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.#port}/gateway`;
  }

  get token(): string {
    return this.#world.token;
  }

  get applicationId(): string {
    return this.#world.applicationId;
  }

  get guildId(): string {
    return this.#world.guildId;
  }

  /** Every guild the bot is in (option `guilds`), the first being `guildId`. */
  get guildIds(): readonly string[] {
    return this.#world.guildIds;
  }

  /** The first text channel of a guild. */
  channelOf(guildId: string): FakeChannel {
    const hit = this.#textChannels().find((c) => c.guildId === guildId);
    if (!hit) throw new Error(`no text channel in guild ${guildId}`);
    return hit;
  }

  /** The bot's own user (its id is the application id). */
  get bot(): FakeUser {
    return this.#world.bot;
  }

  /**
   * Environment for a bot child process (see src/config.ts). DISCORD_REST_RPS is
   * raised so the client's own limiter (which also counts interaction endpoints)
   * does not hide the fake's: over 50/s the fake answers 429 global, as Discord does.
   */
  env(): Record<string, string> {
    return {
      DISCORD_API_BASE: this.apiBase,
      DISCORD_TOKEN: this.token,
      DISCORD_APPLICATION_ID: this.applicationId,
      DISCORD_GUILD_ID: this.guildId,
      DISCORD_REST_RPS: '1000',
    };
  }

  /** `rest` options for an in-process discord.js Client. */
  clientOptions(): { rest: { api: string; globalRequestsPerSecond: number } } {
    return { rest: { api: this.apiBase, globalRequestsPerSecond: 1000 } };
  }

  // ---- The fixture world ------------------------------------------------------

  /** A user by name or id (`alice`, `bob`, `carol`, `dave`, `erin` by default). */
  user(nameOrId: string): FakeUser {
    return this.#world.user(nameOrId);
  }

  /** The first text channel of the fixture. */
  get channel(): FakeChannel {
    return this.#textChannels()[0] as FakeChannel;
  }

  /** A text channel or thread by id or name. */
  channelNamed(idOrName: string): FakeChannel {
    const hit =
      this.#world.channels.get(idOrName) ?? [...this.#world.channels.values()].find((c) => c.name === idOrName);
    if (!hit)
      throw new Error(
        `no channel "${idOrName}"; there are: ${[...this.#world.channels.values()].map((c) => c.name).join(', ')}`,
      );
    return hit;
  }

  /** A thread by id (= its starter message id) or name; undefined when there is none. */
  thread(idOrName: string): FakeChannel | undefined {
    return this.threads().find((t) => t.id === idOrName || t.name === idOrName);
  }

  threads(parentId?: string): FakeChannel[] {
    return [...this.#world.channels.values()].filter(
      (c) => isThread(c) && (parentId === undefined || c.parentId === parentId),
    );
  }

  #textChannels(): FakeChannel[] {
    return [...this.#world.channels.values()].filter((c) => !isThread(c));
  }

  /** Withhold or grant permissions of the bot in one channel (and tell the client, CHANNEL_UPDATE). */
  setBotChannelPermissions(channelId: string, change: ChannelPermissionChange): void {
    const channel = this.#world.channel(channelId);
    this.#world.setBotOverwrite(channel, change);
    this.#gateway.dispatch('CHANNEL_UPDATE', channelApi(channel));
  }

  /** Replace the bot role's permissions guild-wide (and tell the client, GUILD_ROLE_UPDATE). */
  setBotPermissions(names: readonly PermissionName[]): void {
    this.#world.botPermissions = permissionBits(names);
    const role = this.#world.roles().find((r) => r.id === this.#world.botRoleId);
    this.#gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: this.guildId, role });
  }

  /** Register commands as `npm run deploy` would (guild by default); also learned from PUT requests. */
  registerCommands(defs: readonly unknown[], opts: { global?: boolean } = {}): void {
    const list = opts.global ? this.#world.globalCommands : this.#world.guildCommands;
    replaceCommands(this.#world, list, defs, !opts.global);
  }

  /** The application's emojis, as List Application Emojis gives them. */
  appEmojis(): APIEmoji[] {
    return [...this.#world.appEmojis.values()].map((e) => emojiApi(this.#world, e));
  }

  /** An emoji the application has already (uploaded from the developer portal, say): its id. */
  addAppEmoji(name: string, image: Buffer = Buffer.from('fake png')): string {
    const id = this.#world.ids.next();
    this.#world.appEmojis.set(id, { id, name, image, contentType: 'image/png' });
    return id;
  }

  /** Deletes an application emoji (as its owner might in the developer portal). */
  removeAppEmoji(id: string): void {
    this.#world.appEmojis.delete(id);
  }

  /** The image an application emoji was uploaded with. */
  appEmojiImage(id: string): Buffer | undefined {
    return this.#world.appEmojis.get(id)?.image;
  }

  commands(opts: { global?: boolean } = {}): readonly APIApplicationCommand[] {
    return opts.global ? this.#world.globalCommands : this.#world.guildCommands;
  }

  // ---- The gateway ------------------------------------------------------------

  /** Resolves once a client has identified (or resumed) and is connected: every shard of it, when it is sharded. */
  waitForReady(timeoutMs?: number): Promise<void> {
    return this.#waiters
      .waitFor(() => this.#gateway.isReady, 'the bot to connect to the gateway (READY)', timeoutMs)
      .then(() => undefined);
  }

  /** Resolves once the shard that gets this guild's events (`(guild_id >> 22) % count`) is connected. */
  waitForShard(guildId: string, timeoutMs?: number): Promise<void> {
    return this.#waiters
      .waitFor(
        () => this.#gateway.isReadyFor(guildId),
        `the shard of guild ${guildId} to connect to the gateway`,
        timeoutMs,
      )
      .then(() => undefined);
  }

  /** The shard count the bot identified with (1 until it does, or when it is not sharded). */
  get shardCount(): number {
    return this.#gateway.shardCount;
  }

  /** How many times a client identified (a restarted bot identifies again) and resumed. */
  get gatewayStats(): { identifies: number; resumes: number } {
    return { identifies: this.#gateway.identifies, resumes: this.#gateway.resumes };
  }

  /**
   * Cut the gateway connection and resolve when the client is back: by RESUME
   * (default, a network failure) or, with `resumable: false`, by a new IDENTIFY
   * after an invalid session (discord.js waits ~5 s between identifies then).
   */
  async dropGateway(opts: { resumable?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const before = this.#gateway.identifies + this.#gateway.resumes;
    if (opts.resumable === false) this.#gateway.invalidate();
    else this.#gateway.drop();
    await this.#waiters.waitFor(
      () => this.#gateway.identifies + this.#gateway.resumes > before && this.#gateway.isReady,
      'the client to reconnect after the dropped gateway connection',
      opts.timeoutMs,
    );
  }

  // ---- Users acting -------------------------------------------------------------

  /** A user runs a slash command; options are typed from the registered command when there is one. */
  async slashCommand(input: SlashCommandInput): Promise<FakeInteraction> {
    const user = typeof input.user === 'string' ? this.user(input.user) : input.user;
    const place = this.#placeOf(input.channel ?? this.channel);
    const definition = this.#registered(input.name);
    const owners = commandOwners(this.#world, input.name, user, place, definition);
    const payload = commandInteraction(this.#world, input, user, place, definition, owners);
    const label = `/${[input.name, input.group, input.subcommand].filter(Boolean).join(' ')} by ${user.username}`;
    return this.#send(payload, 'command', user, place.id, null, label);
  }

  /**
   * A user writes a message in a channel or thread, as Discord's client sends it: in
   * an archived thread the message unarchives it, unless the thread is locked; a
   * locked thread takes messages only from members with Manage Threads (who may
   * also unarchive it). Throws what Discord would answer otherwise.
   */
  say(channel: ChannelRef, user: FakeUser | string, content: string): FakeMessage {
    const who = typeof user === 'string' ? this.user(user) : user;
    const place = this.#placeOf(channel);
    if (place.kind !== 'guild') return this.#sayOutside(place, who, content);
    const where = this.#world.channel(idOf(channel));
    const moderates = (this.#world.permissionsIn(who.id, where.id) & permissionBits(['ManageThreads'])) !== 0n;
    if (where.thread?.locked && !moderates)
      throw new Error(
        `${who.username} cannot write in thread ${where.id}: it is locked (Discord: 160005 Thread is locked)`,
      );
    if (where.thread?.archived) {
      where.thread.archived = false;
      this.#gateway.dispatch('THREAD_UPDATE', channelApi(where));
    }
    const message = this.#world.newMessage(where.id, who);
    message.content = content;
    this.#world.register(message);
    this.#waiters.notify();
    return message;
  }

  /**
   * A user writes in the bot's DM (its user only), a group DM (its recipients) or a
   * server without the bot: the bot hears none of it (no event, and it has no intent
   * for message content in DMs in the fixture).
   */
  #sayOutside(place: Exclude<Place, { kind: 'guild' }>, who: FakeUser, content: string): FakeMessage {
    checkPresence(this.#world, who, place, 'write');
    const message = this.#world.newMessage(place.id, who);
    message.content = content;
    this.#world.register(message);
    this.#waiters.notify();
    return message;
  }

  /**
   * What Discord's client does before sending a click on a message in a thread: in a
   * locked thread components cannot be used, by anyone; in an archived one the client
   * first unarchives it as the user (web and mobile). `force` sends the click as it is.
   */
  #clientOpensThread(msg: FakeMessage, who: FakeUser, customId: string, opts: ClickOptions): void {
    const thread = this.#world.channels.get(msg.channelId)?.thread;
    if (!thread || opts.force) return;
    if (thread.locked)
      throw new Error(
        `${who.username} cannot use ${customId} on message ${msg.id}: its thread is locked, where Discord's clients do not let anyone use components (pass { force: true } to send it anyway)`,
      );
    if (!thread.archived) return;
    thread.archived = false;
    this.#gateway.dispatch('THREAD_UPDATE', channelApi(this.#world.channel(msg.channelId)));
  }

  /**
   * A moderator archives, locks, unlocks or unarchives a thread in Discord's client:
   * the thread changes and the bot hears THREAD_UPDATE, as from Discord.
   */
  moderateThread(threadId: string, change: { readonly archived?: boolean; readonly locked?: boolean }): void {
    const channel = this.#world.channel(threadId);
    if (!channel.thread) throw new Error(`${threadId} is not a thread`);
    if (change.archived !== undefined) channel.thread.archived = change.archived;
    if (change.locked !== undefined) channel.thread.locked = change.locked;
    this.#gateway.dispatch('THREAD_UPDATE', channelApi(channel));
  }

  /** A user clicks a button on a message (checked to be there and enabled unless `force`). */
  async click(
    message: FakeMessage | string,
    customId: string,
    user: FakeUser | string,
    opts: ClickOptions = {},
  ): Promise<FakeInteraction> {
    const { msg, who, type } = this.#component(message, customId, user, [ComponentType.Button], opts);
    this.#clientOpensThread(msg, who, customId, opts);
    const payload = this.#componentPayload(who, msg, {
      custom_id: customId,
      component_type: type ?? ComponentType.Button,
    });
    return this.#send(payload, 'button', who, msg.channelId, msg.id, `click on ${customId} by ${who.username}`);
  }

  /** A component's interaction where its message is, with the owners of the interaction that made the message. */
  #componentPayload(
    who: FakeUser,
    msg: FakeMessage,
    data: { custom_id: string; component_type: ComponentType; values?: string[] },
  ): SentInteraction {
    const place = this.#placeOf(msg.channelId);
    const owners = messageOwners(this.#world, msg, place, who, (id) => this.#interactions.get(id)?.owners);
    return componentInteraction(this.#world, who, place, msg, data, owners);
  }

  /** Where a channel id leads; a test error for an id the fake never made. */
  #placeOf(channel: ChannelRef): Place {
    const place = this.#world.place(idOf(channel));
    if (!place)
      throw new Error(
        `no channel ${idOf(channel)} in the fake Discord (a guild channel, dmChannelOf, groupDm, foreignChannel)`,
      );
    return place;
  }

  /** A user chooses values in a select menu on a message. */
  async select(
    message: FakeMessage | string,
    customId: string,
    values: readonly string[],
    user: FakeUser | string,
    opts: ClickOptions = {},
  ): Promise<FakeInteraction> {
    const selects = [
      ComponentType.StringSelect,
      ComponentType.UserSelect,
      ComponentType.RoleSelect,
      ComponentType.MentionableSelect,
      ComponentType.ChannelSelect,
    ];
    const { msg, who, type } = this.#component(message, customId, user, selects, opts);
    this.#clientOpensThread(msg, who, customId, opts);
    const payload = this.#componentPayload(who, msg, {
      custom_id: customId,
      component_type: type ?? ComponentType.StringSelect,
      values: [...values],
    });
    return this.#send(
      payload,
      'select',
      who,
      msg.channelId,
      msg.id,
      `select ${values.join(',')} in ${customId} by ${who.username}`,
    );
  }

  /** The user submits the modal the bot opened in answer to `opener`, with values by custom_id. */
  async submitModal(
    opener: FakeInteraction,
    values: Readonly<Record<string, string | string[]>>,
  ): Promise<FakeInteraction> {
    const modal = await opener.modal();
    const source = opener.sourceMessageId ? (this.#world.messages.get(opener.sourceMessageId) ?? null) : null;
    const payload = modalSubmitInteraction(
      this.#world,
      opener.user,
      this.#placeOf(opener.channelId),
      source,
      modal,
      values,
      opener.owners,
    );
    return this.#send(
      payload,
      'modal',
      opener.user,
      opener.channelId,
      source?.id ?? null,
      `modal ${modal.customId} by ${opener.user.username}`,
    );
  }

  /** Once the bot has registered commands, a user can only run those (as on Discord). */
  #registered(name: string): APIApplicationCommand | undefined {
    const definition = this.#world.command(name);
    const known = [...this.#world.guildCommands, ...this.#world.globalCommands];
    if (!definition && known.length > 0)
      throw new Error(`no command /${name} is registered; there are: ${known.map((c) => `/${c.name}`).join(', ')}`);
    return definition;
  }

  #component(
    message: FakeMessage | string,
    customId: string,
    user: FakeUser | string,
    types: readonly ComponentType[],
    opts: ClickOptions,
  ) {
    const who = typeof user === 'string' ? this.user(user) : user;
    const id = typeof message === 'string' ? message : message.id;
    const msg = this.#world.messages.get(id);
    if (!msg) throw new Error(`no message ${id} to interact with`);
    const found = msg.interactive().find((c) => c.customId === customId);
    const type = (found?.type ?? null) as ComponentType | null;
    if (opts.force) return { msg, who, type };
    checkPresence(this.#world, who, this.#placeOf(msg.channelId), `use ${customId} on message ${id}`);
    const problem = msg.deleted
      ? 'the message was deleted'
      : msg.visibleTo !== null && msg.visibleTo !== who.id
        ? `the message is ephemeral, shown only to ${this.user(msg.visibleTo).username}`
        : !found || !types.includes(found.type)
          ? `no such component; it has: ${
              msg
                .interactive()
                .map((c) => c.customId)
                .join(', ') || 'none'
            }`
          : found.disabled
            ? 'the component is disabled'
            : null;
    if (problem)
      throw new Error(
        `${who.username} cannot use ${customId} on message ${id}: ${problem} (pass { force: true } to send it anyway)`,
      );
    return { msg, who, type };
  }

  async #send(
    payload: SentInteraction,
    kind: InteractionKind,
    user: FakeUser,
    channelId: string,
    sourceMessageId: string | null,
    label: string,
  ): Promise<FakeInteraction> {
    // Discord sends a DM's interactions to shard 0, which a guild id of "0" maps to.
    await this.waitForShard(payload.guild_id ?? '0');
    const interaction = new FakeInteraction(
      payload,
      kind,
      user,
      channelId,
      sourceMessageId,
      label,
      this.#waiters,
      this.#world,
      this.#clock.now(),
    );
    this.#interactions.set(interaction.id, interaction);
    this.#byToken.set(interaction.token, interaction);
    this.#gateway.dispatch('INTERACTION_CREATE', payload);
    this.#armDeadline(interaction);
    return interaction;
  }

  /** A timer for the moment the interaction passes its deadline (re-armed if the deadline moved). */
  #armDeadline(i: FakeInteraction): void {
    const left = i.sentAt + this.#limits.interactionDeadlineMs - this.#clock.now();
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        if (this.#expireIfLate(i)) this.#waiters.notify();
        else if (!i.callback && !i.expired) this.#armDeadline(i);
      },
      Math.max(0, left) + 1,
    );
    timer.unref();
    this.#timers.add(timer);
  }

  /** Past its deadline with no callback: "This interaction failed". True when it just expired. */
  #expireIfLate(i: FakeInteraction): boolean {
    const deadline = this.#limits.interactionDeadlineMs;
    if (i.callback || i.expired || this.#clock.now() - i.sentAt <= deadline) return false;
    i.expired = true;
    this.#problem(`${i.label} was not answered within ${deadline} ms ("This interaction failed")`);
    return true;
  }

  /** Every interaction past its deadline (after the clock moved or the deadline changed). */
  #expireLate(): void {
    let changed = false;
    for (const i of this.#interactions.values()) changed = this.#expireIfLate(i) || changed;
    if (changed) this.#waiters.notify();
  }

  // ---- Limits and the clock ---------------------------------------------------------

  /** The limits in force (Discord's by default; see DISCORD_LIMITS in limits.ts). */
  get limits(): LimitSettings {
    return this.#limits;
  }

  /**
   * Change limits from now on (`{ global: { limit: 5 } }`, `{ interactionTokenTtlMs: 1000 }`);
   * call the result to restore what they were. Counts already made in open windows stay.
   */
  setLimits(overrides: LimitOverrides): () => void {
    const before = this.#limits;
    this.#limits = withOverrides(this.#limits, overrides);
    this.#expireLate();
    return () => {
      this.#limits = before;
    };
  }

  /** The fake's time (ms): the real clock plus what advanceClock added. Limits, deadlines and token lifetimes run on it. */
  now(): number {
    return this.#clock.now();
  }

  /**
   * Move the fake's clock forward: rate-limit windows reset, interactions pass their
   * 3 s deadline, tokens their 15 minutes, without waiting. (Messages and snowflakes
   * keep the real time; the client's own timers are not affected.)
   */
  advanceClock(ms: number): void {
    this.#clock.advance(ms);
    this.#expireLate();
  }

  /** Invalid answers (401, 403, 429) in the last 10 minutes (Discord bans an IP over 10,000). */
  get invalidRequests(): number {
    return this.#limiter.invalidRequests;
  }

  // ---- What Discord shows -------------------------------------------------------

  /** A channel's or thread's messages as everyone sees them now (no ephemeral, no deleted), oldest first. */
  messages(channel: ChannelRef = this.channel): FakeMessage[] {
    return this.#world.visibleMessages(idOf(channel));
  }

  /** The bot's direct messages to a user, oldest first (none before the bot opened the DM channel). */
  dms(user: FakeUser | string): FakeMessage[] {
    const id = typeof user === 'string' ? this.#world.user(user).id : user.id;
    for (const [channelId, recipient] of this.#world.dmChannels)
      if (recipient === id) return this.#world.visibleMessages(channelId);
    return [];
  }

  /**
   * The user installs the app to their account (integration type 1), or removes it:
   * its user-installable commands follow them into group DMs and servers without the
   * bot, and the bot may DM them even when they share no server with it.
   */
  installForUser(user: FakeUser | string, installed = true): void {
    const id = this.#userOf(user).id;
    if (installed) this.#world.userInstalls.add(id);
    else this.#world.userInstalls.delete(id);
  }

  /** The bot's DM channel with the user (the one POST /users/@me/channels gives, opened once). */
  dmChannelOf(user: FakeUser | string): string {
    return this.#world.dmChannel(this.#userOf(user).id);
  }

  /**
   * A group DM (ChannelType.GroupDM) between these users, the first its owner. The
   * bot is not in it: it hears nothing from it and every REST route about it answers
   * 403 / 50001; it can only answer interactions made there. Returns its id.
   */
  groupDm(users: readonly (FakeUser | string)[], name?: string): string {
    const recipients = users.map((u) => this.#userOf(u).id);
    if (recipients.length < 2) throw new Error('a group DM needs at least two users');
    const id = this.#world.ids.next();
    this.#world.groupDms.set(id, { id, name: name ?? null, recipients, ownerId: recipients[0] as string });
    return id;
  }

  /**
   * A text channel in a server the bot is not in (not in READY, no GUILD_CREATE; every
   * REST route about it answers 403 / 50001). Users there reach the app through their
   * user install; `useExternalApps` (default true, as Discord's @everyone default) is
   * the channel's "Use External Apps" for everyone. Returns the channel's id.
   */
  foreignChannel(opts: { readonly useExternalApps?: boolean } = {}): string {
    const guildId = this.#world.ids.next();
    const id = this.#world.ids.next();
    this.#world.foreignChannels.set(id, {
      id,
      guildId,
      name: 'general',
      useExternalApps: opts.useExternalApps ?? true,
    });
    return id;
  }

  /** Flip "Use External Apps" for everyone in a channel of a server without the bot. */
  setUseExternalApps(channelId: string, allowed: boolean): void {
    const channel = this.#world.foreignChannels.get(channelId);
    if (!channel) throw new Error(`${channelId} is not a channel of a server without the bot (foreignChannel())`);
    channel.useExternalApps = allowed;
  }

  #userOf(user: FakeUser | string): FakeUser {
    return typeof user === 'string' ? this.#world.user(user) : user;
  }

  /** The user's privacy settings refuse DMs from the bot (or accept them again): sending gets 50007. */
  refuseDms(user: FakeUser | string, refuses = true): void {
    const id = typeof user === 'string' ? this.#world.user(user).id : user.id;
    if (refuses) this.#world.refusesDms.add(id);
    else this.#world.refusesDms.delete(id);
  }

  message(id: string): FakeMessage | undefined {
    return this.#world.messages.get(id);
  }

  /** Ephemeral messages (optionally those shown to one user), oldest first. */
  ephemeralMessages(user?: FakeUser | string): FakeMessage[] {
    const userId = user === undefined ? null : typeof user === 'string' ? this.user(user).id : user.id;
    return [...this.#world.messages.values()].filter(
      (m) => m.visibleTo !== null && !m.deleted && (userId === null || m.visibleTo === userId),
    );
  }

  /**
   * The requests that post a message in a channel, whichever way: on the channel's
   * route, or as a follow-up of an interaction made there (`/webhooks/{app}/{token}`).
   */
  postsIn(channelId: string): RequestMatcher {
    return {
      method: 'POST',
      where: (r) =>
        r.path === `/channels/${channelId}/messages` ||
        (r.route === '/webhooks/:app/:token' && this.interactionByToken(r.params.token)?.channelId === channelId),
    };
  }

  /** The interaction whose token this is, if any. */
  interactionByToken(token: string | undefined): FakeInteraction | undefined {
    return token === undefined ? undefined : this.#byToken.get(token);
  }

  /** Every interaction sent, oldest first. */
  interactions(): FakeInteraction[] {
    return [...this.#interactions.values()];
  }

  /** Interactions with no callback yet (including ones still within their 3 s). */
  unansweredInteractions(): FakeInteraction[] {
    return this.interactions().filter((i) => !i.answered);
  }

  /** Every REST request answered so far, oldest first. */
  get requests(): readonly RequestRecord[] {
    return this.#server.requests;
  }

  // ---- Waiting ---------------------------------------------------------------------

  /** Resolves with the probe's first truthy value, re-checked on every request and gateway event. */
  waitFor<T>(probe: Probe<T>, what = 'a condition', timeoutMs?: number): Promise<T> {
    return this.#waiters.waitFor(probe, what, timeoutMs);
  }

  /** The first request answered from now on that matches. */
  nextRequest(matcher: RequestMatcher, timeoutMs?: number): Promise<RequestRecord> {
    const from = this.#server.requests.length;
    return this.#waiters.waitFor(
      () => this.#server.requests.slice(from).find((r) => matchesRequest(matcher, r)),
      `a request ${describeMatcher(matcher)}`,
      timeoutMs,
    );
  }

  /** The first message that appears in the channel from now on (and matches, if a predicate is given). */
  nextMessage(
    channel: ChannelRef,
    predicate: (m: FakeMessage) => boolean = () => true,
    timeoutMs?: number,
  ): Promise<FakeMessage> {
    const before = new Set(this.messages(channel).map((m) => m.id));
    return this.#waiters.waitFor(
      () => this.messages(channel).find((m) => !before.has(m.id) && predicate(m)),
      `a new message in channel ${idOf(channel)}`,
      timeoutMs,
    );
  }

  /** The message once it has been edited again (by any route), from now on. */
  nextEdit(message: FakeMessage | string, timeoutMs?: number): Promise<FakeMessage> {
    const id = typeof message === 'string' ? message : message.id;
    const edits = this.#world.messages.get(id)?.edits ?? 0;
    return this.#waiters.waitFor(
      () => {
        const now = this.#world.messages.get(id);
        return now && now.edits > edits ? now : null;
      },
      `an edit of message ${id}`,
      timeoutMs,
    );
  }

  // ---- Faults and strictness ----------------------------------------------------------

  /** The next `times` requests matching get the fault (429 with retry_after, 5xx, or a delay). */
  injectFault(match: RequestMatcher, fault: Fault, times = 1): void {
    this.#server.faults.push({ match, fault, remaining: times });
  }

  /** The server's language (what Discord sends as `guild_locale`); users' languages are `user(name).locale`. */
  setGuildLocale(locale: string): void {
    this.#world.guildLocale = locale;
  }

  /** Withdraw every fault still pending (Discord is well again). */
  clearFaults(): void {
    this.#server.faults.length = 0;
  }

  /** Answers matching this are provoked on purpose and are not strict-mode errors; call the result to withdraw it. */
  expectError(expected: ExpectedError): () => void {
    this.#expected.push(expected);
    return () => {
      const at = this.#expected.indexOf(expected);
      if (at >= 0) this.#expected.splice(at, 1);
    };
  }

  /** Fail every wait at once when the watched process dies unexpectedly. */
  watch(target: Watchable): void {
    void target.exited.then(() => {
      const error = target.crashError();
      if (!error) return;
      this.#problem(error.message);
      this.#waiters.failAll(error);
    });
  }

  /**
   * Throws when strict mode saw a problem: unknown routes, unexpected answers
   * >= 400, interactions unanswered in time. Waits first for interactions still
   * inside their deadline, so an answer in flight is not reported.
   */
  async assertClean(): Promise<void> {
    await this.#waiters
      .waitFor(
        () => this.interactions().every((i) => i.answered || i.expired),
        'pending interactions to be answered',
        this.#limits.interactionDeadlineMs + 1000,
      )
      .catch(() => undefined);
    if (this.errors.length > 0)
      throw new Error(`the fake Discord saw ${this.errors.length} problem(s):\n- ${this.errors.join('\n- ')}`);
  }

  #problem(problem: string): void {
    if (this.#strict) this.errors.push(problem);
  }

  /** A summary for timeout messages: recent requests, the gateway, open interactions. */
  describe(): string {
    const recent = this.#server.requests
      .slice(-15)
      .map(
        (r) =>
          `  ${r.method} ${r.path} -> ${r.status}${r.fault ? ` (${r.fault})` : ''}${r.limited ? ` (rate limited: ${r.limited})` : ''}`,
      );
    const limited = this.#server.requests.filter((r) => r.limited !== null);
    const open = this.unansweredInteractions().map((i) => `  ${i.label}${i.expired ? ' (expired)' : ''}`);
    const ids = [
      ...this.#world.channels.keys(),
      ...this.#world.dmChannels.keys(),
      ...this.#world.groupDms.keys(),
      ...this.#world.foreignChannels.keys(),
    ];
    const channels = ids.map(
      (id) => `  ${describePlace(this.#world, this.#placeOf(id))} (${id}): ${this.messages(id).length} messages`,
    );
    return [
      `gateway: ${this.#gateway.isReady ? 'ready' : 'not connected'} (identifies ${this.#gateway.identifies}, resumes ${this.#gateway.resumes})`,
      `last requests (${this.#server.requests.length} in all, ${limited.length} refused by rate limits: ${limited.filter((r) => r.limited === 'global').length} global):`,
      ...(recent.length ? recent : ['  none']),
      `unanswered interactions: ${open.length ? `\n${open.join('\n')}` : 'none'}`,
      'channels:',
      ...channels,
      ...(this.errors.length ? ['strict-mode problems:', ...this.errors.map((e) => `  ${e}`)] : []),
    ].join('\n');
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#waiters.failAll(new Error('the fake Discord was closed'));
    await this.#gateway.close();
    this.#server.http.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.http.close(() => resolve()));
  }
}

/** A channel or thread, by id or as an object that has one (a FakeChannel, or a starter message for its thread). */
export type ChannelRef = string | { readonly id: string };

function idOf(channel: ChannelRef): string {
  return typeof channel === 'string' ? channel : channel.id;
}

function isExpectedError(e: ExpectedError, r: RequestRecord): boolean {
  if (e.status !== undefined && e.status !== r.status) return false;
  const code = (r.response as { code?: unknown } | undefined)?.code;
  if (e.code !== undefined && e.code !== code) return false;
  return matchesRequest(e, r);
}

function describeMatcher(m: RequestMatcher): string {
  return [m.method ?? 'ANY', m.path ? String(m.path) : '(any path)', m.where ? '(with a condition)' : '']
    .join(' ')
    .trim();
}

export function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  return FakeDiscord.start(opts);
}
