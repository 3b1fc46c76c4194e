/**
 * "Left to come": the dominoes not yet seen of a game being played, privately for
 * whoever presses the button (a player, a spectator, the player to move from their
 * panel). It only reads: nothing is saved, no turn is checked. A button from an
 * earlier turn shows what is left now and says so; after the game, or on no game,
 * a friendly answer.
 */
import { prompt } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { privately, type Answer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { leftMessage } from '../messages/left.js';
import { showLeft } from '../messages/pictures.js';

export interface LeftClick {
  readonly tableId: string;
  /** The game's turn the button was drawn at. */
  readonly turn: number;
}

export async function showLeftToCome(bot: Bot, click: LeftClick): Promise<Answer> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind === 'corrupt') return privately(t('error.gameCorrupt'));
  if (loaded.kind !== 'found') return privately(t('error.gameMissing'));
  const table = loaded.table;
  if (table.status === 'lobby' || !table.game) return privately(t('command.notAGame'));
  const game = table.game;
  if (table.status !== 'playing' || prompt(game).kind === 'over') return privately(t('unseen.over'));
  return { kind: 'private', message: leftMessage(game, await showLeft(game), click.turn !== game.turn) };
}
