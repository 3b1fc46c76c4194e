/**
 * What a page is shown of a table, and which tables a channel's pages may see: the
 * game without its hidden draw pile, the seats, the clock, the undo in reach.
 */
import { dynastyResult, dynastyStandings, publicView, seatRange, type DynastyState } from '../../game/index.js';
import { canStart, deadlineOf, PACES, threadIdOf, turnLimitS, type Table } from '../../table/index.js';
import { LOCALES, MESSAGE_KEYS, messageSource, t, type Locale, type MessageKey } from '../../i18n/index.js';
import type { GameListing, Labelled, TableView } from '../../web/protocol.js';
import { PACE_KEYS } from '../messages/text.js';

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
    hostId: table.hostId,
    room: table.status === 'lobby' ? { max: seatRange(table.settings).max, ready: canStart(table) } : null,
    dynasty: 'dynasty' in table && table.dynasty ? dynastyView(table.dynasty) : null,
  };
}

/** The Dynasty's totals as the thread's end message counts them (the running game's score so far included). */
function dynastyView(dynasty: DynastyState): TableView['dynasty'] {
  const { scores } = dynastyStandings(dynasty);
  const totals = dynasty.games[0]!.seats.map((_, player) => scores.find((s) => s.player === player)?.total ?? 0);
  const winners = dynastyResult(dynasty)?.winners ?? null;
  return { game: dynasty.games.length, of: dynasty.length, totals, winners };
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

/**
 * The page's own words, and the thread's where the page says the same: terrains, the
 * lobby's buttons, the computer's levels, the variants, and the start command's
 * options described (the new game form).
 */
const PAGE_PREFIXES = ['activity.', 'terrain.', 'lobby.button.', 'ai.level.', 'variant.'];
const isOptionDescription = (key: string): boolean => key.startsWith('command.start.') && key.endsWith('.description');
/** The final message's buttons and the Dynasty's header, as the thread says them. */
const SHARED_KEYS: readonly MessageKey[] = [
  'review.button',
  'review.buttonGame',
  'replay.button',
  'replay.view.roundBack',
  'replay.view.roundOn',
  'dynasty.header',
];
const PAGE_KEYS = MESSAGE_KEYS.filter(
  (key) =>
    PAGE_PREFIXES.some((prefix) => key.startsWith(prefix)) || SHARED_KEYS.includes(key) || isOptionDescription(key),
);

/** The page's words in a language, as ICU sources. */
export function pageWords(locale: Locale): Readonly<Record<string, string>> {
  return Object.fromEntries(PAGE_KEYS.map((key) => [key, messageSource(key, locale)]));
}

/** The new game form's paces, in the user's language, and the games' languages, each by its own name (as the command's). */
export function newGameChoices(locale: Locale): { paces: Labelled[]; languages: Labelled[] } {
  return {
    paces: PACES.map((pace) => [pace, t(PACE_KEYS[pace], {}, locale)]),
    languages: LOCALES.map((language) => [language, t('language.self', {}, language)]),
  };
}
