/** /kingdomino games: privately, the caller's lobbies and running games here (or on every server), a page at a time. */
import type { ChatInputCommandInteraction } from 'discord.js';
import { inLocale, localeFor } from '../../i18n/index.js';
import type { Bot } from '../bot.js';
import { entryOf, gamesView, sortEntries } from '../messages/games.js';
import { answer, type Answer } from '../wire/answer.js';

export interface GamesAsker {
  readonly userId: string;
  readonly guildId: string | null;
  readonly locale: string;
}

async function gamesAnswer(
  bot: Bot,
  asker: GamesAsker,
  page: number,
  all: boolean,
  kind: 'private' | 'update',
): Promise<Answer> {
  const tables = (await bot.store.openTablesOf(asker.userId)).filter(
    (t) => all || asker.guildId === null || t.guildId === asker.guildId,
  );
  const entries = sortEntries(tables.map((table) => entryOf(table, asker.userId)));
  return { kind, message: inLocale(localeFor(asker.locale), () => gamesView(entries, page, all)) };
}

export function gamesCommand(bot: Bot, interaction: ChatInputCommandInteraction, all: boolean): Promise<void> {
  const asker = { userId: interaction.user.id, guildId: interaction.guildId, locale: interaction.locale };
  return answer(interaction, 'private', () => gamesAnswer(bot, asker, 0, all, 'private'));
}

/** A page button of the list: the list as it is now, at that page. */
export function gamesPage(
  bot: Bot,
  asker: GamesAsker,
  action: { readonly page: number; readonly all: boolean },
): Promise<Answer> {
  return gamesAnswer(bot, asker, action.page, action.all, 'update');
}
