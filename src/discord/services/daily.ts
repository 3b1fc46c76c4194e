/**
 * The daily channel's post: once a UTC day ends, each server that chose a channel
 * (/kingdomino daily channel) gets the day's standings with the winning kingdom's
 * score sheet, and the new day's challenge. Armed on the bot's clock (a test moves it
 * past midnight); at start-up it catches up on the day just ended. Each server's post
 * is marked in the store before it is made, so two processes never both post it; a
 * process posts only for the servers of its own shards.
 *
 * And the hard computer player's score on each day's deal, which every result and
 * post compares with: played once per process in the AI pool's background lane, then
 * kept in the store.
 */
import { errorText } from '../../runtime/log.js';
import { after, now, type Timer } from '../../runtime/clock.js';
import { apply, isOver } from '../../game/index.js';
import { dailyDay, dailyGame, dailyScore, dayStartMs } from '../../table/index.js';
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

const hardRuns = new Map<number, Promise<number>>();

/** The hard computer player's score on the day's deal: computed once (per process, then kept in the store). */
export function hardScore(bot: Bot, day: number): Promise<number> {
  const running = hardRuns.get(day);
  if (running) return running;
  const run = (async () => {
    const stored = await bot.store.daily.hardScore(day);
    if (stored !== null) return stored;
    let game = dailyGame(day, bot.config.dailySecret, 'Bot');
    while (!isOver(game)) {
      const action = await bot.ai.choose(
        game,
        'hard',
        { playouts: bot.config.dailyHardPlayouts, timeMs: 600_000, seed: game.turn },
        { priority: 'background', key: `daily-${day}` },
      );
      const next = apply(game, action);
      if (!next.ok) throw new Error(`the hard player's move was refused: ${next.error.message}`);
      game = next.value;
    }
    const score = dailyScore(game)?.score ?? 0;
    await bot.store.daily.saveHardScore(day, score);
    return score;
  })();
  hardRuns.set(day, run);
  // A failed run is tried again by the next asker; old days leave the map.
  run.catch(() => hardRuns.delete(day));
  for (const old of hardRuns.keys()) if (old < day - 1) hardRuns.delete(old);
  return run;
}

/** The hard player's score if it is ready within `waitMs`, else null (the result says it comes later). */
export async function hardScoreSoon(bot: Bot, day: number, waitMs: number): Promise<number | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs).unref());
  return Promise.race([hardScore(bot, day).catch(() => null), timeout]);
}
