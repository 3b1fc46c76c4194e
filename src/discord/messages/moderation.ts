/**
 * The moderation menu (/kingdomino manage): the table's seats and what they are,
 * a select of the players' seats, and what the host or a moderator may do with the
 * chosen one: replace it by the computer, give it back, make its player the host.
 * Private, in the caller's language. And the seat refusals in words.
 */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { t, type MessageKey } from '../../i18n/index.js';
import {
  correspondencePace,
  currentTurn,
  isPaused,
  pauseClock,
  resumeClock,
  seatChoices,
  type Actor,
  type ClockRefusal,
  type LobbyTable,
  type PlayingTable,
  type Refusal,
  type SeatRefusal,
  type TableSeat,
} from '../../table/index.js';
import { SEAT } from './codec.js';
import { button, row, selectRow } from './components.js';
import { paceNote, refusalText, relativeTime, seatName, seatText, withPace } from './text.js';
import { lobbyLink } from './lobby.js';

export type ManagedTable = LobbyTable | PlayingTable;

function stateKey(table: ManagedTable, seat: TableSeat): MessageKey | null {
  if (seat.kind !== 'human') return null;
  const host = seat.userId === table.hostId;
  if (seat.standIn) {
    if (seat.standIn.reason === 'absent') return host ? 'moderation.state.hostAbsent' : 'moderation.state.absent';
    return host ? 'moderation.state.hostReplaced' : 'moderation.state.replaced';
  }
  return host ? 'moderation.state.host' : null;
}

function seatLine(table: ManagedTable, player: number): string {
  const seat = table.seats[player]!;
  const key = stateKey(table, seat);
  const shown = { number: player + 1, seat: seatText(table.seats, player) };
  const line = key ? t('moderation.seatState', { ...shown, state: t(key) }) : t('moderation.seat', shown);
  return withPace(line, paceNote(seat, table.settings));
}

/** Who holds a game over days, and since when: for the host to see. */
function holding(table: ManagedTable): string[] {
  const turn = currentTurn(table);
  if (!turn || table.status !== 'playing' || !correspondencePace(table.settings)) return [];
  return [
    t('moderation.holding', { name: seatName(table.seats, turn.player), since: relativeTime(table.turnStartedAt) }),
  ];
}

/** The menu for `actor`, with seat `chosen` selected (null: none yet), and what was just done, if anything. */
export function moderationView(
  table: ManagedTable,
  actor: Actor,
  chosen: number | null,
  done: string | null,
): BaseMessageOptions {
  const lines = [
    ...(done ? [done] : []),
    table.status === 'lobby' ? t('moderation.titleLobby', { link: lobbyLink(table) }) : t('moderation.titleGame'),
    ...table.seats.map((_, i) => seatLine(table, i)),
    ...holding(table),
    ...(table.status === 'playing' && isPaused(table) ? [t('moderation.clockPausedLine')] : []),
  ];
  const players = table.seats.flatMap((s, i) => (s.kind === 'human' ? [i] : []));
  const options = players.map((i) => ({
    label: t('moderation.option', { number: i + 1, name: table.seats[i]!.name }),
    // Read back by the router with the same field (gateway/clicks.ts).
    value: SEAT.text(i),
    selected: i === chosen,
  }));
  const can = chosen === null ? { replace: false, restore: false, makeHost: false } : seatChoices(table, actor, chosen);
  const player = chosen ?? 0;
  const buttons = [
    button(
      t('moderation.button.replace'),
      { verb: 'replace-seat', table: table.id, player },
      ButtonStyle.Danger,
      !can.replace,
    ),
    ...(table.status === 'playing'
      ? [
          button(
            t('moderation.button.restore'),
            { verb: 'restore-seat', table: table.id, player },
            ButtonStyle.Secondary,
            !can.restore,
          ),
        ]
      : []),
    button(
      t('moderation.button.makeHost'),
      { verb: 'make-host', table: table.id, player },
      ButtonStyle.Primary,
      !can.makeHost,
    ),
  ];
  return {
    content: lines.join('\n'),
    components: [
      selectRow(t('moderation.placeholder'), { verb: 'manage-seat', table: table.id }, options),
      row(...buttons, ...clockButtons(table, actor)),
    ],
    allowedMentions: { parse: [] },
  };
}

/** Pause or resume the clock: a game with a turn timer, for its host or a moderator. */
function clockButtons(table: ManagedTable, actor: Actor): ReturnType<typeof button>[] {
  if (table.status !== 'playing') return [];
  const paused = isPaused(table);
  const can = paused ? resumeClock(table, actor, 0).ok : pauseClock(table, actor, 0).ok;
  return [
    button(
      t(paused ? 'moderation.button.resumeClock' : 'moderation.button.pauseClock'),
      { verb: 'clock', table: table.id, pause: !paused },
      ButtonStyle.Secondary,
      !can,
    ),
  ];
}

const CLOCK_REFUSALS: Record<'no-clock' | 'already-paused' | 'not-paused', MessageKey> = {
  'no-clock': 'moderation.refusal.noClock',
  'already-paused': 'moderation.refusal.alreadyPaused',
  'not-paused': 'moderation.refusal.notPaused',
};

/** A clock refusal as the user reads it. */
export function clockRefusalText(refusal: ClockRefusal, seats: readonly TableSeat[]): string {
  if (refusal.code in CLOCK_REFUSALS) return t(CLOCK_REFUSALS[refusal.code as keyof typeof CLOCK_REFUSALS]);
  return seatRefusalText(refusal as SeatRefusal, seats);
}

const SEAT_REFUSALS: Record<Exclude<SeatRefusal['code'], Refusal['code'] | 'not-your-seat'>, MessageKey> = {
  'no-such-seat': 'absent.refusal.noSuchSeat',
  'computer-seat': 'absent.refusal.computerSeat',
  'already-replaced': 'absent.refusal.alreadyReplaced',
  'not-replaced': 'absent.refusal.notReplaced',
  'replaced-by-host': 'absent.refusal.replacedByHost',
  'already-host': 'absent.refusal.alreadyHost',
  'host-seat': 'absent.refusal.hostSeat',
};

/** A seat refusal as the user reads it. */
export function seatRefusalText(refusal: SeatRefusal, seats: readonly TableSeat[]): string {
  if (refusal.code === 'not-your-seat')
    return t('absent.refusal.notYourSeat', { player: seatName(seats, refusal.player) });
  if (refusal.code in SEAT_REFUSALS) return t(SEAT_REFUSALS[refusal.code as keyof typeof SEAT_REFUSALS]);
  return refusalText(refusal as Refusal, seats);
}
