/**
 * A whole game on the live board, in real Chromium around the real bot and the fake
 * Discord: alice and bob on their phones with a computer player, bob making some of
 * his moves from the thread's buttons instead, carol watching in French; alice's
 * page reloaded and the bot restarted mid-game. Every page follows every move, the
 * thread gets its boards, the record is valid; then the replay stepped through and a
 * player's review on the board. Then a game started from the board:
 * the new game's choices, a new lobby, a seat taken, a computer added, the host's
 * Start; then Discord's picture-in-picture and a phone turned sideways (the SDK's
 * events). Then a Dynasty's end: its totals, each game's replay and review.
 * Phone-size screenshots of each screen, in English and in French, are kept in
 * out/activity/.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../src/game/index.js';
import { FAKE_CLIENT_SECRET } from '../fake-discord/activity.js';
import {
  boardCount,
  exportRecords,
  FAST_THREADS,
  isFinal,
  lastMessage,
  launch,
  moveByPanel,
  playToEnd,
  startTable,
  userToPlay,
  type World,
} from '../e2e/harness.js';
import { appFrame, dispatch, openBoard, openBrowser, PHONE, type Board } from './host.js';

const SHOTS = 'out/activity';
/** Discord's picture-in-picture on a phone: the width of the screen, a sixteen-by-nine overlay. */
const PIP = { width: 400, height: 225 } as const;
/** A small phone turned sideways (at 700 px and more, the page has two columns anyway). */
const SIDEWAYS = { width: 640, height: 360 } as const;
/** How the board lays out its parts: `grid`, two columns (a string: the test runs outside the DOM). */
const COLUMNS = "getComputedStyle(document.querySelector('.layout')).display";

/** A port free now, for the bot to listen on across its restart. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The version of the table the page shows (the page sets it on its body; strings: the test runs outside the DOM). */
const VERSION = "document.body.dataset.version ?? ''";
const version = (b: Board): Promise<string> => b.frame.evaluate<string>(VERSION);

/** The page shows a table newer than `seen`. */
async function newer(b: Board, seen: string): Promise<void> {
  await b.frame.waitForFunction(`(${VERSION}) !== ${JSON.stringify(seen)}`, undefined, { timeout: 20_000 });
}

/**
 * One move on the board as a player makes it: the domino dragged (or tapped) onto a
 * lit square, or discarded; then a domino of the next line tapped (or the placement
 * confirmed in the last round).
 */
async function moveOnBoard(b: Board, how: 'drag' | 'tap' | 'hint'): Promise<void> {
  const f = b.frame;
  await f.locator('#status.mine').waitFor({ timeout: 20_000 });
  const seen = await version(b);
  const spot = f.locator('[data-act="spot"]').first();
  const hint = f.locator('[data-act="hint"]');
  if (how === 'hint' && (await hint.count()) > 0) {
    // The hint puts the domino where the hard computer player would, and says where.
    await hint.click();
    await f.locator('.ghost').first().waitFor();
    await f.getByText(/^Hint: [A-M]\d+/).waitFor();
  } else if ((await spot.count()) > 0) {
    if (how === 'drag') await dragOnto(b, spot);
    else await spot.click();
    await f.locator('.ghost').first().waitFor();
  } else if ((await f.locator('[data-act="discard"]').count()) > 0) await f.locator('[data-act="discard"]').click();
  const pick = f.locator('[data-act="pick"]').first();
  if ((await pick.count()) > 0) await pick.click();
  else await f.locator('[data-act="confirm"]').click();
  await newer(b, seen);
}

/**
 * The domino in hand dragged by its first square onto the square. Measured again if
 * the page was drawn anew meanwhile (another player's move arriving).
 */
async function dragOnto(b: Board, target: ReturnType<Board['frame']['locator']>): Promise<void> {
  for (let tries = 0; ; tries++) {
    const hand = await b.frame.locator('#hand .sq').first().boundingBox();
    const to = await target.boundingBox();
    if (!hand || !to) {
      if (tries < 3) continue;
      throw new Error(`nothing to drag: ${await b.frame.locator('#app').innerHTML()}`);
    }
    const { mouse } = b.page;
    await mouse.move(hand.x + hand.width / 2, hand.y + hand.height / 2);
    await mouse.down();
    await mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await mouse.up();
    return;
  }
}

async function shoot(b: Board, name: string): Promise<void> {
  await b.page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the live board in Chromium', () => {
  let world: World;
  let browser: Browser;
  let port: number;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    port = await freePort();
    world = await launch(FAST_THREADS, { ACTIVITY_PORT: String(port), CLIENT_SECRET: FAKE_CLIENT_SECRET });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('plays a whole game with two players, a computer and a watcher', { timeout: 240_000 }, async () => {
    const { discord } = world;
    discord.user('carol').locale = 'fr';
    const threadId = await startTable(discord, 'alice', ['bob'], { 'ai-seats': 1, 'ai-level': 'easy' });
    const channelId = discord.channel.id;
    const boards = {
      alice: await openBoard(browser, { discord, port, user: 'alice', channelId }),
      bob: await openBoard(browser, { discord, port, user: 'bob', channelId }),
      carol: await openBoard(browser, { discord, port, user: 'carol', channelId }),
    };
    for (const b of Object.values(boards)) await b.frame.locator('.kingdom').first().waitFor();
    await shoot(boards.alice, 'opening-en');
    await shoot(boards.carol, 'opening-fr');

    let moves = 0;
    let fromThread = 0;
    for (let guard = 0; guard < 200; guard++) {
      const last = lastMessage(discord, threadId);
      if (isFinal(last)) break;
      const user = userToPlay(discord, last);
      if (user?.username === 'bob' && moves % 5 === 2) {
        await moveByPanel(discord, last, user);
        fromThread++;
      } else if (user) {
        await moveOnBoard(boards[user.username as 'alice' | 'bob'], (['drag', 'tap', 'hint'] as const)[moves % 3]!);
      }
      if (user) moves++;
      await discord.waitFor(() => lastMessage(discord, threadId).id !== last.id, 'the next message in the thread');
      // The thread gets its board, whoever moved and wherever.
      expect(lastMessage(discord, threadId).pngs()).toHaveLength(1);
      if (moves === 6 && user) {
        await boards.alice.page.reload();
        boards.alice = { ...boards.alice, frame: await appFrame(boards.alice.page) };
        await boards.alice.frame.locator('.kingdom').first().waitFor();
      }
      if (moves === 10 && user) {
        // The watcher sees the game and has nothing to play with.
        await boards.carol.frame.locator('.kingdom').first().waitFor();
        expect(await boards.carol.frame.locator('[data-act="pick"], [data-act="spot"]').count()).toBe(0);
        await shoot(boards.alice, 'middle-en');
        await shoot(boards.carol, 'middle-fr');
        await world.restart();
      }
    }
    expect(isFinal(lastMessage(discord, threadId))).toBe(true);
    expect(fromThread).toBeGreaterThan(0);
    // Every page, the watcher's too, shows the end.
    await boards.alice.frame.getByText('The game is over.').waitFor();
    await boards.bob.frame.getByText('The game is over.').waitFor();
    await boards.carol.frame.getByText('La partie est terminée.').waitFor();
    expect(await boards.carol.frame.locator('[data-act="pick"], [data-act="spot"]').count()).toBe(0);
    await shoot(boards.alice, 'end-en');
    await shoot(boards.carol, 'end-fr');

    // After the game, as its final message offers: the replay, stepped through, for anyone.
    const alice = boards.alice.frame;
    await alice.locator('[data-act="replay"]').click();
    await alice.getByText(/^Move 0 of \d+ · The table before the first move\./).waitFor();
    await alice.getByRole('button', { name: '▶' }).click();
    await alice.getByText(/^Move 1 of \d+ · /).waitFor();
    await alice.getByRole('button', { name: 'Round ⏭' }).click();
    await alice.getByRole('button', { name: 'Round ⏭' }).click();
    await alice.getByText(/^Move [4-9] of \d+ · /).waitFor();
    await shoot(boards.alice, 'replay-en');
    await boards.carol.frame.locator('[data-act="replay"]').click();
    await boards.carol.frame.getByText(/^Coup 0 sur \d+/).waitFor();
    await boards.carol.frame.getByRole('button', { name: '▶' }).click();
    await boards.carol.frame.getByText(/^Coup 1 sur \d+/).waitFor();
    await shoot(boards.carol, 'replay-fr');
    // The review, for the players only: their own game, in their language.
    expect(await boards.carol.frame.locator('[data-act="review"]').count()).toBe(0);
    await alice.getByRole('button', { name: 'Back to the result' }).click();
    await alice.getByRole('button', { name: '🔍 Review my game' }).click();
    await alice.getByText(/^Accuracy: \d+%/).waitFor({ timeout: 30_000 });
    // Every move with its grade, in plain words (no Discord markdown).
    await alice.getByText(/^1 Opening picks: took #\d+/).waitFor();
    await shoot(boards.alice, 'review-en');
    discord.user('alice').locale = 'fr';
    await boards.alice.page.reload();
    boards.alice = { ...boards.alice, frame: await appFrame(boards.alice.page) };
    await boards.alice.frame.getByRole('button', { name: '🔍 Analyser ma partie' }).click();
    await boards.alice.frame.getByText(/^Précision : \d+ %/).waitFor({ timeout: 30_000 });
    await shoot(boards.alice, 'review-fr');

    const [record] = await exportRecords(discord, threadId, 'alice');
    const checked = checkRecord(record);
    expect(checked.ok, checked.ok ? '' : checked.error.message).toBe(true);
    await discord.assertClean();
  });

  it(
    'starts a game from the board: a new lobby, a computer added and started by its host',
    { timeout: 120_000 },
    async () => {
      const { discord } = world;
      discord.user('erin').locale = 'fr';
      const channelId = discord.channel.id;
      const dave = await openBoard(browser, { discord, port, user: 'dave', channelId });
      const erin = await openBoard(browser, { discord, port, user: 'erin', channelId });
      // The channel's list (the page opens a lone game by itself: back to the list then).
      for (const b of [dave, erin]) {
        await b.frame.locator('[data-act="open"], [data-act="back"]').first().waitFor();
        if ((await b.frame.locator('[data-act="back"]').count()) > 0)
          await b.frame.locator('[data-act="back"]').click();
        await b.frame.locator('[data-act="open"]').waitFor();
      }
      await shoot(erin, 'games-fr');
      // The new game's choices, /kingdomino start's options in erin's language; she goes back to the list.
      await erin.frame.getByRole('button', { name: /Nouvelle partie/ }).click();
      await erin.frame.getByLabel(/^Harmonie/).waitFor();
      await shoot(erin, 'new-game-fr');
      await erin.frame.getByRole('button', { name: /Toutes les parties/ }).click();
      await erin.frame.locator('[data-act="open"]').waitFor();
      // dave opens one with Harmony, left at the command's defaults otherwise.
      await dave.frame.getByRole('button', { name: /New game/ }).click();
      await dave.frame.getByLabel(/^Harmony/).check();
      await shoot(dave, 'new-game-en');
      await dave.frame.locator('[data-act="create"]').click();
      // The host's lobby: its buttons, Start not yet possible alone.
      await dave.frame.getByText(/^Your game is open/).waitFor();
      await expect.poll(() => dave.frame.locator('[data-act="start"]').isDisabled()).toBe(true);
      const lobbyId = discord.messages(channelId).at(-1)!.id;
      await discord.waitFor(
        () => discord.message(lobbyId)?.content.includes(discord.user('dave').mention),
        'the lobby',
      );
      expect(discord.message(lobbyId)?.content).toMatch(/Harmony/);

      // erin sees it come into her list, takes a seat, and may only wait for the host.
      await erin.frame.locator(`[data-act="watch"][data-id="${lobbyId}"]`).click();
      await erin.frame.getByRole('button', { name: 'Prendre une place' }).click();
      await erin.frame.getByText(/^En attente que dave lance la partie/).waitFor();
      expect(await erin.frame.locator('[data-act="start"], [data-act="add-ai"]').count()).toBe(0);
      await shoot(erin, 'lobby-fr');

      await dave.frame.getByRole('button', { name: 'Add easy AI' }).click();
      await dave.frame.getByText(/^Seated: dave, erin, /).waitFor();
      await shoot(dave, 'lobby-en');
      await discord.waitFor(() => /easy/.test(discord.message(lobbyId)?.content ?? ''), 'the lobby message redrawn');
      await dave.frame.getByRole('button', { name: 'Start' }).click();
      // Both boards show the game; the thread opened on the lobby message has its first board.
      for (const b of [dave, erin]) await b.frame.locator('.kingdom').first().waitFor();
      await discord.waitFor(() => discord.thread(lobbyId) && boardCount(discord, lobbyId) > 0, 'the thread');
      await dave.frame.getByText('The game has begun: its thread is open in the channel.').waitFor();
      await shoot(dave, 'started-en');

      // Discord shows dave's board in picture-in-picture: the compact view, whose turn and his kingdom.
      await dispatch(dave, 'ACTIVITY_LAYOUT_MODE_UPDATE', { layout_mode: 1 });
      await dave.page.setViewportSize(PIP);
      await expect.poll(() => dave.frame.locator('.controls').first().isVisible()).toBe(false);
      await expect.poll(() => dave.frame.locator('#status').isVisible()).toBe(true);
      await shoot(dave, 'pip-en');
      await dispatch(dave, 'ACTIVITY_LAYOUT_MODE_UPDATE', { layout_mode: 0 });
      await dave.page.setViewportSize(PHONE);
      await expect.poll(() => dave.frame.locator('.controls').first().isVisible()).toBe(true);
      // erin turns her phone sideways: the kingdom beside the lines.
      await dispatch(erin, 'ORIENTATION_UPDATE', { screen_orientation: 1, orientation: 'landscape' });
      await erin.page.setViewportSize(SIDEWAYS);
      await expect.poll(() => erin.frame.evaluate<string>(COLUMNS)).toBe('grid');
      await shoot(erin, 'landscape-fr');
    },
  );

  it("shows a Dynasty's totals and each of its games' replay and review", { timeout: 180_000 }, async () => {
    const { discord } = world;
    discord.user('carol').locale = 'fr';
    const threadId = await startTable(discord, 'bob', [], { dynasty: true, 'ai-seats': 1, 'ai-level': 'easy' });
    await playToEnd(discord, threadId);
    // Opened in the game's thread: the page shows its one game at once.
    const bob = await openBoard(browser, { discord, port, user: 'bob', channelId: threadId });
    const carol = await openBoard(browser, { discord, port, user: 'carol', channelId: threadId });
    await bob.frame.getByText(/^Dynasty, game 3 of 3 · Dynasty totals: bob \d+, Easy AI \d+$/).waitFor();
    // Won on the totals, whoever won the last game.
    const [, mine, its] = /bob (\d+), Easy AI (\d+)/.exec(await bob.frame.locator('.dynasty').innerText()) ?? [];
    if (mine !== its)
      await bob.frame
        .getByText(`The game is over. Won by ${Number(mine) > Number(its) ? 'bob' : 'Easy AI'}.`)
        .waitFor();
    expect(await bob.frame.locator('[data-act="replay"]').count()).toBe(3);
    expect(await bob.frame.locator('[data-act="review"]').count()).toBe(3);
    await shoot(bob, 'dynasty-end-en');
    await carol.frame.getByText(/^Dynastie, partie 3 sur 3 · Totaux de la Dynastie : bob \d+, /).waitFor();
    expect(await carol.frame.locator('[data-act="replay"]').count()).toBe(3);
    expect(await carol.frame.locator('[data-act="review"]').count()).toBe(0);
    await shoot(carol, 'dynasty-end-fr');
    // Each game of the three replayed and reviewed on its own.
    await bob.frame.getByRole('button', { name: '🎞️ Replay game 2' }).click();
    await bob.frame.getByText(/^Move 0 of \d+ · The table before the first move\./).waitFor();
    await bob.frame.getByRole('button', { name: '▶' }).click();
    await bob.frame.getByText(/^Move 1 of \d+ · /).waitFor();
    await bob.frame.getByText(/^Dynasty, game 2 of 3 · Dynasty totals: bob \d+/).waitFor();
    await shoot(bob, 'dynasty-replay-en');
    await carol.frame.getByRole('button', { name: '🎞️ Rejouer la partie 3' }).click();
    await carol.frame.getByText(/^Coup 0 sur \d+/).waitFor();
    await shoot(carol, 'dynasty-replay-fr');
    await bob.frame.getByRole('button', { name: 'Back to the result' }).click();
    await bob.frame.getByRole('button', { name: '🔍 Review game 3' }).click();
    await bob.frame.getByText(/^Accuracy: \d+%/).waitFor({ timeout: 30_000 });
    await shoot(bob, 'dynasty-review-en');
  });
});
