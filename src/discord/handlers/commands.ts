/** What the /kingdomino subcommands do; commands/kingdomino.ts only declares and dispatches them. */
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { ChatInputCommandInteraction, GuildMember } from 'discord.js';
import { toRecord, type AiLevel, type GameState } from '../../game/index.js';
import { keep, save, type DailyUser } from '../../store/index.js';
import {
  aiSeats,
  cancelGame,
  HOMES,
  homeOf,
  newLobby,
  NO_SERVER,
  showing,
  shownAgain,
  type Home,
  type Table,
  type TableSettings,
} from '../../table/index.js';
import { t } from '../../i18n/index.js';
import { inLocale, localeFor, type Locale } from '../../i18n/index.js';
import type { PlayerPace } from '../../store/index.js';
import { dailyDay, RANKED_AFTER_GAMES, ratingTrend, streakOn, type PlayerRating } from '../../table/index.js';
import { answer, privately, publicly, type Answer } from '../wire/answer.js';
import { reachOf } from '../wire/context.js';
import type { Bot } from '../bot.js';
import { openMenu } from './moderation.js';
import { lobbyAsAnswer } from './lobby.js';
import { botPermissions, FOR_GAME, inviteLink, missing, missingText } from '../wire/permissions.js';
import { boardMessage, endMessage } from '../messages/board.js';
import { withThreadOpen } from '../services/archive.js';
import { postReplay } from './replay.js';
import { gameLocale, inGameLocale } from '../messages/locale.js';
import { aiSeatName, humanSeatOf } from '../messages/seats.js';
import { homeView } from '../messages/one-message.js';
import { pacedSeat } from '../services/notify.js';
import { rulesText } from '../messages/rules.js';
import { paceWithin, refusalText } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';

export interface StartOptions {
  readonly aiSeats: number;
  readonly aiLevel: AiLevel;
  readonly settings: TableSettings;
}

function displayName(interaction: ChatInputCommandInteraction): string {
  const member = interaction.member as GuildMember | null;
  return member?.displayName ?? interaction.user.globalName ?? interaction.user.username;
}

function isModerator(interaction: ChatInputCommandInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false;
}

/** Where a game started by this command lives, or why none can start here. */
function homeFor(interaction: ChatInputCommandInteraction): Home | string {
  switch (reachOf(interaction)) {
    case 'bot-dm':
      return 'dm';
    case 'private':
    case 'foreign':
      return 'message';
    case 'foreign-private':
      return t('command.privateOnly', { link: inviteLink(interaction.applicationId) });
    case 'server':
      return homeInServer(interaction);
  }
}

/** A server that added the bot: the game's thread opens on its lobby, which needs a channel and the bot's permissions there. */
function homeInServer(interaction: ChatInputCommandInteraction): Home | string {
  if (!interaction.channel) return t('command.serverOnly');
  if (interaction.channel.isThread()) return t('command.notInThread');
  const lacking = missing(botPermissions(interaction), FOR_GAME);
  return lacking.length > 0 ? missingText(lacking, t('permission.where.here')) : 'thread';
}

/** /kingdomino start: the lobby, as a public reply whose message id becomes the table's key. */
export async function startCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  options: StartOptions,
): Promise<void> {
  const home = homeFor(interaction);
  if (!isHome(home)) {
    await interaction.reply({ content: home, flags: MessageFlags.Ephemeral });
    return;
  }
  const host = await pacedSeat(bot, humanSeatOf({ userId: interaction.user.id, userName: displayName(interaction) }));
  const table = await lobbyAsAnswer(bot, interaction, (messageId) =>
    newLobby({
      id: messageId,
      // A server's game counts on its ladder (a server without the bot's too); DMs' on the ladder of no server.
      guildId: interaction.guildId ?? NO_SERVER,
      channelId: interaction.channelId,
      host,
      others: aiSeats(
        options.aiSeats,
        options.aiLevel,
        inGameLocale(options, () => aiSeatName(options.aiLevel)),
      ),
      settings: options.settings,
      now: clock.now(),
      home,
    }),
  );
  if (!table) return;
  bot.log.info('lobby opened', {
    guild: table.guildId,
    channel: interaction.channelId,
    game: table.id,
    user: interaction.user.id,
    home,
  });
}

function isHome(home: Home | string): home is Home {
  return (HOMES as readonly string[]).includes(home);
}

async function loadHere(bot: Bot, interaction: ChatInputCommandInteraction): Promise<Table | null> {
  const loaded = await bot.store.get(interaction.channelId);
  if (loaded.kind === 'found') return loaded.table;
  // Away from threads a channel holds its games itself (a DM, a group DM): the caller's latest there.
  if (reachOf(interaction) === 'server') return null;
  const mine = (await bot.store.tablesOf(interaction.user.id)).filter(
    (table) => table.messages.lobbyChannelId === interaction.channelId,
  );
  return [...mine].sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

/**
 * /kingdomino status: the current board and prompt again, or the final result. The
 * board shown again becomes the live turn message (its button works; the one before
 * it is cleared), so no button stays live after its turn.
 */
export async function statusCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  let shown: { readonly tableId: string; readonly turn: number } | null = null;
  await answer(interaction, 'public', async (): Promise<Answer> => {
    const table = await loadHere(bot, interaction);
    if (!table) return privately(t('command.notAGame'));
    if (table.status === 'lobby') return privately(t('table.notStarted'));
    if (table.status === 'cancelled' || !table.game) return privately(t('game.cancelled'));
    // A one-message game's board lives in its message (Show the table there): here, a private look.
    if (homeOf(table) === 'message' && table.status === 'playing')
      return { kind: 'private', message: { ...(await boardMessage(table, [])), components: [] } };
    if (table.status === 'playing') {
      shown = { tableId: table.id, turn: table.game.turn };
      // Tracked as being shown until the board is known: a process dying meanwhile leaves its button to be found.
      const { table: marked } = await bot.store.update(
        table.id,
        (current) => save(showing(current, clock.now())),
        table,
      );
      // A board still owed (Discord was failing): try again now.
      bot.driver.changed(table.id, marked);
      return publicly(homeView(table, await boardMessage(table, [])));
    }
    // The end as the thread was told it: the last game's, with the Dynasty's totals.
    const end = await endMessage(table, table.dynasty?.length ?? null, null);
    return end ? publicly(end) : privately(t('game.over'));
  });
  if (shown) await keepTrackOf(bot, interaction, shown);
}

/** The status board is the live turn message now (or, if a move came meanwhile, its button is cleared). */
async function keepTrackOf(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  shown: { readonly tableId: string; readonly turn: number },
): Promise<void> {
  const reply = await interaction.fetchReply();
  const { table } = await bot.store.update(shown.tableId, (current) => save(shownAgain(current, reply.id, shown.turn)));
  await bot.driver.settle(shown.tableId, table);
}

/** /kingdomino rules: privately, in the reader's language. */
export async function rulesCommand(interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.reply({ content: rulesText(localeFor(interaction.locale)), flags: MessageFlags.Ephemeral });
}

/** /kingdomino cancel, in the game's thread: host or moderator. */
export function cancelCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const here = await loadHere(bot, interaction);
    if (!here) return privately(t('command.notAGameLobby'));
    const userId = interaction.user.id;
    const { value, table } = await bot.store.update(
      here.id,
      (current) => {
        const cancelled = cancelGame(current, { userId, moderator: isModerator(interaction) }, clock.now());
        return cancelled.ok ? save(cancelled.value, null) : keep(refusalText(cancelled.refusal, current.seats));
      },
      here,
    );
    if (value !== null) return privately(value);
    bot.driver.changed(here.id, table);
    bot.log.info('game cancelled', { guild: here.guildId, game: here.id, user: userId });
    return publicly({ content: t('command.cancelled', { userId }), allowedMentions: { parse: [] } });
  });
}

/**
 * /kingdomino replay [game]: the game's animated replay posted in its thread, once it
 * is over (replay.ts); in an archived thread, opened for the post, as a click is.
 */
export async function replayCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  game: number | null,
): Promise<void> {
  // Away from threads, the caller's latest game in this DM or group DM.
  if (reachOf(interaction) !== 'server') {
    const here = await loadHere(bot, interaction);
    return postReplay(bot, interaction, { tableId: here?.id ?? interaction.channelId, game });
  }
  const post = (): Promise<void> => postReplay(bot, interaction, { tableId: interaction.channelId, game });
  return withThreadOpen(bot, interaction.channelId, interaction.channel, post);
}

/** /kingdomino record: the game record(s) as JSON files, once the game is over (the record holds the seed, which would reveal the draw pile). */
export function recordCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const table = await loadHere(bot, interaction);
    if (!table || table.status === 'lobby' || !table.game) return privately(t('command.notAGame'));
    if (table.status !== 'finished' && table.status !== 'cancelled') return privately(t('command.recordNotYet'));
    const games: readonly GameState[] = (table.status === 'finished' ? table.dynasty?.games : undefined) ?? [
      table.game,
    ];
    const files = games.map((g, i) => ({
      attachment: Buffer.from(JSON.stringify(toRecord(g), null, 2)),
      name: games.length > 1 ? `kingdomino-${table.id}-game${i + 1}.json` : `kingdomino-${table.id}.json`,
    }));
    return publicly({ content: t('command.record', { count: files.length }), files });
  });
}

/** The rating part of /kingdomino stats: the rating, its trend, and how far from the leaderboard. */
function ratingLines(rating: PlayerRating | null, locale: Locale): string[] {
  if (!rating || rating.games === 0) return [t('stats.noRating', {}, locale)];
  const lines = [t('stats.rating', { rating: rating.display, games: rating.games }, locale)];
  const trend = ratingTrend(rating);
  if (trend.lastGame !== null && trend.games > 1)
    lines.push(t('stats.trend', { lastGame: trend.lastGame, count: trend.games, change: trend.change }, locale));
  else if (trend.lastGame !== null) lines.push(t('stats.lastGame', { lastGame: trend.lastGame }, locale));
  if (rating.games < RANKED_AFTER_GAMES) lines.push(t('stats.provisional', { needed: RANKED_AFTER_GAMES }, locale));
  return lines;
}

/** /kingdomino stats [user]: games, wins, best and average (every server), and the rating on this server with its trend. */
/** How fast the player moves in games over days: the median of their latest moves. */
function paceLine(userId: string, pace: PlayerPace, locale: Locale): string {
  return inLocale(locale, () => t('stats.pace', { userId, within: paceWithin(pace.medianMs), moves: pace.moves }));
}

export function statsCommand(bot: Bot, interaction: ChatInputCommandInteraction, userId: string): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const locale = localeFor(interaction.locale);
    const stats = await bot.store.userStats(userId);
    const daily = dailyLines(await bot.store.daily.user(userId), locale);
    const pace = await bot.store.pace(userId);
    const paced = pace ? [paceLine(userId, pace, locale)] : [];
    if (!stats || stats.games === 0)
      return publicly({
        content: [t('stats.none', { userId }, locale), ...paced, ...daily].join('\n'),
        allowedMentions: { parse: [] },
      });
    // Outside servers, the rating of the games played outside servers.
    const rating = await bot.store.rating(interaction.guildId ?? NO_SERVER, userId);
    const lines = [
      t(
        'stats.line',
        {
          userId,
          games: stats.games,
          wins: stats.wins,
          share: stats.wins / stats.games,
          best: stats.bestScore,
          average: stats.averageScore,
        },
        locale,
      ),
      ...ratingLines(rating, locale),
      ...paced,
      ...daily,
    ];
    if (rating && rating.games > 0) lines.push(`-# ${t('stats.explained', {}, locale)}`);
    return publicly({ content: lines.join('\n'), allowedMentions: { parse: [] } });
  });
}

/** /kingdomino leaderboard: this server's players by rating once they have RANKED_AFTER_GAMES games here, then those on their way. */
export function leaderboardCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const locale = localeFor(interaction.guildLocale);
    if (!interaction.inGuild()) return privately(t('leaderboard.perServer', {}, localeFor(interaction.locale)));
    const { ranked, provisional } = await bot.store.leaderboard(interaction.guildId, 10);
    if (ranked.length === 0 && provisional.length === 0)
      return publicly({ content: t('leaderboard.empty', {}, locale) });
    const needed = RANKED_AFTER_GAMES;
    const lines = [t('leaderboard.title', {}, locale), t('leaderboard.byRating', { needed }, locale)];
    if (ranked.length === 0) lines.push(t('leaderboard.noneRanked', { needed }, locale));
    lines.push(
      ...ranked.map((r, i) =>
        t('leaderboard.rated', { rank: i + 1, userId: r.userId, rating: r.display, games: r.games }, locale),
      ),
    );
    if (provisional.length > 0) {
      const players = provisional
        .map((r) => t('leaderboard.provisionalPlayer', { userId: r.userId, games: r.games, needed }, locale))
        .join(', ');
      lines.push(t('leaderboard.provisional', { players }, locale));
    }
    return publicly({ content: lines.join('\n'), allowedMentions: { parse: [] } });
  });
}

/** The daily deal's line of the statistics (none before a first scored daily game). */
function dailyLines(user: DailyUser, locale: Locale): string[] {
  const best = user.best[0];
  if (!best) return [];
  const streak = streakOn(user.streak, dailyDay(clock.now()));
  return [t('stats.daily', { streak, best: user.streak.best, score: best.score, day: best.day }, locale)];
}

/**
 * /kingdomino forget-me: the caller's statistics and ratings deleted (every server),
 * their name replaced in the stored games that are over; lobbies and running games
 * untouched. Answered privately, saying what was done and what was not.
 */
export function forgetMeCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'private', async (): Promise<Answer> => {
    const locale = localeFor(interaction.locale);
    const userId = interaction.user.id;
    // Each game says the label in its own language; the answer, in the caller's.
    const done = await bot.store.forget(userId, (table) => t('forget.formerPlayer', {}, gameLocale(table.settings)));
    const dailyDays = await bot.store.daily.forget(userId, dailyDay(clock.now()));
    const label = t('forget.formerPlayer', {}, locale);
    const leagues = await bot.store.leagues.forget(userId, label);
    const seasons = await bot.store.seasons.forget(userId);
    bot.log.info('user data forgotten', {
      guild: interaction.guildId ?? undefined,
      user: userId,
      renamed: done.renamed,
      live: done.live,
    });
    return privately(
      [
        t(done.statistics ? 'forget.statistics' : 'forget.noStatistics', {}, locale),
        t('forget.ratings', { count: done.ratings }, locale),
        t('forget.renamed', { count: done.renamed, label }, locale),
        t('forget.live', { count: done.live }, locale),
        t('forget.daily', { count: dailyDays }, locale),
        t('forget.leagues', { count: leagues }, locale),
        t('forget.seasons', { count: seasons }, locale),
        t('forget.messages', {}, locale),
      ].join('\n'),
    );
  });
}

/**
 * /kingdomino manage: the moderation menu (private) of the game in this thread, or
 * of the newest open lobby in this channel; host or Manage Threads (moderation.ts).
 */
export function manageCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'private', () =>
    openMenu(bot, interaction, { userId: interaction.user.id, moderator: isModerator(interaction) }),
  );
}
