/** `/kingdomino`: declares the command and its subcommands, and hands each one to src/discord. */
import { ApplicationIntegrationType, InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Bot } from '../src/discord/bot.js';
import { notifyCommand } from '../src/discord/handlers/notify.js';
import { gamesCommand } from '../src/discord/handlers/games.js';
import {
  cancelCommand,
  forgetMeCommand,
  leaderboardCommand,
  manageCommand,
  recordCommand,
  replayCommand,
  rulesCommand,
  startCommand,
  statsCommand,
  statusCommand,
} from '../src/discord/handlers/commands.js';
import { dailyCommand } from '../src/discord/handlers/daily.js';
import { reachOf } from '../src/discord/wire/context.js';
import { addLeagueGroup, LEAGUE_GROUP, leagueCommand } from './league.js';
import { seasonLeaderboardCommand } from '../src/discord/handlers/seasons.js';
import { described, localized, paceOption } from './describe.js';
import { AI_LEVELS, DYNASTY_GAMES, VARIANTS, isAiLevel, variantsWhere, type Variant } from '../src/game/index.js';
import { DEFAULT_LOCALE, LOCALES, localeFor, t } from '../src/i18n/index.js';
import { isPace, MAX_AI_SEATS, MAX_TIMER_MIN, startSettings, type StartChoice } from '../src/table/index.js';

/**
 * The names Discord registers and sends back with every use: the catalogue's
 * English ones (other languages only change what Discord shows).
 */
const SUB = {
  start: t('command.start.name'),
  status: t('command.status.name'),
  rules: t('command.rules.name'),
  cancel: t('command.cancel.name'),
  record: t('command.record.name'),
  replay: t('command.replay.name'),
  stats: t('command.stats.name'),
  leaderboard: t('command.leaderboard.name'),
  forgetMe: t('command.forgetMe.name'),
  manage: t('command.manage.name'),
  daily: t('command.daily.name'),
  notify: t('command.notify.name'),
  games: t('command.games.name'),
} as const;
/** The daily group's subcommands, by their registered (English) names. */
const DAILY = {
  [t('command.daily.play.name')]: 'play',
  [t('command.daily.standings.name')]: 'standings',
  [t('command.daily.channel.name')]: 'channel',
} as const satisfies Record<string, 'play' | 'standings' | 'channel'>;
const OPTION = {
  aiSeats: t('command.start.aiSeats.name'),
  aiLevel: t('command.start.aiLevel.name'),
  turnTimer: t('command.start.turnTimer.name'),
  language: t('command.start.language.name'),
  pace: t('command.start.pace.name'),
  planAhead: t('command.start.planAhead.name'),
  directMessages: t('command.notify.directMessages.name'),
  quietFrom: t('command.notify.quietFrom.name'),
  quietTo: t('command.notify.quietTo.name'),
  timeZone: t('command.notify.timeZone.name'),
  onDeck: t('command.notify.onDeck.name'),
  allServers: t('command.games.allServers.name'),
  user: t('command.stats.user.name'),
  game: t('command.replay.game.name'),
  stop: t('command.daily.channel.stop.name'),
  season: t('command.leaderboard.season.name'),
} as const;
/** In English whatever the user's language: Discord sends the registered names back (see SUB). */
const variantOption = (v: Variant): string => t(`command.start.${v}.name`, {}, DEFAULT_LOCALE);

export const data = described(new SlashCommandBuilder(), 'command.name', 'command.description')
  // Everywhere Discord offers: a server's thread, the bot's DM, a group DM, a server that did
  // not add the bot (a user's install); what a place cannot hold is refused there (wire/context.ts).
  .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel)
  .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
  .addSubcommand((s) => {
    described(s, 'command.start.name', 'command.start.description')
      .addIntegerOption((o) =>
        described(o, 'command.start.aiSeats.name', 'command.start.aiSeats.description')
          .setMinValue(0)
          .setMaxValue(MAX_AI_SEATS),
      )
      .addStringOption((o) =>
        described(o, 'command.start.aiLevel.name', 'command.start.aiLevel.description').addChoices(
          ...AI_LEVELS.map((level) => ({
            name: t(`ai.level.${level}`),
            name_localizations: localized(`ai.level.${level}`),
            value: level,
          })),
        ),
      );
    for (const v of VARIANTS)
      s.addBooleanOption((o) => described(o, `command.start.${v}.name`, `command.start.${v}.description`));
    return (
      s
        .addIntegerOption((o) =>
          described(o, 'command.start.turnTimer.name', 'command.start.turnTimer.description')
            .setMinValue(0)
            .setMaxValue(MAX_TIMER_MIN),
        )
        // Each language by its own name, whatever the reader's language.
        .addStringOption((o) =>
          described(o, 'command.start.language.name', 'command.start.language.description').addChoices(
            ...LOCALES.map((locale) => ({ name: t('language.self', {}, locale), value: locale })),
          ),
        )
        .addStringOption(paceOption)
        .addBooleanOption((o) => described(o, 'command.start.planAhead.name', 'command.start.planAhead.description'))
    );
  })
  .addSubcommand((s) => described(s, 'command.status.name', 'command.status.description'))
  .addSubcommand((s) => described(s, 'command.rules.name', 'command.rules.description'))
  .addSubcommand((s) => described(s, 'command.cancel.name', 'command.cancel.description'))
  .addSubcommand((s) => described(s, 'command.record.name', 'command.record.description'))
  .addSubcommand((s) =>
    described(s, 'command.replay.name', 'command.replay.description').addIntegerOption((o) =>
      described(o, 'command.replay.game.name', 'command.replay.game.description')
        .setMinValue(1)
        .setMaxValue(DYNASTY_GAMES),
    ),
  )
  .addSubcommand((s) =>
    described(s, 'command.stats.name', 'command.stats.description').addUserOption((o) =>
      described(o, 'command.stats.user.name', 'command.stats.user.description'),
    ),
  )
  .addSubcommand((s) =>
    described(s, 'command.leaderboard.name', 'command.leaderboard.description').addIntegerOption((o) =>
      described(o, 'command.leaderboard.season.name', 'command.leaderboard.season.description').setMinValue(0),
    ),
  )
  .addSubcommand((s) => described(s, 'command.forgetMe.name', 'command.forgetMe.description'))
  .addSubcommand((s) => described(s, 'command.manage.name', 'command.manage.description'))
  .addSubcommandGroup((g) =>
    described(g, 'command.daily.name', 'command.daily.description')
      .addSubcommand((s) => described(s, 'command.daily.play.name', 'command.daily.play.description'))
      .addSubcommand((s) => described(s, 'command.daily.standings.name', 'command.daily.standings.description'))
      .addSubcommand((s) =>
        described(s, 'command.daily.channel.name', 'command.daily.channel.description').addBooleanOption((o) =>
          described(o, 'command.daily.channel.stop.name', 'command.daily.channel.stop.description'),
        ),
      ),
  )
  .addSubcommand((s) =>
    described(s, 'command.notify.name', 'command.notify.description')
      .addBooleanOption((o) =>
        described(o, 'command.notify.directMessages.name', 'command.notify.directMessages.description').setRequired(
          true,
        ),
      )
      .addIntegerOption((o) =>
        described(o, 'command.notify.quietFrom.name', 'command.notify.quietFrom.description')
          .setMinValue(0)
          .setMaxValue(23),
      )
      .addIntegerOption((o) =>
        described(o, 'command.notify.quietTo.name', 'command.notify.quietTo.description')
          .setMinValue(0)
          .setMaxValue(23),
      )
      .addStringOption((o) =>
        described(o, 'command.notify.timeZone.name', 'command.notify.timeZone.description').setMaxLength(64),
      )
      .addBooleanOption((o) => described(o, 'command.notify.onDeck.name', 'command.notify.onDeck.description')),
  )
  .addSubcommand((s) =>
    described(s, 'command.games.name', 'command.games.description').addBooleanOption((o) =>
      described(o, 'command.games.allServers.name', 'command.games.allServers.description'),
    ),
  )
  .addSubcommandGroup((g) => addLeagueGroup(described(g, 'command.league.name', 'command.league.description')));

export async function execute(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void> {
  const o = interaction.options;
  if (o.getSubcommandGroup(false) === LEAGUE_GROUP) return leagueCommand(interaction, bot);
  if (o.getSubcommandGroup(false) === SUB.daily) {
    const sub = DAILY[o.getSubcommand()];
    // A server's daily channel is posted in by the bot: only where it was added.
    if (sub === 'channel' && reachOf(interaction) !== 'server')
      return void (await interaction.reply({ content: t('command.notHere'), flags: MessageFlags.Ephemeral }));
    if (sub) return dailyCommand(bot, interaction, sub, o.getBoolean(OPTION.stop) ?? false);
  }
  switch (o.getSubcommand()) {
    case SUB.start: {
      const level = o.getString(OPTION.aiLevel);
      const pace = o.getString(OPTION.pace);
      const choice: StartChoice = {
        aiSeats: o.getInteger(OPTION.aiSeats) ?? 0,
        aiLevel: isAiLevel(level) ? level : 'normal',
        variants: variantsWhere((v) => o.getBoolean(variantOption(v)) ?? false),
        turnTimerMin: o.getInteger(OPTION.turnTimer),
        // The game speaks the server's language (outside servers, the host's) unless the host chose another.
        language: localeFor(o.getString(OPTION.language) ?? interaction.guildLocale ?? interaction.locale),
        pace: isPace(pace) ? pace : null,
        planAhead: o.getBoolean(OPTION.planAhead),
      };
      return startCommand(bot, interaction, {
        aiSeats: choice.aiSeats,
        aiLevel: choice.aiLevel,
        settings: startSettings(choice, bot.config.turnTimerS),
      });
    }
    case SUB.status:
      return statusCommand(bot, interaction);
    case SUB.rules:
      return rulesCommand(interaction);
    case SUB.cancel:
      return cancelCommand(bot, interaction);
    case SUB.record:
      return recordCommand(bot, interaction);
    case SUB.replay:
      return replayCommand(bot, interaction, o.getInteger(OPTION.game));
    case SUB.stats:
      return statsCommand(bot, interaction, o.getUser(OPTION.user)?.id ?? interaction.user.id);
    case SUB.leaderboard: {
      // All time, unless a season is asked for (0: this one).
      const season = o.getInteger(OPTION.season);
      return season === null
        ? leaderboardCommand(bot, interaction)
        : seasonLeaderboardCommand(bot, interaction, season);
    }
    case SUB.forgetMe:
      return forgetMeCommand(bot, interaction);
    case SUB.manage:
      return manageCommand(bot, interaction);
    case SUB.games:
      return gamesCommand(bot, interaction, o.getBoolean(OPTION.allServers) ?? false);
    case SUB.notify:
      return notifyCommand(bot, interaction, {
        directMessages: o.getBoolean(OPTION.directMessages) ?? false,
        quietFrom: o.getInteger(OPTION.quietFrom),
        quietTo: o.getInteger(OPTION.quietTo),
        timeZone: o.getString(OPTION.timeZone),
        onDeck: o.getBoolean(OPTION.onDeck),
      });
    default:
      await interaction.reply({ content: t('error.unknownSubcommand'), flags: MessageFlags.Ephemeral });
  }
}
