/**
 * Origin checks, end to end: a modified client sends our custom_ids as clicks on
 * messages they do not belong to (a panel's buttons on the public turn message or on
 * the lobby, lobby buttons on a panel, someone else's panel). Each gets a private
 * refusal; the message it came from is not touched (content, components, edits);
 * the game is unchanged, and the next real move goes through.
 */
import { InteractionResponseType, InteractionType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode, type ClickAction, type Cursor } from '../../src/discord/messages/codec.js';
import { t } from '../../src/i18n/index.js';
import type { FakeInteraction } from '../fake-discord/interactions.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import {
  boardCount,
  lastMessage,
  launch,
  openLobby,
  playMove,
  startTable,
  userToPlay,
  yourTurnId,
  type World,
} from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch();
});

afterAll(async () => {
  await world?.close();
});

/** What everyone sees of a message, and how often it was edited. */
function seen(message: FakeMessage) {
  return {
    content: message.content,
    components: JSON.stringify(message.components),
    attachments: message.attachments.length,
    edits: message.edits,
  };
}

/** The answer to a forged click: a new private message saying it does not belong here (never an update of the message). */
async function refused(pending: Promise<FakeInteraction>): Promise<void> {
  const interaction = await pending;
  const reply = await interaction.reply();
  expect(interaction.callback?.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(reply.ephemeral).toBe(true);
  expect(reply.id).not.toBe(interaction.sourceMessageId);
  expect(reply.content).toBe(t('origin.elsewhere'));
}

const at: Cursor = { x: 1, y: 0, r: 0 };

/** Every panel button for this turn, as a forger would write them (the pick is the panel's own). */
function panelIds(turn: number, pick: string): readonly string[] {
  const actions: readonly ClickAction[] = [
    { verb: 'preview', turn, slot: 'rotate', at, hint: null },
    { verb: 'hint', turn, at: null },
    { verb: 'confirm', turn, at },
    { verb: 'discard', turn },
  ];
  return [...actions.map(encode), pick];
}

const LOBBY_IDS = ['k1:j', 'k1:l', 'k1:a:normal', 'k1:x', 'k1:s', 'k1:c'];

describe('clicks sent from where their button does not live', () => {
  let threadId: string;
  let lobby: FakeMessage;
  let turn: FakeMessage;
  let player: FakeUser;
  let other: FakeUser;
  let panel: FakeMessage;
  let pick: string;
  let turnNumber: number;
  let forged: readonly string[];

  beforeAll(async () => {
    const { discord } = world;
    threadId = await startTable(discord, 'alice', ['bob']);
    lobby = discord.message(threadId)!;
    turn = lastMessage(discord, threadId);
    player = userToPlay(discord, turn)!;
    other = discord.user(player.username === 'alice' ? 'bob' : 'alice');
    panel = await (await discord.click(turn, yourTurnId(turn), player)).reply();
    pick = panel.buttons().find((b) => b.customId?.startsWith('k1:k:'))!.customId!;
    turnNumber = Number(yourTurnId(turn).split(':')[2]);
    forged = panelIds(turnNumber, pick);
  });

  it('Discord says which interaction each message answers (interaction_metadata)', () => {
    expect(panel.ephemeral).toBe(true);
    expect(panel.interactionMetadata).toMatchObject({
      type: InteractionType.MessageComponent,
      user: { id: player.id },
      interacted_message_id: turn.id,
    });
    expect(lobby.interactionMetadata).toMatchObject({
      type: InteractionType.ApplicationCommand,
      user: { id: world.discord.user('alice').id },
    });
    expect(turn.interactionMetadata).toBeNull();
  });

  it('refuses each panel button on the public turn message, and leaves it as it was', async () => {
    const { discord } = world;
    const before = seen(turn);
    const boards = boardCount(discord, threadId);
    for (const id of forged) await refused(discord.click(turn, id, player, { force: true }));
    await refused(
      discord.select(turn, encode({ verb: 'spot', turn: turnNumber, hint: null }), ['1.0.0'], player, { force: true }),
    );
    expect(seen(turn)).toEqual(before);
    expect(boardCount(discord, threadId)).toBe(boards);
  });

  it('refuses each panel button on the lobby, and leaves it as it was', async () => {
    const { discord } = world;
    const before = seen(lobby);
    for (const id of forged) await refused(discord.click(lobby, id, player, { force: true }));
    await refused(
      discord.select(lobby, encode({ verb: 'spot', turn: turnNumber, hint: null }), ['1.0.0'], player, { force: true }),
    );
    expect(seen(lobby)).toEqual(before);
  });

  it('refuses lobby buttons and "Your turn" on a panel, and leaves the panel as it was', async () => {
    const { discord } = world;
    const before = seen(panel);
    for (const id of [...LOBBY_IDS, yourTurnId(turn), 'k1:r'])
      await refused(discord.click(panel, id, player, { force: true }));
    expect(seen(panel)).toEqual(before);
  });

  it("refuses a click on someone else's panel, even with the panel's own button", async () => {
    const { discord } = world;
    const before = seen(panel);
    await refused(discord.click(panel, pick, other, { force: true }));
    expect(seen(panel)).toEqual(before);
  });

  it('refuses lobby buttons in the game thread', async () => {
    const { discord } = world;
    const before = seen(turn);
    for (const id of LOBBY_IDS) await refused(discord.click(turn, id, player, { force: true }));
    expect(seen(turn)).toEqual(before);
  });

  it('changed nothing: the next real move goes through from the same messages', async () => {
    const { discord } = world;
    const boards = boardCount(discord, threadId);
    expect(lastMessage(discord, threadId).id).toBe(turn.id);
    await (await discord.click(panel, pick, player)).reply();
    expect(panel.content.startsWith('✅')).toBe(true);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board after the move');
    const next = lastMessage(discord, threadId);
    await playMove(discord, threadId, next, userToPlay(discord, next)!);
    expect(boardCount(discord, threadId)).toBe(boards + 2);
    world.bot.assertRunning();
    await discord.assertClean();
  });
});

describe('a lobby that panel buttons were forged onto', () => {
  it('is unchanged and still works', async () => {
    const { discord } = world;
    const lobby = await openLobby(discord, 'carol');
    const before = seen(lobby);
    for (const id of panelIds(0, 'k1:k:0:-:12')) await refused(discord.click(lobby, id, 'carol', { force: true }));
    expect(seen(lobby)).toEqual(before);
    await (await discord.click(lobby, 'k1:j', 'dave')).reply();
    expect(lobby.content).toContain(discord.user('dave').mention);
    await discord.assertClean();
  });
});

describe('a Discord that sends a clicked private message without its interaction metadata', () => {
  it('still lets the panel’s owner play (only they can see it), and logs it', async () => {
    const bare = await launch({ ephemeralMetadata: false });
    try {
      const threadId = await startTable(bare.discord, 'alice', ['bob']);
      const turn = lastMessage(bare.discord, threadId);
      const player = userToPlay(bare.discord, turn);
      if (!player) throw new Error('nobody to play');
      const boards = boardCount(bare.discord, threadId);
      await playMove(bare.discord, threadId, turn, player);
      expect(boardCount(bare.discord, threadId)).toBe(boards + 1);
      await bare.bot.waitForOutput(/a private message without interaction metadata: taken as the clicker’s own/);
    } finally {
      await bare.close();
    }
  });
});
