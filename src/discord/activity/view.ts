/**
 * What a page is shown of a table, and which tables a channel's pages may see: the
 * game without its hidden draw pile, the seats, the clock, the undo in reach.
 */
import { publicView } from '../../game/index.js';
import { deadlineOf, threadIdOf, turnLimitS, type Table } from '../../table/index.js';
import { MESSAGE_KEYS, messageSource, type Locale } from '../../i18n/index.js';
import type { GameListing, TableView } from '../../web/protocol.js';

/** Whether a table belongs to the channel an Activity runs in: its lobby's channel, or its own thread. */
export function inChannel(table: Table, channelId: string): boolean {
  return table.messages.lobbyChannelId === channelId || threadIdOf(table) === channelId;
}

export function tableView(table: Table): TableView {
  const game = table.status === 'lobby' ? null : (table.game ?? null);
  const limitS = turnLimitS(table);
  return {
    id: table.id,
    version: table.version,
    status: table.status,
    seats: table.seats.map((seat) => ({
      name: seat.name,
      kind: seat.kind,
      userId: seat.kind === 'human' ? seat.userId : null,
      standIn: seat.kind === 'human' && seat.standIn !== undefined,
    })),
    game: game && publicView(game),
    deadline: table.status === 'playing' && table.pausedAt === undefined ? deadlineOf(table, limitS) : null,
    undo: table.status === 'playing' && table.undo ? { by: table.undo.by, turn: table.undo.turn } : null,
  };
}

export function listing(table: Table): GameListing | null {
  if (table.status === 'cancelled') return null;
  return {
    id: table.id,
    status: table.status,
    seats: table.seats.map((s) => s.name),
    round: table.status === 'lobby' ? null : table.game.round,
  };
}

const PAGE_KEYS = MESSAGE_KEYS.filter((key) => key.startsWith('activity.') || key.startsWith('terrain.'));

/** The page's words in a language: its own keys and the terrains' names, as ICU sources. */
export function pageWords(locale: Locale): Readonly<Record<string, string>> {
  return Object.fromEntries(PAGE_KEYS.map((key) => [key, messageSource(key, locale)]));
}
