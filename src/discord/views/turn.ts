/** The message posted in the thread after every move: the table PNG, what happened, who is next. */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { prompt } from '../../game/index.js';
import type { GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { TableSeat } from '../../table/index.js';
import { button, row } from './components.js';
import { roundText, seatName, seatText } from './text.js';

export const TABLE_PNG = 'table.png';

export interface TurnInfo {
  readonly game: GameState;
  readonly seats: readonly TableSeat[];
  /** What just happened, or null for the first message of a game. */
  readonly happened: string | null;
  /** "Game 2 of 3" in a Dynasty, else null. */
  readonly header: string | null;
  readonly png: Buffer;
  /** The picture's text description (describeTable), posted as its alt text. */
  readonly alt?: string | null;
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

export function turnView(info: TurnInfo): BaseMessageOptions {
  const { game, seats } = info;
  const p = prompt(game);
  const lines: string[] = [];
  if (info.header) lines.push(`**${info.header}**`);
  if (info.happened) lines.push(info.happened);
  const player = p.kind === 'over' ? null : p.player;
  const seat = player === null ? undefined : seats[player];
  const human = seat?.kind === 'human' ? seat : undefined;
  if (seat) {
    const round = roundText(game);
    lines.push(human
      ? t('turn.yourTurn', { round, seat: seatText(seats, player!), chore: chore(game) })
      : t('turn.thinking', { round, seat: seatName(seats, player!) }));
  }
  return {
    content: lines.join('\n'),
    files: [{ attachment: info.png, name: TABLE_PNG, ...(info.alt ? { description: info.alt } : {}) }],
    components: human ? [row(button(t('turn.button.yourTurn', { name: human.name }), { verb: 'your-turn', turn: game.turn }, ButtonStyle.Primary))] : [],
    allowedMentions: { users: human ? [human.userId] : [] },
  };
}
