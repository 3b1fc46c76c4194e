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
import { type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { answerMessage, privately, publicly, type Answer, type ComponentInteraction } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { ask, build, posting, postedLately, replayOf, type Built } from '../services/replays.js';
import { gameLocale, inGameLocale } from '../messages/locale.js';
import { dynastyHeader } from '../messages/text.js';

export function replayFileName(tableId: string, game: number, games: number): string {
  return games > 1 ? `kingdomino-${tableId}-game${game}.gif` : `kingdomino-${tableId}.gif`;
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
  const recent = postedLately(key);
  if (recent) return privately(t('replay.alreadyPosted', { link: recent }));
  if (!ask(key)) return privately(t('replay.coming'));
  let built: Built | null = null;
  try {
    built = await inGameLocale(table, () => replayOf(bot, key, () => build(bot, table, game, dynasty)));
  } finally {
    // Asked until posted: `onPost` takes it over.
    if (!built) posting(key, null);
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
