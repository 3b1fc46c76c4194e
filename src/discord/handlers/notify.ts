/** /kingdomino notify: a player turns direct messages about their turns on or off (answered privately). */
import type { ChatInputCommandInteraction } from 'discord.js';
import { localeFor, t } from '../../i18n/index.js';
import type { Bot } from '../bot.js';
import { answer, privately, type Answer } from '../wire/answer.js';

/** Turning DMs on again also forgets that Discord refused one: the user may have changed their settings. */
export function notifyCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  directMessages: boolean,
): Promise<void> {
  return answer(interaction, 'private', async (): Promise<Answer> => {
    const userId = interaction.user.id;
    await bot.store.setNotifyPrefs(userId, { directMessages, refused: false });
    bot.log.info('notifications set', { user: userId, direct_messages: directMessages });
    return privately(t(directMessages ? 'notify.on' : 'notify.off', {}, localeFor(interaction.locale)));
  });
}
