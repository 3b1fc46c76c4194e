/**
 * What a campaign is asked for (its options), the games it deals, the plan of its
 * disturbances drawn from the seed, and the report it gives back.
 */
import { Prng } from './prng.js';

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

export interface GameKind {
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

export type KillStyle = 'after-click' | 'on-post' | 'during-ai' | 'random' | 'while-failing';
export type FaultStyle =
  | '500'
  | '429-route'
  | '429-global'
  | '500-callback'
  | 'timeout'
  | 'gateway-drop'
  | 'gateway-invalidate'
  | 'redis-freeze';

export interface PlannedEvent {
  readonly kind: 'kill' | 'fault';
  readonly style: KillStyle | FaultStyle;
  /** It happens once this many moves are shown, over all games. */
  readonly atMove: number;
}
/** The disturbances, spread over the games' moves: every kind once before any twice, in a seeded order. */
export function makePlan(opts: CampaignOptions, seeded: Prng): PlannedEvent[] {
  const rng = seeded.fork('plan');
  const total = Array.from({ length: opts.games }, (_, i) => GAME_KINDS[i % GAME_KINDS.length]!.moves).reduce(
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
    ...(opts.store === 'redis' ? ['redis-freeze' as const, 'redis-freeze' as const] : []),
  ];
  const kinds: { kind: 'kill' | 'fault'; style: KillStyle | FaultStyle }[] = [];
  // Every style comes once before any comes twice (a short run still sees each kind).
  const first = rng.int(0, killStyles.length - 1);
  for (let i = 0; i < opts.kills; i++)
    kinds.push({
      kind: 'kill',
      style: i < killStyles.length ? killStyles[(i + first) % killStyles.length]! : rng.pick(killStyles),
    });
  const timeouts = Math.min(opts.timeouts, opts.faults);
  for (let i = 0; i < timeouts; i++) kinds.push({ kind: 'fault', style: 'timeout' });
  const rotated = [...faultStyles.slice(rng.int(0, faultStyles.length - 1)), ...faultStyles];
  for (let i = 0; i < opts.faults - timeouts; i++)
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

export function describeEvent(e: PlannedEvent): string {
  return `${e.kind} ${e.style} @${e.atMove}`;
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
