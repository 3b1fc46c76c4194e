/** The figures a campaign reports beside its violations. */
import { disturbed } from './checks.js';
import { describeEvent, type CampaignReport } from './plan.js';
import type { World } from './world.js';

/** Lines of every bot's log that match. */
function botLines(world: World, pattern: RegExp): number {
  return world.bots.reduce(
    (n, bot) => n + (bot.stdout + bot.stderr).split('\n').filter((l) => pattern.test(l)).length,
    0,
  );
}

export function report(world: World): CampaignReport {
  const faults: Record<string, number> = {};
  let nonceRepeats = 0;
  const seen = new Map<string, string>();
  for (const r of world.discord.requests) {
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
    store: world.opts.store,
    seed: world.opts.seed,
    games: world.games.filter((g) => g.over).length,
    moves: world.shownTotal(),
    kills: world.kills,
    killsWithPostsOwed: world.killsWithPostsOwed,
    events: Object.fromEntries([...world.events].sort()),
    faults,
    limited: world.discord.requests.filter((r) => r.limited !== null).length,
    nonceRepeats,
    clicks: world.clicks,
    confirmed: world.games.reduce((n, g) => n + g.confirmed.length, 0),
    refusals: world.refusals,
    disturbedExpired: world.discord.interactions().filter((i) => i.expired && disturbed(world, i)).length,
    recoveries: world.recoveries,
    worstShowMs: world.worstShowMs,
    schedulerRetries: botLines(world, /scheduler failed: will try again/),
    outboxRetries: botLines(world, /could not post in the game thread: will try again/),
    violations: world.violations,
    ms: Date.now() - world.started,
    plan: world.plan.map(describeEvent),
  };
}
