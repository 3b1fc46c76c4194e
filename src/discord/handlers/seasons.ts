/**
 * The seasons' commands: a moderator sets how long a season lasts (and this channel
 * for the announcements); /kingdomino leaderboard shows this season's ladder or a past
 * one's (all time is handlers/commands.ts's leaderboard).
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { localeFor, t } from '../../i18n/index.js';
import { RANKED_AFTER_GAMES, seasonEnd, seasonLadder, withLength, type SeasonLadder } from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { actorOf } from '../wire/actor.js';
import { answer, privately, publicly, type Answer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { dateText, serverRatings } from '../services/seasons.js';

/** /kingdomino league season: the seasons' length, their ends announced in this channel. */
export function seasonLengthCommand(bot: Bot, interaction: ChatInputCommandInteraction, months: number) {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    if (!interaction.inGuild() || !interaction.channel) return privately(t('league.serverOnly'));
    if (interaction.channel.isThread()) return privately(t('league.notInThread'));
    if (!actorOf(interaction).moderator) return privately(t('league.moderatorsOnly'));
    const ratings = await serverRatings(bot, interaction.guildId);
    const { state } = await bot.store.seasons.update(interaction.guildId, (current) => ({
      state: withLength(current, ratings, months, interaction.channelId, clock.now()),
      ended: null,
    }));
    const end = dateText(seasonEnd(state!.key, state!.months));
    const locale = localeFor(interaction.guildLocale);
    return publicly({ content: t('season.set', { months, number: state!.number, end }, locale) });
  });
}

function ladderLines(ladder: SeasonLadder, locale: ReturnType<typeof localeFor>): string[] {
  if (ladder.ranked.length === 0 && ladder.provisional.length === 0) return [t('leaderboard.seasonEmpty', {}, locale)];
  const needed = RANKED_AFTER_GAMES;
  const lines = [t('leaderboard.bySeason', { needed }, locale)];
  lines.push(
    ...ladder.ranked
      .slice(0, 10)
      .map((r, i) =>
        t(
          'leaderboard.seasonRow',
          { rank: i + 1, userId: r.userId, rating: r.display, gain: r.gain, games: r.games },
          locale,
        ),
      ),
  );
  if (ladder.provisional.length > 0) {
    const players = ladder.provisional
      .slice(0, 20)
      .map((r) => t('leaderboard.provisionalPlayer', { userId: r.userId, games: r.games, needed }, locale))
      .join(', ');
    lines.push(t('leaderboard.provisional', { players }, locale));
  }
  return lines;
}

/** /kingdomino leaderboard season: this season's ladder (0), or season `number`'s as it ended. */
export function seasonLeaderboardCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  number: number,
): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    if (!interaction.inGuild()) return privately(t('leaderboard.perServer', {}, localeFor(interaction.locale)));
    const locale = localeFor(interaction.guildLocale);
    const current = await bot.store.seasons.current(interaction.guildId);
    const currentNumber = current?.number ?? 1;
    if (number !== 0 && number !== currentNumber) {
      const past = number < currentNumber ? await bot.store.seasons.past(interaction.guildId, number) : null;
      if (!past) return privately(t('leaderboard.noSeason', { number, current: currentNumber }, locale));
      const title = t('leaderboard.pastSeason', { number, from: dateText(past.from), to: dateText(past.to) }, locale);
      return publicly({
        content: [title, ...ladderLines(past.ladder, locale)].join('\n'),
        allowedMentions: { parse: [] },
      });
    }
    const ladder = seasonLadder(await serverRatings(bot, interaction.guildId), current?.start ?? {});
    const end = current ? dateText(seasonEnd(current.key, current.months)) : '…';
    const title = t('leaderboard.season', { number: currentNumber, end }, locale);
    return publicly({ content: [title, ...ladderLines(ladder, locale)].join('\n'), allowedMentions: { parse: [] } });
  });
}
