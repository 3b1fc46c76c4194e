/** The lobby message: host, seats, rules, and the Join/Leave/Add AI/Start/Cancel buttons. */
import { liveBoardButton } from './live.js';
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import { AI_LEVELS, seatRange } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { canStart, hasRoom, homeOf, threadIdOf, type LobbyTable, type Table } from '../../table/index.js';
import { button, row } from './components.js';
import { paceNote, rulesLine, seatText, withPace } from './text.js';
import { cut, THREAD_NAME_MAX } from '../wire/limits.js';

/** The link to a lobby message in the table's channel (by default the table's own, whose thread is its game's). */
export function lobbyLink(table: Table, lobbyId: string = table.id): string {
  return `https://discord.com/channels/${table.guildId}/${table.messages.lobbyChannelId}/${lobbyId}`;
}

/** The game's home, as a link any client opens (from a DM, another server, /kingdomino games): its thread, its DM, or its one message. */
export function threadLink(table: Table): string {
  if (homeOf(table) === 'message') return lobbyLink(table);
  return `https://discord.com/channels/${table.guildId}/${threadIdOf(table)}`;
}

export function lobbyView(table: LobbyTable): BaseMessageOptions {
  const { min, max } = seatRange(table.settings);
  const taken = table.seats.length;
  const full = !hasRoom(table);
  const seats = table.seats.map((s, i) =>
    s.kind === 'ai'
      ? t('lobby.aiSeat', { number: i + 1, seat: seatText(table.seats, i), level: t(`ai.level.${s.level}`) })
      : withPace(t('lobby.seat', { number: i + 1, seat: seatText(table.seats, i) }), paceNote(s, table.settings)),
  );
  const ready = canStart(table);
  const hasAi = table.seats.some((s) => s.kind === 'ai');
  return {
    content: [
      t('lobby.title', { hostId: table.hostId }),
      t('lobby.seats', { taken, max }),
      ...seats,
      ...Array.from({ length: max - taken }, (_, i) => t('lobby.freeSeat', { number: taken + i + 1 })),
      t('lobby.rules', { rules: rulesLine(table) }),
      ready
        ? t('lobby.ready')
        : min === max
          ? t('lobby.waitingDuel', { count: max })
          : t('lobby.waiting', { min, max }),
    ].join('\n'),
    components: [
      row(
        button(t('lobby.button.join'), { verb: 'join' }, ButtonStyle.Primary, full),
        button(t('lobby.button.leave'), { verb: 'leave' }),
        button(t('lobby.button.start'), { verb: 'start' }, ButtonStyle.Success, !ready),
        button(t('lobby.button.cancel'), { verb: 'cancel' }, ButtonStyle.Danger),
        ...liveBoardButton('board-here'),
      ),
      row(
        ...AI_LEVELS.map((level) =>
          button(
            t('lobby.button.addAi', { level: t(`ai.level.${level}`) }),
            { verb: 'add-ai', level },
            ButtonStyle.Secondary,
            full,
          ),
        ),
        button(t('lobby.button.removeAi'), { verb: 'remove-ai' }, ButtonStyle.Secondary, !hasAi),
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

/** The lobby once it is over: no buttons, a pointer to where the game is. */
export function closedLobbyView(table: Table, note: string): BaseMessageOptions {
  const seats = table.seats.map((_, i) => seatText(table.seats, i)).join(', ');
  return {
    content: [
      t('lobby.closed', { note }),
      t('lobby.closedSeats', { seats }),
      t('lobby.rules', { rules: rulesLine(table) }),
    ].join('\n'),
    components: [],
    allowedMentions: { parse: [] },
  };
}

/** The game's thread's name: its players. */
export function threadName(table: Table): string {
  const name = t('lobby.threadName', { names: table.seats.map((s) => s.name).join(', ') });
  return cut(name, THREAD_NAME_MAX);
}
