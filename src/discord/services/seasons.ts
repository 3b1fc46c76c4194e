/**
 * The rating ladder's seasons (table/season.ts): every so often (SEASON_POLL_MS, and
 * at start-up) each server of this process is looked at; past the last month of its
 * season, the season's ladder is kept, its end announced with its top players in the
 * channel a moderator chose, and the next season begins from the ratings as they are.
 */
import { inLocale, localeFor, t } from '../../i18n/index.js';
import { errorText } from '../../runtime/log.js';
import { every, now, type Timer } from '../../runtime/clock.js';
import { seasonAt, seasonEnd, type PastSeason, type PlayerRating, type SeasonState } from '../../table/index.js';
import type { Bot } from '../bot.js';

/** How often the seasons are looked at: a season's end is announced within this. */
export const SEASON_POLL_MS = 3_600_000;
/** More players than any server's ladder holds: every rating of the server. */
const EVERY_RATING = 100_000;
const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** Every rating on the server: a season's snapshot, and its ladder. */
export async function serverRatings(bot: Bot, guildId: string): Promise<PlayerRating[]> {
  const { ranked, provisional } = await bot.store.leaderboard(guildId, EVERY_RATING);
  return [...ranked, ...provisional];
}

/** A date as Discord shows it in each reader's language: "1 December 2026". */
export function dateText(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:D>`;
}

/** The end of a season in words: its top three, and the next season's end. */
export function seasonOverText(ended: PastSeason, next: SeasonState): string {
  const top = ended.ladder.ranked.slice(0, MEDALS.length);
  const podium =
    top.length === 0
      ? t('season.nobody')
      : top.map((row, i) => `${MEDALS[i]} <@${row.userId}> (${row.display.toFixed(1)})`).join(' · ');
  return [
    t('season.over', { number: ended.number, podium }),
    t('season.next', { number: next.number, end: dateText(seasonEnd(next.key, next.months)) }),
  ].join('\n');
}

/** Brings the server's season up to date; an end is announced once, after it is kept. */
export async function keepSeason(bot: Bot, guildId: string): Promise<void> {
  const ratings = await serverRatings(bot, guildId);
  const { state, ended } = await bot.store.seasons.update(guildId, (current) => seasonAt(current, ratings, now()));
  if (!ended || !state?.channelId) return;
  const locale = localeFor(bot.client.guilds.cache.get(guildId)?.preferredLocale);
  const content = inLocale(locale, () => seasonOverText(ended, state));
  const said = await bot.places.say(state.channelId, { content, allowedMentions: { parse: [] } }).catch(() => null);
  if (said === null) bot.log.warn('season channel unusable', { guild: guildId, channel: state.channelId });
  bot.log.info('season ended', { guild: guildId, season: ended.number });
}

export class SeasonKeeper {
  private timer: Timer | null = null;

  constructor(private readonly bot: Bot) {}

  /** A look now and every SEASON_POLL_MS after. */
  start(): void {
    this.timer = every(SEASON_POLL_MS, () => void this.poll());
    void this.poll();
  }

  stop(): void {
    this.timer?.cancel();
  }

  async poll(): Promise<void> {
    for (const guildId of this.bot.client.guilds.cache.keys()) {
      if (!this.bot.owns(guildId)) continue;
      await keepSeason(this.bot, guildId).catch((error: unknown) =>
        this.bot.log.warn('season step failed', { guild: guildId, error: errorText(error) }),
      );
    }
  }
}
