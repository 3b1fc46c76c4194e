/**
 * Every player in their own language: the game's thread and lobby speak the
 * server's language (or the one chosen at /kingdomino start), private answers the
 * clicking user's Discord language.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { lastMessage, launch, openLobby, type World } from './harness.js';

let world: World;

beforeAll(async () => {
  world = await launch();
  world.discord.setGuildLocale('de');
  world.discord.user('alice').locale = 'fr';
});

afterAll(async () => {
  await world?.close();
});

/** The text before the first placeholder: enough to recognise a message in a language. */
function start(text: string): string {
  return text.split('{')[0]!.trim();
}

it('a German server and a French-speaking player: the thread in German, her panel and refusals in French', async () => {
  const { discord } = world;
  const lobby = await openLobby(discord, 'alice');
  expect(lobby.button(t('lobby.button.join', {}, 'de'))).toBeTruthy();
  await (await discord.click(lobby, 'k1:j', 'bob')).reply();
  await (await discord.click(lobby, 'k1:s', 'alice')).reply();
  const threadId = lobby.id;
  await discord.waitFor(() => discord.messages(threadId).some((m) => m.pngs().length > 0), 'the first board');
  const first = lastMessage(discord, threadId);
  expect(first.content).toContain(t('game.begins', {}, 'de'));
  // Whoever plays first, alice reads French and bob English in private.
  const player = discord.user(first.pinged[0]!);
  const other = player.username === 'alice' ? 'bob' : 'alice';
  const refusal = await (await discord.click(first, first.buttons()[0]!.customId!, other)).reply();
  expect(refusal.content).toContain(start(t('refusal.notYourTurn', { player: '{' }, other === 'alice' ? 'fr' : 'en')));
  const panel = await (await discord.click(first, first.buttons()[0]!.customId!, player)).reply();
  // The opening picks: nothing to place yet, only the dominoes to take.
  expect(panel.content).toBe(t('panel.pick', { done: '' }, player.username === 'alice' ? 'fr' : 'en'));
  await discord.assertClean();
});

it('the language chosen at /kingdomino start wins over the server', async () => {
  const { discord } = world;
  const lobby = await openLobby(discord, 'bob', { language: 'pl' });
  expect(lobby.button(t('lobby.button.join', {}, 'pl'))).toBeTruthy();
  await discord.assertClean();
});
