/** The disturbances (campaign.ts): kills at chosen moments, Discord's faults, gateway drops, Redis freezes. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeDiscord } from '../../fake-discord/fake.js';
import { matchesRequest, type Fault, type RequestMatcher, type RequestRecord } from '../../fake-discord/server.js';
import { checkRecovery } from './checks.js';
import { shownMoves } from './moves.js';
import { describeEvent, type FaultStyle, type KillStyle } from './plan.js';
import { DEADLINE_MS, type World, type GameRun, type Window } from './world.js';

const SLOW_PAST_TIMEOUT_MS = 16_000;

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

/** The planned disturbances, each once the games reach its move, each followed by a check of the recovery. */
export async function chaos(world: World): Promise<void> {
  for (const event of world.plan) {
    world.nextEventAt = event.atMove;
    const reached = await untilProgress(world, event.atMove);
    if (!reached) {
      world.log(`skipped ${describeEvent(event)}: the games ended first`);
      continue;
    }
    await world.exclusive(async () => {
      if (world.finished) return;
      world.log(`event: ${describeEvent(event)}`);
      world.count(`${event.kind} ${event.style}`);
      if (event.kind === 'kill') await kill(world, event.style as KillStyle);
      else await fault(world, event.style as FaultStyle);
      await checkRecovery(world, describeEvent(event));
    });
  }
  world.nextEventAt = null;
  await Promise.all(world.background);
}

async function untilProgress(world: World, atMove: number): Promise<boolean> {
  for (;;) {
    world.assertAlive();
    if (world.finished) return false;
    if (world.shownTotal() >= atMove) return true;
    await sleep(100);
  }
}

function gameThreads(world: World): string[] {
  return world.games.filter((g) => g.threadId && !g.over).map((g) => g.threadId!);
}

/** A fault active until the returned function is called. */
function inject(world: World, match: RequestMatcher, fault: Fault): () => void {
  let active = true;
  world.discord.injectFault({ ...match, where: (r) => active && (match.where?.(r) ?? true) }, fault, 1_000_000);
  return () => {
    active = false;
  };
}

/** SIGKILL the bot (at a moment of the chosen style), then start it again. */
async function kill(world: World, style: KillStyle): Promise<void> {
  const rng = world.rng.fork(`kill ${world.kills}`);
  const threads = gameThreads(world);
  let heal: (() => void) | null = null;
  switch (style) {
    case 'after-click': {
      const clicked = new Promise<void>((resolve) => (world.onTake = resolve));
      await Promise.race([clicked, sleep(8000)]);
      world.onTake = null;
      await sleep(rng.int(0, 250));
      break;
    }
    case 'on-post': {
      const from = world.discord.requests.length;
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
      await world.until(() => world.discord.requests.slice(from).some(isPost), 8000);
      await sleep(rng.int(0, 30));
      break;
    }
    case 'during-ai': {
      await world.until(() => aiThinking(world, threads), 8000);
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
        const from = world.discord.requests.length;
        const writes = threadWrites(world.discord, [thread]);
        heal = inject(world, writes, { kind: 'server-error', status: rng.pick([500, 502, 503] as const) });
        await world.until(
          () => world.discord.requests.slice(from).some((r) => r.fault === 'server-error' && matchesRequest(writes, r)),
          10_000,
        );
        await sleep(rng.int(0, 1200));
      }
      break;
    }
  }
  const killedAt = world.discord.now();
  const window: Window = { from: killedAt - DEADLINE_MS, to: Infinity, why: `kill ${world.kills + 1} (${style})` };
  world.windows.push(window);
  await world.bot.kill();
  world.kills++;
  world.epoch++;
  // What the dead bot left owed: the window issue 11's first hole was about.
  const owed = await owedPosts(world);
  if (owed > 0) world.killsWithPostsOwed++;
  heal?.();
  const down = Date.now();
  world.bot = await world.launch();
  window.to = world.discord.now() + 500;
  world.log(`killed (${style}) with ${owed} post(s) owed; back after ${Date.now() - down} ms`);
}

/** A computer player's turn is shown in one of the threads ("... is thinking"). */
function aiThinking(world: World, threads: readonly string[]): boolean {
  return threads.some((t) => / is thinking…/.test(world.discord.messages(t).at(-1)?.content ?? ''));
}

async function owedPosts(world: World): Promise<number> {
  let owed = 0;
  for (const thread of gameThreads(world)) {
    const loaded = await world.store.get(thread).catch(() => null);
    if (loaded?.kind === 'found') owed += loaded.table.outbox?.length ?? 0;
  }
  return owed;
}

async function fault(world: World, style: FaultStyle): Promise<void> {
  const rng = world.rng.fork(`fault ${style} ${world.events.get(`fault ${style}`) ?? 0}`);
  const threads = gameThreads(world);
  // Posts and edits in every game thread, or in one.
  const hit = threads.length > 1 && rng.chance(0.5) ? [rng.pick(threads)] : threads;
  const threadPosts = threadWrites(world.discord, hit);
  switch (style) {
    case '500': {
      const heal = inject(world, threadPosts, {
        kind: 'server-error',
        status: rng.pick([500, 502, 503, 504] as const),
      });
      await sleep(rng.int(1000, 6000));
      heal();
      break;
    }
    case '429-route': {
      const heal = inject(world, threadPosts, { kind: 'rate-limit', retryAfterMs: rng.int(200, 2500), global: false });
      await sleep(rng.int(1000, 5000));
      heal();
      break;
    }
    case '429-global': {
      // Every route but the interaction endpoints (Discord does not bind those to the global limit).
      const heal = inject(
        world,
        { path: /^\/(?!interactions\/|webhooks\/)/ },
        { kind: 'rate-limit', retryAfterMs: rng.int(300, 2000), global: true },
      );
      await sleep(rng.int(500, 3000));
      heal();
      break;
    }
    case '500-callback':
      // The next interaction answers: Discord fails once, discord.js tries again at once.
      world.discord.injectFault(
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
      const left = (g: GameRun) => g.kind.moves - shownMoves(world.discord.messages(g.threadId!)).length;
      const running = world.games.filter((g) => g.threadId && !g.over && left(g) >= 4);
      const thread = running.sort((a, b) => left(a) - left(b))[0]?.threadId;
      if (!thread) break;
      const from = world.discord.requests.length;
      // Either it lands late (after the client gave up and tried again), or it is lost on the way.
      const fault: Fault = rng.chance(0.5) ? { kind: 'slow', delayMs: SLOW_PAST_TIMEOUT_MS } : { kind: 'no-answer' };
      world.discord.injectFault(world.discord.postsIn(thread), fault, 1);
      // It runs on by itself (the other disturbances go on meanwhile); its recovery is checked once the client gave up on it.
      world.background.push(
        (async () => {
          const hit = await world.until(
            () =>
              world.discord.requests.slice(from).some((r) => r.fault === fault.kind) ||
              !gameThreads(world).includes(thread),
            SLOW_PAST_TIMEOUT_MS + 30_000,
          );
          if (hit && !world.finished)
            await world.exclusive(() => checkRecovery(world, `the ${fault.kind} post in ${thread}`));
        })(),
      );
      break;
    }
    case 'gateway-drop':
    case 'gateway-invalidate': {
      const window: Window = { from: world.discord.now() - DEADLINE_MS, to: Infinity, why: style };
      world.windows.push(window);
      await world.discord.dropGateway({ resumable: style === 'gateway-drop', timeoutMs: 30_000 });
      window.to = world.discord.now() + 500;
      break;
    }
    case 'redis-freeze': {
      if (!world.redis) break;
      // The first one, and half of the others, while a computer player is about to move:
      // its save fails (a scheduler that gave up then left the game stuck on its turn).
      if ((world.events.get('fault redis-freeze') ?? 0) <= 1 || rng.chance(0.5))
        await world.until(() => aiThinking(world, threads), 8000);
      world.redis.freeze();
      await sleep(rng.int(2000, 5000));
      world.redis.thaw();
      break;
    }
  }
}
