/**
 * Client start-up: the discord.js client pointed at the configured API, the store,
 * the AI worker pool, the router; on ready, every running game the store lists is
 * resumed (services/resume.ts). And the graceful stop: what is running is let finish
 * (within a grace), nothing new is started, then everything is closed.
 */
import { Client, Events, GatewayIntentBits, Options, type ClientOptions } from 'discord.js';
import { AiPool } from '../../ai/index.js';
import type { Config } from '../../config.js';
import { openStore } from '../../store/index.js';
import type { Bot } from '../bot.js';
import { errorText, type Logger } from '../../runtime/log.js';
import { resumeGames } from '../services/resume.js';
import { threadUpdated } from '../services/locked.js';
import * as clock from '../../runtime/clock.js';
import { LanedREST } from '../wire/rest.js';
import { DiscordPlaces } from '../services/places.js';
import { ThreadWebhooks } from '../wire/followups.js';
import { TableDriver } from '../services/driver.js';
import { DailyPoster } from '../services/daily.js';
import { LeagueRunner } from '../services/leagues.js';
import { SeasonKeeper } from '../services/seasons.js';
import { InFlight, route, type Command } from './router.js';
import { picturesWaiting, usePictureWorkers } from '../../render/pool.js';
import { fetchAppEmojis } from './emojis.js';
import { LoadGauge, processReadings } from '../../runtime/busy.js';
import { tuneAllocators } from '../../runtime/memory.js';
import { answerProbes } from '../../runtime/probe.js';
import { ActivityServer } from '../activity/server.js';
import { offerLiveBoard } from '../messages/live.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often a stop looks whether the work in flight is done. */
const DRAIN_POLL_MS = 20;

export interface RunningBot {
  readonly bot: Bot;
  /**
   * Stop: from now on new interactions are turned away (a short "restarting" answer)
   * and no computer or timer move is started; what is running (clicks being
   * answered, moves being saved and posted) gets up to `graceMs` to finish; then the
   * Discord client, the AI workers and the store are closed. Resolves with how much
   * was still running when the grace ended (0: nothing was cut short).
   */
  stop(graceMs?: number): Promise<number>;
}

/** How often archived threads leave the cache, and how long after their archiving (seconds). */
const ARCHIVED_THREAD_SWEEP_S = 600;

/**
 * What discord.js keeps, for a bot that reads nothing but its guilds, their channels
 * and its game threads: messages, members and users come with every interaction
 * that needs them and are never read back from a cache, so none is kept (but the
 * bot's own member and user, for permissions); no presences, reactions, emojis,
 * stickers, voice states, invites, bans or events. Archived threads (a game's
 * thread once the game is over) leave the cache ten minutes after archiving.
 * Memory then follows the guilds and the running games, not every message and
 * player the bot has ever seen.
 */
export function cacheOptions(): Pick<ClientOptions, 'makeCache' | 'sweepers'> {
  const none = 0;
  return {
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: none,
      GuildMemberManager: { maxSize: none, keepOverLimit: (member) => member.id === member.client.user?.id },
      UserManager: { maxSize: none, keepOverLimit: (user) => user.id === user.client.user?.id },
      ThreadMemberManager: none,
      PresenceManager: none,
      ReactionManager: none,
      ReactionUserManager: none,
      VoiceStateManager: none,
      StageInstanceManager: none,
      GuildEmojiManager: none,
      BaseGuildEmojiManager: none,
      GuildStickerManager: none,
      GuildScheduledEventManager: none,
      GuildInviteManager: none,
      GuildBanManager: none,
      AutoModerationRuleManager: none,
      ApplicationEmojiManager: none,
      EntitlementManager: none,
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      threads: { interval: ARCHIVED_THREAD_SWEEP_S, lifetime: ARCHIVED_THREAD_SWEEP_S },
    },
  };
}

/**
 * The shards this process connects: those listed (SHARDS from the sharding manager,
 * or SHARD_LIST), else every shard of SHARD_COUNT ('auto': Discord's recommendation).
 * The global REST limit is the bot's, whatever its processes: this one takes its
 * shards' share of it.
 */
export function shardOptions(
  config: Config,
): Pick<ClientOptions, 'shards' | 'shardCount'> & { readonly restRps: number } {
  const { shardCount: count, shardList: list } = config;
  if (list !== null && count === 'auto')
    throw new Error("SHARD_LIST needs the bot's total SHARD_COUNT (a number) to know which guilds are its shards");
  if (count === 'auto') return { shards: 'auto', restRps: config.restRps };
  const share = list === null ? 1 : list.length / count;
  return {
    ...(list === null ? {} : { shards: [...list] }),
    shardCount: count,
    restRps: Math.max(1, Math.floor(config.restRps * share)),
  };
}

/**
 * Does this process drive the games of this guild? Exactly one process does: the one
 * connecting the guild's shard, Discord's `(guild_id >> 22) % shard_count`, which
 * also gets the guild's clicks.
 */
export function ownsGuild(client: Client, guildId: string): boolean {
  const { shards, shardCount = 1 } = client.options;
  if (!Array.isArray(shards) || shardCount <= 1) return true;
  // Discord sends what happens outside servers (DMs, group DMs) to shard 0.
  if (!/^\d+$/.test(guildId)) return shards.includes(0);
  return shards.includes(Number((BigInt(guildId) >> 22n) % BigInt(shardCount)));
}

/** Resolves once `busy()` is 0, or when `ms` have passed: with what `busy()` is then. */
async function drained(busy: () => number, ms: number): Promise<number> {
  const until = Date.now() + ms;
  while (busy() > 0 && Date.now() < until) {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.min(DRAIN_POLL_MS, Math.max(0, until - Date.now()))));
  }
  return busy();
}

/**
 * What discord.js does to a component, embed or modal given as plain data before
 * sending it: nothing. Ours are built as Discord's JSON already (messages/components.ts,
 * typed by discord-api-types), and discord.js's default (`toSnakeCase`) renamed every
 * key of every one anew, by lodash's word splitting: 8% of the main thread's
 * allocations at 400 games (a panel's menu has 25 spots).
 */
const sentAsWritten = <T>(data: T): T => data;

/** The discord.js client for our settings and shards, its interaction endpoints in their own lane (wire/rest.ts). */
function newClient(config: Config): Client {
  const { restRps, ...shards } = shardOptions(config);
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: config.apiBase, globalRequestsPerSecond: restRps },
    jsonTransformer: sentAsWritten,
    ...shards,
    ...cacheOptions(),
  });
  client.rest.clearHashSweeper();
  client.rest.clearHandlerSweeper();
  client.rest = new LanedREST(client.options.rest);
  return client;
}

/** Resolves once the client is ready, which is logged. */
function loggedIn(client: Client, store: string, log: Logger): Promise<void> {
  return new Promise<void>((resolve) =>
    client.once(Events.ClientReady, (c) => {
      const ids = c.options.shards;
      log.info('logged in', {
        user: c.user.tag,
        guilds: c.guilds.cache.size,
        store,
        shards: Array.isArray(ids) ? ids.join(',') : null,
        of: c.options.shardCount,
      });
      resolve();
    }),
  );
}

/** What runs on the bot's clock besides the games: the daily post, the leagues' rounds, the seasons. */
function startClocked(bot: Bot): { stop(): void } {
  const services = [new DailyPoster(bot), new LeagueRunner(bot), new SeasonKeeper(bot)];
  for (const service of services) service.start();
  return { stop: () => services.forEach((service) => service.stop()) };
}

export async function startBot(config: Config, commands: readonly Command[], log: Logger): Promise<RunningBot> {
  tuneAllocators();
  const store = await openStore({
    dataDir: config.dataDir,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    finishedTtlMs: config.finishedGameTtlDays * DAY_MS,
    // When a table is due, on the clock its turns run on.
    now: clock.now,
    timing: config,
  });
  const client = newClient(config);
  const load = new LoadGauge(processReadings(config.cores, picturesWaiting));
  const ai = new AiPool({ size: config.cores - 1, spareLately: () => load.spareLately() });
  usePictureWorkers(config.cores);
  const driver: TableDriver = new TableDriver(() => bot);
  const places = new DiscordPlaces(client, new ThreadWebhooks(client), log);
  const owns = (guildId: string): boolean => ownsGuild(client, guildId);
  const bot: Bot = { config, client, store, ai, log, driver, places, owns, load };
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  const inFlight = new InFlight();

  client.on(Events.InteractionCreate, (interaction) => void route(bot, byName, interaction, inFlight));
  // A game waiting for its locked thread goes on once a moderator unlocks it.
  client.on(Events.ThreadUpdate, (_before, thread) => void threadUpdated(bot, thread));
  client.on(Events.Error, (error) => log.error('discord client error', { error: errorText(error) }));
  client.on(Events.Warn, (message) => log.warn(message));
  const ready = loggedIn(client, store.kind, log);
  await client.login(config.token);
  await ready;
  await fetchAppEmojis(client, log);
  // Then, every so often, the tables that fall due (turn deadlines days away are not held meanwhile).
  await resumeGames(bot, driver);
  // The live board, when configured: every table the driver sees change goes to its pages.
  const activity =
    config.activity && (await ActivityServer.start(bot, config.activity.clientSecret, config.activity.port));
  offerLiveBoard(activity !== null);
  if (activity) driver.watch((table) => activity.changed(table));
  answerProbes(() => ({
    ...store.counts(),
    timers: driver.armed(),
    driving: driver.pending(),
    ...activity?.figures(),
  }));
  const clocked = startClocked(bot);

  return {
    bot,
    async stop(graceMs = 0) {
      inFlight.close();
      driver.stop();
      clocked.stop();
      // Clicks being answered (a move: its save and its posts), and the driver's steps under way.
      const left = await drained(() => inFlight.running + driver.pending(), graceMs);
      places.stop();
      await activity?.stop();
      await client.destroy();
      await ai.close();
      await store.close();
      return left;
    },
  };
}
