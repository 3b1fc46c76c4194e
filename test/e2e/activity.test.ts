/**
 * The live board's server (src/discord/activity) with the real bot and the fake
 * Discord, spoken to as its page does (test/support/live-page.ts): the code
 * exchanged with the secret kept on the bot, the user and the instance's channel
 * taken from Discord, a move on one page seen on the other and in the thread, a
 * move from the thread's buttons seen on the pages; and everything a page may
 * send wrong answered, counted, and changing nothing.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOY_ENTRY } from '../fake-discord/bot-process.js';
import { legalPlacements, prompt, replayStates } from '../../src/game/index.js';
import type { ClientMessage, ServerMessage, TableView } from '../../src/web/protocol.js';
import { FAKE_CLIENT_SECRET } from '../fake-discord/activity.js';
import { boardPort, LivePage, someMove } from '../support/live-page.js';
import {
  boardCount,
  lastMessage,
  launch,
  moveByPanel,
  openLobby,
  playToEnd,
  registerGlobally,
  startTable,
  userToPlay,
  type World,
} from './harness.js';

const turnOf = (t: TableView): number => t.game?.turn ?? -1;

describe('the live board server', () => {
  let world: World;
  let port: number;
  let threadId: string;
  beforeAll(async () => {
    world = await launch({}, { ACTIVITY_PORT: '0', CLIENT_SECRET: FAKE_CLIENT_SECRET });
    port = await boardPort(world.bot);
    threadId = await startTable(world.discord, 'alice', ['bob']);
  });
  afterAll(async () => {
    await world?.close();
  });

  /** A page of `user`'s with the board opened in `channel`, said hello to: its instance's id too. */
  async function greeted(user: string, channel = world.discord.channel.id): Promise<[LivePage, string]> {
    const { discord } = world;
    const id = discord.user(user).id;
    const token = discord.activity.tokenFor(id);
    const instance = discord.activity.join(channel, id);
    const page = await LivePage.open(port);
    page.send({ type: 'hello', token, instance });
    const welcome = await page.next((m) => m.type === 'welcome' && m, 0, 'the welcome');
    expect(welcome.user.id).toBe(id);
    return [page, instance];
  }

  /** A page of `user`'s in an Activity's instance (opened by Discord elsewhere), said hello to. */
  async function pageIn(user: string, instance: string): Promise<LivePage> {
    const page = await LivePage.open(port);
    page.send({ type: 'hello', token: world.discord.activity.tokenFor(world.discord.user(user).id), instance });
    await page.next((m) => m.type === 'welcome' && m, 0, 'the welcome');
    return page;
  }

  /** A page of `user`'s with the board opened in the channel, watching the game. */
  async function openPage(user: string, table = threadId): Promise<LivePage> {
    const [page] = await greeted(user);
    page.send({ type: 'watch', table });
    await page.table(() => true);
    return page;
  }

  /** The page's answer to what it sent from `from` on: what it did, or why not. */
  const answer = (page: LivePage, from: number, what: string) =>
    page.next((m) => (m.type === 'done' || m.type === 'refused') && m, from, what);

  /** Sends `message` from the page and waits for its answer. */
  const ask = (page: LivePage, message: ClientMessage, what: string) => {
    const from = page.got.length;
    page.send(message);
    return answer(page, from, what);
  };

  it('serves the page and exchanges the SDK code, the secret staying on the bot', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/`);
    const html = await page.text();
    expect(html).toContain(`content="${world.discord.applicationId}"`);
    expect(html).not.toContain(FAKE_CLIENT_SECRET);
    const script = await fetch(`http://127.0.0.1:${port}/.proxy/app.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).not.toContain(FAKE_CLIENT_SECRET);

    const code = world.discord.activity.authorize(world.discord.user('alice').id);
    const exchanged = await fetch(`http://127.0.0.1:${port}/api/token`, {
      method: 'POST',
      body: JSON.stringify({ code }),
    });
    const { access_token } = (await exchanged.json()) as { access_token: string };
    expect(access_token).toMatch(/.{20,}/);
    // A code is good once: Discord refuses it again, and so does the bot.
    const undo = world.discord.expectError({ status: 400, path: '/oauth2/token' });
    const again = await fetch(`http://127.0.0.1:${port}/api/token`, { method: 'POST', body: JSON.stringify({ code }) });
    expect(again.status).toBe(400);
    undo();
  });

  it('shows a move from one page on the other and in the thread, and a thread move on the pages', async () => {
    const { discord } = world;
    const alice = await openPage('alice');
    const bob = await openPage('bob');
    const watcher = await openPage('carol');
    for (let moves = 0; moves < 2; moves++) {
      const shown = watcher.got.length;
      const table = await alice.table(() => true);
      const toPlay = userToPlay(discord, lastMessage(discord, threadId))!;
      const page = toPlay.username === 'alice' ? alice : bob;
      const boards = boardCount(discord, threadId);
      page.send({ type: 'move', table: threadId, turn: turnOf(table), move: someMove(table.game!) });
      await page.next((m) => m.type === 'done' && m, 0, 'the move made');
      const other = page === alice ? bob : alice;
      await other.table((t) => turnOf(t) > turnOf(table), 'the move on the other page');
      await watcher.next((m) => m.type === 'table' && turnOf(m.table) > turnOf(table), shown, 'the move, watched');
      await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board in the thread');
    }
    // Now from the thread's buttons: the pages follow.
    const before = await alice.table(() => true);
    const turn = lastMessage(discord, threadId);
    await moveByPanel(discord, turn, userToPlay(discord, turn)!);
    await alice.table((t) => turnOf(t) > turnOf(before), 'the thread move on the board');
    await bob.table((t) => turnOf(t) > turnOf(before), 'the thread move on the board');
    for (const page of [alice, bob, watcher]) page.close();
  });

  it("takes a move back from the page, as the panel's Undo does", async () => {
    const { discord } = world;
    const toPlay = userToPlay(discord, lastMessage(discord, threadId))!;
    const page = await openPage(toPlay.username);
    const before = await page.table(() => true);
    const from = page.got.length;
    page.send({ type: 'move', table: threadId, turn: turnOf(before), move: someMove(before.game!) });
    const moved = await page.table((t) => turnOf(t) > turnOf(before), 'the move');
    expect(moved.undo).toEqual({ by: toPlay.id, turn: turnOf(moved) });
    page.send({ type: 'undo', table: threadId });
    await page.next((m) => m.type === 'done' && m.text === 'Your move is taken back.' && m, from, 'the undo');
    const back = await page.table((t) => t.version > moved.version, 'the table as before the move');
    expect(turnOf(back)).toBe(turnOf(before));
    page.close();
  });

  it('gives the player to move one hint a turn, a spot the domino fits', async () => {
    const { discord } = world;
    for (;;) {
      const toPlay = userToPlay(discord, lastMessage(discord, threadId))!;
      const page = await openPage(toPlay.username);
      const table = await page.table(() => true);
      const p = prompt(table.game!);
      if (p.kind === 'place' && p.canPlace) {
        page.send({ type: 'hint', table: threadId, turn: turnOf(table) });
        const hint = await page.next((m) => m.type === 'hint' && m, 0, 'the hint');
        expect(legalPlacements(table.game!)).toContainEqual(hint.at);
        page.send({ type: 'hint', table: threadId, turn: turnOf(table) });
        const again = await page.next((m) => m.type === 'refused' && m, 0, 'a second hint refused');
        expect(again.text).toBe('You have already used your hint this turn.');
        page.close();
        return;
      }
      const boards = boardCount(discord, threadId);
      page.send({ type: 'move', table: threadId, turn: turnOf(table), move: someMove(table.game!) });
      await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board of the move');
      page.close();
    }
  });

  it("opens from the lobby and the turn messages with Discord's launch response", async () => {
    const { discord } = world;
    const turn = lastMessage(discord, threadId);
    const open = turn.button(/Open the board/);
    expect(open.customId).toBeTruthy();
    const launched = await discord.click(turn, open.customId!, 'carol');
    await discord.waitFor(() => launched.callback, 'the launch answer');
    expect(launched.callback?.type).toBe(12);
    // Nothing is posted: Discord opens the Activity for carol in the thread.
    expect(lastMessage(discord, threadId).id).toBe(turn.id);
    const lobby = await openLobby(discord, 'dave');
    const fromLobby = await discord.click(lobby, lobby.button(/Open the board/).customId!, 'erin');
    await discord.waitFor(() => fromLobby.callback, 'the launch answer');
    expect(fromLobby.callback?.type).toBe(12);
  });

  it("lists the channel's lobbies and takes a seat in one, the lobby message redrawn", async () => {
    const { discord } = world;
    const [early] = await greeted('alice');
    const lobby = await openLobby(discord, 'bob');
    // A page already open in the channel is sent the list with the lobby /kingdomino start opened.
    await early.next((m) => m.type === 'games' && m.games.some((g) => g.id === lobby.id), 0, 'the lobby pushed');
    early.close();
    const page = await openPage('erin', lobby.id);
    const welcome = page.got.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.games.map((g) => g.id)).toContain(lobby.id);
    page.send({ type: 'join', table: lobby.id });
    await page.next((m) => m.type === 'done' && m.text.startsWith('You have a seat') && m, 0, 'the seat taken');
    await page.table((t) => t.seats.some((s) => s.name === discord.user('erin').globalName), 'erin seated');
    await discord.waitFor(
      () => discord.message(lobby.id)?.content.includes(discord.user('erin').mention),
      'the lobby redrawn',
    );
    page.send({ type: 'join', table: lobby.id });
    await page.next((m) => m.type === 'refused' && m, 0, 'a second seat refused');
    page.close();
  });

  it('opens a lobby from the board, the host adding a computer and starting it; the thread agrees', async () => {
    const { discord } = world;
    const [bob] = await greeted('bob');
    bob.send({ type: 'open' });
    const lobbyId = await bob.next((m) => m.type === 'opened' && m.table, 0, 'the new lobby');
    expect((await answer(bob, 0, 'the lobby opened')).text).toMatch(/^Your game is open/);
    // The same lobby as /kingdomino start's, posted in the channel by the bot.
    const bobUser = discord.user('bob');
    await discord.waitFor(() => discord.message(lobbyId)?.content.includes(bobUser.mention), 'the lobby message');
    expect(discord.message(lobbyId)?.channelId).toBe(discord.channel.id);
    bob.send({ type: 'watch', table: lobbyId });
    await bob.table((t) => t.id === lobbyId && t.hostId === bobUser.id, 'the lobby on the board');

    // Neither a stranger nor a seated player acts as the host: refused, nothing changed.
    const [carol] = await greeted('carol');
    carol.send({ type: 'watch', table: lobbyId });
    await carol.table((t) => t.id === lobbyId);
    const hostOnly = 'Only the host (or a moderator with Manage Threads) can do that.';
    expect(
      await ask(carol, { type: 'add-ai', table: lobbyId, level: 'hard' }, 'a stranger adding a computer'),
    ).toMatchObject({ why: 'refused', text: hostOnly });
    expect(await ask(carol, { type: 'start', table: lobbyId }, 'a stranger starting')).toMatchObject({
      why: 'refused',
      text: hostOnly,
    });
    await ask(carol, { type: 'join', table: lobbyId }, 'carol seated');
    expect(await ask(carol, { type: 'start', table: lobbyId }, 'a player starting')).toMatchObject({
      why: 'refused',
      text: hostOnly,
    });
    expect(await ask(carol, { type: 'remove-ai', table: lobbyId }, 'a player removing')).toMatchObject({
      why: 'refused',
      text: hostOnly,
    });
    // A seat left and taken again, as the lobby's Leave and Join buttons do.
    expect((await ask(carol, { type: 'leave', table: lobbyId }, 'carol leaving')).text).toBe('You left the table.');
    await bob.table((t) => t.seats.length === 1, 'carol gone from the host page');
    await ask(carol, { type: 'join', table: lobbyId }, 'carol seated again');
    const seated = await bob.table((t) => t.seats.length === 2, 'carol on the host page');
    expect(seated.status).toBe('lobby');
    expect(seated.seats.map((s) => s.kind)).toEqual(['human', 'human']);

    // The host adds a computer: the lobby message says so too; then starts the game.
    await ask(bob, { type: 'add-ai', table: lobbyId, level: 'easy' }, 'the computer added');
    await bob.table((t) => t.seats.length === 3 && t.seats[2]?.kind === 'ai', 'the computer seated');
    await discord.waitFor(() => /easy/.test(discord.message(lobbyId)?.content ?? ''), 'the lobby message redrawn');
    expect((await ask(bob, { type: 'start', table: lobbyId }, 'the game started')).text).toBe(
      'The game has begun: its thread is open in the channel.',
    );
    await carol.table((t) => t.status === 'playing' && t.game !== null, 'the game on the other page');
    await discord.waitFor(() => discord.thread(lobbyId) && boardCount(discord, lobbyId) > 0, 'the board in the thread');
    await discord.waitFor(
      () => discord.message(lobbyId)?.content.includes('the game is on! Follow it in the thread below.'),
      'the lobby message pointing to the thread',
    );
    expect(await ask(bob, { type: 'start', table: lobbyId }, 'a second start')).toMatchObject({ why: 'refused' });
    bob.close();
    carol.close();

    // A board open in a game's thread starts no game there: each game has a thread of its own.
    const [inThread] = await greeted('dave', lobbyId);
    inThread.send({ type: 'open' });
    expect((await answer(inThread, 0, 'no lobby in a thread')).text).toMatch(/not from a thread/);
    inThread.close();
  });

  it('opens a lobby with the choices /kingdomino start offers, and refuses choices it does not', async () => {
    const { discord } = world;
    const [page] = await greeted('carol');
    const welcome = page.got.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.choices.languages).toContainEqual(['fr', 'Français']);
    const choice = {
      aiSeats: 1,
      aiLevel: 'easy',
      variants: ['dynasty', 'harmony'],
      turnTimerMin: null,
      language: 'fr',
      pace: '1d',
      planAhead: false,
    } as const;
    page.send({ type: 'open', choice });
    const lobbyId = await page.next((m) => m.type === 'opened' && m.table, 0, 'the new lobby');
    // The lobby message in the game's language, its rules and computer as the command's options make them.
    const lobby = await discord.waitFor(
      () => /Harmonie/.test(discord.message(lobbyId)?.content ?? '') && discord.message(lobbyId),
      'the lobby message',
    );
    expect(lobby.content).toMatch(/Dynastie/);
    expect(lobby.content).toMatch(/1 jour par coup/);
    expect(lobby.content).toMatch(/Facile|facile/);
    // Wrong choices: refused as bad input, nothing posted.
    const posted = discord.messages().length;
    for (const wrong of [
      { ...choice, variants: ['teleport'] },
      { ...choice, variants: ['harmony', 'harmony'] },
      { ...choice, aiSeats: 9 },
      { ...choice, turnTimerMin: 99_999 },
      { ...choice, language: 'xx' },
      { ...choice, pace: '2h' },
      'dynasty',
    ]) {
      const from = page.got.length;
      page.send({ type: 'open', choice: wrong } as never);
      expect(await page.next((m) => m.type === 'refused' && m, from, 'the refusal')).toMatchObject({
        why: 'bad-input',
      });
    }
    expect(discord.messages().length).toBe(posted);
    page.close();
  });

  it("starts a game from the board in a group DM through the board's launch, and in the bot's DM", async () => {
    const { discord } = world;
    registerGlobally(discord);
    for (const user of ['dave', 'carol', 'alice']) discord.installForUser(user);
    const group = discord.groupDm(['dave', 'carol']);
    // The board opened from a lobby's 🎲 button there: Discord's answer names the instance it opened.
    const lobby = await (
      await discord.slashCommand({ user: 'dave', channel: group, name: 'kingdomino', subcommand: 'start' })
    ).reply();
    const launched = await discord.click(lobby, lobby.button(/Open the board/).customId!, 'dave');
    await discord.waitFor(() => launched.activityInstanceId, 'the Activity launched');
    const dave = await pageIn('dave', launched.activityInstanceId!);
    const carol = await pageIn('carol', discord.activity.join(group, discord.user('carol').id));
    dave.send({ type: 'open' });
    const lobbyId = await dave.next((m) => m.type === 'opened' && m.table, 0, 'the new lobby');
    // The bot may not post there on its own: the lobby is a follow-up of the launch, one message like /kingdomino start's.
    const message = await discord.waitFor(
      () => (discord.message(lobbyId)?.buttons().length ?? 0) > 0 && discord.message(lobbyId),
      'the lobby message',
    );
    expect(message.channelId).toBe(group);
    expect(message.content).toContain(discord.user('dave').mention);
    await carol.next((m) => m.type === 'games' && m.games.some((g) => g.id === lobbyId), 0, 'the list pushed');
    carol.send({ type: 'join', table: lobbyId });
    await answer(carol, 0, 'carol seated');
    await discord.waitFor(
      () => discord.message(lobbyId)?.content.includes(discord.user('carol').mention),
      "the lobby message redrawn through the launch's token",
    );
    // Started from the board, the one-message game's first board takes the lobby's place, through the launch's token.
    dave.send({ type: 'watch', table: lobbyId });
    expect((await ask(dave, { type: 'start', table: lobbyId }, 'the game started')).text).toBe(
      'The game has begun: its boards are in this conversation.',
    );
    await dave.table((t) => t.id === lobbyId && t.status === 'playing', 'the game on the board');
    await discord.waitFor(() => (discord.message(lobbyId)?.pngs().length ?? 0) > 0, 'the first board in the message');
    expect(discord.message(lobbyId)?.button(/^Your turn/)).toBeTruthy();
    // Nothing posted on the bot's own in the group DM: all through interactions.
    expect(discord.requests.filter((r) => r.path.includes(`/channels/${group}/`))).toHaveLength(0);

    // Where the board was opened without the bot's 🎲 button (Discord's own launch): no token, clear words, nothing posted.
    const other = discord.groupDm(['alice', 'bob']);
    const alice = await pageIn('alice', discord.activity.join(other, discord.user('alice').id));
    alice.send({ type: 'open' });
    const refused = await alice.next((m) => m.type === 'refused' && m, 0, 'no lobby without a launch');
    expect(refused.text).toMatch(/only post in answer to you.*\/kingdomino start/);
    expect(discord.messages(other)).toHaveLength(0);

    // The bot's DM: it posts there itself; the game starts from the board, its boards in the DM.
    const dm = discord.dmChannelOf('erin');
    const erin = await pageIn('erin', discord.activity.join(dm, discord.user('erin').id));
    erin.send({ type: 'open' });
    const dmLobby = await erin.next((m) => m.type === 'opened' && m.table, 0, 'the DM lobby');
    expect(discord.message(dmLobby)?.channelId).toBe(dm);
    erin.send({ type: 'watch', table: dmLobby });
    erin.send({ type: 'add-ai', table: dmLobby, level: 'easy' });
    await erin.table((t) => t.seats.length === 2, 'the computer seated');
    erin.send({ type: 'start', table: dmLobby });
    await erin.table((t) => t.status === 'playing', 'the DM game on the board');
    await discord.waitFor(() => boardCount(discord, dm) > 0, 'the first board in the DM');
    for (const page of [dave, carol, alice, erin]) page.close();
  });

  it("offers the replay and a player's own review once the game is over, a Dynasty's totals", async () => {
    const { discord } = world;
    const refusal = (page: LivePage, from: number) =>
      page.next((m) => m.type === 'refused' && m.text, from, 'the refusal');
    // Before the end: neither (the record's seed would reveal the draw pile).
    const early = await openPage('alice');
    early.send({ type: 'replay', table: threadId, game: 1 });
    expect(await refusal(early, 0)).toMatch(/^The replay can be shown when the game is over/);
    early.close();

    const [inChannel] = await greeted('bob');
    const over = await startTable(discord, 'erin', [], { 'ai-seats': 1, 'ai-level': 'easy' });
    await playToEnd(discord, over);
    // A page open in the channel is sent the list again once the game is over.
    const listed = (status: string) => (m: ServerMessage) =>
      m.type === 'games' && m.games.some((g) => g.id === over && g.status === status);
    await inChannel.next(listed('playing'), 0, 'the game started, listed');
    await inChannel.next(listed('finished'), 0, 'the game over, listed');
    inChannel.close();
    const erin = await openPage('erin', over);
    await erin.table((t) => t.status === 'finished', 'the game over on the board');
    erin.send({ type: 'replay', table: over, game: 1 });
    const replay = await erin.next((m) => m.type === 'replay' && m, 0, 'the replay');
    // Every state of the game, each with its caption as the thread's replay says it.
    const states = replayStates(replay.record);
    expect(states.ok && states.value.length).toBe(replay.captions.length);
    expect(replay.captions[0]).toBe('The table before the first move.');
    expect(replay.captions[1]).toMatch(/erin|Easy AI/);
    let from = erin.got.length;
    erin.send({ type: 'review', table: over, game: 1 });
    const review = await erin.next((m) => m.type === 'review' && m, from, 'the review');
    expect(review.lines[0]).toMatch(/^\*\*Your game, as the hard computer player sees it\*\* \(.*erin/);
    expect(review.lines.some((l) => /^Accuracy/.test(l))).toBe(true);
    from = erin.got.length;
    erin.send({ type: 'replay', table: over, game: 2 });
    expect(await refusal(erin, from)).toMatch(/no game 2/);
    erin.close();
    // A watcher may replay it, not have it reviewed: each player has their own.
    const carol = await openPage('carol', over);
    carol.send({ type: 'review', table: over, game: 1 });
    expect(await refusal(carol, 0)).toMatch(/^Sorry, only this game's players/);

    // A Dynasty's game shows which of the three it is and the totals so far.
    const dynasty = await startTable(discord, 'dave', [], { 'ai-seats': 1, dynasty: true });
    const dave = await openPage('dave', dynasty);
    expect((await dave.table(() => true)).dynasty).toEqual({ game: 1, of: 3, totals: [0, 0], winners: null });
    dave.close();
    carol.close();
  });

  it('refuses and counts what a page sends wrong, and changes nothing', async () => {
    const { discord } = world;
    const carol = await openPage('carol');
    const table = await carol.table(() => true);
    const bad = (m: ServerMessage) => m.type === 'refused' && m;

    // A stranger's move; then a stale one by the player to move.
    carol.send({ type: 'move', table: threadId, turn: turnOf(table), move: someMove(table.game!) });
    expect((await carol.next(bad, 0, 'the refusal')).text).toBe('You are not in this game.');
    const toPlay = userToPlay(discord, lastMessage(discord, threadId))!;
    const player = await openPage(toPlay.username);
    player.send({ type: 'move', table: threadId, turn: turnOf(table) - 1, move: someMove(table.game!) });
    await player.next(bad, 0, 'the stale move refused');

    // Garbage, a forged field, a game of another channel.
    const from = carol.got.length;
    carol.send('{"type": "move", "table": ');
    carol.send({ type: 'move', table: threadId, turn: 1, move: { placed: { kind: 'teleport' }, claim: 3 } } as never);
    carol.send({ type: 'watch', table: '123456789012345678' });
    await carol.next((m) => m.type === 'refused' && m.why === 'not-here' && m, from, 'a game elsewhere refused');

    // A forged token; a real one in an instance it is not in (Discord refuses the bot's questions: expected).
    discord.expectError({ status: 401, path: '/users/@me' });
    discord.expectError({ status: 404, path: '/applications/:app/activity-instances/:instance' });
    const forged = await LivePage.open(port);
    forged.send({ type: 'hello', token: 'forged-token', instance: 'i-nothing' });
    expect(await forged.closed).toBe(1008);
    const dave = discord.user('dave').id;
    const elsewhere = await LivePage.open(port);
    elsewhere.send({
      type: 'hello',
      token: discord.activity.tokenFor(dave),
      instance: discord.activity.join(discord.dmChannelOf('erin'), 'erin'),
    });
    expect(await elsewhere.closed).toBe(1008);

    // Discord in trouble while asked about a page: the page may come again, and then gets in.
    discord.injectFault(
      { path: '/applications/:app/activity-instances/:instance' },
      { kind: 'server-error', status: 503 },
    );
    const erin = discord.user('erin').id;
    const hello = {
      type: 'hello',
      token: discord.activity.tokenFor(erin),
      instance: discord.activity.join(discord.channel.id, erin),
    } as const;
    const troubled = await LivePage.open(port);
    troubled.send(hello);
    expect(await troubled.closed).toBe(1011);
    const again = await LivePage.open(port);
    again.send(hello);
    await again.next((m) => m.type === 'welcome' && m, 0, 'the welcome, the second time');
    again.close();
    // Discord asking to slow down a moment: the bot waits it out, the page gets in.
    discord.injectFault(
      { path: '/applications/:app/activity-instances/:instance' },
      { kind: 'rate-limit', retryAfterMs: 300 },
    );
    const slowed = await LivePage.open(port);
    slowed.send({ ...hello, token: discord.activity.tokenFor(erin) });
    await slowed.next((m) => m.type === 'welcome' && m, 0, 'the welcome, once the rate limit is waited out');
    slowed.close();

    // A message too large to read closes the connection; a flood is cut at the rate limit.
    const big = await LivePage.open(port);
    big.send('x'.repeat(10_000));
    expect(await big.closed).toBe(1009);
    const floodFrom = carol.got.length;
    for (let i = 0; i < 60; i++) carol.send({ type: 'watch', table: threadId });
    await carol.next((m) => m.type === 'refused' && m.why === 'rate-limited' && m, floodFrom, 'the flood cut');

    const figures = await world.bot.probe();
    expect(figures['activity_refused']).toBeGreaterThanOrEqual(2);
    expect(figures['activity_bad-input']).toBeGreaterThanOrEqual(2);
    expect(figures['activity_not-here']).toBeGreaterThanOrEqual(1);
    expect(figures['activity_unauthenticated']).toBeGreaterThanOrEqual(1);
    expect(figures['activity_elsewhere']).toBeGreaterThanOrEqual(1);
    expect(figures['activity_oversized']).toBe(1);
    expect(figures['activity_unavailable']).toBe(1);
    expect(figures['activity_rate-limited']).toBeGreaterThanOrEqual(1);
    // Nothing changed: the game is where it was.
    const after = await openPage('alice');
    expect(turnOf(await after.table(() => true))).toBe(turnOf(table));
  });

  it('npm run deploy registers the entry point command with the global commands', async () => {
    const { discord } = world;
    const env = { ...discord.env(), DISCORD_GUILD_ID: '', ACTIVITY_PORT: '0', CLIENT_SECRET: FAKE_CLIENT_SECRET };
    const deployed = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [DEPLOY_ENTRY], { env: { ...process.env, ...env } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(deployed).toMatch(/Registered 2 commands/);
    const launch = discord.commands({ global: true }).find((c) => c.name === 'launch');
    expect(launch).toMatchObject({ type: 4, handler: 2 });
  });

  // Last: it moves the clock forward.
  it('asks Discord again whether a page is still in its Activity, once what it knew is old', async () => {
    const { discord } = world;
    const [page, instance] = await greeted('erin');
    page.send({ type: 'games' });
    await page.next((m) => m.type === 'games' && m, 0, 'the list');
    discord.activity.leave(instance, discord.user('erin').id);
    // Within PRESENCE_TTL_MS (30 s) Discord's word holds; after it, the page is asked about again.
    await world.advance(31_000);
    page.send({ type: 'open' });
    expect(await page.next((m) => m.type === 'refused' && m, 0, 'the refusal')).toMatchObject({ why: 'elsewhere' });
    expect(await page.closed).toBe(1008);
  });

  // After the one above: it moves the clock forward too.
  it('starts a one-message game only from its message once no token may show it there', async () => {
    const { discord } = world;
    const group = discord.groupDm(['dave', 'carol']);
    const lobby = await (
      await discord.slashCommand({ user: 'dave', channel: group, name: 'kingdomino', subcommand: 'start' })
    ).reply();
    await (await discord.click(lobby, 'k1:j', 'carol')).reply();
    // Every token on the message has run out (15 minutes): the board cannot show the first board there.
    await world.advance(15 * 60_000);
    const dave = await pageIn('dave', discord.activity.join(group, discord.user('dave').id));
    dave.send({ type: 'start', table: lobby.id });
    const refused = await dave.next((m) => m.type === 'refused' && m, 0, 'the start refused');
    expect(refused.text).toBe('This game starts with the Start button of its lobby message.');
    await (await discord.click(discord.message(lobby.id)!, 'k1:s', 'dave')).reply();
    expect(discord.message(lobby.id)?.pngs().length).toBeGreaterThan(0);
    dave.close();
  });
});
