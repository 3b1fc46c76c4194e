/**
 * Origin checks: every verb from every kind of message. A click runs only from the
 * kind of message its button lives on: lobby verbs from the lobby, "Your turn" and
 * rematch from a public message in the game's thread, panel verbs from the
 * clicker's own panel. Everything else is refused.
 */
import { MessageFlags, MessageFlagsBitField, type Message } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { cursorCells, type ClickAction, type Cursor } from '../../src/discord/messages/codec.js';
import { HOME, judgeOrigin, messageFacts, placeOf, type MessageFacts } from '../../src/discord/gateway/origin.js';

const ALICE = '100';
const BOB = '200';
const at: Cursor = { x: 1, y: 0, r: 0 };

/** One click of every verb the codec knows, as a player would send it. */
const EVERY_VERB: readonly ClickAction[] = [
  { verb: 'join' },
  { verb: 'leave' },
  { verb: 'add-ai', level: 'hard' },
  { verb: 'remove-ai' },
  { verb: 'start' },
  { verb: 'cancel' },
  { verb: 'league-join' },
  { verb: 'league-leave' },
  { verb: 'your-turn', turn: 3 },
  { verb: 'preview', turn: 3, slot: 'rotate', at, hint: null },
  { verb: 'spot', turn: 3, hint: null },
  { verb: 'hint', turn: 3, at },
  { verb: 'confirm', turn: 3, at },
  { verb: 'discard', turn: 3 },
  { verb: 'pick', turn: 3, placed: { kind: 'place', ...cursorCells(at) }, domino: 12 },
  { verb: 'undo', turn: 4 },
  { verb: 'rematch' },
  { verb: 'review', game: 1 },
  { verb: 'replay', game: 1 },
  { verb: 'replay-view', game: 1 },
  { verb: 'replay-step', table: '1', game: 1, move: 3, slot: 'next' },
  { verb: 'review-list', table: '1', game: 1, page: 0, slot: 'open' },
  { verb: 'back', player: 1 },
  { verb: 'rematch-here' },
  { verb: 'manage-seat', table: '123' },
  { verb: 'replace-seat', table: '123', player: 1 },
  { verb: 'restore-seat', table: '123', player: 1 },
  { verb: 'make-host', table: '123', player: 1 },
  { verb: 'daily', click: { verb: 'confirm', turn: 3, at } },
  { verb: 'daily-share', day: 4 },
  { verb: 'games-page', page: 1, all: false },
  { verb: 'clock', table: '123', pause: true },
  { verb: 'away', table: '123', click: { verb: 'your-turn', turn: 3 } },
  { verb: 'unseen', turn: 3 },
  { verb: 'unseen-of', table: '123', turn: 3 },
  { verb: 'plan' },
  { verb: 'plan-of', table: '123' },
  { verb: 'plan-in', table: '123', click: { verb: 'discard', turn: 3 } },
  { verb: 'plan-else', table: '123', domino: null },
  { verb: 'plan-drop', table: '123' },
  { verb: 'board' },
  { verb: 'board-here' },
  { verb: 'table-turn', table: '123', turn: 3 },
  { verb: 'table-show', table: '123' },
  { verb: 'table-review', table: '123', game: 1 },
  { verb: 'table-replay', table: '123', game: 1 },
  { verb: 'table-back', table: '123', player: 1 },
  { verb: 'table-rematch', table: '123' },
];

const LOBBY_VERBS = [
  'join',
  'leave',
  'add-ai',
  'remove-ai',
  'start',
  'cancel',
  'rematch-here',
  'league-join',
  'league-leave',
  'board-here',
];
const PANEL_VERBS = ['preview', 'spot', 'hint', 'confirm', 'discard', 'pick', 'undo'];
/** Left to come ('unseen') is on every board: anyone in the thread may press it. */
const THREAD_VERBS = ['your-turn', 'rematch', 'review', 'back', 'replay', 'replay-view', 'unseen', 'plan', 'board'];
/** The moderation menu: a private answer to the clicker's own command, in a thread or in a lobby's channel. */
const MENU_VERBS = [
  'manage-seat',
  'replace-seat',
  'restore-seat',
  'make-host',
  'daily',
  'daily-share',
  'games-page',
  'clock',
  // The step-through replay's viewer: the clicker's own private answer.
  'replay-step',
  // The review's move list: on the clicker's own private review.
  'review-list',
  // Left to come on a panel (in the thread or a DM's): it names its table.
  'unseen-of',
  // The planning panel and the plan: the clicker's own private answer.
  'plan-in',
  'plan-else',
  'plan-drop',
];
/** A turn away from its thread: a DM of the bot's, or the clicker's own private answer anywhere (the panel, the games list). */
const AWAY_VERBS = ['away', 'plan-of'];
/**
 * A game's buttons away from threads: on any public message outside a thread (a one-message
 * game in a group DM, a board in the bot's DM); they name their table, whose handler checks the message.
 */
const PUBLIC_VERBS = ['table-turn', 'table-show', 'table-review', 'table-replay', 'table-back', 'table-rematch'];

/**
 * The messages a click can come from, as alice clicks: what Discord says about each,
 * and the verbs that may come from there.
 */
const MESSAGES: readonly {
  readonly name: string;
  readonly facts: MessageFacts;
  readonly allowed: readonly string[];
}[] = [
  {
    name: 'the lobby (the reply to /kingdomino start by bob)',
    facts: { ephemeral: false, inThread: false, inDm: false, answers: BOB },
    allowed: [...LOBBY_VERBS, ...PUBLIC_VERBS],
  },
  {
    name: 'the lobby (the reply to her own /kingdomino start)',
    facts: { ephemeral: false, inThread: false, inDm: false, answers: ALICE },
    allowed: [...LOBBY_VERBS, ...PUBLIC_VERBS],
  },
  {
    name: 'a rematch lobby (posted by the bot)',
    facts: { ephemeral: false, inThread: false, inDm: false, answers: null },
    allowed: [...LOBBY_VERBS, ...PUBLIC_VERBS],
  },
  {
    name: 'a turn message',
    facts: { ephemeral: false, inThread: true, inDm: false, answers: null },
    allowed: THREAD_VERBS,
  },
  {
    name: 'the end message',
    facts: { ephemeral: false, inThread: true, inDm: false, answers: null },
    allowed: THREAD_VERBS,
  },
  {
    name: 'a status answer (the reply to /kingdomino status by bob)',
    facts: { ephemeral: false, inThread: true, inDm: false, answers: BOB },
    allowed: THREAD_VERBS,
  },
  {
    name: 'her own panel (or her own moderation menu in a thread)',
    facts: { ephemeral: true, inThread: true, inDm: false, answers: ALICE },
    allowed: [...PANEL_VERBS, ...MENU_VERBS, ...AWAY_VERBS],
  },
  { name: "another user's panel", facts: { ephemeral: true, inThread: true, inDm: false, answers: BOB }, allowed: [] },
  {
    // Discord shows it to its owner only: the clicker's own (the metadata is not promised on a clicked message).
    name: 'a private message in a thread that does not say whom it answers',
    facts: { ephemeral: true, inThread: true, inDm: false, answers: null },
    allowed: [...PANEL_VERBS, ...MENU_VERBS, ...AWAY_VERBS],
  },
  {
    name: 'a private message outside a thread that does not say whom it answers',
    facts: { ephemeral: true, inThread: false, inDm: false, answers: null },
    allowed: [...MENU_VERBS, ...AWAY_VERBS],
  },
  {
    name: 'a private answer of hers outside a thread (e.g. /kingdomino rules, her moderation menu of a lobby)',
    facts: { ephemeral: true, inThread: false, inDm: false, answers: ALICE },
    allowed: [...MENU_VERBS, ...AWAY_VERBS],
  },
  {
    name: 'a DM the bot sent her (a turn coming, or a game in her DM with the bot)',
    facts: { ephemeral: false, inThread: false, inDm: true, answers: null },
    allowed: [...AWAY_VERBS, ...PUBLIC_VERBS, ...LOBBY_VERBS],
  },
  {
    name: 'a private answer of hers in her DM with the bot (the panel a DM opened)',
    facts: { ephemeral: true, inThread: false, inDm: true, answers: ALICE },
    allowed: [...MENU_VERBS, ...AWAY_VERBS],
  },
  {
    name: "a private answer of bob's outside a thread (his games list)",
    facts: { ephemeral: true, inThread: false, inDm: false, answers: BOB },
    allowed: [],
  },
];

/** Where each button lived when homes were a table of their own (before they were read off the declarations). */
const HOMES_BEFORE: Readonly<Record<string, string>> = {
  join: 'lobby',
  leave: 'lobby',
  'add-ai': 'lobby',
  'remove-ai': 'lobby',
  start: 'lobby',
  cancel: 'lobby',
  'your-turn': 'thread',
  rematch: 'thread',
  back: 'thread',
  'rematch-here': 'lobby',
  'manage-seat': 'menu',
  'replace-seat': 'menu',
  'restore-seat': 'menu',
  'make-host': 'menu',
  'games-page': 'menu',
  clock: 'menu',
  review: 'thread',
  replay: 'thread',
  'replay-view': 'thread',
  'replay-step': 'menu',
  'review-list': 'menu',
  preview: 'panel',
  spot: 'panel',
  hint: 'panel',
  confirm: 'panel',
  discard: 'panel',
  pick: 'panel',
  daily: 'menu',
  'daily-share': 'menu',
  undo: 'panel',
  away: 'dm',
  unseen: 'thread',
  'unseen-of': 'menu',
  plan: 'thread',
  'plan-of': 'dm',
  'plan-in': 'menu',
  'plan-else': 'menu',
  'plan-drop': 'menu',
  board: 'thread',
  'board-here': 'lobby',
  'table-turn': 'public',
  'table-show': 'public',
  'table-review': 'public',
  'table-replay': 'public',
  'table-back': 'public',
  'table-rematch': 'public',
  // Since: a league's sign-up message, in a channel as a lobby.
  'league-join': 'lobby',
  'league-leave': 'lobby',
};

describe('where a click may come from', () => {
  it('knows the home of every verb the codec has', () => {
    expect(Object.keys(HOME).sort()).toEqual(
      [...LOBBY_VERBS, ...PANEL_VERBS, ...THREAD_VERBS, ...MENU_VERBS, ...AWAY_VERBS, ...PUBLIC_VERBS].sort(),
    );
    expect(new Set(EVERY_VERB.map((a) => a.verb))).toEqual(new Set(Object.keys(HOME)));
  });

  it('reads every home off the declarations as it was, verb for verb', () => {
    expect(HOME).toEqual(HOMES_BEFORE);
  });

  describe.each(MESSAGES)('from $name', ({ facts, allowed }) => {
    it.each(EVERY_VERB.map((a) => [a.verb, a] as const))('%s', (verb, action) => {
      const origin = judgeOrigin(action, facts, ALICE);
      expect(origin.ok).toBe(allowed.includes(verb));
      if (!origin.ok) {
        expect(origin.home).toBe(HOME[verb]);
        expect(origin.from).toBe(placeOf(facts, ALICE));
      }
    });
  });

  it('a panel is a panel only for the user whose click opened it', () => {
    const panel: MessageFacts = { ephemeral: true, inThread: true, inDm: false, answers: ALICE };
    expect(placeOf(panel, ALICE)).toBe('panel');
    expect(placeOf(panel, BOB)).toBeNull();
    expect(judgeOrigin({ verb: 'discard', turn: 1 }, panel, BOB)).toEqual({ ok: false, home: 'panel', from: null });
  });

  it('a public message is the same place for everyone', () => {
    for (const clicker of [ALICE, BOB]) {
      expect(placeOf({ ephemeral: false, inThread: true, inDm: false, answers: ALICE }, clicker)).toBe('thread');
      expect(placeOf({ ephemeral: false, inThread: false, inDm: false, answers: ALICE }, clicker)).toBe('lobby');
    }
  });
});

describe('the facts read from a discord.js message', () => {
  const message = (flags: number, user: string | null) =>
    ({
      flags: new MessageFlagsBitField(flags),
      interactionMetadata: user ? { user: { id: user } } : null,
    }) as unknown as Pick<Message, 'flags' | 'interactionMetadata'>;

  it('reads the ephemeral flag and the user the message answers', () => {
    expect(messageFacts(message(MessageFlags.Ephemeral, ALICE), true)).toEqual({
      ephemeral: true,
      inThread: true,
      inDm: false,
      answers: ALICE,
    });
    expect(messageFacts(message(MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds, BOB), true)).toEqual({
      ephemeral: true,
      inThread: true,
      inDm: false,
      answers: BOB,
    });
  });

  it('a message the bot posted itself answers no one', () => {
    expect(messageFacts(message(0, null), false)).toEqual({
      ephemeral: false,
      inThread: false,
      inDm: false,
      answers: null,
    });
  });
});
