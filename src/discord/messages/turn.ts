/** The message posted in the thread after every move: the table PNG, what happened, who is next. */
import { liveBoardButton } from './live.js';
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { prompt } from '../../game/index.js';
import type { GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { HumanSeat, TableSeat } from '../../table/index.js';
import { button, rows, type Row } from './components.js';
import { leftButton } from './left.js';
import type { Shown } from './pictures.js';
import { relativeTime, roundText, seatName, seatText } from './text.js';

export const TABLE_PNG = 'table.png';

export interface TurnInfo {
  readonly game: GameState;
  readonly seats: readonly TableSeat[];
  /** What just happened, or null for the first message of a game. */
  readonly happened: string | null;
  /** "Game 2 of 3" in a Dynasty, else null. */
  readonly header: string | null;
  /** The table picture, with its description posted as its alt text (null: an edit, which keeps the one posted). */
  readonly picture: Shown | null;
  /** When the move to make is due, shown under a correspondence pace (null: not shown). */
  readonly deadline?: number | null;
  /** The players may plan their moves ahead (table/plan.ts): the board offers it. */
  readonly planAhead?: boolean;
}

/** What the player must do now, e.g. "place #17, then pick a domino". */
function chore(game: GameState): string {
  const p = prompt(game);
  if (p.kind === 'claim') return t('turn.chore.pick');
  if (p.kind !== 'place') return '';
  const thenPick = game.next.length > 0;
  if (p.canPlace) return t(thenPick ? 'turn.chore.placeThenPick' : 'turn.chore.place', { domino: p.domino });
  return t(thenPick ? 'turn.chore.discardThenPick' : 'turn.chore.discard', { domino: p.domino });
}

/** The human whose turn it is and who plays it themselves (not while the computer stands in for them). */
function playerToMove(
  game: GameState,
  seats: readonly TableSeat[],
): { readonly player: number; readonly seat: HumanSeat } | null {
  const p = prompt(game);
  const seat = p.kind === 'over' ? undefined : seats[p.player];
  return p.kind !== 'over' && seat?.kind === 'human' && !seat.standIn ? { player: p.player, seat } : null;
}

/** Whose turn it is and what to do: the last line of a turn message (null once the game is over). */
export function turnLine(game: GameState, seats: readonly TableSeat[]): string | null {
  const p = prompt(game);
  const seat = p.kind === 'over' ? undefined : seats[p.player];
  if (p.kind === 'over' || !seat) return null;
  const round = roundText(game);
  if (playerToMove(game, seats))
    return t('turn.yourTurn', { round, seat: seatText(seats, p.player), chore: chore(game) });
  return seat.kind === 'human'
    ? t('absent.standIn', { round, seat: seatName(seats, p.player) })
    : t('turn.thinking', { round, seat: seatName(seats, p.player) });
}

/**
 * "Your turn" for the player to move, "I'm back" for each absent player, Left to come
 * and, where players may plan ahead, Plan ahead, while the game runs.
 */
export function turnButtons(game: GameState, seats: readonly TableSeat[], planAhead = false): Row[] {
  if (prompt(game).kind === 'over') return [];
  const mover = playerToMove(game, seats);
  const buttons = mover
    ? [
        button(
          t('turn.button.yourTurn', { name: mover.seat.name }),
          { verb: 'your-turn', turn: game.turn },
          ButtonStyle.Primary,
        ),
      ]
    : [];
  seats.forEach((s, player) => {
    if (s.kind === 'human' && s.standIn?.reason === 'absent')
      buttons.push(button(t('absent.button.back', { name: s.name }), { verb: 'back', player }));
  });
  // For anyone in the thread, players and spectators: at most 6 buttons (a mover, three absent, two for all).
  const plan = planAhead ? [button(t('plan.button.open'), { verb: 'plan' })] : [];
  return rows([...buttons, leftButton(game), ...plan, ...liveBoardButton('board')]);
}

export function turnView(info: TurnInfo): BaseMessageOptions {
  const { game, seats } = info;
  const lines: string[] = [];
  if (info.header) lines.push(`**${info.header}**`);
  if (info.happened) lines.push(info.happened);
  const line = turnLine(game, seats);
  if (line) lines.push(line);
  const mover = playerToMove(game, seats);
  if (mover && info.deadline != null) lines.push(t('turn.deadline', { when: relativeTime(info.deadline) }));
  return {
    content: lines.join('\n'),
    ...(info.picture
      ? { files: [{ attachment: info.picture.png, name: TABLE_PNG, description: info.picture.alt }] }
      : {}),
    components: turnButtons(game, seats, info.planAhead ?? false),
    allowedMentions: { users: mover ? [mover.seat.userId] : [] },
  };
}
