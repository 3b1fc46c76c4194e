/** The message posted in the thread after every move: the table PNG, what happened, who is next. */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { prompt } from '../../game/index.js';
import type { GameState } from '../../game/types.js';
import type { TableSeat } from '../../store/types.js';
import { button, row } from './components.js';
import { seatName, seatText } from './text.js';

export const TABLE_PNG = 'table.png';

export interface TurnInfo {
  readonly game: GameState;
  readonly seats: readonly TableSeat[];
  /** What just happened, or null for the first message of a game. */
  readonly happened: string | null;
  /** "Game 2 of 3" in a Dynasty, else null. */
  readonly header: string | null;
  readonly png: Buffer;
}

/** What the player must do now, e.g. "place #17, then pick a domino". */
function chore(game: GameState): string {
  const p = prompt(game);
  if (p.kind === 'claim') return 'pick a domino';
  if (p.kind === 'place') return p.canPlace ? `place #${p.domino}${game.next.length > 0 ? ', then pick a domino' : ''}` : `#${p.domino} fits nowhere: discard it${game.next.length > 0 ? ', then pick a domino' : ''}`;
  return '';
}

export function turnView(info: TurnInfo): BaseMessageOptions {
  const { game, seats } = info;
  const p = prompt(game);
  const lines: string[] = [];
  if (info.header) lines.push(`**${info.header}**`);
  if (info.happened) lines.push(info.happened);
  const seat = p.kind === 'over' ? undefined : seats[p.player];
  const human = seat?.kind === 'human' ? seat : undefined;
  if (seat) {
    const last = game.next.length === 0 ? ' (last round)' : '';
    lines.push(human
      ? `**Round ${game.round}${last}** · ${seatText(seat)}, your turn: ${chore(game)}.`
      : `**Round ${game.round}${last}** · ${seatName(seat)} is thinking…`);
  }
  return {
    content: lines.join('\n'),
    files: [{ attachment: info.png, name: TABLE_PNG }],
    components: human ? [row(button(`Your turn, ${human.name}`, { verb: 'your-turn', turn: game.turn }, ButtonStyle.Primary))] : [],
    allowedMentions: { users: human ? [human.userId] : [] },
  };
}
