/** /kingdomino games: the caller's open games, a page at a time (pure: tables in, message out). */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { t } from '../../i18n/index.js';
import { currentTurn, deadlineOf, paceOf, turnLimitS, type LobbyTable, type PlayingTable } from '../../table/index.js';
import { button } from './components.js';
import { IN_AWAY } from './codec.js';
import { lobbyLink, threadLink } from './lobby.js';
import { PACE_KEYS, relativeTime } from './text.js';

/** Games a page shows: a line each and at most one "Play" button each, well within Discord's limits. */
export const GAMES_PER_PAGE = 5;

export interface GameEntry {
  readonly table: LobbyTable | PlayingTable;
  /** The caller is to move now (not the computer standing in for them). */
  readonly yourTurn: boolean;
  /** When the move to make is due, or null (a lobby, no clock, the computer to move). */
  readonly due: number | null;
}

export function entryOf(table: LobbyTable | PlayingTable, userId: string): GameEntry {
  if (table.status === 'lobby') return { table, yourTurn: false, due: null };
  const turn = currentTurn(table);
  const human = turn?.seat.kind === 'human' && !turn.seat.standIn ? turn.seat : null;
  return {
    table,
    yourTurn: human?.userId === userId,
    due: human ? deadlineOf(table, turnLimitS(table)) : null,
  };
}

/** Where the caller is to move first (soonest deadline first), then the other games, then the lobbies. */
export function sortEntries(entries: readonly GameEntry[]): GameEntry[] {
  const rank = (e: GameEntry): number => (e.yourTurn ? 0 : e.table.status === 'playing' ? 1 : 2);
  return [...entries].sort(
    (a, b) => rank(a) - rank(b) || (a.due ?? Infinity) - (b.due ?? Infinity) || a.table.createdAt - b.table.createdAt,
  );
}

function hostName(table: LobbyTable | PlayingTable): string {
  const host = table.seats.find((s) => s.kind === 'human' && s.userId === table.hostId);
  return host?.name ?? table.seats[0]?.name ?? '?';
}

function linkOf(table: LobbyTable | PlayingTable): string {
  return table.status === 'lobby' ? lobbyLink(table) : threadLink(table);
}

function line(entry: GameEntry, number: number): string {
  const { table } = entry;
  const parts = [
    `**${number}.** [${t('games.table', { host: hostName(table) })}](${linkOf(table)})`,
    t(PACE_KEYS[paceOf(table.settings)]),
  ];
  if (table.status === 'lobby') parts.push(t('games.lobby', { seats: table.seats.length }));
  else {
    const turn = currentTurn(table);
    if (entry.yourTurn) parts.push(t('games.yourTurn'));
    else if (turn) parts.push(t('games.theirTurn', { name: turn.seat.name }));
    if (entry.due !== null) parts.push(t('games.due', { when: relativeTime(entry.due) }));
  }
  return parts.join(' · ');
}

/**
 * The turn message's "Your turn" away from the game's thread ("Play #n" here, in a DM):
 * it names its table, and the panel opens where it is clicked, for this turn only
 * (once the move is made it is stale, as in the thread).
 */
export function playButtonAway(table: PlayingTable, label: string): APIButtonComponent {
  return button(label, IN_AWAY(table.id)({ verb: 'your-turn', turn: table.game.turn }), ButtonStyle.Primary);
}

/** "Plan ahead" away from the game's home: the clicker's own planning panel, privately. */
export function planButtonAway(table: PlayingTable): APIButtonComponent {
  return button(t('plan.button.open'), { verb: 'plan-of', table: table.id });
}

/** The page (clamped to the last one), its lines, a "Play" button for each game where it is the caller's turn, and the page buttons. */
export function gamesView(entries: readonly GameEntry[], page: number, all: boolean): BaseMessageOptions {
  if (entries.length === 0) return { content: t(all ? 'games.noneAnywhere' : 'games.none'), components: [] };
  const pages = Math.ceil(entries.length / GAMES_PER_PAGE);
  const at = Math.min(Math.max(0, page), pages - 1);
  const shown = entries.slice(at * GAMES_PER_PAGE, (at + 1) * GAMES_PER_PAGE);
  const first = at * GAMES_PER_PAGE + 1;
  const lines = [
    t(all ? 'games.titleAll' : 'games.title', { count: entries.length }),
    ...shown.map((e, i) => line(e, first + i)),
  ];
  if (pages > 1) lines.push(t('games.page', { page: at + 1, pages }));
  const plays: APIButtonComponent[] = shown.flatMap((e, i) =>
    e.yourTurn && e.table.status === 'playing' ? [playButtonAway(e.table, t('games.play', { number: first + i }))] : [],
  );
  const components: APIActionRowComponent<APIButtonComponent>[] = [];
  if (plays.length > 0) components.push({ type: ComponentType.ActionRow, components: plays });
  if (pages > 1)
    components.push({
      type: ComponentType.ActionRow,
      components: [
        button(t('games.previous'), { verb: 'games-page', page: at - 1, all }, ButtonStyle.Secondary, at === 0),
        button(t('games.next'), { verb: 'games-page', page: at + 1, all }, ButtonStyle.Secondary, at === pages - 1),
      ],
    });
  return { content: lines.join('\n'), components, allowedMentions: { parse: [] } };
}
