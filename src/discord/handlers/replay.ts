/**
 * Replays: `/kingdomino replay` in a game's thread, or Replay on the final message,
 * posts in the thread an animated GIF of the game, one frame per move, built from
 * the game's record (render/replay.ts), with its text description.
 *
 * - Only once the game is over (finished or cancelled), like /kingdomino record: the
 *   record holds the seed, which would reveal the draw pile. A polite refusal before.
 * - A Dynasty: one game per replay (each stays well under Discord's 8 MB), the last
 *   one by default and on the button; the command's `game` option picks another.
 * - Off the hot path: the answer is deferred when the replay takes more than the
 *   acknowledgement budget (wire/answer.ts); the frames are drawn and encoded on this
 *   thread a few tens of milliseconds at a time, yielding between them, so clicks
 *   keep being answered meanwhile; one replay is built at a time in this process,
 *   two requests for the same one share it, and the last ones are kept.
 * - A replay posted in this thread a moment ago is not posted again: the asker is
 *   pointed to it privately (the button is public, a crowd of clicks is one post).
 * - Public, in the game's language; refusals in the asker's.
 */
import { ButtonStyle, type ChatInputCommandInteraction } from 'discord.js';
import { button, row } from '../messages/components.js';
import { replayStates, toRecord, type DynastyState, type GameState } from '../../game/index.js';
import type { TableSeat } from '../../table/index.js';
import { t } from '../../i18n/index.js';
import { answerMessage, privately, publicly, type Answer, type ComponentInteraction } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { gameLocale, inGameLocale } from '../messages/locale.js';
import { errorText } from '../../runtime/log.js';
import { describeReplay, renderReplay, REPLAY_MAX_BYTES, type Replay } from '../messages/pictures.js';
import { dynastyHeader, replayPictureCaptions } from '../messages/text.js';
import * as clock from '../../runtime/clock.js';

/** Scales tried in turn until the GIF fits under REPLAY_MAX_BYTES (a 4-player game fits at 1). */
const SCALES = [1, 0.75, 0.5] as const;
/** Replays kept in memory (a few MB each). */
const KEPT = 2;
/** How long a replay posted in a thread counts as "just posted". */
const POSTED_MS = 10 * 60_000;

interface Built {
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

export function replayFileName(tableId: string, game: number, games: number): string {
  return games > 1 ? `kingdomino-${tableId}-game${game}.gif` : `kingdomino-${tableId}.gif`;
}

/** The replay of `game` (its record replayed), at the first scale that fits; null when the record cannot be replayed. */
async function build(
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
function replayOf(bot: Bot, key: string, make: () => Promise<Built | null>): Promise<Built | null> {
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

export interface ReplayRequest {
  readonly tableId: string;
  /** 1-based game of a Dynasty; null for the last (a single game's only one). */
  readonly game: number | null;
}

/**
 * What /kingdomino replay and the Replay button answer. `onPost` gets the key of a
 * replay about to be posted, and must call `posting(key, url)` once it is (or with
 * null when it failed); by default the key is released at once.
 */
export async function replayAnswer(
  bot: Bot,
  request: ReplayRequest,
  onPost: (key: string) => void = (key) => posting(key, null),
): Promise<Answer> {
  const loaded = await bot.store.get(request.tableId);
  const table = loaded.kind === 'found' ? loaded.table : null;
  if (!table || table.status === 'lobby' || !table.game) return privately(t('command.notAGame'));
  if (table.status !== 'finished' && table.status !== 'cancelled') return privately(t('replay.notYet'));
  const dynasty = table.status === 'finished' ? (table.dynasty ?? null) : null;
  const games: readonly GameState[] = dynasty?.games ?? [table.game];
  const number = request.game ?? games.length;
  const game = games[number - 1];
  if (!game) return privately(t('replay.noSuchGame', { game: number, count: games.length }));
  const key = `${table.id}:${number}:${gameLocale(table.settings)}:${game.turn}`;
  const recent = posted.get(key);
  if (recent && clock.now() - recent.at < POSTED_MS) return privately(t('replay.alreadyPosted', { link: recent.url }));
  if (asked.has(key)) return privately(t('replay.coming'));
  asked.add(key);
  let built: Built | null = null;
  try {
    built = await inGameLocale(table, () => replayOf(bot, key, () => build(bot, table, game, dynasty)));
  } finally {
    // Asked until posted: `onPost` takes it over.
    if (!built) asked.delete(key);
  }
  if (!built) return privately(t('replay.failed'));
  const { replay, alt } = built;
  onPost(key);
  return inGameLocale(table, () =>
    publicly({
      content:
        games.length > 1
          ? t('replay.postedOf', {
              header: dynastyHeader({ game: number, of: games.length }) ?? '',
              moves: replay.moves,
            })
          : t('replay.posted', { moves: replay.moves }),
      files: [{ attachment: replay.gif, name: replayFileName(table.id, number, games.length), description: alt }],
      // The same game, privately, one move at a time (handlers/viewer.ts).
      components: [row(button(t('replay.view.button'), { verb: 'replay-view', game: number }, ButtonStyle.Secondary))],
      allowedMentions: { parse: [] },
    }),
  );
}

/** A replay asked for is answered: posted as the message at `url`, or not posted (null). */
function posting(key: string, url: string | null): void {
  asked.delete(key);
  if (url === null) return;
  const now = clock.now();
  for (const [k, p] of posted) if (now - p.at >= POSTED_MS) posted.delete(k);
  posted.set(key, { url, at: now });
}

/** Answer with the replay (deferred while it is built), and remember the message it was posted as. */
export async function postReplay(
  bot: Bot,
  interaction: ComponentInteraction | ChatInputCommandInteraction,
  request: ReplayRequest,
): Promise<void> {
  let key: string | null = null;
  let url: string | null = null;
  try {
    const message = await answerMessage(interaction, 'public', () =>
      replayAnswer(bot, request, (k) => {
        key = k;
      }),
    );
    if (key !== null) url = message?.url ?? null;
  } finally {
    if (key !== null) posting(key, url);
  }
  if (url !== null) bot.log.info('replay posted', { game: request.tableId, url });
}

/** For tests: forget every replay kept and posted. */
export function forgetReplays(): void {
  kept.clear();
  posted.clear();
  asked.clear();
}
