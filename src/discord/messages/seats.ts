/** Seats as the Discord side makes them: a clicking member's seat, a computer player's name. */
import type { AiLevel } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { humanSeat, type HumanSeat } from '../../table/index.js';

/** The name a computer seat of this level gets ("Hard AI"; "Hard AI 2" for a second one). */
export function aiSeatName(level: AiLevel): string {
  return t(`ai.name.${level}`);
}

/** The seat of a member who clicked or typed a command. */
export function humanSeatOf(who: { readonly userId: string; readonly userName: string }): HumanSeat {
  return humanSeat(who.userId, who.userName, t('player.unnamed'));
}
