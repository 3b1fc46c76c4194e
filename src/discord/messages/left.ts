/**
 * "Left to come": the button (on the boards in the thread, and on the move's panel)
 * and the private answer it opens, the picture of the dominoes not yet seen with the
 * words that say what they are (the pile, or candidates of which only some will come).
 */
import type { BaseMessageOptions } from 'discord.js';
import { deckFacts, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import { button } from './components.js';
import type { Shown } from './pictures.js';

export const LEFT_PNG = 'left.png';

/** On a board in the thread: anyone may press it (the thread's table). */
export function leftButton(game: GameState): APIButtonComponentWithCustomId {
  return button(t('unseen.button'), { verb: 'unseen', turn: game.turn });
}

/** On a panel, in the thread or away from it: it names its table. */
export function leftButtonOf(table: string, game: GameState): APIButtonComponentWithCustomId {
  return button(t('unseen.button'), { verb: 'unseen-of', table, turn: game.turn });
}

/**
 * The private answer: what the picture's dominoes are and what stays hidden (the
 * picture says how many, and how many of them will come), and whether the game moved
 * on since the button.
 */
export function leftMessage(game: GameState, picture: Shown, movedOn: boolean): BaseMessageOptions {
  const said = deckFacts(game.options).removed === 0 ? t('unseen.pile') : t('unseen.notSeen');
  return {
    content: movedOn ? `${t('unseen.movedOn')}\n${said}` : said,
    files: [{ attachment: picture.png, name: LEFT_PNG, description: picture.alt }],
    components: [],
  };
}
