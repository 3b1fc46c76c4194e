/**
 * The step-through replay: Step through on the final message opens, privately for
 * the clicker, a finished game's table after one move with a caption saying what
 * that move did (in the thread's own words, messages/text.ts); ◀ ▶ step one move,
 * ⏮ ⏭ jump to the round before or after. Its buttons name the table, the game and
 * the move they show, so a viewer keeps working after a restart.
 *
 * - Only once the game is over, like the GIF replay (handlers/replay.ts): the record
 *   holds the seed. A stale or forged button (no such table, game or move) gets a
 *   friendly private answer and changes nothing.
 * - In the clicker's language: the viewer is their own private answer.
 */
import { ButtonStyle, type BaseMessageOptions } from 'discord.js';
import { replayStates, toRecord, type DynastyState, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { replayRounds, roundJump, type TableSeat } from '../../table/index.js';
import { privately, updating, type Answer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import type { ReplaySlot } from '../messages/codec.js';
import { button, row } from '../messages/components.js';
import { showTable } from '../messages/pictures.js';
import { dynastyHeader, replayCaption, roundText } from '../messages/text.js';

export const VIEWER_PNG = 'replay.png';

export interface ViewerRequest {
  readonly tableId: string;
  /** 1-based game of a Dynasty (1 for a single game). */
  readonly game: number;
  /** The replay state shown: 0 before the first move, k after move k. */
  readonly move: number;
}

interface Viewed {
  readonly tableId: string;
  readonly game: number;
  readonly games: number;
  readonly states: readonly GameState[];
  readonly dynasty: DynastyState | null;
  readonly seats: readonly TableSeat[];
}

/** The finished game a viewer shows, or the friendly refusal. */
async function viewedGame(bot: Bot, request: Omit<ViewerRequest, 'move'>): Promise<Viewed | string> {
  const loaded = await bot.store.get(request.tableId);
  const table = loaded.kind === 'found' ? loaded.table : null;
  if (!table || table.status === 'lobby' || !table.game) return t('command.notAGame');
  if (table.status !== 'finished' && table.status !== 'cancelled') return t('replay.notYet');
  const dynasty = table.status === 'finished' ? (table.dynasty ?? null) : null;
  const games: readonly GameState[] = dynasty?.games ?? [table.game];
  const game = games[request.game - 1];
  if (!game) return t('replay.noSuchGame', { game: request.game, count: games.length });
  const replayed = replayStates(toRecord(game));
  if (!replayed.ok) return t('replay.failed');
  return {
    tableId: table.id,
    game: request.game,
    games: games.length,
    states: replayed.value,
    dynasty,
    seats: table.seats,
  };
}

/** The four buttons under a viewer showing `move`: a button that leads nowhere is disabled. */
function viewerButtons(viewed: Viewed, move: number): BaseMessageOptions['components'] {
  const rounds = replayRounds(viewed.states);
  const last = viewed.states.length - 1;
  const to = (slot: ReplaySlot, target: number | null, label: string) =>
    button(
      label,
      { verb: 'replay-step', table: viewed.tableId, game: viewed.game, move: target ?? move, slot },
      ButtonStyle.Secondary,
      target === null,
    );
  return [
    row(
      to('round-back', roundJump(rounds, move, -1), t('replay.view.roundBack')),
      to('prev', move > 0 ? move - 1 : null, '◀'),
      to('next', move < last ? move + 1 : null, '▶'),
      to('round-on', roundJump(rounds, move, 1), t('replay.view.roundOn')),
    ),
  ];
}

/** The viewer at `move`: the table then, the caption of the move that led to it, the buttons. */
async function viewerMessage(viewed: Viewed, move: number): Promise<BaseMessageOptions> {
  const state = viewed.states[move]!;
  const shown = await showTable(state, { dynasty: viewed.dynasty });
  const header = viewed.games > 1 ? dynastyHeader({ game: viewed.game, of: viewed.games }) : null;
  const title = t('replay.view.title', { move, moves: viewed.states.length - 1, round: roundText(state) });
  return {
    content: [header, title, replayCaption(viewed.states, move, viewed.seats)].filter(Boolean).join('\n'),
    files: [{ attachment: shown.png, name: VIEWER_PNG, description: shown.alt }],
    components: viewerButtons(viewed, move),
    allowedMentions: { parse: [] },
  };
}

/** Step through, on the final message: the viewer at the first move, privately. */
export async function openViewer(bot: Bot, request: Omit<ViewerRequest, 'move'>): Promise<Answer> {
  const viewed = await viewedGame(bot, request);
  if (typeof viewed === 'string') return privately(viewed);
  const message = await viewerMessage(viewed, Math.min(1, viewed.states.length - 1));
  return { kind: 'private', message };
}

/** A viewer's button: the same private message, at the move it names. */
export async function stepViewer(bot: Bot, request: ViewerRequest): Promise<Answer> {
  const viewed = await viewedGame(bot, request);
  if (typeof viewed === 'string') return privately(viewed);
  if (request.move >= viewed.states.length) return privately(t('replay.view.noSuchMove'));
  // The new picture replaces the old one: discord.js sends the files given as the message's only attachments.
  return updating(await viewerMessage(viewed, request.move));
}
