/** `/kingdomino`: declares the command and its subcommands, and hands each one to src/discord. */
import { SlashCommandBuilder } from 'discord.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { Bot } from '../src/discord/context.js';
import {
  cancelCommand, leaderboardCommand, recordCommand, rulesCommand, startCommand, statsCommand, statusCommand,
} from '../src/discord/flows/commands.js';
import type { AiLevel } from '../src/store/index.js';

const MAX_TIMER_MIN = 24 * 60;

export const data = new SlashCommandBuilder()
  .setName('kingdomino')
  .setDescription('Play Kingdomino: build a kingdom of dominoes, one turn at a time')
  .setDMPermission(false)
  .addSubcommand((s) => s.setName('start').setDescription('Open a table in this channel (the game gets its own thread)')
    .addIntegerOption((o) => o.setName('ai-seats').setDescription('Computer players to seat at once (0-3)').setMinValue(0).setMaxValue(3))
    .addStringOption((o) => o.setName('ai-level').setDescription('Level of those computer players').addChoices(
      { name: 'easy', value: 'easy' }, { name: 'normal', value: 'normal' }, { name: 'hard', value: 'hard' }))
    .addBooleanOption((o) => o.setName('mighty-duel').setDescription('2 players, 7x7 kingdoms, all 48 dominoes'))
    .addBooleanOption((o) => o.setName('harmony').setDescription('+5 points for a kingdom with no gaps'))
    .addBooleanOption((o) => o.setName('middle-kingdom').setDescription('+10 points when the castle is in the centre'))
    .addBooleanOption((o) => o.setName('dynasty').setDescription('Three games in a row; the totals decide'))
    .addBooleanOption((o) => o.setName('three-player-classic').setDescription('With 3 players: 36 dominoes, 3 a line'))
    .addBooleanOption((o) => o.setName('balanced-opening').setDescription('With 2 players: first picks in the order A, B, B, A'))
    .addIntegerOption((o) => o.setName('turn-timer').setDescription('Minutes per move before a reminder and an automatic move (0 = none)')
      .setMinValue(0).setMaxValue(MAX_TIMER_MIN)))
  .addSubcommand((s) => s.setName('status').setDescription('Show the board and whose turn it is again (in a game thread)'))
  .addSubcommand((s) => s.setName('rules').setDescription('The rules in short, and how to play here'))
  .addSubcommand((s) => s.setName('cancel').setDescription('End the game in this thread (host or moderator)'))
  .addSubcommand((s) => s.setName('record').setDescription('Download the game record as JSON (in a finished game\'s thread)'))
  .addSubcommand((s) => s.setName('stats').setDescription('Games, wins and scores of a player')
    .addUserOption((o) => o.setName('user').setDescription('Whose statistics (default: yours)')))
  .addSubcommand((s) => s.setName('leaderboard').setDescription('The best players of this server'));

export async function execute(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void> {
  const o = interaction.options;
  switch (o.getSubcommand()) {
    case 'start': {
      const timerMin = o.getInteger('turn-timer');
      return startCommand(bot, interaction, {
        aiSeats: o.getInteger('ai-seats') ?? 0,
        aiLevel: (o.getString('ai-level') ?? 'normal') as AiLevel,
        settings: {
          mightyDuel: o.getBoolean('mighty-duel') ?? false,
          harmony: o.getBoolean('harmony') ?? false,
          middleKingdom: o.getBoolean('middle-kingdom') ?? false,
          dynasty: o.getBoolean('dynasty') ?? false,
          threePlayerClassic: o.getBoolean('three-player-classic') ?? false,
          balancedOpening: o.getBoolean('balanced-opening') ?? false,
          turnTimerS: timerMin === null ? bot.config.turnTimerS : timerMin * 60,
        },
      });
    }
    case 'status': return statusCommand(bot, interaction);
    case 'rules': return rulesCommand(interaction);
    case 'cancel': return cancelCommand(bot, interaction);
    case 'record': return recordCommand(bot, interaction);
    case 'stats': return statsCommand(bot, interaction, o.getUser('user')?.id ?? interaction.user.id);
    case 'leaderboard': return leaderboardCommand(bot, interaction);
    default: await interaction.reply({ content: 'Unknown subcommand.', ephemeral: true });
  }
}
