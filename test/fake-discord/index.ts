/**
 * # A fake Discord for tests
 *
 * REST v10 and a JSON gateway on 127.0.0.1 that the real, unmodified discord.js
 * client logs in to. It keeps a small world (one guild, text channels, threads,
 * users, messages with their attachments' bytes) and answers like Discord,
 * status codes, error codes and permission checks included. Facts it respects:
 * /work/shared/notes/discord-testing.md.
 *
 * ## Start it, point the bot at it
 * ```ts
 * const discord = await startFakeDiscord({
 *   users: ['alice', 'bob', { username: 'mod', moderator: true }],   // default: alice bob carol dave erin
 *   channels: ['kingdomino', { name: 'no-threads', deny: ['CreatePublicThreads'] }],
 *   // botPermissions: [...]  guild-wide bot role (default DEFAULT_BOT_PERMISSIONS)
 * });
 * // child process (end-to-end): env DISCORD_API_BASE, DISCORD_TOKEN, DISCORD_APPLICATION_ID,
 * // DISCORD_GUILD_ID and DISCORD_REST_RPS=1000 (the client's own global limiter, raised: the fake
 * // enforces Discord's 50/s itself and answers 429 global, which the client waits out and retries)
 * const bot = startBot({ env: { ...discord.env(), DATA_DIR: tmp } });   // ./bot-process.ts
 * discord.watch(bot);                 // a crash fails every wait at once, with the bot's stderr
 * // or in process: new Client({ intents, ...discord.clientOptions() }).login(discord.token)
 * await discord.waitForReady();       // HELLO, IDENTIFY, READY, GUILD_CREATE done
 * ```
 * `discord.apiBase` is `http://127.0.0.1:PORT/api`; also `token` (shaped like a real
 * one, so log redaction is exercised), `applicationId` (= the bot user's id),
 * `guildId` (= the @everyone role's id), `bot`, `channel` (the first text channel),
 * `user('alice')` (by name or id; the guild owner is a separate user `owner`, with
 * every permission), `channelNamed('no-threads')`. Users with `moderator: true`
 * get a role with Manage Threads and Manage Messages. Ids are real snowflakes.
 *
 * Register the bot's commands in the fake (`discord.registerCommands(defs)`) or
 * wait for the bot's own PUT: options are then typed and checked from the
 * definitions (a Number option stays a Number even for 3); without a definition
 * they are inferred from the JS values. Once any command is registered, a user
 * can only run registered ones (as on Discord).
 *
 * ## Act as users
 * ```ts
 * const start = await discord.slashCommand({ user: 'alice', name: 'kingdomino', subcommand: 'start', options: { players: 4 } });
 * const lobby = await start.reply();                  // the reply once final (after a deferral too)
 * const join = await discord.click(lobby, 'lobby:join:...', 'bob');   // checks the button exists and is enabled
 * await join.response();                              // {type: 4|5|6|7|9, data, files, ms}
 * const updated = await join.reply();                 // the lobby after a type-7 update (or after the edit following a 6)
 * const panel = await (await discord.click(turn, id, 'alice')).reply();   // an ephemeral reply: panel.ephemeral
 * await discord.click(msg, 'forged:id', 'carol', { force: true });       // forged / stale custom_id
 * discord.select(message, customId, ['value'], user); discord.submitModal(openerInteraction, { field: 'text' });
 * ```
 * `discord.say(thread, 'alice', 'hello')` writes a message as a user (refused in a locked
 * thread unless the user has Manage Threads; it unarchives an archived thread that is not
 * locked).
 * A FakeUser option value is a USER option. Each call returns a FakeInteraction:
 * `response()`, `reply()`, `edited(n)`, `followUp(i)`, `modal()`, `messages()`,
 * `answered`, `callback.ms`, `owners`. Payloads come from one template per place typed against
 * APIInteraction (entitlements, authorizing_integration_owners, context, member.user or user,
 * channel, message, app_permissions, locale, ...).
 *
 * ## See what Discord shows
 * Messages are live objects: one you hold shows later edits.
 * `discord.messages(channel?)` (id or object; not ephemeral, not deleted, oldest first):
 * FakeMessage with `content`, `embeds`, `components`, `text` (content + embeds +
 * text displays), `buttons()`, `button(/Join/)`, `attachments` (`bytes`, `isPng`,
 * `width`, `height`), `pngs()`, `flags`, `ephemeral`, `loading`, `edits`, `threadId`,
 * `pinged` (user ids the message notified when posted: `<@id>` mentions that
 * allowed_mentions let through; edits and ephemeral messages notify nobody), `silent`
 * (sent with SUPPRESS_NOTIFICATIONS, @silent: those pinged see the mention, without a
 * push or desktop notification; a create may set it, an edit neither sets nor clears it).
 * `discord.thread(idOrName)`, `discord.threads(parentId?)` (a thread started
 * from a message has that message's id), `discord.ephemeralMessages(user?)`,
 * `discord.message(id)`, `discord.interactions()`, `discord.unansweredInteractions()`,
 * `discord.requests` (every REST call with parsed body and files),
 * `discord.commands({ global? })`.
 *
 * ## Wait for things (event-driven; a timeout lists what did arrive)
 * `await discord.nextMessage(threadId, m => m.pngs().length > 0)` (new messages only),
 * `await discord.nextEdit(message)`,
 * `await discord.nextRequest({ method: 'POST', path: '/channels/:channel/messages' })`,
 * `await discord.waitFor(() => discord.thread(lobby.id), 'the game thread')`.
 * Default timeout 10 s (`waitTimeoutMs`).
 *
 * ## Faults
 * `discord.injectFault({ method: 'POST', path: /\/messages$/ }, { kind: 'rate-limit', retryAfterMs: 100 })`,
 * `{ kind: 'server-error', status: 502 }`, `{ kind: 'slow', delayMs: 500 }` (answered and
 * carried out late: past discord.js's 15 s timeout it lands after the client gave up),
 * `{ kind: 'late', delayMs: 50 }` (carried out and seen by the test at once, its answer
 * reaching the client after the delay: the client acts on what it does not know yet),
 * `{ kind: 'no-answer' }` (lost: never carried out nor answered until the client gives
 * up; recorded with status 0); optional count, default 1. `await discord.dropGateway()`
 * cuts the connection and resolves when the client has resumed; `dropGateway({ resumable: false })` forces a new IDENTIFY.
 * `discord.setBotChannelPermissions(channelId, { deny: ['AttachFiles'] })` and
 * `discord.setBotPermissions([...])` change permissions live (the client is told).
 * `discord.gatewayStats` counts identifies and resumes.
 *
 * ## Discord's limits (always on, Discord's figures by default: ./limits.ts)
 * - Global: 50 requests per second per bot token on every route but the interaction
 *   endpoints (the callback and `/webhooks/{app}/{token}...` are exempt, as on
 *   Discord). Over it: 429 `{message, retry_after, global: true}` with `Retry-After`
 *   (whole seconds), `X-RateLimit-Global: true`, `X-RateLimit-Scope: global`.
 * - Per-route buckets, announced on every response (`X-RateLimit-Limit`, `-Remaining`,
 *   `-Reset`, `-Reset-After`, `-Bucket`): message posts 5 per 5 s per channel (a
 *   thread is a channel), edits 5 per 5 s, deletes 5 per 1 s, thread creation 5 per
 *   5 s per parent channel (an assumption), interaction webhooks 5 per 2 s per token,
 *   other routes 50 per 1 s per route and channel/guild. Over one: 429 with
 *   `global: false` and `X-RateLimit-Scope: user`. discord.js reads the headers and
 *   waits; a 429 is not a strict-mode error (the client is expected to retry), but
 *   every request records `bucket`, `global` (counted against the global limit) and
 *   `limited` ('global' | 'user' | 'shared' | null) in `discord.requests`.
 * - Webhook messages per channel (interaction follow-ups included, whatever the token):
 *   30 per minute, shared by everyone posting there. Over it: 429 with
 *   `X-RateLimit-Scope: shared`, body `{message: 'The resource is being rate limited.',
 *   retry_after, global: false}`; not counted as an invalid request, as on Discord.
 * - A channel the bot cannot see (no View Channel, e.g. `setBotChannelPermissions(id,
 *   { deny: ['ViewChannel'] })`): every channel route about it or its threads answers
 *   403 / 50001 Missing Access.
 * - An interaction's first answer must come within 3 s (else 404 / 10062, and the
 *   token is dead: 404 / 10015); its token works 15 minutes (then 401 / 50027
 *   Invalid Webhook Token).
 * - More than 10,000 answers 401/403/429 (but scope `shared`) in 10 minutes is a strict-mode error
 *   (Discord bans the IP); `discord.invalidRequests` counts them.
 * Change them with `startFakeDiscord({ limits: { messageCreate: { limit: 2 } } })` or
 * `const restore = discord.setLimits({ global: { limit: 5, windowMs: 200 } })`; read
 * `discord.limits`. `discord.advanceClock(ms)` moves the fake's clock (`discord.now()`)
 * forward: windows reset, deadlines and token lifetimes pass, without waiting.
 *
 * ## Archived and locked threads (discord/discord-api-docs: topics/threads)
 * PATCH /channels/{thread} with `archived`/`locked` (locking needs Manage Threads; an
 * archived thread refuses any other change unless the request unarchives it: 50083; its
 * creator may unarchive it even locked). In an archived thread, message edits and the
 * public answers of interactions (messages, deferrals, updates; private ones are shown)
 * get 400 / 50083; posting unarchives it unless it is locked (50083). In a locked thread,
 * creating or editing a message needs Manage Threads (else 403 / 160005). Users' clients:
 * components in a locked thread cannot be used (`click` throws unless `force`); a click
 * in an archived thread unarchives it first, as the user.
 *
 * ## Several guilds, a sharded bot (./gateway.ts, ./shards.test.ts)
 * `startFakeDiscord({ guilds: 4 })`: `discord.guildIds` (the first is `guildId`), each with
 * the same users and roles and the channels named `<name>-<k>` (`discord.channelOf(guildId)`);
 * their ids are a millisecond apart, so they spread over shards. A client identifying with
 * `shard: [id, count]` (discord.js `shards`/`shardCount`, or `npm run start:sharded`) gets its
 * own session, READY and GUILD_CREATE for its shard's guilds only (`shardOf(guildId, count)`
 * in ./world.ts: `(guild_id >> 22) % count`), and every event about a guild goes to that
 * shard. `waitForReady()` waits for every shard, `waitForShard(guildId)` for one;
 * `discord.shardCount`. A restarted shard identifies again and takes its guilds back.
 *
 * ## Beyond the bot's guild: DMs, group DMs, servers without the bot (./places.test.ts)
 * - `users: [{ username: 'stranger', member: false }]`: a user who shares no server with the
 *   bot (not in GUILD_CREATE; GET member 404 / 10007). `discord.installForUser(user, installed = true)`:
 *   the user installed the app to their account (integration type 1). The bot's DMs (POST
 *   /users/@me/channels, then a message) to a user who neither shares a server nor installed it:
 *   403 / 50007, like `refuseDms(user)`.
 * - The bot's DM: `discord.dmChannelOf(user)` (its id, opened once, the same as Create DM gives).
 *   A full channel: GET /channels/:id (type DM, recipients: the user; discord.js's
 *   `client.channels.fetch(id)` gives a DMChannel), its history (limit/before/after), one message,
 *   PATCH and DELETE of the bot's messages, typing. No threads there and nobody deletes the other's
 *   messages: 403 / 50003 Cannot execute action on a DM channel (Discord documents the code, not the
 *   status). The bot hears its DM's MESSAGE_* events only with the Direct Messages intent (and
 *   without a guild_id).
 * - `discord.say(id, user, text)` also writes in the bot's DM, a group DM or a server without the
 *   bot, as a user who is there (the DM's user, a recipient, anyone); the bot hears nothing of the
 *   latter two.
 * - `discord.groupDm(['alice', 'bob'], name?)`: a group DM (ChannelType.GroupDM, recipients, the
 *   first user its owner), id returned. The bot is not in it: every route under
 *   /channels/{id} (channel, messages, typing, threads, pins, unknown ones too) answers 403 / 50001
 *   Missing Access, and it hears no event from it.
 * - `discord.foreignChannel({ useExternalApps = true })`: a text channel of a server without the bot
 *   (not in READY or GUILD_CREATE; every route 403 / 50001), id returned.
 *   `discord.setUseExternalApps(channelId, allowed)` flips its "Use External Apps" for everyone.
 * `discord.messages(id)` shows what everyone sees in any of them.
 *
 * ### Interactions there (./contexts.ts)
 * `discord.slashCommand({ user, channel, name, ... })` takes any of these channel ids and builds
 * the payload of that context: a guild channel or thread (context 0, `member`, the guild), the bot's
 * DM (context 1, `user`, channel type DM with the recipient, no guild_id), a group DM (context 2,
 * `user`, channel type GroupDM with `recipients`), a server without the bot (context 0, its own
 * guild_id, `member` whose `permissions` has UseExternalApps iff the switch is on). app_permissions:
 * the bot's in its guilds; in its DM View/Send/Embed/Attach/Read History/Add Reactions; where it is
 * only user-installed (group DM, server without it) View/Send/Embed/Attach/Read History/Use External
 * Emojis (an assumption: the docs do not list them). discord.js keeps a group DM's channel for
 * `interaction.channel` only with `partials: [Partials.Channel]`.
 * Like Discord's client, it offers a command only where it may be used (else it throws a test error
 * saying why): the user must be there (a member in the bot's guild, the user of that DM, a recipient
 * of the group DM); a registered command's `contexts` must include the context, and an install it
 * allows (`integration_types`) must reach the user there: the guild install (0) in the bot's guilds,
 * and in the bot's DM for a user who shares a server with it; the user install (1) anywhere once
 * `installForUser(user)`. A guild command is offered in the bot's guilds only (contexts and
 * integration types apply to global commands: register with `{ global: true }`); a global command
 * without `integration_types` is taken as guild install only (the app's default, assumed); without
 * any registered command every context and both installs are allowed. The interaction's
 * `authorizing_integration_owners` (`interaction.owners`) has "0" (the guild's id, or "0" in the
 * bot's DM) and/or "1" (the user's id) for the installs that reached the user and the command allows.
 * `discord.click/select` work on messages there too: in a group DM anyone in it may click (installed
 * or not), in the bot's DM only its user; a click's owners are those of the interaction that made the
 * message (a message the bot posted itself: its guild install's, or in its DM the installs that
 * reach the user, docs silent).
 * Answers go through the interaction only (callback types 4/5/6/7/9, @original GET/PATCH/DELETE,
 * follow-ups), with the 15-minute token (401 / 50027) on every webhook route. Where the owners have no
 * "0" (only user-installed there), the 6th follow-up answers 400 / 40094 "This interaction has hit
 * the maximum number of follow up messages". In a server without the bot whose channel denies Use
 * External Apps, messages of callbacks 4/5 and follow-ups are made ephemeral (shown to the user
 * alone), as Discord forces them; updates (type 7, edits) are left as they are (the docs are silent).
 *
 * ## Strict mode (default on)
 * Unknown routes, answers >= 400 the test did not announce with
 * `discord.expectError({ status: 403, code: 50013, path? })` (it returns a function
 * that withdraws the expectation), and interactions not
 * answered within 3 s (`interactionDeadlineMs`; a later callback gets 10062 as on
 * Discord) are recorded in `discord.errors`; `await discord.assertClean()` throws
 * with the list (it first lets interactions in flight finish). Injected faults are
 * never errors. Permission checks answer 403 / 50013 as Discord does: sending
 * (SendMessages, or SendMessagesInThreads in threads), AttachFiles for uploads,
 * CreatePublicThreads, ReadMessageHistory, ManageMessages/ManageThreads.
 * Messages are validated against Discord's limits (2000 characters, 5 rows of 5
 * buttons, 100-character unique custom_ids, 10 embeds/files, ...): 400 / 50035.
 *
 * ## The bot as a child process (./bot-process.ts)
 * `startBot({ entry = BOT_ENTRY, env, cwd, echo })` runs `node entry` (the compiled bot);
 * `bot.stdout`/`stderr`, `await bot.waitForOutput(/ready/)`, `await bot.race(promise)`
 * (fails with the child's stderr if it exits first), `bot.assertRunning()`,
 * `await bot.kill()` (SIGKILL, waits for the exit), `await bot.stop()` (SIGTERM),
 * `bot.exit`. `discord.watch(bot)` makes every wait fail at once when it crashes.
 * BOT_LOG=1 copies its output to the test's stderr.
 *
 * `await discord.close()` at the end. FAKE_DISCORD_LOG=1 prints every request.
 */
export { FakeDiscord, startFakeDiscord } from './fake.js';
export type { ChannelRef, ClickOptions, ExpectedError, FakeDiscordOptions, Watchable } from './fake.js';
export { FakeInteraction } from './interactions.js';
export type { CallbackRecord, ModalRecord, OptionValue, SentInteraction, SlashCommandInput } from './interactions.js';
export type { Owners } from './contexts.js';
export { FakeMessage } from './model.js';
export type { FakeAttachment, FakeChannel, FakeUser, ForeignChannel, FoundComponent, GroupDm, Place } from './model.js';
export { DEFAULT_BOT_PERMISSIONS, EVERYONE_PERMISSIONS, type PermissionName } from './permissions.js';
export type { Fault, RequestMatcher, RequestRecord } from './server.js';
export { DISCORD_LIMITS, type LimitOverrides, type LimitSettings, type Rate } from './limits.js';
export { snowflakeTime } from './snowflake.js';
export {
  BOT_ENTRY,
  BotProcess,
  buildBot,
  DEPLOY_ENTRY,
  nodeArgs,
  SHARDS_ENTRY,
  startBot,
  type BotProcessOptions,
  type ExitInfo,
} from './bot-process.js';
export type { ChannelPermissionChange, ChannelSpec, UserSpec } from './world.js';
