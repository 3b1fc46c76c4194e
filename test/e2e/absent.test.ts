/**
 * Absent players and the moderation menu, through Discord.
 * - A player who goes absent: reminded, moved for twice, then replaced by the normal
 *   computer player (the thread says so, pinging them, and the computer plays their
 *   seat at once), then back with "I'm back"; the game ends and its record checks.
 * - /kingdomino manage: the host (or a moderator) replaces a seat by the computer,
 *   gives it back, hands the host role, in a lobby and in a game; others are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import type { GameRecord } from '../../src/game/types.js';
import type { FakeDiscord } from '../fake-discord/fake.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  exportRecords,
  isFinal,
  lastMessage,
  launch,
  openLobby,
  playMove,
  startTable,
  userToPlay,
  WHOLE_GAME_MS,
  type World,
  FAST_THREADS,
} from './harness.js';

/** Whole games, fast: Discord's per-channel limits are exercised by the other e2e files. */

/** The message the "I'm back" button of `name` is on now (the live turn message), if any. */
function backButtonOn(
  discord: FakeDiscord,
  threadId: string,
  name: string,
): { message: FakeMessage; customId: string } | null {
  for (const message of [...discord.messages(threadId)].reverse()) {
    const found = message.buttons().find((b) => b.label === `👋 I'm back, ${name}` && !b.disabled);
    if (found?.customId) return { message, customId: found.customId };
  }
  return null;
}

/** The latest board (a notice may come after it: a reminder, the computer taking a seat, a player back). */
function lastBoard(discord: FakeDiscord, threadId: string): FakeMessage {
  const boards = discord.messages(threadId).filter((m) => m.pngs().length > 0);
  return boards[boards.length - 1] ?? lastMessage(discord, threadId);
}

/** Every board but the latest has lost its buttons. */
function olderBoardsCleared(discord: FakeDiscord, threadId: string): boolean {
  const boards = discord.messages(threadId).filter((m) => m.pngs().length > 0);
  return boards.slice(0, -1).every((m) => m.buttons().length === 0);
}

/** The turn timer of these games (TURN_TIMER_S): ten minutes, passed by moving the clock. */
const TURN_MS = 600_000;

/**
 * Let the game run until `done()`: `plays` take their turns by clicks as they come;
 * a human not among them lets the time run out (the clock moves past their turn);
 * the computer plays its seats at once.
 */
async function runUntil(
  world: World,
  threadId: string,
  plays: readonly FakeUser[],
  done: () => boolean,
  what: string,
): Promise<void> {
  const { discord } = world;
  for (let guard = 0; guard < 300; guard++) {
    if (done()) return;
    const board = lastBoard(discord, threadId);
    const user = userToPlay(discord, board);
    if (user && plays.some((p) => p.id === user.id)) {
      await playMove(discord, threadId, board, user);
      continue;
    }
    if (user) {
      // The older boards' buttons cleared first: a token aged by the jump would refuse that edit.
      await discord.waitFor(() => olderBoardsCleared(discord, threadId), 'the older boards cleared');
      await world.advance(TURN_MS);
    }
    await discord.waitFor(() => done() || lastBoard(discord, threadId).id !== board.id, what);
  }
  throw new Error(`never: ${what}`);
}

describe('a player who goes absent', () => {
  let world: World;
  // Two humans and no turn-timer option: the default timer (TURN_TIMER_S) applies.
  beforeAll(async () => {
    world = await launch(FAST_THREADS, { TURN_TIMER_S: String(TURN_MS / 1000) });
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    "is reminded, moved for twice, replaced by the computer at the third timeout, then takes the seat back with I'm back",
    { timeout: 2 * WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const alice = discord.user('alice');
      const bob = discord.user('bob');
      const threadId = await startTable(discord, 'alice', ['bob']);
      const messages = () => discord.messages(threadId);
      const notice = () => messages().find((m) => m.content.startsWith('🪑'));
      const timedOut = () => messages().filter((m) => /Time ran out/.test(m.content));

      // Alice plays; bob lets his time run out, turn after turn.
      await runUntil(world, threadId, [alice], () => notice() !== undefined, "the computer to take bob's seat");
      const replaced = notice()!;
      expect(replaced.content).toContain(`${bob.mention} let the time run out 3 turns in a row`);
      expect(replaced.content).toMatch(/the normal computer player plays \*\*bob\*\*'s seat for the rest of the game/);
      expect(replaced.pinged).toEqual([bob.id]);
      expect(timedOut()).toHaveLength(3);
      // A reminder at half time before each automatic move.
      expect(messages().filter((m) => m.content.startsWith(`⏰ ${bob.mention}`)).length).toBeGreaterThanOrEqual(3);

      // The computer plays bob's seat at once: no reminder, no timer, no "Time ran out".
      const at = messages().indexOf(replaced);
      const standInMove = () =>
        messages()
          .slice(at + 1)
          .find((m) => /\*\*bob\*\* (placed|took|could not)/.test(m.content));
      await runUntil(world, threadId, [alice], () => standInMove() !== undefined, 'a move the computer makes for bob');
      expect(standInMove()!.content).not.toMatch(/Time ran out/);
      // (A board shows "the computer plays for bob" only if it is posted before that move is made,
      // which the quieter thread's held moves and the machine's speed decide: views.test.ts checks the line.)
      expect(
        messages()
          .slice(at + 1)
          .filter((m) => m.content.startsWith('⏰')),
      ).toEqual([]);

      // On alice's turn, the live turn message carries "I'm back, bob": only bob may press it.
      await runUntil(
        world,
        threadId,
        [],
        () => userToPlay(discord, lastBoard(discord, threadId))?.id === alice.id,
        "alice's turn",
      );
      const back = backButtonOn(discord, threadId, 'bob');
      if (!back) throw new Error('no "I\'m back" button on the turn message');
      expect(back.message.id).toBe(lastBoard(discord, threadId).id);
      const refused = await (await discord.click(back.message, back.customId, 'alice')).reply();
      expect(refused.ephemeral).toBe(true);
      expect(refused.content).toMatch(/This button is for .*\*\*bob\*\*/);
      const pressed = await discord.click(back.message, back.customId, 'bob');
      const updated = await pressed.reply();
      expect(updated.id).toBe(back.message.id);
      expect(updated.buttons().map((b) => b.label)).toEqual(['Your turn, alice', 'Left to come']);
      await discord.waitFor(
        () => messages().find((m) => m.content === '👋 **bob** is back and plays their own seat again.'),
        'the thread told bob is back',
      );

      // Both play to the end; bob's turns are his again.
      await runUntil(world, threadId, [alice, bob], () => isFinal(lastBoard(discord, threadId)), 'the end of the game');
      expect(lastBoard(discord, threadId).content).toMatch(/Game over!/);
      expect(timedOut()).toHaveLength(3);
      const [record] = await exportRecords(discord, threadId, 'bob');
      const checked = checkRecord(record);
      expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
      // The seat stayed bob's: a human seat in the record.
      expect((record as GameRecord).players.map((p) => p.kind)).toEqual(['human', 'human']);
      await discord.assertClean();
    },
  );
});

describe('the moderation menu', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch({
      ...FAST_THREADS,
      users: ['alice', 'bob', 'carol', 'dave', { username: 'mod', moderator: true }],
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** /kingdomino manage by `user` in `channel`: the private answer. */
  async function manage(user: string, channel: string): Promise<FakeMessage> {
    return (await world.discord.slashCommand({ user, channel, name: 'kingdomino', subcommand: 'manage' })).reply();
  }

  /** Choose seat `player` in the menu, then press the button labelled `label`: the menu as it is then. */
  async function act(menu: FakeMessage, user: string, player: number, label: RegExp): Promise<FakeMessage> {
    const { discord } = world;
    const select = menu.interactive().find((c) => c.customId?.startsWith('k1:ms:'));
    if (!select?.customId) throw new Error(`no seat menu: ${menu.content}`);
    const chosen = await (await discord.select(menu, select.customId, [String(player)], user)).reply();
    const button = chosen.button(label);
    if (!button.customId) throw new Error(`no ${String(label)} button`);
    return (await discord.click(chosen, button.customId, user)).reply();
  }

  it('in a lobby: the host replaces a player by a computer seat and hands the host role; others are refused', async () => {
    const { discord } = world;
    const lobby = await openLobby(discord, 'alice');
    for (const user of ['bob', 'carol']) await (await discord.click(lobby, 'k1:j', user)).reply();
    // dave hosts no lobby here and is no moderator.
    expect((await manage('dave', discord.channel.id)).content).toMatch(/no open lobby here you can manage/);
    const menu = await manage('alice', discord.channel.id);
    expect(menu.ephemeral).toBe(true);
    expect(menu.content).toMatch(/Manage the lobby/);
    const afterReplace = await act(menu, 'alice', 2, /Replace by the computer/);
    expect(afterReplace.content).toMatch(/\*\*carol\*\* left the lobby; a computer player took the seat/);
    expect(discord.message(lobby.id)?.content).toMatch(/Normal AI/);
    expect(discord.message(lobby.id)?.content).not.toContain(discord.user('carol').mention);
    const afterHost = await act(afterReplace, 'alice', 1, /Make host/);
    expect(afterHost.content).toMatch(/\*\*bob\*\* hosts this table now/);
    expect(discord.message(lobby.id)?.content).toContain(`hosted by ${discord.user('bob').mention}`);
    // Alice is no host any more: her menu's buttons are refused, and so is Start.
    const stale = afterHost.button(/Make host/);
    const refused = await (await discord.click(afterHost, stale.customId!, 'alice', { force: true })).reply();
    expect(refused.content).toMatch(/Only the host/);
    expect((await (await discord.click(lobby, 'k1:s', 'alice')).reply()).content).toMatch(/Only the host/);
    await discord.assertClean();
  });

  it(
    'in a game: the host replaces a player (the thread says so, the computer plays the seat, no "I\'m back"), a moderator gives it back, strangers are refused',
    { timeout: WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'alice', ['bob', 'carol']);
      const messages = () => discord.messages(threadId);
      expect((await manage('dave', threadId)).content).toMatch(/Only the host \(or a moderator/);
      const menu = await manage('alice', threadId);
      expect(menu.content).toMatch(/Manage this game/);
      const done = await act(menu, 'alice', 2, /Replace by the computer/);
      expect(done.content).toMatch(/The computer plays \*\*carol\*\*'s seat now/);
      expect(done.content).toMatch(
        new RegExp(`3\\. \\S+ ${discord.user('carol').mention} · the computer plays for them \\(replaced\\)`),
      );
      const told = await discord.waitFor(
        () => messages().find((m) => m.content.startsWith('🛡️') && /handed \*\*carol\*\*'s seat/.test(m.content)),
        'the thread told',
      );
      expect(told.content).toContain(
        `${discord.user('alice').mention} handed **carol**'s seat to the normal computer player`,
      );
      expect(told.pinged).toEqual([]);
      // The computer plays carol's seat; a replaced player has no "I'm back".
      const at = messages().indexOf(told);
      const carolMoved = () =>
        messages()
          .slice(at + 1)
          .some((m) => /\*\*carol\*\* (placed|took|could not)/.test(m.content));
      await runUntil(
        world,
        threadId,
        [discord.user('alice'), discord.user('bob')],
        carolMoved,
        'a move the computer makes for carol',
      );
      expect(backButtonOn(discord, threadId, 'carol')).toBeNull();
      // The host role to bob: alice may no longer manage; a moderator still may, and gives carol her seat back.
      const handed = await act(done, 'alice', 1, /Make host/);
      expect(handed.content).toMatch(/\*\*bob\*\* hosts this table now/);
      await discord.waitFor(
        () =>
          messages().find(
            (m) =>
              m.content ===
              `👑 ${discord.user('alice').mention} handed the host role to ${discord.user('bob').mention}.`,
          ),
        'the new host told',
      );
      expect((await manage('alice', threadId)).content).toMatch(/Only the host/);
      const modMenu = await manage('mod', threadId);
      const restored = await act(modMenu, 'mod', 2, /Give the seat back/);
      expect(restored.content).toMatch(/\*\*carol\*\* plays their own seat again/);
      await discord.waitFor(
        () => messages().find((m) => /gave \*\*carol\*\*'s seat back/.test(m.content)),
        'the thread told carol is back',
      );
      await discord.assertClean();
    },
  );
});
