/**
 * The rating ladder's seasons, per server (SQLite or Redis alike, through Keyv):
 *
 * - `season:<guild>`: the season under way: its length in months, its number on the
 *   server, which stretch of months it is (table/season.ts seasonKey), when it began,
 *   the channel its end is announced in, and every rating as it began;
 * - `season:<guild>:<number>`: a season over, its ladder as it ended.
 *
 * Read and written by the season service of the process that owns the server, and by
 * a moderator's command, under a per-server lock in this process.
 */
import type { Keyv } from 'keyv';
import type { PastSeason, SeasonRow, SeasonState } from '../table/index.js';
import { isCount, isObj } from './guards.js';
import { JsonDocs } from './docs.js';
import type { KeyedLock } from './lock.js';

const stateKey = (guildId: string): string => `season:${guildId}`;
const pastKey = (guildId: string, number: number): string => `season:${guildId}:${number}`;
/** The servers with seasons: what forgetting a player walks. */
const INDEX_KEY = 'seasons';
const isIdList = (v: unknown): v is string[] => Array.isArray(v) && v.every((id) => typeof id === 'string');

export class SeasonStore {
  private readonly docs: JsonDocs;
  private readonly lock: KeyedLock;

  constructor(keyv: Keyv<string>, timeoutMs: number) {
    this.docs = new JsonDocs(keyv, timeoutMs);
    this.lock = this.docs.lock;
  }

  async current(guildId: string): Promise<SeasonState | null> {
    return this.docs.read(stateKey(guildId), isState);
  }

  async past(guildId: string, number: number): Promise<PastSeason | null> {
    return this.docs.read(pastKey(guildId, number), isPast);
  }

  /**
   * Changes the server's season under its lock: `fn` sees the season under way (null
   * before the first) and returns the new one, and the season it ended if any (kept).
   */
  async update(
    guildId: string,
    fn: (state: SeasonState | null) => { readonly state: SeasonState | null; readonly ended: PastSeason | null },
  ): Promise<{ readonly state: SeasonState | null; readonly ended: PastSeason | null }> {
    return this.lock.run(stateKey(guildId), async () => {
      const before = await this.current(guildId);
      const change = fn(before);
      if (change.ended) await this.docs.write(pastKey(guildId, change.ended.number), change.ended);
      if (change.state) await this.docs.write(stateKey(guildId), change.state);
      if (!before && change.state) await this.indexed(guildId);
      return change;
    });
  }

  private async indexed(guildId: string): Promise<void> {
    await this.lock.run(INDEX_KEY, async () => {
      const ids = (await this.docs.read(INDEX_KEY, isIdList)) ?? [];
      if (!ids.includes(guildId)) await this.docs.write(INDEX_KEY, [...ids, guildId]);
    });
  }

  /** Forget-me: the player out of every season's start and ladder; the seasons changed. */
  async forget(userId: string): Promise<number> {
    let changed = 0;
    for (const guildId of (await this.docs.read(INDEX_KEY, isIdList)) ?? []) {
      await this.lock.run(stateKey(guildId), async () => {
        const state = await this.current(guildId);
        if (!state) return;
        if (state.start[userId]) {
          const { [userId]: _forgotten, ...start } = state.start;
          await this.docs.write(stateKey(guildId), { ...state, start });
          changed++;
        }
        for (let number = 1; number < state.number; number++) {
          const past = await this.past(guildId, number);
          const without = (rows: readonly SeasonRow[]) => rows.filter((r) => r.userId !== userId);
          if (!past || [...past.ladder.ranked, ...past.ladder.provisional].every((r) => r.userId !== userId)) continue;
          const ladder = { ranked: without(past.ladder.ranked), provisional: without(past.ladder.provisional) };
          await this.docs.write(pastKey(guildId, number), { ...past, ladder });
          changed++;
        }
      });
    }
    return changed;
  }
}

function isState(v: unknown): v is SeasonState {
  return (
    isObj(v) &&
    isCount(v['months']) &&
    isCount(v['number']) &&
    isCount(v['key']) &&
    isCount(v['startedAt']) &&
    (v['channelId'] === null || typeof v['channelId'] === 'string') &&
    isObj(v['start'])
  );
}

function isPast(v: unknown): v is PastSeason {
  return (
    isObj(v) &&
    isCount(v['number']) &&
    isCount(v['from']) &&
    isCount(v['to']) &&
    isObj(v['ladder']) &&
    Array.isArray(v['ladder']['ranked']) &&
    Array.isArray(v['ladder']['provisional'])
  );
}
