/** What the fake Discord's threads show: live buttons, an interaction's answer, whose turn the store says. */
import { decode } from '../../../src/discord/messages/codec.js';
import { prompt as enginePrompt } from '../../../src/game/index.js';
import type { Table } from '../../../src/table/index.js';
import type { FakeDiscord } from '../../fake-discord/fake.js';
import type { FakeInteraction } from '../../fake-discord/interactions.js';
import type { FakeMessage } from '../../fake-discord/model.js';

/** An interaction's own answer (a /kingdomino status reply), not a post in the thread (a follow-up is one). */
export function isAnswer(discord: FakeDiscord, m: FakeMessage): boolean {
  return (
    m.interactionId !== null && discord.interactions().some((i) => i.id === m.interactionId && i.originalId === m.id)
  );
}

/** Changes whenever a message is posted or edited in the thread. */
export function threadSignature(messages: readonly FakeMessage[]): string {
  return `${messages.length}:${messages.reduce((n, m) => n + m.edits, 0)}`;
}

export function yourTurn(message: FakeMessage): string | null {
  return message.buttons().find((b) => !b.disabled && /^Your turn/.test(b.label ?? ''))?.customId ?? null;
}

/** The player the engine waits for, or null. */
export function promptOf(table: Table): number | null {
  if (table.status !== 'playing') return null;
  const p = enginePrompt(table.game);
  return p.kind === 'over' ? null : p.player;
}

/**
 * Exactly one live "Your turn" button, on the store's turn message, for the player
 * to move at the store's turn; none for a computer's turn or after the end. Null
 * when so; only meaningful once the store owes no post (else: not yet).
 */
export function liveButtonProblem(discord: FakeDiscord, table: Table): string | null {
  if ((table.outbox?.length ?? 0) > 0) return `the store still owes ${table.outbox!.length} post(s)`;
  if (table.status !== 'playing' && table.status !== 'finished') return null;
  const threadId = table.messages.threadId ?? table.id;
  const live = discord.messages(threadId).filter((m) => yourTurn(m) !== null);
  const which = () =>
    live.map((m) => `${m.id}${isAnswer(discord, m) ? ' (a /kingdomino status reply)' : ''} ${yourTurn(m)}`).join(', ');
  const player = promptOf(table);
  const seat = player === null ? null : table.seats[player];
  if (seat?.kind !== 'human') {
    return live.length === 0
      ? null
      : `${live.length} live "Your turn" button(s) while ${table.status === 'playing' ? 'a computer plays' : 'the game is over'}: ${which()}`;
  }
  if (live.length !== 1)
    return `${live.length} live "Your turn" buttons (want 1, on ${table.messages.turnMessageId}): ${which()}`;
  const [message] = live;
  if (message!.id !== table.messages.turnMessageId)
    return `the live button is on ${message!.id}, the store's turn message is ${table.messages.turnMessageId}`;
  const action = decode(yourTurn(message!)!);
  if (action?.verb !== 'your-turn' || action.turn !== table.game.turn)
    return `the live button is for turn ${action?.verb === 'your-turn' ? action.turn : '?'}, the store is at ${table.game.turn}`;
  if (!message!.content.includes(`<@${seat.userId}>, your turn`))
    return `the live turn message does not name ${seat.name}`;
  return null;
}

/** The message an interaction's answer is shown in, once final; null while there is none yet. */
export function answerOf(discord: FakeDiscord, i: FakeInteraction): FakeMessage | null {
  const type = i.callback?.type;
  if (type === undefined) return null;
  const followUp = i.followUpIds.length > 0 ? discord.message(i.followUpIds[0]!) : undefined;
  if (followUp) return followUp;
  const original = i.originalId ? discord.message(i.originalId) : undefined;
  if (!original) return null;
  // 6: a deferred update, final once edited; 5: a deferred reply, final once no longer loading.
  if (type === 6) return i.originalEdits > 0 ? original : null;
  return original.loading ? null : original;
}
