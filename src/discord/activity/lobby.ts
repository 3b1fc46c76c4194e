/**
 * A seat taken from the live board: the same edit as the lobby's Join button
 * (src/table's `join`, under the table's lock), then the lobby message redrawn in the
 * channel and the pages told, as the driver tells them every change.
 */
import { keep, save } from '../../store/index.js';
import { join, type LobbyTable, type TableResult } from '../../table/index.js';
import type { Worded } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { lobbyView } from '../messages/lobby.js';
import { humanSeatOf } from '../messages/seats.js';
import { refusalText } from '../messages/text.js';

export async function joinFromBoard(
  bot: Bot,
  tableId: string,
  who: { readonly userId: string; readonly userName: string },
): Promise<Worded<null>> {
  const { value, table } = await bot.store.update<TableResult<LobbyTable>>(tableId, (table) => {
    const joined: TableResult<LobbyTable> =
      table.status === 'lobby' ? join(table, humanSeatOf(who)) : { ok: false, refusal: { code: 'already-started' } };
    return joined.ok ? save(joined.value, joined) : keep(joined);
  });
  if (!value.ok) return { ok: false, refusal: refusalText(value.refusal, table.seats) };
  // The table as saved (its version bumped by the store), a lobby still.
  if (table.status === 'lobby')
    await bot.places.editLobby(
      table,
      inGameLocale(table, () => lobbyView(table)),
    );
  bot.driver.changed(table.id, table);
  return { ok: true, value: null };
}
