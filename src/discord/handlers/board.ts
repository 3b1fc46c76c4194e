/**
 * "🎲 Open the board": the live board (src/discord/activity) launched where the button
 * is, with Discord's launch-activity answer: Discord opens the Activity for the
 * clicker in that channel (a game's thread, or its lobby's channel, a DM, a group DM). Where Discord
 * refuses (Activities not enabled for the application), the clicker is told privately.
 */
import { MessageFlags } from 'discord.js';
import { t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { answeredWithLaunch, type ComponentInteraction } from '../wire/answer.js';
import type { Bot } from '../bot.js';

export async function launchBoard(bot: Bot, interaction: ComponentInteraction): Promise<void> {
  try {
    if (!bot.config.activity) throw new Error('the live board is not set up (ACTIVITY_PORT, CLIENT_SECRET)');
    await interaction.launchActivity();
    // Where the bot cannot post on its own, the board's new game comes through this token (followups.ts).
    answeredWithLaunch(interaction);
    bot.log.info('live board launched', { channel: interaction.channelId, user: interaction.user.id });
  } catch (error) {
    bot.log.warn('live board not launched', { channel: interaction.channelId, error: errorText(error) });
    if (!interaction.replied && !interaction.deferred)
      await interaction.reply({ content: t('board.unavailable'), flags: MessageFlags.Ephemeral }).catch(() => {});
  }
}
