/**
 * The daily deal's storage (SQLite or Redis alike, through the back-end's Keyv):
 *
 * - `daily:play:<day>:<user>`: the player's game of the day, running or over, and
 *   whether it is the scored one (a replay after it is not); kept two days.
 * - `daily:day:<guild>:<day>`: the day's scored results on a server (the standings);
 *   kept for two months, which covers the month's standings.
 * - `daily:user:<user>`: the player's streak, best days and the (server, day) pairs
 *   they played: what statistics read and what forgetting the player deletes.
 * - `daily:hard:<day>`: the hard computer player's score on the day's deal.
 * - `daily:channels`: the servers' daily channels and the last day posted there.
 *
 * Each document changes by read -> change -> write under a per-key lock in this
 * process. One player plays their day in one place at a time, so across processes
 * only a daily channel set on two processes at once could lose a write (the second
 * moderator's choice stands).
 */
import type { Keyv } from 'keyv';
import type { GameState } from '../game/index.js';
import { isGameState } from '../game/index.js';
import {
  byDailyRank,
  DAY_MS,
  daysOfMonthUpTo,
  extendStreak,
  NO_STREAK,
  type DailyEntry,
  type Streak,
} from '../table/index.js';
import { isCount, isObj, isStr } from './guards.js';
import { JsonDocs } from './docs.js';
import type { KeyedLock } from './lock.js';

export interface DailyPlay {
  readonly day: number;
  readonly userId: string;
  /** The server where the player started it: their result counts there. */
  readonly guildId: string;
  readonly name: string;
  readonly game: GameState;
  /** The day's one scored attempt; false for a replay after it. */
  readonly scored: boolean;
  /** During a replay: the scored game, over, kept for Share and the winner's picture. */
  readonly kept?: GameState;
}

export interface DailyBest {
  readonly day: number;
  readonly score: number;
}

export interface DailyUser {
  readonly streak: Streak;
  /** Best scored days, best first (at most BEST_DAYS). */
  readonly best: readonly DailyBest[];
  /** Every (server, day) with a result of theirs still stored. */
  readonly played: readonly { readonly guildId: string; readonly day: number }[];
}

export interface DailyChannel {
  readonly channelId: string;
  /** The last day whose standings were posted there (0: none yet). */
  readonly postedDay: number;
}

/** What recording a finished scored game did. */
export type Recorded =
  | { readonly kind: 'recorded'; readonly standings: readonly DailyEntry[]; readonly user: DailyUser }
  | { readonly kind: 'already' };

const BEST_DAYS = 5;
const PLAY_TTL_MS = 2 * DAY_MS;
const DAY_TTL_MS = 62 * DAY_MS;
const NO_USER: DailyUser = { streak: NO_STREAK, best: [], played: [] };

const playKey = (day: number, userId: string) => `daily:play:${day}:${userId}`;
const dayKey = (guildId: string, day: number) => `daily:day:${guildId}:${day}`;
const userKey = (userId: string) => `daily:user:${userId}`;
const hardKey = (day: number) => `daily:hard:${day}`;
const CHANNELS_KEY = 'daily:channels';

export class DailyStore {
  private readonly docs: JsonDocs;
  private readonly lock: KeyedLock;

  constructor(keyv: Keyv<string>, timeoutMs: number) {
    this.docs = new JsonDocs(keyv, timeoutMs);
    this.lock = this.docs.lock;
  }

  /** The player's game of the day (running, finished, or a replay), or null before their first. */
  async play(day: number, userId: string): Promise<DailyPlay | null> {
    return this.docs.read(playKey(day, userId), isDailyPlay);
  }

  /** The player's scored game of the day once over (kept aside while they replay), or null. */
  async scoredGame(day: number, userId: string): Promise<GameState | null> {
    const play = await this.play(day, userId);
    if (!play) return null;
    return play.scored ? play.game : (play.kept ?? null);
  }

  async savePlay(play: DailyPlay): Promise<void> {
    await this.docs.write(playKey(play.day, play.userId), play, PLAY_TTL_MS);
  }

  /**
   * Changes the player's game under its lock: `fn` sees the stored play and returns
   * the new one (saved) or null (nothing saved), plus a value for the caller.
   */
  async updatePlay<R>(
    day: number,
    userId: string,
    fn: (play: DailyPlay | null) => { readonly play: DailyPlay | null; readonly value: R },
  ): Promise<R> {
    return this.lock.run(playKey(day, userId), async () => {
      const { play, value } = fn(await this.play(day, userId));
      if (play !== null) await this.savePlay(play);
      return value;
    });
  }

  /** Has the player a scored result on that day, on any server? */
  async hasResult(day: number, userId: string): Promise<boolean> {
    const user = await this.user(userId);
    return user.played.some((p) => p.day === day);
  }

  /** Adds a finished scored game to the server's standings and the player's streak, once per player and day. */
  async record(guildId: string, day: number, entry: DailyEntry): Promise<Recorded> {
    return this.lock.run(userKey(entry.userId), async () => {
      const user = await this.user(entry.userId);
      if (user.played.some((p) => p.day === day)) return { kind: 'already' as const };
      const standings = await this.lock.run(dayKey(guildId, day), async () => {
        const list = [...(await this.standings(guildId, day)).filter((e) => e.userId !== entry.userId), entry];
        list.sort(byDailyRank);
        await this.docs.write(dayKey(guildId, day), list, DAY_TTL_MS);
        return list;
      });
      const best = [...user.best, { day, score: entry.score }]
        .sort((x, y) => y.score - x.score || x.day - y.day)
        .slice(0, BEST_DAYS);
      const keepFrom = day - DAY_TTL_MS / DAY_MS;
      const played = [...user.played.filter((p) => p.day > keepFrom), { guildId, day }];
      const next: DailyUser = { streak: extendStreak(user.streak, day), best, played };
      await this.docs.write(userKey(entry.userId), next);
      return { kind: 'recorded' as const, standings, user: next };
    });
  }

  /** The day's scored results on a server, best first. */
  async standings(guildId: string, day: number): Promise<readonly DailyEntry[]> {
    return (await this.docs.read(dayKey(guildId, day), isEntryList)) ?? [];
  }

  /** The results of every day of the day's month so far, on a server. */
  async month(guildId: string, day: number): Promise<readonly (readonly DailyEntry[])[]> {
    return Promise.all(daysOfMonthUpTo(day).map((d) => this.standings(guildId, d)));
  }

  async user(userId: string): Promise<DailyUser> {
    return (await this.docs.read(userKey(userId), isDailyUser)) ?? NO_USER;
  }

  /** The hard computer player's score on the day's deal, once computed. */
  async hardScore(day: number): Promise<number | null> {
    return this.docs.read(hardKey(day), isCount);
  }

  async saveHardScore(day: number, score: number): Promise<void> {
    await this.docs.write(hardKey(day), score, DAY_TTL_MS);
  }

  async channels(): Promise<Readonly<Record<string, DailyChannel>>> {
    return (await this.docs.read(CHANNELS_KEY, isChannelMap)) ?? {};
  }

  /** Sets (or with null, stops) a server's daily channel. */
  async setChannel(guildId: string, channelId: string | null, today: number): Promise<void> {
    await this.lock.run(CHANNELS_KEY, async () => {
      const { [guildId]: _old, ...others } = await this.channels();
      // A channel chosen today starts with tomorrow's post: today's standings are not over yet.
      const next = channelId === null ? others : { ...others, [guildId]: { channelId, postedDay: today - 1 } };
      await this.docs.write(CHANNELS_KEY, next);
    });
  }

  /** Marks `day` as posted in the server's channel; false when it already was (another process posted it). */
  async markPosted(guildId: string, day: number): Promise<boolean> {
    return this.lock.run(CHANNELS_KEY, async () => {
      const all = await this.channels();
      const channel = all[guildId];
      if (channel === undefined || channel.postedDay >= day) return false;
      await this.docs.write(CHANNELS_KEY, { ...all, [guildId]: { ...channel, postedDay: day } });
      return true;
    });
  }

  /** Deletes the player's daily results, streak and games (those of `today` and the day before too); the days forgotten. */
  async forget(userId: string, today: number): Promise<number> {
    return this.lock.run(userKey(userId), async () => {
      const user = await this.user(userId);
      for (const { guildId, day } of user.played) {
        await this.lock.run(dayKey(guildId, day), async () => {
          const left = (await this.standings(guildId, day)).filter((e) => e.userId !== userId);
          if (left.length === 0) await this.docs.remove(dayKey(guildId, day));
          else await this.docs.write(dayKey(guildId, day), left, DAY_TTL_MS);
        });
        await this.docs.remove(playKey(day, userId));
      }
      // A game started and not finished has no result yet; plays live two days.
      for (const day of [today - 1, today]) await this.docs.remove(playKey(day, userId));
      await this.docs.remove(userKey(userId));
      return user.played.length;
    });
  }
}

function isDailyPlay(v: unknown): v is DailyPlay {
  return (
    isObj(v) &&
    isCount(v['day']) &&
    isStr(v['userId']) &&
    isStr(v['guildId']) &&
    isStr(v['name']) &&
    typeof v['scored'] === 'boolean' &&
    isGameState(v['game']) &&
    (v['kept'] === undefined || isGameState(v['kept']))
  );
}

function isEntry(v: unknown): v is DailyEntry {
  return (
    isObj(v) &&
    isStr(v['userId']) &&
    isStr(v['name']) &&
    isCount(v['score']) &&
    isCount(v['crowns']) &&
    isCount(v['largestTerritory']) &&
    isCount(v['at'])
  );
}

function isEntryList(v: unknown): v is DailyEntry[] {
  return Array.isArray(v) && v.every(isEntry);
}

function isDailyUser(v: unknown): v is DailyUser {
  if (!isObj(v) || !isObj(v['streak']) || !Array.isArray(v['best']) || !Array.isArray(v['played'])) return false;
  const s = v['streak'];
  return (
    isCount(s['lastDay']) &&
    isCount(s['current']) &&
    isCount(s['best']) &&
    v['best'].every((b) => isObj(b) && isCount(b['day']) && isCount(b['score'])) &&
    v['played'].every((p) => isObj(p) && isStr(p['guildId']) && isCount(p['day']))
  );
}

function isChannelMap(v: unknown): v is Record<string, DailyChannel> {
  return isObj(v) && Object.values(v).every((c) => isObj(c) && isStr(c['channelId']) && isCount(c['postedDay']));
}
