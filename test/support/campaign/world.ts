/**
 * The world a campaign plays in (campaign.ts): the fake Discord, the bot (restarted
 * after each kill), the store read beside it, the games and what happened so far.
 * The players (campaign.ts), the disturbances (disturbances.ts) and the checks
 * (checks.ts) all act on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { commands } from '../../../commands/index.js';
import { openStore, type TableStore } from '../../../src/store/index.js';
import type { Table } from '../../../src/table/index.js';
import { botEnv } from '../../e2e/harness.js';
import { startBot, type BotProcess } from '../../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/fake.js';
import type { FakeUser } from '../../fake-discord/model.js';
import { startRedis, type RedisServer } from '../../store/redis-server.js';
import { shownMoves } from './moves.js';
import { makePlan, type CampaignOptions, type GameKind, type PlannedEvent } from './plan.js';
import { Prng } from './prng.js';

/** A game the campaign plays: its kind, its human players, its own stream of choices, its thread once open. */
export interface GameRun {
  readonly index: number;
  readonly kind: GameKind;
  readonly humans: readonly FakeUser[];
  readonly rng: Prng;
  threadId: string | null;
  over: boolean;
  /** Moves the panel said went through ("✅"): the game (1-based, in a Dynasty), the turn they were made at, and by whom. */
  readonly confirmed: { readonly game: number; readonly turn: number; readonly userId: string }[];
}

/** A time the campaign made interactions fail on purpose (the bot down, the gateway cut). */
export interface Window {
  readonly from: number;
  to: number;
  readonly why: string;
}

/** Discord's time to answer an interaction. */
export const DEADLINE_MS = 3000;

/** The campaign's state, and what the players, the disturbances and the checks all need of it. */
export class World {
  readonly rng: Prng;
  readonly plan: PlannedEvent[];
  readonly games: GameRun[] = [];
  readonly violations: string[] = [];
  readonly windows: Window[] = [];
  readonly events = new Map<string, number>();
  readonly bots: BotProcess[] = [];
  readonly boundMs: number;
  discord!: FakeDiscord;
  bot!: BotProcess;
  store!: TableStore;
  redis: RedisServer | null = null;
  dataDir = '';
  /** Restarts so far: a driver waiting for an answer gives up when the bot it clicked is gone. */
  epoch = 0;
  /** A disturbance or a table start is under way: the other waits. */
  busy: Promise<void> = Promise.resolve();
  kills = 0;
  killsWithPostsOwed = 0;
  clicks = 0;
  refusals = 0;
  recoveries = 0;
  worstShowMs = 0;
  /** The move count the next planned disturbance waits for (null: the plan is done). Players wait for it past LEAD_MOVES. */
  nextEventAt: number | null = null;
  /** Disturbances that run on by themselves (an answer past the timeout) and check their own recovery. */
  readonly background: Promise<void>[] = [];
  /** Resolved by a driver right after it sends a "Take" click (a kill moment). */
  onTake: (() => void) | null = null;
  started = Date.now();
  finished = false;
  /** Torn down (also from outside, when the test timed out): every loop stops. */
  closed = false;

  constructor(readonly opts: CampaignOptions) {
    this.rng = new Prng(opts.seed);
    this.boundMs = opts.boundMs ?? 20_000;
    this.plan = makePlan(opts, this.rng);
  }

  log(line: string): void {
    this.opts.log?.(`[${this.opts.store} ${((Date.now() - this.started) / 1000).toFixed(1)}s] ${line}`);
  }

  violation(text: string): void {
    this.log(`VIOLATION: ${text}`);
    this.violations.push(text);
  }

  async setUp(): Promise<void> {
    const users = Array.from({ length: this.opts.parallel * 3 }, (_, i) => `p${i}`);
    this.discord = await startFakeDiscord({
      waitTimeoutMs: 30_000,
      users,
      // Whole games in CI time: Discord lets a channel take about 5 posts and 5 edits per
      // 5 s (a 4-player game would last a minute); the campaign's own 429s stand for them.
      limits: { messageCreate: { limit: 50, windowMs: 1000 }, messageEdit: { limit: 50, windowMs: 1000 } },
    });
    this.discord.registerCommands(commands.map((c) => c.data.toJSON()));
    this.dataDir = mkdtempSync(join(tmpdir(), 'kingdomino-faults-'));
    if (this.opts.store === 'redis') {
      this.redis = await startRedis();
      // A run cut short (a test timeout ends the worker) must not leave the server behind.
      const redis = this.redis;
      process.once('exit', () => {
        redis.thaw();
        void redis.stop();
      });
    }
    this.bot = await this.launch();
    this.store = await openStore(this.redis ? { redisUrl: this.redis.url } : { dataDir: this.dataDir });
  }

  env(): Record<string, string> {
    return {
      ...botEnv(this.discord, this.dataDir),
      AI_MOVE_DELAY_MS: '150',
      AI_HARD_MS: '20',
      STOP_TIMEOUT_MS: '2000',
      ...(this.redis ? { REDIS_URL: this.redis.url } : {}),
    };
  }

  async launch(): Promise<BotProcess> {
    const bot = startBot({ env: this.env(), waitTimeoutMs: 30_000 });
    this.bots.push(bot);
    this.discord.watch(bot);
    const spawned = Date.now();
    await bot.race(this.discord.waitForReady(30_000));
    const ready = Date.now();
    await bot.waitForOutput(/resumed running games/);
    this.log(
      `bot ${this.bots.length} up: gateway ready after ${ready - spawned} ms, games resumed after ${Date.now() - spawned} ms`,
    );
    return bot;
  }

  async tearDown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.finished = true;
    await this.store?.close().catch(() => undefined);
    await this.bot?.stop().catch(() => undefined);
    await this.discord?.close().catch(() => undefined);
    this.redis?.thaw();
    await this.redis?.stop().catch(() => undefined);
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Throws if a bot exited without being killed (a crash); the fake's waits fail then too. */
  assertAlive(): void {
    if (this.closed) throw new Error('the campaign was torn down');
    for (const bot of this.bots) {
      const crash = bot.exit ? bot.crashError() : null;
      if (crash) throw crash;
    }
  }

  /** One at a time: disturbances and table starts. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const before = this.busy;
    let release!: () => void;
    this.busy = new Promise((resolve) => (release = resolve));
    await before;
    try {
      return await work();
    } finally {
      release();
    }
  }

  async until(probe: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    for (;;) {
      this.assertAlive();
      if (probe()) return true;
      if (Date.now() >= end) return false;
      await sleep(40);
    }
  }

  count(name: string): void {
    this.events.set(name, (this.events.get(name) ?? 0) + 1);
  }

  shownTotal(): number {
    return this.games.reduce((n, g) => n + (g.threadId ? shownMoves(this.discord.messages(g.threadId)).length : 0), 0);
  }

  async table(threadId: string): Promise<Table | null> {
    const loaded = await this.store.get(threadId);
    return loaded.kind === 'found' ? loaded.table : null;
  }
}
