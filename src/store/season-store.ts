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
import type { PastSeason, SeasonState } from '../table/index.js';
import { isCount, isObj } from './guards.js';
import { JsonDocs } from './docs.js';
import type { KeyedLock } from './lock.js';

const stateKey = (guildId: string): string => `season:${guildId}`;
const pastKey = (guildId: string, number: number): string => `season:${guildId}:${number}`;

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
      const change = fn(await this.current(guildId));
      if (change.ended) await this.docs.write(pastKey(guildId, change.ended.number), change.ended);
      if (change.state) await this.docs.write(stateKey(guildId), change.state);
      return change;
    });
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
