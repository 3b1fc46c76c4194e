/**
 * The fault campaign (issue 11): several games at once, played by clicks through
 * the real bot against the fake Discord, while the campaign kills the bot with
 * SIGKILL at chosen moments and restarts it, makes Discord answer 500, 429 (per
 * route and global, with retry_after), time out (a post answered past discord.js's
 * 15 s, or lost and never answered), drops the gateway (resumed, or a new session),
 * and (with Redis) freezes the store for a few seconds.
 *
 * Everything the campaign decides comes from one seeded PRNG: the plan of events
 * (what, at which point of the games, with which figures), each kill's moment,
 * every click's choice (a stream per game, so the games' interleaving does not
 * change them). Wall-clock interleavings still vary from run to run; the seed and
 * the plan are printed with every failure, so a run can be tried again.
 *
 * Invariants, checked after every recovery and at the end (see `checkRecovery` and
 * `finalCheck`):
 * - every move the store holds appears in its thread exactly once, in order, within
 *   `boundMs` of the recovery; the thread never shows a move the store lacks;
 * - a computer player whose turn it is plays within the bound; exactly one live
 *   "Your turn" button in a thread (on the store's turn message, for the player the
 *   store says), none once the game is over;
 * - at the end: the store's turn count is the sum of the actions the thread shows,
 *   every record passes `checkRecord` and has the store's events;
 * - every interaction was answered within Discord's 3 s, or it was disturbed by the
 *   campaign (sent while the bot was down or its gateway cut, or its callback got an
 *   injected fault); every strict-mode error of the fake is one of those;
 * - no bot process exited but the ones killed, none logged an unhandled rejection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { commands } from '../../commands/index.js';
import { decode } from '../../src/discord/messages/codec.js';
import { checkRecord, prompt as enginePrompt, type GameEvent, type GameState } from '../../src/game/index.js';
import type { GameRecord } from '../../src/game/types.js';
import { openStore, type TableStore } from '../../src/store/index.js';
import { heldMoves, type Table } from '../../src/table/index.js';
import { botEnv } from '../e2e/harness.js';
import { startBot, type BotProcess } from '../fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/fake.js';
import type { FakeInteraction } from '../fake-discord/interactions.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import { matchesRequest, type Fault, type RequestMatcher, type RequestRecord } from '../fake-discord/server.js';
import { startRedis, type RedisServer } from '../store/redis-server.js';

// ---- The seeded PRNG ----------------------------------------------------------------

/** sfc32 seeded by xmur3 of a string: the same seed, the same numbers, anywhere. */
export class Prng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(readonly seed: string) {
    let h = 1779033703 ^ seed.length;
    for (let i = 0; i < seed.length; i++) {
      h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** In [0, 1). */
  next(): number {
    this.#a >>>= 0;
    this.#b >>>= 0;
    this.#c >>>= 0;
    this.#d >>>= 0;
    let t = (this.#a + this.#b) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#d = (this.#d + 1) | 0;
    t = (t + this.#d) | 0;
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An independent stream for one purpose (a game's clicks, the plan). */
  fork(label: string): Prng {
    return new Prng(`${this.seed}/${label}`);
  }
}

// ---- Options, plan and report ----------------------------------------------------------

export type StoreKind = 'sqlite' | 'redis';

export interface CampaignOptions {
  readonly store: StoreKind;
  readonly seed: string;
  /** Games played in all (cycling through GAME_KINDS). */
  readonly games: number;
  /** Games running at once. */
  readonly parallel: number;
  /** SIGKILLs (each followed by a restart). */
  readonly kills: number;
  /** Other disturbances: Discord faults, gateway drops, Redis freezes. */
  readonly faults: number;
  /** Faults that are a slow answer past discord.js's 15 s timeout (each costs ~15 s of one game). */
  readonly timeouts: number;
  /** Every saved move must be shown within this of a recovery. */
  readonly boundMs?: number;
  /** Progress lines (events, checks). */
  readonly log?: (line: string) => void;
}

interface GameKind {
  readonly name: string;
  /** Humans seated (the host first), then computer players. */
  readonly humans: number;
  readonly ai: number;
  /** Moves in all (over the three games of a Dynasty). */
  readonly moves: number;
  readonly options: Readonly<Record<string, string | number | boolean>>;
  /** Three games in a row: the thread shows three ends, then the totals. */
  readonly dynasty?: true;
}

/** The games, in the order they are dealt: 2-player humans, 4-player with a computer, 2-player against a computer, ... */
export const GAME_KINDS: readonly GameKind[] = [
  { name: '2 humans', humans: 2, ai: 0, moves: 28, options: {} },
  { name: '3 humans + 1 computer', humans: 3, ai: 1, moves: 52, options: { 'ai-seats': 1, 'ai-level': 'easy' } },
  {
    name: 'human vs computer',
    humans: 1,
    ai: 1,
    moves: 28,
    options: { 'ai-seats': 1, 'ai-level': 'normal', 'balanced-opening': true },
  },
  {
    name: '2 humans + 1 computer, Harmony',
    humans: 2,
    ai: 1,
    moves: 39,
    options: { 'ai-seats': 1, 'ai-level': 'easy', harmony: true },
  },
  {
    name: '2 humans + 2 computers',
    humans: 2,
    ai: 2,
    moves: 52,
    options: { 'ai-seats': 2, 'ai-level': 'easy', 'middle-kingdom': true },
  },
  {
    name: 'Dynasty, human vs computer',
    humans: 1,
    ai: 1,
    moves: 84,
    options: { dynasty: true, 'ai-seats': 1, 'ai-level': 'easy' },
    dynasty: true,
  },
];

type KillStyle = 'after-click' | 'on-post' | 'during-ai' | 'random' | 'while-failing';
type FaultStyle =
  | '500'
  | '429-route'
  | '429-global'
  | '500-callback'
  | 'timeout'
  | 'gateway-drop'
  | 'gateway-invalidate'
  | 'redis-freeze';

interface PlannedEvent {
  readonly kind: 'kill' | 'fault';
  readonly style: KillStyle | FaultStyle;
  /** It happens once this many moves are shown, over all games. */
  readonly atMove: number;
}

export interface CampaignReport {
  readonly store: StoreKind;
  readonly seed: string;
  readonly games: number;
  /** Moves saved and shown, over all games. */
  readonly moves: number;
  readonly kills: number;
  /** Kills after which the store still owed posts to a thread (the window of hole 1). */
  readonly killsWithPostsOwed: number;
  readonly events: Readonly<Record<string, number>>;
  /** Requests the fake answered with an injected fault, by kind. */
  readonly faults: Readonly<Record<string, number>>;
  /** 429s of the fake's own rate limiter (Discord's limits). */
  readonly limited: number;
  /** Posts repeated with a nonce Discord had seen: answered with the first message, nothing posted twice. */
  readonly nonceRepeats: number;
  readonly clicks: number;
  /** Moves the panel told the player went through (each checked to be in the store). */
  readonly confirmed: number;
  readonly refusals: number;
  /** Interactions the campaign disturbed that expired (allowed); every other one was answered in time. */
  readonly disturbedExpired: number;
  readonly recoveries: number;
  /** The longest time from a recovery until every move saved then was shown. */
  readonly worstShowMs: number;
  /** Computer moves (or their saves) that failed, a Redis freeze say, and were tried again by the scheduler. */
  readonly schedulerRetries: number;
  /** Posts the outbox could not make at once and tried again later. */
  readonly outboxRetries: number;
  readonly violations: readonly string[];
  readonly ms: number;
  readonly plan: readonly string[];
}

// ---- Reading moves: the store's and the thread's ----------------------------------------

/** One move as players see it: the domino placed (or discarded) and the one taken. */
interface ShownMove {
  readonly placed: number | null;
  readonly discarded: number | null;
  readonly took: number | null;
  readonly line: string;
}

interface SavedMove {
  readonly player: number;
  readonly placed: number | null;
  readonly discarded: number | null;
  readonly took: number | null;
}

/** The moves of a game from its events: a place or discard and the same player's claim after it are one move. */
export function movesOfEvents(events: readonly GameEvent[]): SavedMove[] {
  const moves: SavedMove[] = [];
  let open: { player: number; placed: number | null; discarded: number | null } | null = null;
  const close = (took: number | null) => {
    if (open) moves.push({ ...open, took });
    open = null;
  };
  for (const e of events) {
    if (e.type === 'place' || e.type === 'discard') {
      close(null);
      open = {
        player: e.player,
        placed: e.type === 'place' ? e.domino : null,
        discarded: e.type === 'discard' ? e.domino : null,
      };
    } else if (e.type === 'claim') {
      if (open && open.player === e.player) close(e.domino);
      else {
        close(null);
        moves.push({ player: e.player, placed: null, discarded: null, took: e.domino });
      }
    }
  }
  close(null);
  return moves;
}

const MOVE_LINE = /(placed #\d+|could not fit #\d+|took #\d+)/;

/**
 * The moves a thread shows, in order: the "placed #N"/"took #N" lines of every board
 * and end message (a run of computer moves is told in one: table/outbox.ts).
 */
export function shownMoves(messages: readonly FakeMessage[]): ShownMove[] {
  const shown: ShownMove[] = [];
  const lines = messages.flatMap((m) => (m.pngs().length === 0 ? [] : m.content.split('\n')));
  for (const line of lines.filter((l) => MOVE_LINE.test(l))) {
    const num = (re: RegExp) => {
      const hit = re.exec(line)?.[1];
      return hit === undefined ? null : Number(hit);
    };
    shown.push({
      placed: num(/placed #(\d+)/),
      discarded: num(/could not fit #(\d+)/),
      took: num(/took #(\d+)/),
      line,
    });
  }
  return shown;
}

function sameMove(saved: SavedMove, shown: ShownMove, name: string): boolean {
  return (
    saved.placed === shown.placed &&
    saved.discarded === shown.discarded &&
    saved.took === shown.took &&
    shown.line.includes(name)
  );
}

function moveText(m: SavedMove | ShownMove): string {
  const parts = [
    m.placed !== null ? `placed #${m.placed}` : '',
    m.discarded !== null ? `discarded #${m.discarded}` : '',
    m.took !== null ? `took #${m.took}` : '',
  ];
  return parts.filter(Boolean).join(' and ') || 'nothing';
}

/** The games on a table: the three of a Dynasty (those dealt so far), or the one. */
function gamesOf(table: Table): readonly GameState[] {
  if (table.status !== 'playing' && table.status !== 'finished') return [];
  return table.dynasty?.games ?? [table.game];
}

/** Actions saved over all the table's games (each game's turn counter). */
function actionsSaved(table: Table): number {
  return gamesOf(table).reduce((n, game) => n + game.turn, 0);
}

/** Who made each action (place, discard, claim), by its number: the game's turn counter before it. */
function actionPlayers(events: readonly GameEvent[]): number[] {
  return events.flatMap((e) => (e.type === 'place' || e.type === 'discard' || e.type === 'claim' ? [e.player] : []));
}

function actionsOf(m: ShownMove): number {
  return (m.placed !== null || m.discarded !== null ? 1 : 0) + (m.took !== null ? 1 : 0);
}

// ---- The run ----------------------------------------------------------------------------

interface GameRun {
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
interface Window {
  readonly from: number;
  to: number;
  readonly why: string;
}

const DEADLINE_MS = 3000;
/** No move in any game for this long: stuck for good. */
const STALL_MS = 60_000;
const SLOW_PAST_TIMEOUT_MS = 16_000;

/** An interaction's own answer (a /kingdomino status reply), not a post in the thread (a follow-up is one). */
function isAnswer(discord: FakeDiscord, m: FakeMessage): boolean {
  return (
    m.interactionId !== null && discord.interactions().some((i) => i.id === m.interactionId && i.originalId === m.id)
  );
}

/**
 * Posts and edits of messages in these threads, on their channel routes or through
 * an interaction's webhook (follow-ups and their edits; not the answers' `@original`).
 */
function threadWrites(discord: FakeDiscord, threads: readonly string[]): RequestMatcher {
  const channelRoute = new RegExp(`^/channels/(${threads.join('|') || 'none'})/messages(/\\d+)?$`);
  const followUp = (r: RequestRecord) =>
    r.route === '/webhooks/:app/:token' ||
    (r.route === '/webhooks/:app/:token/messages/:message' && r.params.message !== '@original');
  return {
    where: (r) =>
      (r.method === 'POST' || r.method === 'PATCH') &&
      (channelRoute.test(r.path) ||
        (followUp(r) && threads.includes(discord.interactionByToken(r.params.token)?.channelId ?? ''))),
  };
}
/** How far past the next planned disturbance the players may go before they wait for it. */
const LEAD_MOVES = 6;

class Campaign {
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
    this.plan = this.makePlan();
  }

  log(line: string): void {
    this.opts.log?.(`[${this.opts.store} ${((Date.now() - this.started) / 1000).toFixed(1)}s] ${line}`);
  }

  violation(text: string): void {
    this.log(`VIOLATION: ${text}`);
    this.violations.push(text);
  }

  // ---- The plan ----

  makePlan(): PlannedEvent[] {
    const rng = this.rng.fork('plan');
    const total = Array.from({ length: this.opts.games }, (_, i) => GAME_KINDS[i % GAME_KINDS.length]!.moves).reduce(
      (a, b) => a + b,
      0,
    );
    const killStyles: KillStyle[] = ['after-click', 'on-post', 'during-ai', 'random', 'while-failing'];
    const faultStyles: FaultStyle[] = [
      '500',
      '429-route',
      '429-global',
      '500-callback',
      'gateway-drop',
      'gateway-invalidate',
      ...(this.opts.store === 'redis' ? ['redis-freeze' as const, 'redis-freeze' as const] : []),
    ];
    const kinds: { kind: 'kill' | 'fault'; style: KillStyle | FaultStyle }[] = [];
    // Every style comes once before any comes twice (a short run still sees each kind).
    const first = rng.int(0, killStyles.length - 1);
    for (let i = 0; i < this.opts.kills; i++)
      kinds.push({
        kind: 'kill',
        style: i < killStyles.length ? killStyles[(i + first) % killStyles.length]! : rng.pick(killStyles),
      });
    const timeouts = Math.min(this.opts.timeouts, this.opts.faults);
    for (let i = 0; i < timeouts; i++) kinds.push({ kind: 'fault', style: 'timeout' });
    const rotated = [...faultStyles.slice(rng.int(0, faultStyles.length - 1)), ...faultStyles];
    for (let i = 0; i < this.opts.faults - timeouts; i++)
      kinds.push({ kind: 'fault', style: i < faultStyles.length ? rotated[i]! : rng.pick(faultStyles) });
    // Kill styles in a fixed order of first appearance would repeat across seeds: shuffle.
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
    }
    // Spread over the games: from the third move to 90 % of all moves; answers past the
    // timeout early (they hold one game up for 15 s: better while the others have long to go).
    const span = Math.max(1, Math.floor(total * 0.9) - 3);
    const planned = kinds.map((k, i) => ({
      ...k,
      atMove: 3 + Math.floor(((i + rng.next() * 0.8) / kinds.length) * span),
    }));
    return planned
      .map((e) => (e.style === 'timeout' ? { ...e, atMove: 3 + Math.floor(e.atMove * 0.3) } : e))
      .sort((a, b) => a.atMove - b.atMove);
  }

  // ---- Set-up and tear-down ----

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

  // ---- The games ----

  async run(): Promise<void> {
    this.log(`seed ${this.opts.seed}; plan: ${this.plan.map(describeEvent).join(', ')}`);
    const chaos = this.chaos();
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.opts.parallel, this.opts.games) }, async (_, lane) => {
      for (;;) {
        const index = next++;
        if (index >= this.opts.games) return;
        const kind = GAME_KINDS[index % GAME_KINDS.length]!;
        const humans = Array.from({ length: kind.humans }, (_, k) => this.discord.user(`p${lane * 3 + k}`));
        const game: GameRun = {
          index,
          kind,
          humans,
          rng: this.rng.fork(`game ${index}`),
          threadId: null,
          over: false,
          confirmed: [],
        };
        this.games.push(game);
        await this.exclusive(async () => {
          game.threadId = await this.openTable(game);
          this.log(`game ${index} (${kind.name}) started in thread ${game.threadId}`);
        });
        await this.drive(game);
        this.log(`game ${index} over`);
      }
    });
    try {
      await Promise.race([Promise.all(lanes), this.watchdog()]);
    } finally {
      this.finished = true;
    }
    await chaos;
  }

  /** Fails the run when no game moves for a long while (a game stuck for good), with what the store says. */
  async watchdog(): Promise<never> {
    let last = -1;
    let since = Date.now();
    for (;;) {
      await sleep(1000);
      // The games are over: nothing left to watch (the race is decided).
      if (this.finished) return new Promise<never>(() => undefined);
      this.assertAlive();
      const shown = this.shownTotal();
      if (shown !== last) {
        last = shown;
        since = Date.now();
        continue;
      }
      // A disturbance under way (a restart, an answer past the timeout) is not a stall.
      if (Date.now() - since < STALL_MS) continue;
      const states = await Promise.all(
        this.games
          .filter((g) => g.threadId && !g.over)
          .map(async (g) => {
            const table = await this.table(g.threadId!).catch(() => null);
            const player = table ? promptOf(table) : null;
            return `game ${g.index} (${g.kind.name}): ${table?.status ?? '?'}, turn ${table && 'game' in table ? table.game?.turn : '?'}, to move: ${player === null ? 'nobody' : table!.seats[player]?.kind}, owes ${table?.outbox?.length ?? 0} post(s)`;
          }),
      );
      this.violation(`no move for ${STALL_MS / 1000} s: ${states.join('; ')}`);
      throw new Error(`the games stalled:\n${states.join('\n')}`);
    }
  }

  /** /kingdomino start, the others join, the host starts: the thread id. Quiet (no disturbance meanwhile). */
  async openTable(game: GameRun): Promise<string> {
    const { discord } = this;
    const [host, ...others] = game.humans;
    const command = await discord.slashCommand({
      user: host!,
      name: 'kingdomino',
      subcommand: 'start',
      options: game.kind.options,
    });
    const lobby = await command.reply();
    for (const user of others) await (await discord.click(lobby, 'k1:j', user)).reply();
    await (await discord.click(lobby, 'k1:s', host!)).reply();
    await discord.waitFor(
      () => discord.thread(lobby.id) && discord.messages(lobby.id).some((m) => m.pngs().length > 0),
      'the first board',
    );
    return lobby.id;
  }

  /** Humans play from what the thread shows, by clicks, until the game is over. */
  async drive(game: GameRun): Promise<void> {
    const { discord } = this;
    const threadId = game.threadId!;
    for (;;) {
      this.assertAlive();
      const messages = discord.messages(threadId);
      if (messages.some((m) => (game.kind.dynasty ? /Dynasty totals/ : /Game over!/).test(m.content))) {
        game.over = true;
        return;
      }
      const live = [...messages]
        .reverse()
        .find((m) => m.buttons().some((b) => !b.disabled && /^Your turn/.test(b.label ?? '')));
      const id = live ? /<@(\d+)>, your turn/.exec(live.content)?.[1] : undefined;
      const user = id ? game.humans.find((h) => h.id === id) : undefined;
      if (!live || !user) {
        const signature = threadSignature(discord.messages(threadId));
        await this.until(() => threadSignature(discord.messages(threadId)) !== signature, 1500);
        continue;
      }
      // The plan keeps pace with the games: players do not run far past the next disturbance (a short run still gets all of them).
      await this.until(() => this.nextEventAt === null || this.shownTotal() < this.nextEventAt + LEAD_MOVES, 30_000);
      await this.noise(game, live, user);
      const moved = await this.humanMove(game, live, user);
      if (!moved) await sleep(game.rng.int(150, 600));
      else {
        // Wait for the next board (the checks judge lateness), then play on.
        await this.until(() => discord.messages(threadId).at(-1)?.id !== live.id || yourTurn(live) === null, 5000);
      }
    }
  }

  /** Now and then something a player does besides moving: a click by someone else, /kingdomino status. */
  async noise(game: GameRun, live: FakeMessage, user: FakeUser): Promise<void> {
    const roll = game.rng.next();
    if (roll < 0.04) {
      const other = game.rng.pick(
        this.discord.interactions().length > 0
          ? [...game.humans.filter((h) => h !== user), this.discord.user('p0')]
          : [user],
      );
      if (other === user) return;
      const click = await this.tryClick(live, yourTurn(live), other);
      if (click) await this.outcome(click);
      this.count('noise: someone else clicks Your turn');
    } else if (roll < 0.07) {
      const status = await this.discord.slashCommand({
        user: game.rng.pick(game.humans),
        channel: game.threadId!,
        name: 'kingdomino',
        subcommand: 'status',
      });
      this.clicks++;
      await this.outcome(status);
      this.count('noise: /kingdomino status');
    }
  }

  async tryClick(message: FakeMessage, customId: string | null, user: FakeUser): Promise<FakeInteraction | null> {
    if (!customId) return null;
    try {
      const click = await this.discord.click(message, customId, user);
      this.clicks++;
      return click;
    } catch {
      // The button went away between reading the message and clicking (cleared, edited): as a user would, look again.
      return null;
    }
  }

  /**
   * What became of an interaction: the message its answer is shown in (a reply, an
   * updated message, a follow-up), or 'expired' (Discord's 3 s passed), or 'lost'
   * (the bot that took it was killed before answering it all).
   */
  async outcome(i: FakeInteraction, ms = 40_000): Promise<FakeMessage | 'expired' | 'lost'> {
    const epoch = this.epoch;
    const end = Date.now() + ms;
    for (;;) {
      this.assertAlive();
      if (i.expired) return 'expired';
      const shown = answerOf(this.discord, i);
      if (shown) return shown;
      if (this.epoch !== epoch || Date.now() >= end) return 'lost';
      await sleep(40);
    }
  }

  /** One move by clicks: Your turn, then Take #N (or Place here, or the discard). True when the panel said it went through. */
  async humanMove(game: GameRun, live: FakeMessage, user: FakeUser): Promise<boolean> {
    const turnButton = yourTurn(live);
    const opened = turnButton ? decode(turnButton) : null;
    const open = await this.tryClick(live, turnButton, user);
    if (!open) return false;
    const panel = await this.outcome(open);
    if (typeof panel === 'string') return false;
    if (panel.buttons().length === 0) {
      this.refusals++;
      return false;
    }
    for (let step = 0; step < 3; step++) {
      const takes = panel.buttons().filter((b) => !b.disabled && b.customId?.startsWith('k1:k:'));
      const other = panel.buttons().find((b) => !b.disabled && /^(✅ Place here|🗑 Discard)/.test(b.label ?? ''));
      const button = takes.length > 0 ? game.rng.pick(takes) : other;
      if (!button?.customId) return false;
      const click = await this.tryClick(panel, button.customId, user);
      if (!click) return false;
      if (button.customId.startsWith('k1:k:') || /Place here/.test(button.label ?? '')) this.onTake?.();
      const answer = await this.outcome(click);
      if (typeof answer === 'string') return false;
      if (answer.id !== panel.id) {
        this.refusals++;
        return false;
      }
      if (panel.content.startsWith('✅')) {
        const number = Number(/Dynasty, game (\d+) of/.exec(live.content)?.[1] ?? 1);
        if (opened?.verb === 'your-turn') game.confirmed.push({ game: number, turn: opened.turn, userId: user.id });
        return true;
      }
      if (panel.buttons().length === 0) {
        this.refusals++;
        return false;
      }
    }
    return false;
  }

  // ---- Disturbances ----

  async chaos(): Promise<void> {
    for (const event of this.plan) {
      this.nextEventAt = event.atMove;
      const reached = await this.untilProgress(event.atMove);
      if (!reached) {
        this.log(`skipped ${describeEvent(event)}: the games ended first`);
        continue;
      }
      await this.exclusive(async () => {
        if (this.finished) return;
        this.log(`event: ${describeEvent(event)}`);
        this.count(`${event.kind} ${event.style}`);
        if (event.kind === 'kill') await this.kill(event.style as KillStyle);
        else await this.fault(event.style as FaultStyle);
        await this.checkRecovery(describeEvent(event));
      });
    }
    this.nextEventAt = null;
    await Promise.all(this.background);
  }

  async untilProgress(atMove: number): Promise<boolean> {
    for (;;) {
      this.assertAlive();
      if (this.finished) return false;
      if (this.shownTotal() >= atMove) return true;
      await sleep(100);
    }
  }

  gameThreads(): string[] {
    return this.games.filter((g) => g.threadId && !g.over).map((g) => g.threadId!);
  }

  /** A fault active until the returned function is called. */
  inject(match: RequestMatcher, fault: Fault): () => void {
    let active = true;
    this.discord.injectFault({ ...match, where: (r) => active && (match.where?.(r) ?? true) }, fault, 1_000_000);
    return () => {
      active = false;
    };
  }

  /** SIGKILL the bot (at a moment of the chosen style), then start it again. */
  async kill(style: KillStyle): Promise<void> {
    const rng = this.rng.fork(`kill ${this.kills}`);
    const threads = this.gameThreads();
    let heal: (() => void) | null = null;
    switch (style) {
      case 'after-click': {
        const clicked = new Promise<void>((resolve) => (this.onTake = resolve));
        await Promise.race([clicked, sleep(8000)]);
        this.onTake = null;
        await sleep(rng.int(0, 250));
        break;
      }
      case 'on-post': {
        const from = this.discord.requests.length;
        const isPost = (r: {
          method: string;
          route: string | null;
          params: Readonly<Record<string, string>>;
          status: number;
        }) =>
          r.method === 'POST' &&
          r.route === '/channels/:channel/messages' &&
          threads.includes(r.params.channel ?? '') &&
          r.status === 200;
        await this.until(() => this.discord.requests.slice(from).some(isPost), 8000);
        await sleep(rng.int(0, 30));
        break;
      }
      case 'during-ai': {
        await this.until(() => this.aiThinking(threads), 8000);
        await sleep(rng.int(0, 200));
        break;
      }
      case 'random':
        await sleep(rng.int(0, 1500));
        break;
      case 'while-failing': {
        // Hole 1: Discord refuses a game's posts, a move is saved, posting fails, then the crash.
        const thread = threads.length > 0 ? rng.pick(threads) : null;
        if (thread) {
          const from = this.discord.requests.length;
          const writes = threadWrites(this.discord, [thread]);
          heal = this.inject(writes, { kind: 'server-error', status: rng.pick([500, 502, 503] as const) });
          await this.until(
            () =>
              this.discord.requests.slice(from).some((r) => r.fault === 'server-error' && matchesRequest(writes, r)),
            10_000,
          );
          await sleep(rng.int(0, 1200));
        }
        break;
      }
    }
    const killedAt = this.discord.now();
    const window: Window = { from: killedAt - DEADLINE_MS, to: Infinity, why: `kill ${this.kills + 1} (${style})` };
    this.windows.push(window);
    await this.bot.kill();
    this.kills++;
    this.epoch++;
    // What the dead bot left owed: the window issue 11's first hole was about.
    const owed = await this.owedPosts();
    if (owed > 0) this.killsWithPostsOwed++;
    heal?.();
    const down = Date.now();
    this.bot = await this.launch();
    window.to = this.discord.now() + 500;
    this.log(`killed (${style}) with ${owed} post(s) owed; back after ${Date.now() - down} ms`);
  }

  /** A computer player's turn is shown in one of the threads ("... is thinking"). */
  aiThinking(threads: readonly string[]): boolean {
    return threads.some((t) => / is thinking…/.test(this.discord.messages(t).at(-1)?.content ?? ''));
  }

  async owedPosts(): Promise<number> {
    let owed = 0;
    for (const thread of this.gameThreads()) {
      const loaded = await this.store.get(thread).catch(() => null);
      if (loaded?.kind === 'found') owed += loaded.table.outbox?.length ?? 0;
    }
    return owed;
  }

  async fault(style: FaultStyle): Promise<void> {
    const rng = this.rng.fork(`fault ${style} ${this.events.get(`fault ${style}`) ?? 0}`);
    const threads = this.gameThreads();
    // Posts and edits in every game thread, or in one.
    const hit = threads.length > 1 && rng.chance(0.5) ? [rng.pick(threads)] : threads;
    const threadPosts = threadWrites(this.discord, hit);
    switch (style) {
      case '500': {
        const heal = this.inject(threadPosts, {
          kind: 'server-error',
          status: rng.pick([500, 502, 503, 504] as const),
        });
        await sleep(rng.int(1000, 6000));
        heal();
        break;
      }
      case '429-route': {
        const heal = this.inject(threadPosts, { kind: 'rate-limit', retryAfterMs: rng.int(200, 2500), global: false });
        await sleep(rng.int(1000, 5000));
        heal();
        break;
      }
      case '429-global': {
        // Every route but the interaction endpoints (Discord does not bind those to the global limit).
        const heal = this.inject(
          { path: /^\/(?!interactions\/|webhooks\/)/ },
          { kind: 'rate-limit', retryAfterMs: rng.int(300, 2000), global: true },
        );
        await sleep(rng.int(500, 3000));
        heal();
        break;
      }
      case '500-callback':
        // The next interaction answers: Discord fails once, discord.js tries again at once.
        this.discord.injectFault(
          { method: 'POST', path: '/interactions/:id/:token/callback' },
          { kind: 'server-error', status: 500 },
          rng.int(1, 2),
        );
        await sleep(rng.int(1500, 4000));
        break;
      case 'timeout': {
        // One post answered past discord.js's 15 s: the client gives up and tries again while the first still lands.
        // It holds its game up for 15 s: the game with the fewest moves to go, so the run is not longer for it.
        // (With a few moves still to go, so that a post meets it.)
        const left = (g: GameRun) => g.kind.moves - shownMoves(this.discord.messages(g.threadId!)).length;
        const running = this.games.filter((g) => g.threadId && !g.over && left(g) >= 4);
        const thread = running.sort((a, b) => left(a) - left(b))[0]?.threadId;
        if (!thread) break;
        const from = this.discord.requests.length;
        // Either it lands late (after the client gave up and tried again), or it is lost on the way.
        const fault: Fault = rng.chance(0.5) ? { kind: 'slow', delayMs: SLOW_PAST_TIMEOUT_MS } : { kind: 'no-answer' };
        this.discord.injectFault(this.discord.postsIn(thread), fault, 1);
        // It runs on by itself (the other disturbances go on meanwhile); its recovery is checked once the client gave up on it.
        this.background.push(
          (async () => {
            const hit = await this.until(
              () =>
                this.discord.requests.slice(from).some((r) => r.fault === fault.kind) ||
                !this.gameThreads().includes(thread),
              SLOW_PAST_TIMEOUT_MS + 30_000,
            );
            if (hit && !this.finished)
              await this.exclusive(() => this.checkRecovery(`the ${fault.kind} post in ${thread}`));
          })(),
        );
        break;
      }
      case 'gateway-drop':
      case 'gateway-invalidate': {
        const window: Window = { from: this.discord.now() - DEADLINE_MS, to: Infinity, why: style };
        this.windows.push(window);
        await this.discord.dropGateway({ resumable: style === 'gateway-drop', timeoutMs: 30_000 });
        window.to = this.discord.now() + 500;
        break;
      }
      case 'redis-freeze': {
        if (!this.redis) break;
        // The first one, and half of the others, while a computer player is about to move:
        // its save fails (a scheduler that gave up then left the game stuck on its turn).
        if ((this.events.get('fault redis-freeze') ?? 0) <= 1 || rng.chance(0.5))
          await this.until(() => this.aiThinking(threads), 8000);
        this.redis.freeze();
        await sleep(rng.int(2000, 5000));
        this.redis.thaw();
        break;
      }
    }
  }

  // ---- Invariants ----

  async table(threadId: string): Promise<Table | null> {
    const loaded = await this.store.get(threadId);
    return loaded.kind === 'found' ? loaded.table : null;
  }

  /** The thread shows no move the store lacks, and the store's moves in the same order. Null when fine. */
  compare(table: Table, shown: readonly ShownMove[]): { readonly problem: string | null; readonly saved: number } {
    const saved = gamesOf(table).flatMap((game) => movesOfEvents(game.events));
    for (let i = 0; i < shown.length; i++) {
      const s = saved[i];
      const name = s ? (table.seats[s.player]?.name ?? '') : '';
      if (!s)
        return {
          problem: `the thread shows ${shown.length} moves, the store has ${saved.length}: extra "${shown[i]!.line}"`,
          saved: saved.length,
        };
      if (!sameMove(s, shown[i]!, name))
        return {
          problem: `move ${i + 1}: the store has ${name} ${moveText(s)}, the thread shows "${shown[i]!.line}"`,
          saved: saved.length,
        };
    }
    return { problem: null, saved: saved.length };
  }

  /**
   * After a recovery: every move saved now is shown within the bound (and nothing
   * else is), a computer whose turn it is moves, and the thread's live button is the
   * store's turn message, for the right player.
   */
  async checkRecovery(what: string): Promise<void> {
    this.recoveries++;
    const started = Date.now();
    const games = this.games.filter((g) => g.threadId !== null);
    const snapshot = new Map<string, { saved: number; turn: number; aiToMove: boolean }>();
    for (const g of games) {
      const table = await this.table(g.threadId!);
      if (!table || table.status === 'lobby' || !table.game) continue;
      const prompt = promptOf(table);
      const seat = prompt === null ? null : table.seats[prompt];
      // Moves held for the next board (table/outbox.ts) are not owed to the thread yet.
      const saved = gamesOf(table).flatMap((game) => movesOfEvents(game.events)).length - heldMoves(table).length;
      snapshot.set(g.threadId!, {
        saved,
        turn: actionsSaved(table),
        aiToMove: seat?.kind === 'ai' && (table.outbox?.length ?? 0) === 0,
      });
    }
    const pending = new Set(snapshot.keys());
    const problems = new Map<string, string>();
    const deadline = started + this.boundMs;
    while (pending.size > 0) {
      this.assertAlive();
      for (const threadId of [...pending]) {
        const shown = shownMoves(this.discord.messages(threadId));
        const table = await this.table(threadId);
        const want = snapshot.get(threadId)!;
        if (!table || table.status === 'lobby' || !table.game) continue;
        const { problem } = this.compare(table, shown);
        if (problem) {
          // A move shown twice or out of order never heals: report at once.
          pending.delete(threadId);
          this.violation(`after ${what}: game ${threadId}: ${problem}`);
          continue;
        }
        const allShown = shown.length >= want.saved;
        const aiMoved = !want.aiToMove || actionsSaved(table) > want.turn || table.status !== 'playing';
        const buttons = liveButtonProblem(this.discord, table);
        if (allShown && aiMoved && buttons === null) {
          pending.delete(threadId);
          this.worstShowMs = Math.max(this.worstShowMs, Date.now() - started);
        } else {
          problems.set(
            threadId,
            !allShown
              ? `${want.saved - shown.length} of the ${want.saved} moves saved at the recovery not shown (the store owes ${table.outbox?.length ?? 0} post(s))`
              : !aiMoved
                ? `the computer player to move after action ${want.turn} did not`
                : buttons!,
          );
        }
      }
      if (pending.size === 0) break;
      if (Date.now() > deadline) {
        for (const threadId of pending)
          this.violation(
            `after ${what}: game ${threadId}: within ${this.boundMs} ms, ${problems.get(threadId) ?? 'not settled'}`,
          );
        break;
      }
      await sleep(150);
    }
  }

  /** Once every game is over: the whole record, the counts, the interactions, the processes. */
  async finalCheck(): Promise<void> {
    const { discord } = this;
    for (const g of this.games) {
      const threadId = g.threadId!;
      // The last posts may still be under way: give them the bound.
      const end = Date.now() + this.boundMs;
      let table: Table | null;
      for (;;) {
        this.assertAlive();
        table = await this.table(threadId);
        if (
          table &&
          table.status === 'finished' &&
          (table.outbox?.length ?? 0) === 0 &&
          liveButtonProblem(discord, table) === null
        )
          break;
        if (Date.now() > end) break;
        await sleep(200);
      }
      if (!table || table.status !== 'finished' || !table.game) {
        this.violation(`game ${threadId}: not finished in the store (status ${table?.status ?? 'missing'})`);
        continue;
      }
      if ((table.outbox?.length ?? 0) > 0)
        this.violation(`game ${threadId}: still owes ${table.outbox!.length} post(s) at the end`);
      const shown = shownMoves(discord.messages(threadId));
      const { problem, saved } = this.compare(table, shown);
      if (problem) this.violation(`game ${threadId} at the end: ${problem}`);
      if (shown.length !== saved)
        this.violation(`game ${threadId}: the store has ${saved} moves, the thread shows ${shown.length}`);
      if (saved !== g.kind.moves)
        this.violation(`game ${threadId} (${g.kind.name}): ${saved} moves, a whole game has ${g.kind.moves}`);
      const actions = shown.reduce((n, m) => n + actionsOf(m), 0);
      if (actions !== actionsSaved(table))
        this.violation(
          `game ${threadId}: the store's turn count is ${actionsSaved(table)}, the thread shows ${actions} actions`,
        );
      const buttons = liveButtonProblem(discord, table);
      if (buttons) this.violation(`game ${threadId} at the end: ${buttons}`);
      // The end of the game posted once (a /kingdomino status after the end shows the result again, as its reply).
      // ("game over." ends a game of a Dynasty but the last, "Game over!" the table.)
      const finals = discord.messages(threadId).filter((m) => /game over/i.test(m.content) && !isAnswer(discord, m));
      const games = gamesOf(table);
      if (g.kind.dynasty && !/Dynasty totals/.test(finals.at(-1)?.content ?? ''))
        this.violation(`game ${threadId}: the last end post has no Dynasty totals`);
      if (finals.length !== games.length)
        this.violation(
          `game ${threadId}: ${finals.length} "Game over" posts: ${finals.map((m) => JSON.stringify(m.content.slice(0, 80))).join(', ')}`,
        );
      // Each board for a human's turn pinged that player, and only them.
      for (const m of discord.messages(threadId)) {
        const to = /<@(\d+)>, your turn/.exec(m.content)?.[1];
        if (to && !isAnswer(discord, m) && (m.pinged.length !== 1 || m.pinged[0] !== to))
          this.violation(`game ${threadId}: board ${m.id} for <@${to}> pinged [${m.pinged.join(', ')}]`);
      }
      // No move the panel confirmed is lost: the store has that player's action at that turn.
      for (const c of g.confirmed) {
        const actors = actionPlayers(games[c.game - 1]?.events ?? []);
        const seat = table.seats[actors[c.turn] ?? -1];
        if (seat?.kind !== 'human' || seat.userId !== c.userId)
          this.violation(
            `game ${threadId}: the move <@${c.userId}> was told went through at turn ${c.turn} is not in the store (action ${c.turn} is by ${seat?.name ?? 'nobody'})`,
          );
      }
      const records = await this.records(g);
      if (records.length !== games.length) {
        this.violation(
          `game ${threadId}: /kingdomino record gave ${records.length} records for ${games.length} game(s)`,
        );
        continue;
      }
      for (const [k, record] of records.entries()) {
        const checked = checkRecord(record);
        if (!checked.ok)
          this.violation(`game ${threadId}: record ${k + 1} fails checkRecord: ${checked.error.message}`);
        if (JSON.stringify((record as GameRecord).events) !== JSON.stringify(games[k]!.events))
          this.violation(`game ${threadId}: record ${k + 1}'s events are not the store's`);
      }
    }
    this.checkInteractions();
    this.checkProcesses();
  }

  async records(g: GameRun): Promise<unknown[]> {
    const command = await this.discord.slashCommand({
      user: g.humans[0]!,
      channel: g.threadId!,
      name: 'kingdomino',
      subcommand: 'record',
    });
    const reply = await command.publicAnswer();
    return reply.attachments.map((a) => JSON.parse(a.bytes.toString('utf8')) as unknown);
  }

  disturbed(i: FakeInteraction): boolean {
    const from = i.sentAt;
    const to = i.sentAt + DEADLINE_MS;
    if (this.windows.some((w) => w.from <= to && from <= w.to)) return true;
    // Its answer met an injected fault.
    return this.discord.requests.some((r) => r.fault !== null && r.params.id === i.id);
  }

  /** Strict mode's problems: each must be an interaction the campaign disturbed (expired, or answered after it expired). */
  checkInteractions(): void {
    const { discord } = this;
    const expired = discord.interactions().filter((i) => i.expired);
    const allowed = new Map<string, number>();
    for (const i of expired) {
      if (this.disturbed(i)) allowed.set(i.label, (allowed.get(i.label) ?? 0) + 1);
      else
        this.violation(
          `${i.label} expired without a disturbance (sent at +${((i.sentAt - this.started) / 1000).toFixed(1)} s)`,
        );
    }
    const expiredIds = new Set(expired.filter((i) => this.disturbed(i)).flatMap((i) => [i.id, i.token]));
    const cutOff = new Map<string, number>();
    for (const error of discord.errors) {
      const late = /^(.*) was not answered within \d+ ms/.exec(error)?.[1];
      if (late !== undefined) {
        const left = allowed.get(late) ?? 0;
        if (left > 0) {
          allowed.set(late, left - 1);
          continue;
        }
      }
      // The bot answering an interaction that had expired meanwhile: 10062 / 10015 on its token.
      const path = /^unexpected \d+ on \w+ (\S+):/.exec(error)?.[1];
      const ids = path ? [/^\/interactions\/(\d+)\//.exec(path)?.[1], /^\/webhooks\/\d+\/([^/]+)/.exec(path)?.[1]] : [];
      if (ids.some((id) => id !== undefined && expiredIds.has(id))) continue;
      // A request cut off by the kill of the bot sending it: its body never arrived whole, the
      // fake reports that it could not read it, and the 500 it answered to nobody.
      const cut = /^the fake itself failed on (\w+) (\S+): Error: aborted/.exec(error);
      if (
        cut &&
        this.discord.requests.some(
          (r) =>
            r.method === cut[1] &&
            r.path === cut[2] &&
            this.windows.some((w) => w.why.startsWith('kill') && w.from <= r.receivedAt && r.receivedAt <= w.to),
        )
      ) {
        const key = `${cut[1]} ${cut[2]}`;
        cutOff.set(key, (cutOff.get(key) ?? 0) + 1);
        continue;
      }
      const answered = /^unexpected 500 on (\w+ \S+): /.exec(error)?.[1];
      if (answered !== undefined && (cutOff.get(answered) ?? 0) > 0) {
        cutOff.set(answered, cutOff.get(answered)! - 1);
        continue;
      }
      this.violation(`the fake Discord saw: ${error}`);
    }
  }

  checkProcesses(): void {
    for (const [n, bot] of this.bots.entries()) {
      const last = n === this.bots.length - 1;
      if (last && bot.exit)
        this.violation(`the last bot is not running (code ${bot.exit.code}, signal ${bot.exit.signal})`);
      if (!last && bot.exit?.signal !== 'SIGKILL')
        this.violation(`bot ${n + 1} exited with ${JSON.stringify(bot.exit)}, not killed`);
      const output = bot.stdout + bot.stderr;
      for (const line of output.split('\n').filter((l) => /unhandled rejection|uncaught/i.test(l)))
        this.violation(`bot ${n + 1}: ${line}`);
    }
  }

  /** Lines of every bot's log that match. */
  botLines(pattern: RegExp): number {
    return this.bots.reduce(
      (n, bot) => n + (bot.stdout + bot.stderr).split('\n').filter((l) => pattern.test(l)).length,
      0,
    );
  }

  report(): CampaignReport {
    const faults: Record<string, number> = {};
    let nonceRepeats = 0;
    const seen = new Map<string, string>();
    for (const r of this.discord.requests) {
      if (r.fault) {
        const global = (r.response as { global?: boolean } | undefined)?.global;
        const kind =
          r.fault === 'rate-limit'
            ? global
              ? '429 global'
              : '429 route'
            : r.fault === 'server-error'
              ? `${r.status}`
              : r.fault === 'slow'
                ? 'timeout (answered past 15 s)'
                : 'timeout (lost, never answered)';
        const where = r.route?.startsWith('/interactions/') ? ' on an interaction callback' : '';
        faults[kind + where] = (faults[kind + where] ?? 0) + 1;
      }
      const nonce = (r.body as { nonce?: unknown } | null)?.nonce;
      const id = (r.response as { id?: unknown } | undefined)?.id;
      if (r.method === 'POST' && r.status === 200 && typeof nonce === 'string' && typeof id === 'string') {
        if (seen.get(nonce) === id) nonceRepeats++;
        seen.set(nonce, id);
      }
    }
    return {
      store: this.opts.store,
      seed: this.opts.seed,
      games: this.games.filter((g) => g.over).length,
      moves: this.shownTotal(),
      kills: this.kills,
      killsWithPostsOwed: this.killsWithPostsOwed,
      events: Object.fromEntries([...this.events].sort()),
      faults,
      limited: this.discord.requests.filter((r) => r.limited !== null).length,
      nonceRepeats,
      clicks: this.clicks,
      confirmed: this.games.reduce((n, g) => n + g.confirmed.length, 0),
      refusals: this.refusals,
      disturbedExpired: this.discord.interactions().filter((i) => i.expired && this.disturbed(i)).length,
      recoveries: this.recoveries,
      worstShowMs: this.worstShowMs,
      schedulerRetries: this.botLines(/scheduler failed: will try again/),
      outboxRetries: this.botLines(/could not post in the game thread: will try again/),
      violations: this.violations,
      ms: Date.now() - this.started,
      plan: this.plan.map(describeEvent),
    };
  }
}

function describeEvent(e: PlannedEvent): string {
  return `${e.kind} ${e.style} @${e.atMove}`;
}

/** Changes whenever a message is posted or edited in the thread. */
function threadSignature(messages: readonly FakeMessage[]): string {
  return `${messages.length}:${messages.reduce((n, m) => n + m.edits, 0)}`;
}

function yourTurn(message: FakeMessage): string | null {
  return message.buttons().find((b) => !b.disabled && /^Your turn/.test(b.label ?? ''))?.customId ?? null;
}

/** The player the engine waits for, or null. */
function promptOf(table: Table): number | null {
  if (table.status !== 'playing') return null;
  const p = enginePrompt(table.game);
  return p.kind === 'over' ? null : p.player;
}

/**
 * Exactly one live "Your turn" button, on the store's turn message, for the player
 * to move at the store's turn; none for a computer's turn or after the end. Null
 * when so; only meaningful once the store owes no post (else: not yet).
 */
function liveButtonProblem(discord: FakeDiscord, table: Table): string | null {
  if ((table.outbox?.length ?? 0) > 0) return `the store still owes ${table.outbox!.length} post(s)`;
  if (table.status !== 'playing' && table.status !== 'finished') return null;
  const threadId = table.messages.threadId ?? table.id;
  const live = discord.messages(threadId).filter((m) => yourTurn(m) !== null);
  const which = () =>
    live.map((m) => `${m.id}${isAnswer(discord, m) ? ' (a /kingdomino status reply)' : ''} ${yourTurn(m)}`).join(', ');
  const player = promptOf(table);
  const seat = player === null ? null : table.seats[player];
  if (seat?.kind !== 'human') {
    return live.length === 0
      ? null
      : `${live.length} live "Your turn" button(s) while ${table.status === 'playing' ? 'a computer plays' : 'the game is over'}: ${which()}`;
  }
  if (live.length !== 1)
    return `${live.length} live "Your turn" buttons (want 1, on ${table.messages.turnMessageId}): ${which()}`;
  const [message] = live;
  if (message!.id !== table.messages.turnMessageId)
    return `the live button is on ${message!.id}, the store's turn message is ${table.messages.turnMessageId}`;
  const action = decode(yourTurn(message!)!);
  if (action?.verb !== 'your-turn' || action.turn !== table.game.turn)
    return `the live button is for turn ${action?.verb === 'your-turn' ? action.turn : '?'}, the store is at ${table.game.turn}`;
  if (!message!.content.includes(`<@${seat.userId}>, your turn`))
    return `the live turn message does not name ${seat.name}`;
  return null;
}

/** The message an interaction's answer is shown in, once final; null while there is none yet. */
function answerOf(discord: FakeDiscord, i: FakeInteraction): FakeMessage | null {
  const type = i.callback?.type;
  if (type === undefined) return null;
  const followUp = i.followUpIds.length > 0 ? discord.message(i.followUpIds[0]!) : undefined;
  if (followUp) return followUp;
  const original = i.originalId ? discord.message(i.originalId) : undefined;
  if (!original) return null;
  // 6: a deferred update, final once edited; 5: a deferred reply, final once no longer loading.
  if (type === 6) return i.originalEdits > 0 ? original : null;
  return original.loading ? null : original;
}

/**
 * Run a campaign and check it. `onEnd` gets the teardown, for a test framework to
 * call when the test ends early (a timeout): no bot or Redis is left running.
 */
export async function runCampaign(
  opts: CampaignOptions,
  onEnd?: (teardown: () => Promise<void>) => void,
): Promise<CampaignReport> {
  const campaign = new Campaign(opts);
  onEnd?.(() => campaign.tearDown());
  try {
    await campaign.setUp();
    await campaign.run();
    await campaign.finalCheck();
    return campaign.report();
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    throw new Error(
      `fault campaign (${opts.store}, seed ${opts.seed}) failed: ${text}\nplan: ${campaign.plan.map(describeEvent).join(', ')}\nviolations so far: ${campaign.violations.join('\n') || 'none'}`,
      { cause: error },
    );
  } finally {
    await campaign.tearDown();
  }
}
