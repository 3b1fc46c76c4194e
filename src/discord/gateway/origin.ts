/**
 * Where a click may come from. A click is judged by what it claims (its custom_id,
 * decoded by messages/codec.ts) AND by where it comes from (the message it was on, as
 * Discord describes it): a modified client can send any of our custom_ids as a
 * click on any message it sees, e.g. a panel's preview on the public "Your turn"
 * message, which the panel's flow would answer by updating that public message.
 *
 * Every button has one home (its declaration's, messages/codec.ts), and a message is one kind of place:
 * - `lobby`: a public message in a channel (not in a thread), or in the bot's DM: the
 *   lobby, whose id is the table's key (the lobby flow then finds the table by that id, or refuses);
 * - `thread`: a public message in a thread: a turn, the end of a game (Rematch,
 *   Review), a status answer (the game is the thread's);
 * - `panel`: a private (ephemeral) message in a thread that answers the clicker's
 *   own interaction (Discord's `interaction_metadata.user`): the clicker's panel.
 *   Discord shows an ephemeral message to its owner only, and its documentation does
 *   not promise the metadata on the message a click was on: a private message that
 *   names no one is taken as the clicker's own (and the router logs it).
 * - `menu`: a private message that answers the clicker's own interaction, in a thread
 *   or not: the moderation menu (/kingdomino manage, in a game's thread or in a
 *   lobby's channel); its buttons name their table.
 * - `dm`: a message in the bot's DM with the clicker (only the bot posts buttons
 *   there, and only the clicker sees it): a turn's DM. Its buttons, like those of
 *   the panel they open and of /kingdomino games, name their table (`away`), and
 *   may also come from the clicker's own private message anywhere.
 * - `public`: a public message outside threads, a `lobby` or a `dm` one: the buttons of a
 *   game away from threads, which name their table; their handler checks that the
 *   message is that table's (handlers/one-message.ts).
 * Anything else (someone else's private message, a private message outside a
 * thread) is no place for any button. A click whose verb is not at home where it
 * comes from is refused privately (router.ts) and changes nothing.
 *
 * `judgeOrigin` is pure (tested for every verb from every kind of message in
 * test/discord/origin.test.ts); `messageFacts` reads the facts from discord.js.
 */
import { MessageFlags, type Message } from 'discord.js';
import { CLICKS, type ClickAction, type Place, type Verb } from '../messages/codec.js';

/** What Discord tells about the message a component was on. */
export interface MessageFacts {
  /** Shown to one user only (message flag 64). */
  readonly ephemeral: boolean;
  /** In a thread (a game's), rather than in a channel (where lobbies are). */
  readonly inThread: boolean;
  /** In the bot's DM with the clicker (a DM channel), rather than on a server. */
  readonly inDm: boolean;
  /**
   * The user whose interaction this message answers (`interaction_metadata.user.id`);
   * null when Discord does not say (a public message the bot posted itself, or a private
   * message sent without its metadata).
   */
  readonly answers: string | null;
}

/** Where each button lives, as its declaration says (messages/codec.ts): the only kind of message a click of that verb may come from. */
export const HOME = Object.fromEntries(Object.entries(CLICKS).map(([verb, click]) => [verb, click.home])) as Readonly<
  Record<Verb, Place>
>;

/** A private message only its owner can see, so a click on it is its owner's: the clicker's own, unless it names someone else. */
function ownPrivate(message: MessageFacts, clickerId: string): boolean {
  return message.ephemeral && (message.answers === clickerId || message.answers === null);
}

/** The kind of place a message is for this clicker, or null when it is no place for any button. */
export function placeOf(message: MessageFacts, clickerId: string): Place | null {
  if (!message.ephemeral) return message.inDm ? 'dm' : message.inThread ? 'thread' : 'lobby';
  return message.inThread && ownPrivate(message, clickerId) ? 'panel' : null;
}

export type Origin = { readonly ok: true } | { readonly ok: false; readonly home: Place; readonly from: Place | null };

/** May this click come from this message? When not, where its button lives and where it came from (for the log). */
export function judgeOrigin(action: ClickAction, message: MessageFacts, clickerId: string): Origin {
  const home = HOME[action.verb];
  const from = placeOf(message, clickerId);
  // A game's buttons away from threads, and a lobby in the bot's DM (a game there), come from either.
  const outside = (home === 'public' || home === 'lobby') && (from === 'lobby' || from === 'dm');
  return from === home || outside || ((home === 'menu' || home === 'dm') && ownPrivate(message, clickerId))
    ? { ok: true }
    : { ok: false, home, from };
}

/** The facts about a message as discord.js gives them; whether its channel is a thread or a DM is the caller's to say. */
export function messageFacts(
  message: Pick<Message, 'flags' | 'interactionMetadata'>,
  inThread: boolean,
  inDm = false,
): MessageFacts {
  return {
    ephemeral: message.flags.has(MessageFlags.Ephemeral),
    inThread,
    inDm,
    answers: message.interactionMetadata?.user.id ?? null,
  };
}
