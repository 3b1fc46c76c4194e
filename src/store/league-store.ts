/**
 * Leagues' storage (SQLite or Redis alike, through the back-end's Keyv), as the
 * daily deal's:
 *
 * - `league:<id>`: the league, whole (its players, rounds, tables and results);
 * - `leagues`: the index of every league (id, server, channel, name, status), which
 *   the league service reads at start-up to pick up running rounds again.
 *
 * Each document changes by read -> change -> write under a per-key lock in this
 * process: a league is run by the process that owns its server (one per server),
 * so two writers of one league do not meet. A finished league stays, as the
 * standings of its season.
 */
import type { Keyv } from 'keyv';
import { LEAGUE_SCHEMA, type League, type LeagueStatus } from '../table/index.js';
import { isCount, isObj, isStr } from './guards.js';
import { JsonDocs } from './docs.js';
import type { KeyedLock } from './lock.js';

export interface LeagueEntry {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly name: string;
  readonly status: LeagueStatus;
}

const leagueKey = (id: string): string => `league:${id}`;
const INDEX_KEY = 'leagues';

export class LeagueStore {
  private readonly docs: JsonDocs;
  private readonly lock: KeyedLock;

  constructor(keyv: Keyv<string>, timeoutMs: number) {
    this.docs = new JsonDocs(keyv, timeoutMs);
    this.lock = this.docs.lock;
  }

  async get(id: string): Promise<League | null> {
    return this.docs.read(leagueKey(id), isLeague);
  }

  /** Every league, as indexed (newest last). */
  async list(): Promise<readonly LeagueEntry[]> {
    return (await this.docs.read(INDEX_KEY, isEntryList)) ?? [];
  }

  /** Saves a new league; false when the id is taken. */
  async create(league: League): Promise<boolean> {
    return this.lock.run(leagueKey(league.id), async () => {
      if (await this.get(league.id)) return false;
      await this.docs.write(leagueKey(league.id), league);
      await this.index(league);
      return true;
    });
  }

  /**
   * Changes a league under its lock: `fn` sees the stored league and returns the new
   * one (saved) or null (nothing saved), plus a value for the caller; null when there
   * is no such league.
   */
  async update<R>(
    id: string,
    fn: (league: League) => { readonly league: League | null; readonly value: R },
  ): Promise<{ readonly value: R; readonly league: League } | null> {
    return this.lock.run(leagueKey(id), async () => {
      const stored = await this.get(id);
      if (!stored) return null;
      const { league, value } = fn(stored);
      if (league === null) return { value, league: stored };
      await this.docs.write(leagueKey(id), league);
      if (league.status !== stored.status || league.name !== stored.name) await this.index(league);
      return { value, league };
    });
  }

  private async index(league: League): Promise<void> {
    await this.lock.run(INDEX_KEY, async () => {
      const entry: LeagueEntry = {
        id: league.id,
        guildId: league.guildId,
        channelId: league.channelId,
        name: league.name,
        status: league.status,
      };
      const others = (await this.list()).filter((e) => e.id !== league.id);
      await this.docs.write(INDEX_KEY, [...others, entry]);
    });
  }

  /** Forget-me: the user's name in every league becomes `label`; the leagues renamed. */
  async forget(userId: string, label: string): Promise<number> {
    let renamed = 0;
    for (const { id } of await this.list()) {
      const done = await this.update(id, (league) => {
        if (!league.players.some((p) => p.userId === userId && p.name !== label)) return { league: null, value: false };
        const players = league.players.map((p) => (p.userId === userId ? { ...p, name: label } : p));
        return { league: { ...league, players }, value: true };
      });
      if (done?.value) renamed++;
    }
    return renamed;
  }
}

/** The envelope and the parts every reader walks; a stored league is only ever written by us. */
function isLeague(v: unknown): v is League {
  return (
    isObj(v) &&
    v['schema'] === LEAGUE_SCHEMA &&
    isStr(v['id']) &&
    isStr(v['guildId']) &&
    isStr(v['channelId']) &&
    isStr(v['name']) &&
    isCount(v['createdAt']) &&
    isObj(v['rules']) &&
    Array.isArray(v['players']) &&
    v['players'].every((p) => isObj(p) && isStr(p['userId']) && isStr(p['name']) && isStr(p['status'])) &&
    Array.isArray(v['rounds']) &&
    v['rounds'].every((r) => isObj(r) && Array.isArray(r['tables']) && Array.isArray(r['byes']))
  );
}

function isEntryList(v: unknown): v is LeagueEntry[] {
  return (
    Array.isArray(v) &&
    v.every((e) => isObj(e) && isStr(e['id']) && isStr(e['guildId']) && isStr(e['channelId']) && isStr(e['status']))
  );
}
