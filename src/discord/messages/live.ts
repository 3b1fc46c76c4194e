/**
 * The "🎲 Open the board" button, offered on lobbies and turn messages only when the
 * live board is served (ACTIVITY_PORT and CLIENT_SECRET: set once at start-up by the
 * gateway, as the application's emojis are).
 */
import { ButtonStyle } from 'discord.js';
import { t } from '../../i18n/index.js';
import { button } from './components.js';

let offered = false;

export function offerLiveBoard(on: boolean): void {
  offered = on;
}

/** The button (none when the live board is off): `board` on a turn message, `board-here` on a lobby. */
export function liveBoardButton(verb: 'board' | 'board-here') {
  return offered ? [button(t('board.button.open'), { verb }, ButtonStyle.Secondary)] : [];
}
