/**
 * "Left to come", end to end: on the live board anyone in the thread (a player, a
 * spectator) opens privately the dominoes not yet seen; with 4 players half-way
 * through they are exactly the pile, by number; with 2 players they are the
 * candidates and the words say only some will come. The player to move opens the
 * same from the panel without losing it. Nothing changes (no post, the game as
 * it was); a button from an earlier turn says the game moved on, one clicked after the
 * game that nothing is left to come.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { openStore } from '../../src/store/index.js';
import type { GameState } from '../../src/game/index.js';
import type { FakeMessage } from '../fake-discord/index.js';
import {
  FAST_THREADS,
  boardCount,
  lastMessage,
  launch,
  playMove,
  playToEnd,
  startTable,
  userToPlay,
  yourTurnId,
} from './harness.js';
import type { World } from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch(FAST_THREADS);
});

afterAll(async () => {
  await world?.close();
});

async function storedGame(tableId: string): Promise<GameState> {
  const store = await openStore({ dataDir: world.dataDir });
  try {
    const loaded = await store.get(tableId);
    const game = loaded.kind === 'found' && loaded.table.status !== 'lobby' ? loaded.table.game : undefined;
    if (!game) throw new Error(`table ${tableId}: no game`);
    return game;
  } finally {
    await store.close();
  }
}

/** The dominoes a Left to come answer lists, from its picture's description. */
function listed(answer: FakeMessage): number[] {
  const alt = answer.pngs()[0]?.description ?? '';
  const list = alt.slice(alt.indexOf('The dominoes:'));
  return [...list.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
}

const leftId = (message: FakeMessage): string => message.button(new RegExp(`^${t('unseen.button')}$`)).customId!;

async function open(message: FakeMessage, user: string): Promise<FakeMessage> {
  return (await world.discord.click(message, leftId(message), user)).reply();
}

it('4 players half-way through: anyone sees the pile exactly, privately, and nothing changes', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', ['bob'], { 'ai-seats': 2, 'ai-level': 'easy' });
  let board = lastMessage(discord, threadId);
  while ((await storedGame(threadId)).round < 6) {
    const user = userToPlay(discord, board);
    if (user) board = await playMove(discord, threadId, board, user);
    else {
      await discord.waitFor(() => lastMessage(discord, threadId).id !== board.id, 'a computer move');
      board = lastMessage(discord, threadId);
    }
  }
  await discord.waitFor(() => userToPlay(discord, lastMessage(discord, threadId)) !== null, 'a human to move');
  board = lastMessage(discord, threadId);
  const before = await storedGame(threadId);
  const posts = discord.messages(threadId).length;

  // A spectator (not in the game) presses it on the board.
  const seen = await open(board, 'erin');
  expect(seen.ephemeral).toBe(true);
  expect(seen.visibleTo).toBe(discord.user('erin').id);
  expect(seen.content).toBe(t('unseen.pile'));
  expect(listed(seen)).toEqual([...before.pile].sort((a, b) => a - b));
  expect(seen.pngs()[0]!.description).toMatch(new RegExp(`^${before.pile.length} dominoes left to come\\.`));
  expect(await storedGame(threadId)).toEqual(before);
  expect(discord.messages(threadId)).toHaveLength(posts);

  // The player to move, from the panel: a new private answer, the panel as it was.
  const mover = userToPlay(discord, board)!;
  const panel = await (await discord.click(board, yourTurnId(board), mover)).reply();
  const panelBefore = { content: panel.content, buttons: panel.buttons().map((b) => b.customId) };
  const fromPanel = await open(panel, mover.username);
  expect(fromPanel.id).not.toBe(panel.id);
  expect(listed(fromPanel)).toEqual(listed(seen));
  expect({ content: panel.content, buttons: panel.buttons().map((b) => b.customId) }).toEqual(panelBefore);

  // Once the move is made, the board's button (cleared, unless the click raced the clearing) is an
  // earlier turn's: what is left now, and it says so.
  const boardLeft = leftId(board);
  const next = await playMove(discord, threadId, board, mover);
  const stale = await (await discord.click(board, boardLeft, 'erin', { force: true })).reply();
  expect(stale.content).toBe(`${t('unseen.movedOn')}\n${t('unseen.pile')}`);
  expect(listed(stale)).toEqual([...(await storedGame(threadId)).pile].sort((a, b) => a - b));
  expect(leftId(next)).toMatch(/^k1:lc:\d+$/);
  await discord.assertClean();
});

it('2 players: the dominoes not yet seen, and only the pile’s count of them will come', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'carol', ['dave']);
  const game = await storedGame(threadId);
  const answer = await open(lastMessage(discord, threadId), 'erin');
  expect(answer.content).toBe(t('unseen.notSeen', { count: game.pile.length }));
  expect(listed(answer)).toEqual([...game.pile, ...game.removedAtSetup].sort((a, b) => a - b));
  expect(answer.pngs()[0]!.description).toMatch(
    new RegExp(`^${listed(answer).length} dominoes not yet seen, only ${game.pile.length} of them will come`),
  );
  expect(boardCount(discord, threadId)).toBe(1);
  await discord.assertClean();
});

it('after the game, a Left to come still clicked says nothing is left to come', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'erin', [], { 'ai-seats': 1, 'ai-level': 'easy' });
  const first = lastMessage(discord, threadId);
  const id = leftId(first);
  await playToEnd(discord, threadId);
  const late = await (await discord.click(first, id, 'bob', { force: true })).reply();
  expect(late.ephemeral).toBe(true);
  expect(late.content).toBe(t('unseen.over'));
  expect(late.pngs()).toHaveLength(0);
});
