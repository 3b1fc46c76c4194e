/**
 * A game's views away from threads (table/types.ts, Home): the same as a thread's
 * posts, with buttons that work where they are. In the bot's DM, "Your turn" opens the
 * panel as a turn's DM does; on a one-message game (a group DM, a server without the
 * bot) the buttons are that message's, with Show the table always there so anyone can
 * bring it up to date. What only a thread holds (the animated replay posted for all,
 * Left to come for spectators) is left out there.
 */
import { ComponentType } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import type { APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import { t } from '../../i18n/index.js';
import { homeOf, type Home, type Table } from '../../table/index.js';
import { boardMessage, endMessage, happenedLines } from './board.js';
import { inGameLocale } from './locale.js';
import { closedLobbyView, lobbyView } from './lobby.js';
import { button, rows } from './components.js';
import { decode, encode, IN_AWAY, type ClickAction } from './codec.js';

/** The click a thread's click becomes in a home away from threads, or null when it has none there. */
function away(action: ClickAction, table: string, home: Exclude<Home, 'thread'>): ClickAction | null {
  switch (action.verb) {
    case 'your-turn':
      return home === 'dm' ? IN_AWAY(table)(action) : { verb: 'table-turn', table, turn: action.turn };
    case 'review':
      return { verb: 'table-review', table, game: action.game };
    case 'replay-view':
      return { verb: 'table-replay', table, game: action.game };
    case 'back':
      return { verb: 'table-back', table, player: action.player };
    case 'rematch':
      return { verb: 'table-rematch', table };
    // Plan ahead opens the planner's own panel: from the bot's DM (a one-message game's board is everyone's).
    case 'plan':
      return home === 'dm' ? { verb: 'plan-of', table } : null;
    default:
      return null;
  }
}

function rewritten(component: unknown, table: string, home: Exclude<Home, 'thread'>) {
  const c = component as Partial<APIButtonComponentWithCustomId>;
  if (c.type !== ComponentType.Button || typeof c.custom_id !== 'string') return null;
  const action = decode(c.custom_id);
  const mapped = action ? away(action, table, home) : null;
  return mapped ? ({ ...c, custom_id: encode(mapped) } as APIButtonComponentWithCustomId) : null;
}

/** A thread's view (a board, an end) as the table's home shows it. */
export function homeView<V extends BaseMessageOptions>(table: Table, view: V): V {
  const home = homeOf(table);
  if (home === 'thread') return view;
  const kept = (view.components ?? []).flatMap((r) => {
    const components = (r as { readonly components?: readonly unknown[] }).components ?? [];
    return components
      .map((c) => rewritten(c, table.id, home))
      .filter((b): b is APIButtonComponentWithCustomId => b !== null);
  });
  const show = home === 'message' ? [button(t('oneMessage.show'), { verb: 'table-show', table: table.id })] : [];
  const buttons = [...kept, ...show];
  return { ...view, components: buttons.length > 0 ? rows(buttons) : [] };
}

/** The one message as it should read now: the lobby, the board and whose turn, or the end. */
export async function currentView(table: Table): Promise<BaseMessageOptions> {
  if (table.status === 'lobby') return inGameLocale(table, () => lobbyView(table));
  if (table.status === 'cancelled' || !table.game)
    return inGameLocale(table, () => closedLobbyView(table, t('lobby.note.cancelled')));
  if (table.status === 'finished') {
    const end = await endMessage(table, table.dynasty?.length ?? null, null);
    if (end) return homeView(table, end);
  }
  const happened = inGameLocale(table, () => happenedLines(table, table.messages.turnTold));
  return homeView(table, await boardMessage(table, happened));
}
