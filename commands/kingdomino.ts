/** `/kingdomino`: declares the command and its subcommands, and hands each one to src/discord. */
import { SlashCommandBuilder } from 'discord.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Bot } from '../src/discord/context.js';
import {
  cancelCommand, leaderboardCommand, recordCommand, rulesCommand, startCommand, statsCommand, statusCommand,
} from '../src/discord/flows/commands.js';
import { AI_LEVELS, VARIANTS, isAiLevel, type Variant, type VariantChoice } from '../src/game/index.js';
import { t } from '../src/i18n/index.js';

const MAX_TIMER_MIN = 24 * 60;

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
  stats: t('command.stats.name'),
  leaderboard: t('command.leaderboard.name'),
} as const;
const OPTION = {
  aiSeats: t('command.start.aiSeats.name'),
  aiLevel: t('command.start.aiLevel.name'),
  turnTimer: t('command.start.turnTimer.name'),
  user: t('command.stats.user.name'),
} as const;
const variantOption = (v: Variant): string => t(`command.start.${v}.name`);

export const data = new SlashCommandBuilder()
  .setName(t('command.name'))
  .setDescription(t('command.description'))
  .setDMPermission(false)
  .addSubcommand((s) => {
    s.setName(SUB.start).setDescription(t('command.start.description'))
      .addIntegerOption((o) => o.setName(OPTION.aiSeats).setDescription(t('command.start.aiSeats.description')).setMinValue(0).setMaxValue(3))
      .addStringOption((o) => o.setName(OPTION.aiLevel).setDescription(t('command.start.aiLevel.description'))
        .addChoices(...AI_LEVELS.map((level) => ({ name: t(`ai.level.${level}`), value: level }))));
    for (const v of VARIANTS) s.addBooleanOption((o) => o.setName(variantOption(v)).setDescription(t(`command.start.${v}.description`)));
    return s.addIntegerOption((o) => o.setName(OPTION.turnTimer).setDescription(t('command.start.turnTimer.description'))
      .setMinValue(0).setMaxValue(MAX_TIMER_MIN));
  })
  .addSubcommand((s) => s.setName(SUB.status).setDescription(t('command.status.description')))
  .addSubcommand((s) => s.setName(SUB.rules).setDescription(t('command.rules.description')))
  .addSubcommand((s) => s.setName(SUB.cancel).setDescription(t('command.cancel.description')))
  .addSubcommand((s) => s.setName(SUB.record).setDescription(t('command.record.description')))
  .addSubcommand((s) => s.setName(SUB.stats).setDescription(t('command.stats.description'))
    .addUserOption((o) => o.setName(OPTION.user).setDescription(t('command.stats.user.description'))))
  .addSubcommand((s) => s.setName(SUB.leaderboard).setDescription(t('command.leaderboard.description')));

export async function execute(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void> {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case SUB.start: {
      const timerMin = o.getInteger(OPTION.turnTimer);
      const level = o.getString(OPTION.aiLevel);
      const variants = Object.fromEntries(VARIANTS.map((v) => [v, o.getBoolean(variantOption(v)) ?? false])) as Record<Variant, boolean>;
      const settings: VariantChoice & { turnTimerS: number } = { ...variants, turnTimerS: timerMin === null ? bot.config.turnTimerS : timerMin * 60 };
      return startCommand(bot, interaction, {
        aiSeats: o.getInteger(OPTION.aiSeats) ?? 0,
        aiLevel: isAiLevel(level) ? level : 'normal',
        settings,
      });
    }
    case SUB.status: return statusCommand(bot, interaction);
    case SUB.rules: return rulesCommand(interaction);
    case SUB.cancel: return cancelCommand(bot, interaction);
    case SUB.record: return recordCommand(bot, interaction);
    case SUB.stats: return statsCommand(bot, interaction, o.getUser(OPTION.user)?.id ?? interaction.user.id);
    case SUB.leaderboard: return leaderboardCommand(bot, interaction);
    default: await interaction.reply({ content: t('error.unknownSubcommand'), ephemeral: true });
  }
}
