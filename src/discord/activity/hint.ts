/**
 * The hint on the live board: once per turn, as on the panel (src/table's
 * `useHint`, saved before the hard computer player is asked), for the player to
 * move only (`mayAct`). Where it would place the domino in hand.
 */
import type { Placement } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import { mayAct, useHint } from '../../table/index.js';
import type { Worded } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { refusalText } from '../messages/text.js';

export async function hintFromBoard(
  bot: Bot,
  tableId: string,
  userId: string,
  turn: number,
): Promise<Worded<Placement | null>> {
  const loaded = await bot.store.get(tableId);
  if (loaded.kind !== 'found') return { ok: false, refusal: t('error.gameMissing') };
  const may = mayAct(loaded.table, { kind: 'user', userId }, turn);
  if (!may.ok) return { ok: false, refusal: refusalText(may.refusal, loaded.table.seats) };
  if (may.value.prompt.kind !== 'place')
    return { ok: false, refusal: refusalText({ code: 'nothing-to-place' }, loaded.table.seats) };
  const { value: granted } = await bot.store.update(tableId, (current) => {
    const used = current.status === 'playing' && current.game.turn === turn ? useHint(current, userId) : null;
    return used ? save(used, true) : keep(false);
  });
  if (!granted) return { ok: false, refusal: t('panel.hintUsed') };
  return { ok: true, value: await bot.ai.hint(may.value.table.game, { timeMs: bot.config.aiHardMs }) };
}
