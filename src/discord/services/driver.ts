/**
 * The table driver: everything that happens without a click. For each table it asks
 * the one pure decision (table/due.ts, `next`) what is due and when, does it when it
 * is due (steps.ts), saves, and asks again; what is due later gets one timer per
 * table, armed only within DUE_HORIZON_MS (a game waiting days holds nothing in
 * memory: the poll below loads it when it falls due, from the store's index, which
 * keeps the same decision's `at`).
 *
 * Handlers tell the driver that a table changed after their save (`changed`, or
 * `settle` to wait for its boards), with the table as saved: the driver does not read
 * it again. One table is driven by one run at a time; a change meanwhile runs it again
 * after. A step that fails (Discord or the store unreachable) is tried again after a
 * backoff, on the same one timer.
 */
import {
  DUE_HORIZON_MS,
  correspondencePace,
  DUE_POLL_MS,
  boardsOwed,
  needsBot,
  next,
  pendingPosts,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { errorText } from '../../runtime/log.js';
import type { Bot, Driver } from '../bot.js';
import { PostUnsure } from './places.js';
import { clearStrays, doStep } from './steps.js';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;
/**
 * How long after a follow-up whose answer never came the thread is looked at for it:
 * the request was given up at the REST client's timeout, and may land a little later.
 */
const UNANSWERED_SETTLE_MS = 3_000;

/** Someone waiting for the boards owed by the table as they saved it (`version`; not told: whatever the run shows next). */
interface Waiter {
  readonly version: number;
  readonly resolve: (shown: boolean) => void;
}

function waiter(known: Table | undefined, resolve: (shown: boolean) => void): Waiter {
  return { version: known?.version ?? -Infinity, resolve };
}

/** A table's run in progress: who waits for its boards, and whether it must run again after. */
interface Run {
  /** Run again once this one ends (a change came meanwhile), from this table if known. */
  again: { readonly known?: Table } | null;
  waiters: readonly Waiter[];
  /** The table as the run last read or saved it. */
  latest: Table | null;
}

/**
 * Those waiting for boards of the table up to `version` (whose boards are shown, or
 * failed) learn it. A move made while the run posts an earlier one's board waits on:
 * its own board is not among those.
 */
function release(run: Run, shown: boolean, version = Infinity): void {
  const done = run.waiters.filter((w) => w.version <= version);
  run.waiters = run.waiters.filter((w) => w.version > version);
  done.forEach((w) => w.resolve(shown));
}

/** The newer of two versions of a table (a change told during a run may be older than the run's own save). */
function newer(a: Table | undefined, b: Table | null): Table | undefined {
  return b && (!a || b.version > a.version) ? b : a;
}

export class TableDriver implements Driver {
  private readonly runs = new Map<string, Run>();
  /** The one timer per table: its next step's time, or a retry's. */
  private readonly timers = new Map<string, { readonly at: number; readonly handle: clock.Timer }>();
  /** The delay of each table's last retry in a row (for the backoff). */
  private readonly backoff = new Map<string, number>();
  /**
   * Tables whose owed posts may have been made without this process knowing (by a
   * process before it, which died before saving that it made them): they are looked
   * for first. Every table this process reads from the store the first time with
   * posts owed, at start-up or later (its clock may have moved past the index's).
   */
  private readonly resumed = new Set<string>();
  /** Tables this process has driven: a table read the first time is not one of them. */
  private readonly driven = new Set<string>();
  /**
   * The newest version of each table driven here. A change told with an older one (a
   * handler's save from before a board was posted, told after it was) is not run from,
   * nor one of a table not driven since it last needed the bot: the store is read
   * instead, or that board would be posted again.
   */
  private readonly versions = new Map<string, number>();
  /** Tables resumed at start-up whose thread is looked at for stray buttons once nothing else is due now. */
  private readonly strays = new Set<string>();
  private poller: clock.Timer | null = null;
  /** A poll is under way; another tick came meanwhile. */
  private polling = false;
  private pollAgain = false;
  private readonly idlers: (() => void)[] = [];
  /** The due time each table was last woken for by the poll: woken again only once it changes (a save moved it). */
  private readonly polled = new Map<string, number>();
  private stopped = false;
  /** Who is told each table as the driver sees it change (the live board: activity/server.ts). */
  private readonly watchers: ((table: Table) => void)[] = [];

  constructor(private readonly bot: () => Bot) {}

  /**
   * Be told every table as the driver gets it: saved by a handler, a computer, the
   * timer or a step. The same version may be told twice; an older one after a newer one.
   */
  watch(watcher: (table: Table) => void): void {
    this.watchers.push(watcher);
  }

  /** A watcher's failure is logged, never the driver's: the table's steps go on. */
  private tell(table: Table | null): void {
    if (!table) return;
    for (const watcher of this.watchers) {
      try {
        watcher(table);
      } catch (error) {
        this.bot().log.warn('a table watcher failed', { game: table.id, error: errorText(error) });
      }
    }
  }

  told(table: Table): void {
    if (!this.stopped) this.tell(table);
  }

  changed(tableId: string, known?: Table): void {
    void this.settle(tableId, known);
  }

  settle(tableId: string, known?: Table): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    // Told at once, even while a run of the table is still posting an earlier board.
    if (known) this.tell(known);
    return new Promise<boolean>((resolve) => {
      const running = this.runs.get(tableId);
      if (running) {
        running.again = known ? { known } : (running.again ?? {});
        running.waiters = [...running.waiters, waiter(known, resolve)];
        return;
      }
      const run: Run = { again: null, waiters: [waiter(known, resolve)], latest: null };
      this.runs.set(tableId, run);
      void this.drive(tableId, run, known);
    });
  }

  /**
   * At start-up: the tables resumed go on, their posts looked for first (the previous
   * process may have made them), then their threads for stray buttons; the tables due
   * are then polled every DUE_POLL_MS.
   */
  resume(due: readonly { readonly id: string; readonly at: number }[], resumed: readonly Table[]): void {
    for (const { id, at } of due) this.polled.set(id, at);
    for (const table of resumed) {
      this.resumed.add(table.id);
      // A finished game's thread waiting only to be archived has no button to look for.
      if (table.status === 'playing' || pendingPosts(table).length > 0) this.strays.add(table.id);
      this.changed(table.id, table);
    }
    this.schedulePoll();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) timer.handle.cancel();
    this.timers.clear();
    this.poller?.cancel();
  }

  /** Runs in progress (a graceful stop waits for them). */
  pending(): number {
    return this.runs.size;
  }

  /** Resolves once no table is being driven. */
  idle(): Promise<void> {
    if (this.runs.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idlers.push(resolve));
  }

  /** Timers armed now: at most one per table. */
  armed(): number {
    return this.timers.size;
  }

  /** Runs the table until nothing is due now; then, if a change came meanwhile, again. */
  private async drive(tableId: string, run: Run, known?: Table): Promise<void> {
    const shown = await this.steps(tableId, run, known).catch((error: unknown) => {
      this.retryLater(tableId, error);
      return false;
    });
    const again = run.again;
    if (again && !this.stopped) {
      run.again = null;
      return this.drive(tableId, run, newer(again.known, run.latest));
    }
    this.runs.delete(tableId);
    release(run, shown);
    if (this.runs.size === 0) this.idlers.splice(0).forEach((resolve) => resolve());
  }

  /** The steps due now, one after the other; true once the table owes no board. */
  private async steps(tableId: string, run: Run, known?: Table): Promise<boolean> {
    const bot = this.bot();
    const current = known && known.version >= (this.versions.get(tableId) ?? Infinity) ? known : undefined;
    let table: Table | null = current ?? (await this.load(tableId));
    if (!this.driven.has(tableId) && !known && table && pendingPosts(table).length > 0) this.resumed.add(tableId);
    this.driven.add(tableId);
    for (;;) {
      run.latest = table;
      if (table) this.versions.set(tableId, Math.max(table.version, this.versions.get(tableId) ?? 0));
      this.tell(table);
      if (this.stopped) return false;
      // Gone from the store, or another shard's: nothing of it is kept here.
      if (!table || !bot.owns(table.guildId)) {
        this.forget(tableId);
        return this.disarm(tableId);
      }
      if (boardsOwed(table).length === 0) release(run, true, table.version);
      const now = clock.now();
      const due = next(table, now, bot.config);
      if ((!due || due.at > now) && this.strays.delete(tableId)) {
        table = await clearStrays(bot, table, performance.timeOrigin);
        continue;
      }
      if (!due && !needsBot(table)) this.forget(tableId);
      if (!due) return this.disarm(tableId);
      if (due.at > now) return this.arm(table, due.at);
      this.disarm(tableId);
      const maybeMade = due.step.kind === 'post' && this.resumed.delete(tableId);
      const posting = table.version;
      const shown = (): void => release(run, true, posting);
      table = await doStep(bot, table, due.step, { maybeMade, shown, stopping: () => this.stopped });
      this.backoff.delete(tableId);
    }
  }

  /** A table that needs the bot no more: read afresh if it ever does again. */
  private forget(tableId: string): void {
    this.driven.delete(tableId);
    this.versions.delete(tableId);
  }

  private async load(tableId: string): Promise<Table | null> {
    const loaded = await this.bot().store.get(tableId);
    return loaded.kind === 'found' ? loaded.table : null;
  }

  /**
   * The table's one timer at `at`. A correspondence game's is not armed beyond
   * DUE_HORIZON_MS: thousands of games waiting days hold nothing in memory (the poll
   * finds each when it falls due); a live game's minutes are armed at once.
   */
  private arm(table: Table, at: number): boolean {
    const tableId = table.id;
    if (this.timers.get(tableId)?.at === at) return true;
    this.disarm(tableId);
    if (correspondencePace(table.settings) && at > clock.now() + DUE_HORIZON_MS) return true;
    const handle = clock.after(at - clock.now(), () => {
      this.timers.delete(tableId);
      this.changed(tableId);
    });
    this.timers.set(tableId, { at, handle });
    return true;
  }

  private disarm(tableId: string): boolean {
    this.timers.get(tableId)?.handle.cancel();
    this.timers.delete(tableId);
    return true;
  }

  /** Run the table again a while after a failure, a little later each time in a row. */
  private retryLater(tableId: string, error: unknown): void {
    if (this.stopped) return;
    const delayMs = Math.min(LAST_RETRY_MS, 2 * (this.backoff.get(tableId) ?? FIRST_RETRY_MS / 2));
    this.backoff.set(tableId, delayMs);
    const unanswered = error instanceof PostUnsure && error.unanswered;
    const waitMs = unanswered ? Math.max(delayMs, UNANSWERED_SETTLE_MS) : delayMs;
    this.bot().log.warn('scheduler failed: will try again', {
      game: tableId,
      retry_ms: waitMs,
      error: errorText(error),
    });
    this.disarm(tableId);
    const handle = clock.after(waitMs, () => {
      this.timers.delete(tableId);
      this.changed(tableId);
    });
    this.timers.set(tableId, { at: clock.now() + waitMs, handle });
  }

  /**
   * Every DUE_POLL_MS, one poll at a time: a tick during a poll (a slow store, or a
   * test's clock moved forward meanwhile) polls again once it is over.
   */
  private schedulePoll(): void {
    if (this.stopped) return;
    this.poller = clock.every(DUE_POLL_MS, () => this.pollOnce());
  }

  private pollOnce(): void {
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    void this.poll().finally(() => {
      this.polling = false;
      if (!this.pollAgain || this.stopped) return;
      this.pollAgain = false;
      this.pollOnce();
    });
  }

  /**
   * One look at the store's due index: each table due within DUE_HORIZON_MS that is
   * neither running nor armed for that time goes on. How long it took is logged (debug).
   */
  async poll(): Promise<number> {
    const bot = this.bot();
    const started = performance.now();
    try {
      const due = await bot.store.dueTables(clock.now() + DUE_HORIZON_MS);
      const ids = new Set(due.map((d) => d.id));
      for (const id of this.polled.keys()) if (!ids.has(id)) this.polled.delete(id);
      for (const { id, at } of due) {
        if (this.polled.get(id) === at || this.runs.has(id) || this.timers.get(id)?.at === at) continue;
        this.polled.set(id, at);
        this.changed(id);
      }
      bot.log.debug('due tables polled', { due: due.length, ms: Math.round(performance.now() - started) });
    } catch (error) {
      bot.log.warn('could not list the tables due', { error: errorText(error) });
    }
    return performance.now() - started;
  }
}
