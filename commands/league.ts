/** `/kingdomino league ...`: the league group's subcommands and options, handed to src/discord/handlers/league.ts. */
import type { ChatInputCommandInteraction, SlashCommandSubcommandGroupBuilder } from 'discord.js';
import type { Bot } from '../src/discord/bot.js';
import { FORMAT_KEYS } from '../src/discord/messages/league.js';
import {
  leagueAdjust,
  leagueCreate,
  leagueDrop,
  leagueMine,
  leagueReplay,
  leagueStandings,
  leagueStart,
  leagueWithdraw,
} from '../src/discord/handlers/league.js';
import { seasonLengthCommand } from '../src/discord/handlers/seasons.js';
import { NO_VARIANTS } from '../src/game/index.js';
import { localeFor, t } from '../src/i18n/index.js';
import {
  DEFAULT_SEASON_MONTHS,
  MAX_SEASON_MONTHS,
  isPace,
  MAX_LEAGUE_PLAYERS,
  SWISS_ROUNDS,
  TABLE_SIZES,
  withPace,
  type LeagueFormat,
  type Pace,
  type TableSize,
} from '../src/table/index.js';
import { described, localized, paceOption } from './describe.js';

/** The registered (English) names Discord sends back. */
export const LEAGUE_GROUP = t('command.league.name');
const SUB = {
  create: t('command.league.create.name'),
  start: t('command.league.start.name'),
  standings: t('command.league.standings.name'),
  mine: t('command.league.mine.name'),
  withdraw: t('command.league.withdraw.name'),
  drop: t('command.league.drop.name'),
  replay: t('command.league.replay.name'),
  adjust: t('command.league.adjust.name'),
  season: t('command.league.season.name'),
} as const;
const OPTION = {
  name: t('command.league.leagueName.name'),
  seats: t('command.league.seats.name'),
  format: t('command.league.format.name'),
  rounds: t('command.league.rounds.name'),
  pace: t('command.start.pace.name'),
  cap: t('command.league.cap.name'),
  roundHours: t('command.league.roundHours.name'),
  harmony: t('command.start.harmony.name'),
  middleKingdom: t('command.start.middleKingdom.name'),
  mightyDuel: t('command.start.mightyDuel.name'),
  player: t('command.league.player.name'),
  table: t('command.league.table.name'),
  places: t('command.league.places.name'),
  months: t('command.league.months.name'),
} as const;

const MAX_ROUNDS = 30;
const MAX_ROUND_HOURS = 24 * 60;
const HOUR_MS = 3_600_000;
/** A round's length when not given: an evening for live games, about a game's length at a correspondence pace. */
const ROUND_HOURS: Readonly<Record<Pace, number>> = { live: 3, '12h': 7 * 24, '1d': 14 * 24, '3d': 42 * 24 };

const sizeChoice = (size: TableSize) =>
  size === '3or4'
    ? { name: t('league.seats.threeOrFour'), name_localizations: localized('league.seats.threeOrFour'), value: size }
    : { name: String(size), value: String(size) };

export function addLeagueGroup(g: SlashCommandSubcommandGroupBuilder): SlashCommandSubcommandGroupBuilder {
  return g
    .addSubcommand((s) =>
      described(s, 'command.league.create.name', 'command.league.create.description')
        .addStringOption((o) =>
          described(o, 'command.league.leagueName.name', 'command.league.leagueName.description')
            .setRequired(true)
            .setMaxLength(60),
        )
        .addStringOption((o) =>
          described(o, 'command.league.seats.name', 'command.league.seats.description')
            .setRequired(true)
            .addChoices(...TABLE_SIZES.map(sizeChoice)),
        )
        .addStringOption((o) =>
          described(o, 'command.league.format.name', 'command.league.format.description').addChoices(
            ...(['swiss', 'round-robin'] as const).map((f) => ({
              name: t(FORMAT_KEYS[f]),
              name_localizations: localized(FORMAT_KEYS[f]),
              value: f,
            })),
          ),
        )
        .addIntegerOption((o) =>
          described(o, 'command.league.rounds.name', 'command.league.rounds.description')
            .setMinValue(1)
            .setMaxValue(MAX_ROUNDS),
        )
        .addStringOption(paceOption)
        .addIntegerOption((o) =>
          described(o, 'command.league.cap.name', 'command.league.cap.description')
            .setMinValue(2)
            .setMaxValue(MAX_LEAGUE_PLAYERS),
        )
        .addIntegerOption((o) =>
          described(o, 'command.league.roundHours.name', 'command.league.roundHours.description')
            .setMinValue(1)
            .setMaxValue(MAX_ROUND_HOURS),
        )
        .addBooleanOption((o) => described(o, 'command.start.harmony.name', 'command.start.harmony.description'))
        .addBooleanOption((o) =>
          described(o, 'command.start.middleKingdom.name', 'command.start.middleKingdom.description'),
        )
        .addBooleanOption((o) => described(o, 'command.start.mightyDuel.name', 'command.start.mightyDuel.description')),
    )
    .addSubcommand((s) => described(s, 'command.league.start.name', 'command.league.start.description'))
    .addSubcommand((s) => described(s, 'command.league.standings.name', 'command.league.standings.description'))
    .addSubcommand((s) => described(s, 'command.league.mine.name', 'command.league.mine.description'))
    .addSubcommand((s) => described(s, 'command.league.withdraw.name', 'command.league.withdraw.description'))
    .addSubcommand((s) =>
      described(s, 'command.league.drop.name', 'command.league.drop.description').addUserOption((o) =>
        described(o, 'command.league.player.name', 'command.league.player.description').setRequired(true),
      ),
    )
    .addSubcommand((s) =>
      described(s, 'command.league.replay.name', 'command.league.replay.description').addIntegerOption((o) =>
        described(o, 'command.league.table.name', 'command.league.table.description')
          .setRequired(true)
          .setMinValue(1)
          .setMaxValue(MAX_LEAGUE_PLAYERS / 2),
      ),
    )
    .addSubcommand((s) =>
      described(s, 'command.league.adjust.name', 'command.league.adjust.description')
        .addIntegerOption((o) =>
          described(o, 'command.league.table.name', 'command.league.table.description')
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(MAX_LEAGUE_PLAYERS / 2),
        )
        .addStringOption((o) =>
          described(o, 'command.league.places.name', 'command.league.places.description')
            .setRequired(true)
            .setMaxLength(20),
        ),
    )
    .addSubcommand((s) =>
      described(s, 'command.league.season.name', 'command.league.season.description').addIntegerOption((o) =>
        described(o, 'command.league.months.name', 'command.league.months.description')
          .setMinValue(1)
          .setMaxValue(MAX_SEASON_MONTHS),
      ),
    );
}

function tableSize(text: string | null): TableSize {
  return TABLE_SIZES.find((size) => String(size) === text) ?? 4;
}

function create(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void> {
  const o = interaction.options;
  const pace = o.getString(OPTION.pace);
  const chosen: Pace = isPace(pace) ? pace : 'live';
  const format: LeagueFormat = o.getString(OPTION.format) === 'round-robin' ? 'round-robin' : 'swiss';
  const variants = {
    ...NO_VARIANTS,
    harmony: o.getBoolean(OPTION.harmony) ?? false,
    middleKingdom: o.getBoolean(OPTION.middleKingdom) ?? false,
    mightyDuel: o.getBoolean(OPTION.mightyDuel) ?? false,
  };
  const timer = { turnTimerS: bot.config.turnTimerS, turnTimerAuto: true };
  const settings = withPace({ ...variants, ...timer, language: localeFor(interaction.guildLocale) }, chosen);
  return leagueCreate(bot, interaction, {
    name: o.getString(OPTION.name) ?? '',
    size: tableSize(o.getString(OPTION.seats)),
    format,
    // Round robin without a count: as many as it needs, counted when the league starts (0 until then).
    rounds: o.getInteger(OPTION.rounds) ?? (format === 'swiss' ? SWISS_ROUNDS : 0),
    cap: o.getInteger(OPTION.cap) ?? MAX_LEAGUE_PLAYERS,
    roundMs: (o.getInteger(OPTION.roundHours) ?? ROUND_HOURS[chosen]) * HOUR_MS,
    settings,
  });
}

export function leagueCommand(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void> {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case SUB.create:
      return create(interaction, bot);
    case SUB.start:
      return leagueStart(bot, interaction);
    case SUB.standings:
      return leagueStandings(bot, interaction);
    case SUB.mine:
      return leagueMine(bot, interaction);
    case SUB.withdraw:
      return leagueWithdraw(bot, interaction);
    case SUB.drop:
      return leagueDrop(bot, interaction, o.getUser(OPTION.player, true).id);
    case SUB.replay:
      return leagueReplay(bot, interaction, o.getInteger(OPTION.table, true));
    case SUB.season:
      return seasonLengthCommand(bot, interaction, o.getInteger(OPTION.months) ?? DEFAULT_SEASON_MONTHS);
    default:
      return leagueAdjust(bot, interaction, o.getInteger(OPTION.table, true), o.getString(OPTION.places, true));
  }
}
