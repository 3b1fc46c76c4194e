/**
 * The tables due soon, from the store's index (table/due.ts): every DUE_POLL_MS the
 * bot loads those due within DUE_HORIZON_MS and lets them go on (posts owed, the
 * computer's moves, the turn's reminder and deadline). Start-up reads the same list
 * (resume.ts), so that neither loads every open game: a server with thousands of
 * games played over days keeps in memory only what falls due in the next minutes.
 */
import { DUE_HORIZON_MS, DUE_POLL_MS, pendingPosts } from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { errorText } from '../../runtime/log.js';
import type { Bot } from '../bot.js';
import { ownsGuild } from './scheduler.js';

export class DuePoller {
  /** The due time each table was last kicked for: kicked again only once it changes (a save moved it). */
  private readonly kicked = new Map<string, number>();
  private timer: clock.Timer | null = null;
  private stopped = false;

  constructor(private readonly bot: Bot) {}

  /** Poll from now on; `known` are the tables start-up resumed already (with their due time). */
  start(known: readonly { readonly id: string; readonly at: number }[] = []): void {
    for (const { id, at } of known) this.kicked.set(id, at);
    this.next();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
  }

  private next(): void {
    if (this.stopped) return;
    this.timer = clock.after(DUE_POLL_MS, () => void this.poll().finally(() => this.next()));
  }

  /** One look at the index; how long it took is logged (debug) for the operators and the bench. */
  async poll(): Promise<number> {
    const bot = this.bot;
    const started = performance.now();
    try {
      const due = await bot.store.dueTables(clock.now() + DUE_HORIZON_MS);
      const ids = new Set(due.map((d) => d.id));
      for (const id of this.kicked.keys()) if (!ids.has(id)) this.kicked.delete(id);
      for (const { id, at } of due) {
        if (this.stopped) break;
        if (this.kicked.get(id) === at) continue;
        this.kicked.set(id, at);
        await this.wake(id).catch((error: unknown) => {
          // Not marked kicked: the next poll tries this table again, and the others go on meanwhile.
          this.kicked.delete(id);
          bot.log.warn('could not load a table due', { game: id, error: errorText(error) });
        });
      }
      bot.log.debug('due tables polled', { due: due.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      bot.log.warn('could not list the tables due', { error: errorText(error) });
    }
    return performance.now() - started;
  }

  /** A table due: its posts owed, then its computer moves and timers (in the process whose shard has its guild). */
  private async wake(id: string): Promise<void> {
    const loaded = await this.bot.store.get(id);
    if (loaded.kind !== 'found' || !ownsGuild(this.bot.client, loaded.table.guildId)) return;
    // The outbox kicks the scheduler once the posts are made.
    if (pendingPosts(loaded.table).length > 0) void this.bot.outbox.flush(id, loaded.table);
    else this.bot.scheduler.kick(id);
  }
}
