/**
 * Many games at once: the real bot as a child process against the faithful fake
 * Discord (its rate limits, the 3 s deadline), N concurrent games of humans
 * clicking through the panel as players do: "Your turn", then the panel's "Take #N"
 * (or "Place here" / the discard in the last round).
 *
 * Modes (LOAD_MODES, comma-separated; default human,stress,hard):
 * - human:  each player acts 1-3 s after their prompt arrives (the board, then the panel);
 * - stress: each player acts as soon as the answer arrives;
 * - hard:   human pace, with one hard computer seat per game (AI_HARD_MS and
 *           AI_MOVE_DELAY_MS at their defaults): the AI workers shared by every game.
 *
 * Per mode it prints `load.<mode>.games`, `moves`, `moves_per_s`,
 * `click_to_png_ms_p50` / `_p99` (from the click that completes a move to the new
 * board received by Discord), `failed_interactions` (no answer within 3 s),
 * `rss_mb_per_game` (what each active game adds to the bot's resident memory: the
 * peak's growth from a run of the mode with half the games, in a bot of its own,
 * `rss_mb_peak_half`, to this one, per game added; run to run the peak varies
 * by about 20 MB, so the figure means something from about 100 games),
 * `rss_mb_before` / `rss_mb_warm` / `rss_mb_peak` / `rss_mb_after` (idle at start;
 * once WARM_GAMES short games have been played, so that its picture and AI workers
 * run, what one game alone already costs; busiest; and once the games have ended),
 * `rss_mb_warm.<kind>` / `rss_mb_peak.<kind>` (that memory by kind, `resident`: glibc's
 * `malloc`, `v8`'s heap pages, the `reserved` regions of Skia's allocator and WebAssembly,
 * `otherAnon`, `files`),
 * `cpu_ms_per_move` (the bot's CPU, every thread) and `cpu_ms_per_move.<kind>` (by thread:
 * its `main` thread, its `pictures` and `ai` workers, the `other` threads, V8's helpers
 * and libuv's; a worker that stopped during the run loses up to half a second of its
 * time), `rest_global_per_move` (requests counted against Discord's global limit) and
 * `rest_per_move.<route>` by kind; the hard mode also `ai_wait_ms_p50/_p99` (what a
 * computer move waited in the AI queue, its two decisions together) and
 * `ai_budget_ms_p50/_min` (the thinking time the pool gave a move's decisions, the
 * least of the two).
 *
 * Also `panel_ms_p50/_p99` (from "Your turn" to the private panel), with Redis
 * `redis_ops_per_move` (every command the bot sent, from Redis's own counts), and
 * `harness_cpu_ms_per_move`: this process's CPU (the fake Discord and the simulated
 * players), which shares the machine's cores with the bot; `harness_loop_delay_ms_p99`
 * / `_max` and `harness_rss_mb_peak`: a harness that stalls holds the bot's answers
 * back from the fake's clock (late by the fake's 3 s, they fail).
 *
 * The figures the issue sets goals for: `load.human.click_to_png_ms_p99`,
 * `load.human.failed_interactions`, `load.human.rss_mb_per_game`, `load.human.rss_mb_after`,
 * `load.stress.moves_per_s`, `load.stress.click_to_png_ms_p99`, `load.stress.failed_interactions`.
 *
 * Settings (environment): LOAD_GAMES (default 8; per mode LOAD_GAMES_HUMAN,
 * LOAD_GAMES_STRESS, LOAD_GAMES_HARD), LOAD_MOVES (moves per game, then the host
 * cancels it; default 8, 0 = play to the end), LOAD_PACE_MS (human pace, default
 * 1000-3000), LOAD_SETTLE_S (wait after the games before `rss_mb_after`; by default until
 * the idle picture workers have stopped and the memory they freed has gone back, 80),
 * LOAD_WARM_GAMES (games played before the measure, default 4), LOAD_REDIS=1 (the
 * Redis store instead of SQLite: needs redis-server), LOAD_SHARDS=n (`npm run
 * start:sharded` with n shards and Redis, the games spread over guilds of every shard;
 * memory and CPU are then every process's together).
 * The big runs: `LOAD_GAMES=200 LOAD_MOVES=0 LOAD_MODES=human npm run bench:load`. The bot
 * inherits this environment: with `MALLOC_MMAP_THRESHOLD_=131072` (Linux) it is measured
 * as README ("How the bot grows") recommends running it, and as start:sharded runs shards.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { commands } from '../commands/index.js';
import { decode } from '../src/discord/messages/codec.js';
import { RENDER_IDLE_MS } from '../src/render/pool.js';
import { THREAD_NAMES } from '../src/runtime/spawn.js';
import { botEnv, launch, lastMessage, userToPlay, yourTurnId } from '../test/e2e/harness.js';
import { SHARDS_ENTRY, startBot } from '../test/fake-discord/bot-process.js';
import { startFakeDiscord, type FakeDiscord } from '../test/fake-discord/fake.js';
import { startRedis, type RedisServer } from '../test/store/redis-server.js';
import type { FakeMessage, FakeUser } from '../test/fake-discord/model.js';
import type { RequestRecord } from '../test/fake-discord/server.js';

type Mode = 'human' | 'stress' | 'hard';

const env = process.env;
const MODES = (env.LOAD_MODES ?? 'human,stress,hard')
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean) as Mode[];
const MOVES = Number(env.LOAD_MOVES ?? 8);
const [PACE_MIN, PACE_MAX] = (env.LOAD_PACE_MS ?? '1000-3000').split('-').map(Number) as [number, number];
const SETTLE_MS = env.LOAD_SETTLE_S ? Number(env.LOAD_SETTLE_S) * 1000 : RENDER_IDLE_MS + 20_000;
const SHARDS = Math.max(1, Number(env.LOAD_SHARDS ?? 1));
const REDIS = SHARDS > 1 || env.LOAD_REDIS === '1';
/** Lobbies per text channel: thread creation is limited per parent channel (5 per 5 s). */
const GAMES_PER_CHANNEL = 4;
/** Games being set up at once before the measure (games start over time, not all in one second). */
const SETUP_AT_ONCE = 8;
/**
 * Games played as fast as the bot answers before the measure (LOAD_WARM_GAMES), for
 * `rss_mb_warm`: a bot in use has its picture and AI workers running, whether it hosts
 * one game or two hundred (measured: 210 to 245 MB over the idle bot once they have
 * drawn a hundred pictures or so: their V8 heaps, Skia and its allocator, glibc's arena
 * per thread, the picture caches).
 */
const WARM_GAMES = Number(env.LOAD_WARM_GAMES ?? 4);

function gamesFor(mode: Mode): number {
  return Number(env[`LOAD_GAMES_${mode.toUpperCase()}`] ?? env.LOAD_GAMES ?? 8);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const pace = () => PACE_MIN + Math.random() * (PACE_MAX - PACE_MIN);

/** What a game's failure says, its first line. */
function firstLine(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The bot's resident memory (MB) and CPU time (ms, every thread) from /proc, its processes together. */
function usage(pids: readonly number[]): { rssMb: number; cpuMs: number } {
  let rssMb = 0;
  let cpuMs = 0;
  for (const pid of pids) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    rssMb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    cpuMs += cpuMsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  }
  return { rssMb, cpuMs };
}

/** The CPU time (ms) in a /proc stat line of a process or thread: its utime and stime, in ticks of 10 ms. */
function cpuMsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** What a thread of the bot is: its main thread, a picture or AI worker (by the name they give themselves), or V8's and libuv's. */
type ThreadKind = 'main' | keyof typeof THREAD_NAMES | 'other';

/** A thread's kind and its CPU time so far (ms). */
interface ThreadTime {
  readonly kind: ThreadKind;
  readonly cpuMs: number;
}

const KIND_OF_NAME = new Map<string, ThreadKind>(
  Object.entries(THREAD_NAMES).map(([kind, name]) => [name, kind as keyof typeof THREAD_NAMES]),
);

/** Every thread of the bot's processes now: what it is and its CPU time so far (ms), by "pid/tid". */
function threadTimes(pids: readonly number[]): Map<string, ThreadTime> {
  const times = new Map<string, ThreadTime>();
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      } catch {
        continue; // the thread ended between the listing and the read
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const kind = tid === String(pid) ? 'main' : (KIND_OF_NAME.get(name) ?? 'other');
      times.set(`${pid}/${tid}`, { kind, cpuMs: cpuMsOf(stat) });
    }
  }
  return times;
}

/**
 * The bot's CPU by kind of thread over a stretch: each thread's time at its last sighting
 * less its time at the start (a thread that ends between two sightings loses what it did
 * in between, up to a sampling interval).
 */
class ThreadClock {
  readonly #start: Map<string, ThreadTime>;
  readonly #last = new Map<string, ThreadTime>();

  constructor(private readonly pids: () => readonly number[]) {
    this.#start = threadTimes(pids());
  }

  sample(): void {
    for (const [key, time] of threadTimes(this.pids())) this.#last.set(key, time);
  }

  /** CPU (ms) by kind since the start. */
  spent(): Record<ThreadKind, number> {
    this.sample();
    const spent = { main: 0, pictures: 0, ai: 0, other: 0 };
    for (const [key, { kind, cpuMs }] of this.#last) spent[kind] += cpuMs - (this.#start.get(key)?.cpuMs ?? 0);
    return spent;
  }
}

/** The bot's resident memory by kind (MB, its processes together), from /proc/<pid>/smaps. */
interface Resident {
  /** glibc's malloc: the main arena (brk) and the 64 MB heaps of the other arenas (Skia's canvases, buffers). */
  readonly malloc: number;
  /** V8's heap pages, 256 KB mappings each (Node builds without pointer compression): every isolate's. */
  readonly v8: number;
  /** Reservations of 256 MB and more: the canvas module's own allocator (mimalloc), WebAssembly memories. */
  readonly reserved: number;
  /** Other anonymous memory: V8's large objects, allocations glibc maps on their own, stacks, code. */
  readonly otherAnon: number;
  /** File-backed pages: node, the native modules, fonts. */
  readonly files: number;
}

/** glibc's heaps of non-main arenas are 64 MB reservations aligned on 64 MB (HEAP_MAX_SIZE on 64-bit). */
const ARENA_HEAP = 64 * 2 ** 20;
const V8_PAGE = 256 * 1024;
const RESERVATION = 256 * 2 ** 20;

function resident(pids: readonly number[]): Resident {
  const parts = { malloc: 0, v8: 0, reserved: 0, otherAnon: 0, files: 0 };
  for (const pid of pids) {
    for (const mapping of readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)) {
      const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ (\d+)[ \t]*(.*)$/m.exec(mapping);
      if (!head) continue;
      const start = parseInt(head[1]!, 16);
      const size = parseInt(head[2]!, 16) - start;
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(mapping)?.[1] ?? 0);
      const anon = kb('Anonymous') / 1024;
      parts.files += kb('Rss') / 1024 - anon;
      if (head[4] === '[heap]' || (size <= ARENA_HEAP && start % ARENA_HEAP === 0)) parts.malloc += anon;
      else if (size === V8_PAGE) parts.v8 += anon;
      else if (size >= RESERVATION) parts.reserved += anon;
      else parts.otherAnon += anon;
    }
  }
  return parts;
}

/** Commands Redis has run so far (INFO commandstats, the INFO itself left out). */
function redisCalls(url: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write('INFO commandstats\r\n'));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const header = /^\$(\d+)\r\n/.exec(text);
      if (!header || Buffer.byteLength(text) < header[0].length + Number(header[1])) return;
      socket.end();
      let calls = 0;
      for (const m of text.matchAll(/cmdstat_(\w+):calls=(\d+)/g)) if (m[1] !== 'info') calls += Number(m[2]);
      resolve(calls);
    });
    socket.on('error', reject);
  });
}

/** The bot under test, one process (npm start) or several (npm run start:sharded). */
interface Running {
  readonly discord: FakeDiscord;
  readonly redis: RedisServer | null;
  /** Every process of the bot now. */
  pids(): number[];
  /** Everything the bot has logged. */
  log(): string;
  close(): Promise<void>;
}

async function startRunning(
  users: readonly string[],
  channels: readonly string[],
  settings: Record<string, string>,
): Promise<Running> {
  const redis = REDIS ? await startRedis() : null;
  const options = { strict: true, users, channels, waitTimeoutMs: 120_000, guilds: SHARDS };
  if (SHARDS === 1) {
    const world = await launch(options, { ...settings, ...(redis ? { REDIS_URL: redis.url } : {}) });
    return {
      discord: world.discord,
      redis,
      pids: () => [world.bot.pid as number],
      log: () => world.bot.stderr,
      close: async () => {
        await world.close();
        await redis?.stop();
      },
    };
  }
  const discord = await startFakeDiscord(options);
  discord.registerCommands(commands.map((c) => c.data.toJSON()));
  const dataDir = mkdtempSync(join(tmpdir(), 'kingdomino-load-'));
  const manager = startBot({
    entry: SHARDS_ENTRY,
    env: {
      ...botEnv(discord, dataDir),
      ...settings,
      REDIS_URL: redis?.url ?? '',
      SHARD_COUNT: String(SHARDS),
      SHARD_SPAWN_DELAY_MS: '0',
    },
    waitTimeoutMs: 120_000,
  });
  discord.watch(manager);
  await manager.waitForOutput(/every shard started/);
  await manager.race(discord.waitForReady(120_000));
  while ((manager.stderr.match(/resumed running games/g) ?? []).length < SHARDS) await sleep(100);
  const children = () => {
    const pids = new Map<number, number>();
    for (const m of manager.stderr.matchAll(/shard process started process=shards shard=(\d+) pid=(\d+)/g))
      pids.set(Number(m[1]), Number(m[2]));
    return [...pids.values()];
  };
  return {
    discord,
    redis,
    pids: () => [manager.pid as number, ...children()],
    log: () => manager.stderr,
    close: async () => {
      await manager.stop();
      await discord.close();
      await redis?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Boards as Discord receives them: every answered request is looked at once (one
 * watcher for all games, not one wait per game), and a message with a PNG posted in
 * a game's thread wakes that game.
 */
class Boards {
  #seen = 0;
  readonly #arrived = new Map<string, number[]>();
  readonly #waiting = new Map<string, Array<() => void>>();

  constructor(private readonly discord: FakeDiscord) {
    void discord.waitFor(() => this.#scan(), 'the end of the benchmark', 2_000_000_000).catch(() => undefined);
  }

  track(threadId: string): void {
    this.#arrived.set(threadId, []);
  }

  count(threadId: string): number {
    return this.#arrived.get(threadId)?.length ?? 0;
  }

  /** When board number `n` (0-based) of the thread arrived (Date.now() of the fake's answer). */
  async nth(threadId: string, n: number, timeoutMs = 60_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const at = this.#arrived.get(threadId)?.[n];
      if (at !== undefined) return at;
      if (Date.now() > until) throw new Error(`no board #${n + 1} in thread ${threadId} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const list = this.#waiting.get(threadId) ?? [];
        list.push(resolve);
        this.#waiting.set(threadId, list);
        setTimeout(resolve, 1000);
      });
    }
  }

  #scan(): false {
    const requests = this.discord.requests;
    for (; this.#seen < requests.length; this.#seen++) {
      const r = requests[this.#seen] as RequestRecord;
      if (r.method !== 'POST' || r.status >= 300 || !r.files.some((f) => f.filename.endsWith('.png'))) continue;
      const message = r.response as { channel_id?: string; flags?: number } | null;
      const thread = message?.channel_id;
      if (!thread || ((message.flags ?? 0) & 64) !== 0) continue;
      const list = this.#arrived.get(thread);
      if (!list) continue;
      list.push(r.answeredAt);
      for (const wake of this.#waiting.get(thread) ?? []) wake();
      this.#waiting.delete(thread);
    }
    return false;
  }
}

interface Tally {
  moves: number;
  clickToPng: number[];
  panel: number[];
  errors: string[];
  cancelled: number;
  finished: number;
}

/** The button that completes the move on a panel: Take #N, else Place here, else the discard. */
function completing(panel: FakeMessage): string | null {
  const buttons = panel.buttons().filter((b) => !b.disabled && b.customId);
  const verb = (v: string) => buttons.find((b) => decode(b.customId as string)?.verb === v)?.customId ?? null;
  return verb('pick') ?? verb('confirm') ?? verb('discard');
}

function isFinal(message: FakeMessage): boolean {
  return message.buttons().some((b) => b.customId === 'k1:r') || /Game over|🏆/.test(message.content);
}

/** One game: its humans play at the mode's pace until the end or MOVES moves, then the host cancels. */
async function playGame(
  discord: FakeDiscord,
  boards: Boards,
  threadId: string,
  host: FakeUser,
  mode: Mode,
  tally: Tally,
): Promise<void> {
  const human = mode !== 'stress';
  let made = 0;
  // Games at a human pace are out of step with each other, as they are on Discord (not all acting in the same second).
  if (human) await sleep(Math.random() * 2 * (PACE_MIN + PACE_MAX));
  for (let seen = 1; ; seen++) {
    await boards.nth(threadId, seen - 1, 120_000);
    const turn = lastMessage(discord, threadId);
    if (isFinal(turn)) {
      tally.finished++;
      return;
    }
    const user = userToPlay(discord, turn);
    if (!user) continue; // a computer seat: its board is the next prompt
    if (MOVES > 0 && made >= MOVES) {
      const cancel = await discord.slashCommand({
        user: host,
        channel: threadId,
        name: 'kingdomino',
        subcommand: 'cancel',
      });
      await cancel.reply();
      tally.cancelled++;
      return;
    }
    if (human) await sleep(pace());
    const opened = Date.now();
    let panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
    tally.panel.push(Date.now() - opened);
    for (let step = 0; ; step++) {
      const id = completing(panel);
      if (!id || step > 2) throw new Error(`nothing completes the move on the panel: ${panel.content}`);
      if (human) await sleep(pace());
      const sent = Date.now();
      panel = await (await discord.click(panel, id, user)).reply();
      if (!panel.content.startsWith('✅')) continue;
      const at = await boards.nth(threadId, seen, 120_000);
      tally.clickToPng.push(at - sent);
      tally.moves++;
      made++;
      break;
    }
  }
}

/** A lobby in `channel`, joined by the others (and a hard computer seat), started: the thread id. */
async function openTable(
  discord: FakeDiscord,
  boards: Boards,
  channel: string,
  host: FakeUser,
  others: readonly FakeUser[],
  hard: boolean,
): Promise<string> {
  const lobby = await (
    await discord.slashCommand({ user: host, channel, name: 'kingdomino', subcommand: 'start' })
  ).reply();
  boards.track(lobby.id);
  for (const user of others) await (await discord.click(lobby, 'k1:j', user)).reply();
  if (hard) await (await discord.click(lobby, 'k1:a:hard', host)).reply();
  await (await discord.click(lobby, 'k1:s', host)).reply();
  await boards.nth(lobby.id, 0, 120_000);
  return lobby.id;
}

function byKind(requests: readonly RequestRecord[]): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const r of requests) {
    const kind = `${r.global ? 'global' : 'interaction'} ${r.method} ${r.route ?? r.path}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return kinds;
}

/** The AI pool's figures from the bot's log, per computer move ("computer move ... level=hard wait_ms=... budget_ms=..."). */
function aiFigures(log: string): { waits: number[]; budgets: number[] } {
  const waits: number[] = [];
  const budgets: number[] = [];
  for (const m of log.matchAll(/computer move .*?level=hard wait_ms=(\d+)(?: budget_ms=(\d+))?/g)) {
    waits.push(Number(m[1]));
    if (m[2] !== undefined) budgets.push(Number(m[2]));
  }
  return { waits, budgets };
}

/** A smaller run's peak memory, to compare with. */
interface Smaller {
  readonly games: number;
  readonly peakMb: number;
}

/**
 * A mode with `games` games in a bot of its own: its figures printed, compared with
 * `smaller` (the same mode with fewer games), or, without it, only its peak memory
 * returned.
 */
async function runMode(mode: Mode, games: number, smaller: Smaller | null): Promise<number> {
  const seats = mode === 'hard' ? 3 : 4;
  const users = Array.from({ length: (WARM_GAMES + games) * seats }, (_, i) => `p${i}`);
  // Games go to the guilds in turn (one guild per shard), a few lobbies per channel.
  const perGuild = Math.ceil((WARM_GAMES + games) / SHARDS);
  const channels = Array.from({ length: Math.ceil(perGuild / GAMES_PER_CHANNEL) }, (_, i) => `tables-${i}`);
  // The production limiter (Discord's 50 requests/s): with interactions in their own lane it hides nothing of the fake's.
  const botSettings: Record<string, string> = {
    DISCORD_REST_RPS: '50',
    ...(mode === 'hard' ? { AI_HARD_MS: '1000', AI_MOVE_DELAY_MS: '1500' } : {}),
  };
  const bot = await startRunning(users, channels, botSettings);
  const { discord } = bot;
  const boards = new Boards(discord);
  const tally: Tally = { moves: 0, clickToPng: [], panel: [], errors: [], cancelled: 0, finished: 0 };
  try {
    await sleep(2000);
    const before = usage(bot.pids());
    const channelOf = (g: number) => {
      const guild = g % SHARDS;
      const index = Math.floor(Math.floor(g / SHARDS) / GAMES_PER_CHANNEL);
      return discord.channelNamed(guild === 0 ? `tables-${index}` : `tables-${index}-${guild + 1}`).id;
    };
    const open = (g: number) => {
      const players = users.slice(g * seats, (g + 1) * seats).map((u) => discord.user(u));
      const [host, ...others] = players as [FakeUser, ...FakeUser[]];
      return openTable(discord, boards, channelOf(g), host, others, mode === 'hard').then((threadId) => ({
        threadId,
        host,
      }));
    };
    const warmTally: Tally = { moves: 0, clickToPng: [], panel: [], errors: [], cancelled: 0, finished: 0 };
    const warmTables = await Promise.all(Array.from({ length: WARM_GAMES }, (_, g) => open(g)));
    await Promise.all(
      warmTables.map((t) =>
        playGame(discord, boards, t.threadId, t.host, 'stress', warmTally).catch((error: unknown) => {
          tally.errors.push(`warming up: ${firstLine(error)}`);
        }),
      ),
    );
    await sleep(2000);
    const warm = usage(bot.pids());
    const warmParts = resident(bot.pids());
    const tables: { threadId: string; host: FakeUser }[] = [];
    for (let from = WARM_GAMES; from < WARM_GAMES + games; from += SETUP_AT_ONCE) {
      const count = Math.min(SETUP_AT_ONCE, WARM_GAMES + games - from);
      tables.push(...(await Promise.all(Array.from({ length: count }, (_, i) => open(from + i)))));
    }
    const setupFailed = discord.interactions().filter((i) => i.expired).length;
    const fromRequest = discord.requests.length;
    const fromInteraction = discord.interactions().length;
    const startCpu = usage(bot.pids()).cpuMs;
    const threadClock = new ThreadClock(bot.pids);
    const harnessFrom = process.cpuUsage();
    const redisFrom = bot.redis ? await redisCalls(bot.redis.url) : 0;
    const logFrom = bot.log().length;
    let peak = warm.rssMb;
    let peakParts = warmParts;
    let harnessPeakMb = 0;
    const sampler = setInterval(() => {
      const now = usage(bot.pids()).rssMb;
      // Read only at a new peak: smaps of a bot of 500 MB is a few ms of the harness's time.
      if (now > peak) peakParts = resident(bot.pids());
      threadClock.sample();
      peak = Math.max(peak, now);
      harnessPeakMb = Math.max(harnessPeakMb, process.memoryUsage.rss() / 2 ** 20);
    }, 500);
    const harnessLag = monitorEventLoopDelay({ resolution: 10 });
    harnessLag.enable();
    const started = performance.now();
    await Promise.all(
      tables.map(({ threadId, host }) =>
        playGame(discord, boards, threadId, host, mode, tally).catch((error: unknown) => {
          tally.errors.push(firstLine(error));
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    harnessLag.disable();
    const cpuMs = usage(bot.pids()).cpuMs - startCpu;
    const byThread = threadClock.spent();
    const harness = process.cpuUsage(harnessFrom);
    const redisOps = bot.redis ? (await redisCalls(bot.redis.url)) - redisFrom : 0;
    const phase = discord.requests.slice(fromRequest);
    const failed = discord
      .interactions()
      .slice(fromInteraction)
      .filter((i) => i.expired).length;
    const ai = aiFigures(bot.log().slice(logFrom));
    if (!smaller) {
      // Only its peak is kept: a run that went wrong says so, rather than lend its peak to the figure unseen.
      if (failed > 0 || tally.errors.length > 0)
        console.error(
          `load.${mode}: the run with ${games} games (for rss_mb_per_game): ${failed} failed interactions, ` +
            `${tally.errors.length} game errors${tally.errors[0] ? `, the first: ${tally.errors[0]}` : ''}`,
        );
      return peak;
    }
    await sleep(SETTLE_MS);
    const after = usage(bot.pids()).rssMb;
    const moves = Math.max(1, tally.moves);
    const out = (name: string, value: number, unit = '') =>
      console.log(
        `load.${mode}.${name}: ${Number.isInteger(value) ? value : value.toFixed(2)}${unit ? ` ${unit}` : ''}`,
      );
    out('games', games);
    if (SHARDS > 1) out('shards', SHARDS);
    out('moves', tally.moves);
    out('moves_per_s', tally.moves / seconds, 'moves/s');
    out('click_to_png_ms_p50', percentile(tally.clickToPng, 50), 'ms');
    out('click_to_png_ms_p99', percentile(tally.clickToPng, 99), 'ms');
    out('panel_ms_p50', percentile(tally.panel, 50), 'ms');
    out('panel_ms_p99', percentile(tally.panel, 99), 'ms');
    out('failed_interactions', failed);
    if (setupFailed > 0) out('failed_interactions_setup', setupFailed);
    out('rss_mb_before', before.rssMb, 'MB');
    out('rss_mb_warm', warm.rssMb, 'MB');
    out('rss_mb_peak', peak, 'MB');
    out('rss_mb_peak_half', smaller.peakMb, 'MB');
    out('rss_mb_per_game', (peak - smaller.peakMb) / (games - smaller.games), 'MB');
    out('rss_mb_after', after, 'MB');
    for (const [at, parts] of [
      ['warm', warmParts],
      ['peak', peakParts],
    ] as const) {
      for (const [part, mb] of Object.entries(parts)) out(`rss_mb_${at}.${part}`, mb, 'MB');
    }
    out('cpu_ms_per_move', cpuMs / moves, 'ms');
    for (const [kind, ms] of Object.entries(byThread)) out(`cpu_ms_per_move.${kind}`, ms / moves, 'ms');
    out('harness_cpu_ms_per_move', (harness.user + harness.system) / 1000 / moves, 'ms');
    out('harness_loop_delay_ms_p99', harnessLag.percentile(99) / 1e6, 'ms');
    out('harness_loop_delay_ms_max', harnessLag.max / 1e6, 'ms');
    out('harness_rss_mb_peak', harnessPeakMb, 'MB');
    out('rest_global_per_move', phase.filter((r) => r.global).length / moves);
    out('rest_429_per_move', phase.filter((r) => r.limited !== null).length / moves);
    for (const [kind, n] of [...byKind(phase)].sort((a, b) => b[1] - a[1])) {
      if (n / moves >= 0.005) console.log(`load.${mode}.rest_per_move: ${(n / moves).toFixed(3)} ${kind}`);
    }
    if (bot.redis) out('redis_ops_per_move', redisOps / moves);
    if (mode === 'hard') {
      out('ai_moves', ai.waits.length);
      out('ai_wait_ms_p50', percentile(ai.waits, 50), 'ms');
      out('ai_wait_ms_p99', percentile(ai.waits, 99), 'ms');
      out('ai_budget_ms_p50', percentile(ai.budgets, 50), 'ms');
      out('ai_budget_ms_min', Math.min(...ai.budgets), 'ms');
    }
    if (tally.errors.length > 0) {
      out('game_errors', tally.errors.length);
      for (const e of [...new Set(tally.errors)].slice(0, 5)) console.error(`load.${mode}: ${e}`);
    }
    const problems = discord.errors.filter((e) => !/was not answered within/.test(e));
    if (problems.length > 0) {
      out('fake_problems', problems.length);
      for (const p of problems.slice(0, 5)) console.error(`load.${mode}: ${p}`);
    }
    return peak;
  } finally {
    await bot.close();
  }
}

async function main(): Promise<void> {
  for (const mode of MODES) {
    const games = gamesFor(mode);
    const half = Math.floor(games / 2);
    await runMode(mode, games, { games: half, peakMb: await runMode(mode, half, null) });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
