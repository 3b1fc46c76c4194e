/**
 * The replays this process builds (handlers/replay.ts answers with them): one built
 * at a time, each waiting for the one before, two requests for the same one sharing
 * it, the last ones kept; and the ones posted lately, so that a crowd of clicks on a
 * public button is one post.
 */
import type { DynastyState, GameState } from '../../game/index.js';
import { replayStates, toRecord } from '../../game/index.js';
import type { TableSeat } from '../../table/index.js';
import type { Bot } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { describeReplay, renderReplay, REPLAY_MAX_BYTES, type Replay } from '../messages/pictures.js';
import { replayPictureCaptions } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';

/** Scales tried in turn until the GIF fits under REPLAY_MAX_BYTES (a 4-player game fits at 1). */
const SCALES = [1, 0.75, 0.5] as const;
/** Replays kept in memory (a few MB each). */
const KEPT = 2;
/** How long a replay posted in a thread counts as "just posted". */
const POSTED_MS = 10 * 60_000;

export interface Built {
  readonly replay: Replay;
  /** The attachment's description, in the game's language. */
  readonly alt: string;
}

/** Finished replays, newest last; and the ones being built. */
const kept = new Map<string, Built>();
const building = new Map<string, Promise<Built | null>>();
/** One replay built at a time: each waits for the one before. */
let queue: Promise<unknown> = Promise.resolve();
/** Replays posted lately, by key: the message's link and when. */
const posted = new Map<string, { readonly url: string; readonly at: number }>();
/** Replays asked for and not answered yet, by key: a second asker is told it is coming. */
const asked = new Set<string>();

/** The replay of `game` (its record replayed), at the first scale that fits; null when the record cannot be replayed. */
export async function build(
  bot: Bot,
  table: { readonly id: string; readonly seats: readonly TableSeat[] },
  game: GameState,
  dynasty: DynastyState | null,
): Promise<Built | null> {
  const tableId = table.id;
  const record = toRecord(game);
  const states = replayStates(record);
  // Each frame says what the move before it did, in the thread's words (none when the record cannot be replayed).
  const captions = states.ok ? replayPictureCaptions(states.value, table.seats) : undefined;
  for (const scale of SCALES) {
    const started = Date.now();
    let replay: Replay;
    try {
      replay = await renderReplay(record, { dynasty, scale, ...(captions ? { captions } : {}) });
    } catch (error) {
      bot.log.error('a finished game could not be replayed', { game: tableId, error: errorText(error) });
      return null;
    }
    bot.log.info('replay built', {
      game: tableId,
      frames: replay.frames,
      kb: Math.round(replay.gif.length / 1024),
      ms: Date.now() - started,
      scale,
    });
    if (replay.gif.length <= REPLAY_MAX_BYTES) return { replay, alt: describeReplay(replay.last, replay, { dynasty }) };
  }
  bot.log.error('a replay is too big to post even at half size', { game: tableId });
  return null;
}

/** The replay for `key`: kept, being built (shared), or built now after the ones queued before it. */
export function replayOf(bot: Bot, key: string, make: () => Promise<Built | null>): Promise<Built | null> {
  const done = kept.get(key);
  if (done) {
    kept.delete(key);
    kept.set(key, done);
    return Promise.resolve(done);
  }
  const running = building.get(key);
  if (running) return running;
  const run = queue
    .then(make, make)
    .then((built) => {
      if (built) {
        kept.set(key, built);
        for (const old of kept.keys()) if (kept.size > KEPT) kept.delete(old);
      }
      return built;
    })
    .finally(() => building.delete(key));
  queue = run.catch((error: unknown) => bot.log.error('a replay failed', { error: errorText(error) }));
  building.set(key, run);
  return run;
}

/** The link of the replay posted lately for `key`, if it was (within POSTED_MS). */
export function postedLately(key: string): string | null {
  const recent = posted.get(key);
  return recent && clock.now() - recent.at < POSTED_MS ? recent.url : null;
}

/** The replay `key` is asked for: false when it already is (and not answered yet). */
export function ask(key: string): boolean {
  if (asked.has(key)) return false;
  asked.add(key);
  return true;
}

/** A replay asked for is answered: posted as the message at `url`, or not posted (null). */
export function posting(key: string, url: string | null): void {
  asked.delete(key);
  if (url === null) return;
  const now = clock.now();
  for (const [k, p] of posted) if (now - p.at >= POSTED_MS) posted.delete(k);
  posted.set(key, { url, at: now });
}
