/**
 * The daily channel's post: once a UTC day ends, each server that chose a channel
 * (/kingdomino daily channel) gets the day's standings with the winning kingdom's
 * score sheet, and the new day's challenge. Armed on the bot's clock (a test moves it
 * past midnight); at start-up it catches up on the day just ended. Each server's post
 * is marked in the store before it is made, so two processes never both post it; a
 * process posts only for the servers of its own shards.
 */
import { errorText } from '../../runtime/log.js';
import { after, now, type Timer } from '../../runtime/clock.js';
import { dailyDay, dayStartMs } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { dailyPostView } from '../messages/daily.js';
import { showScoreSheet } from '../messages/pictures.js';
import { inLocale, localeFor } from '../../i18n/index.js';

/** A little after midnight: the last results of the day just ended are in. */
const AFTER_MIDNIGHT_MS = 5_000;

export class DailyPoster {
  private timer: Timer | null = null;
  private stopped = false;

  constructor(private readonly bot: Bot) {}

  /** Posts what the day just ended owes (at start-up), then arms the next midnight. */
  start(): void {
    void this.postEnded();
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }

  private arm(): void {
    if (this.stopped) return;
    const next = dayStartMs(dailyDay(now()) + 1) + AFTER_MIDNIGHT_MS;
    this.timer = after(next - now(), () => {
      void this.postEnded().finally(() => this.arm());
    });
  }

  /** Every chosen channel of this process's servers gets the day just ended, once. */
  async postEnded(): Promise<void> {
    const bot = this.bot;
    const ended = dailyDay(now()) - 1;
    if (ended < 1) return;
    const channels = await bot.store.daily.channels().catch((error: unknown) => {
      bot.log.warn('daily post failed', { day: ended, error: errorText(error) });
      return {};
    });
    for (const [guildId, channel] of Object.entries(channels)) {
      const guild = bot.client.guilds.cache.get(guildId);
      if (!guild || channel.postedDay >= ended) continue;
      // One server's failure (a channel it may no longer post in) leaves the others' posts alone.
      await this.postOnce(guildId, channel.channelId, ended, guild.preferredLocale).catch((error: unknown) =>
        bot.log.warn('daily post failed', { guild: guildId, day: ended, error: errorText(error) }),
      );
    }
  }

  private async postOnce(guildId: string, channelId: string, day: number, locale: string): Promise<void> {
    if (!(await this.bot.store.daily.markPosted(guildId, day))) return;
    await inLocale(localeFor(locale), () => this.post(guildId, channelId, day));
  }

  private async post(guildId: string, channelId: string, day: number): Promise<void> {
    const bot = this.bot;
    const entries = await bot.store.daily.standings(guildId, day);
    const winner = entries[0];
    const game = winner ? await bot.store.daily.scoredGame(day, winner.userId) : null;
    const [sheet, hard] = await Promise.all([game ? showScoreSheet(game) : null, bot.store.daily.hardScore(day)]);
    if ((await bot.places.say(channelId, dailyPostView(day, entries, sheet, hard))) === null) {
      bot.log.warn('daily channel unusable', { guild: guildId, channel: channelId });
      return;
    }
    bot.log.info('daily standings posted', { guild: guildId, channel: channelId, day });
  }
}
