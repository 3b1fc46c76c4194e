/** The lobby message: host, seats, rules, and the Join/Leave/Add AI/Start/Cancel buttons. */
import { ButtonStyle } from 'discord.js';
import type { BaseMessageOptions } from 'discord.js';
import type { Table } from '../../store/types.js';
import { button, row } from './components.js';
import { maxSeats, rulesLine, seatText } from './text.js';

type Lobby = Extract<Table, { status: 'lobby' }>;

export function lobbyView(table: Lobby): BaseMessageOptions {
  const max = maxSeats(table.settings);
  const full = table.seats.length >= max;
  const seats = table.seats.map((s, i) => `${i + 1}. ${seatText(s)}${s.kind === 'ai' ? ` (${s.level} AI)` : ''}`);
  const ready = table.seats.length >= 2 && table.seats.length <= max;
  const hasAi = table.seats.some((s) => s.kind === 'ai');
  return {
    content: [
      `👑 **Kingdomino** — a table hosted by <@${table.hostId}>`,
      `**Seats (${table.seats.length}/${max})**`,
      ...seats,
      ...Array.from({ length: max - table.seats.length }, (_, i) => `${table.seats.length + i + 1}. *free*`),
      `**Rules:** ${rulesLine(table.settings, table.seats.length)}`,
      ready ? 'The host starts the game when everyone is in.' : `Waiting for players: ${table.settings.mightyDuel ? 'the Mighty Duel needs exactly 2' : '2 to 4 seats'}.`,
    ].join('\n'),
    components: [
      row(
        button('Join', { verb: 'join' }, ButtonStyle.Primary, full),
        button('Leave', { verb: 'leave' }),
        button('Start', { verb: 'start' }, ButtonStyle.Success, !ready),
        button('Cancel', { verb: 'cancel' }, ButtonStyle.Danger),
      ),
      row(
        button('Add easy AI', { verb: 'add-ai', level: 'easy' }, ButtonStyle.Secondary, full),
        button('Add normal AI', { verb: 'add-ai', level: 'normal' }, ButtonStyle.Secondary, full),
        button('Add hard AI', { verb: 'add-ai', level: 'hard' }, ButtonStyle.Secondary, full),
        button('Remove an AI', { verb: 'remove-ai' }, ButtonStyle.Secondary, !hasAi),
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

/** The lobby once it is over: no buttons, a pointer to where the game is. */
export function closedLobbyView(table: Table, note: string): BaseMessageOptions {
  const seats = table.seats.map(seatText).join(', ');
  return {
    content: `👑 **Kingdomino** — ${note}\nSeats: ${seats}\n**Rules:** ${rulesLine(table.settings, table.seats.length)}`,
    components: [],
    allowedMentions: { parse: [] },
  };
}
