/**
 * Review, end to end: a 2-player game played to the end; a player presses Review on
 * the final message and gets, privately, the accuracy, the grade counts and the
 * costliest moves, each its own embed and picture with its grade, both moves' points
 * now and the reasons (with their text descriptions), computed in the AI workers (the
 * answer deferred); the full move list behind a button, every move graded; a second
 * press, and one after a restart, answers at once with the same figures, from the
 * review kept with the table; a spectator is refused politely and nothing is
 * computed for them; a forged or stale move-list click gets a friendly answer.
 */
import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { openStore } from '../../src/store/index.js';
import { launch, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';

/** The hard player thinks 250 ms a move here, so a review may search 2 s (8 s at the default 1000 ms). */
const ENV = { AI_HARD_MS: '250' };
const BUDGET_MS = 2000;

let world: World;

beforeAll(async () => {
  world = await launch(FAST_THREADS, ENV);
});

afterAll(async () => {
  await world?.close();
});

it("reviews a player's game privately, from the cache the second time and after a restart, and refuses a spectator", async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
  const final = await playToEnd(discord, threadId);
  const button = final.button(/Review/);
  expect(button.customId).toBe('k1:w:1');

  // First press: computed in the workers, so the answer is deferred, then edited in.
  const started = Date.now();
  const first = await discord.click(final, button.customId!, 'alice');
  const answer = await first.reply(BUDGET_MS * 5 + 20_000);
  const took = Date.now() - started;
  expect(first.callback?.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  expect(answer.ephemeral).toBe(true);
  expect(answer.visibleTo).toBe(discord.user('alice').id);
  expect(answer.content).toMatch(/as the hard computer player sees it/);
  expect(answer.content).toMatch(/Accuracy: \*\*\d{1,3}%\*\*: \d+ of \d+ moves graded best or good/);
  expect(answer.content).toMatch(/Best \d+ · Good \d+ · Inaccuracy \d+ · Mistake \d+ · Blunder \d+/);
  expect(answer.content).toMatch(/Points lost over the game: \*\*[\d.]+\*\*/);
  expect(answer.content).toMatch(/good under 1, inaccuracy under 2\.5, mistake under 5, blunder 5 or more/);
  const pictures = answer.pngs();
  expect(pictures.length).toBeGreaterThanOrEqual(1);
  expect(pictures.length).toBeLessThanOrEqual(3);
  expect(answer.content).toMatch(/costliest move/);
  // Each costly move is its own embed, its picture full width, its grade, loss and reasons in words.
  expect(answer.embeds).toHaveLength(pictures.length);
  for (const [i, p] of pictures.entries()) {
    expect(p.filename).toMatch(/^review-\d+\.png$/);
    expect(p.description).toMatch(
      /^Move \d+, .*, (Best|Good|Inaccuracy|Mistake|Blunder): you played .*; it suggests .*; [\d.]+ points? lost\.$/,
    );
    const embed = answer.embeds[i]!;
    expect(embed.image?.url).toBe(`attachment://${p.filename}`);
    expect(embed.title).toMatch(/^Move \d+, .*: (Good|Inaccuracy|Mistake|Blunder), [\d.]+ points? lost$/);
    expect(embed.description).toMatch(/^\*\*You\*\*( \(\+\d+ now\))?: .+\n\*\*Best found\*\*( \(\+\d+ now\))?: .+$/);
  }

  // The full move list, behind its button: every one of alice's 14 moves (two kings, 7 rounds), graded.
  const listButton = answer.button(/Full move list/);
  const listClick = await discord.click(answer, listButton.customId!, 'alice');
  const list = await listClick.reply(10_000);
  expect(list.ephemeral).toBe(true);
  expect(list.content).toMatch(/\*\*Move by move\*\* \(page 1 of 1\)/);
  for (let n = 1; n <= 14; n++)
    expect(list.content).toMatch(
      new RegExp(`\`${n}\` .*(\\*\\*(Best|Good|Inaccuracy|Mistake|Blunder)\\*\\*|no other choice)`),
    );
  expect(list.content.length).toBeLessThanOrEqual(2000);
  expect(took).toBeGreaterThan(BUDGET_MS * 0.5);
  // Nothing public was posted, the final message keeps its buttons.
  expect(discord.messages(threadId).at(-1)?.id).toBe(final.id);

  // The review is kept with the table.
  const stored = await storedReviews(world, threadId);
  expect(Object.keys(stored)).toEqual(['1:0']);

  // Second press: at once, same figures and pictures.
  const again = await discord.click(final, button.customId!, 'alice');
  const second = await again.reply(10_000);
  expect(again.callback?.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(second.ephemeral).toBe(true);
  expect(second.content).toBe(answer.content);
  expect(second.pngs().map((p) => p.bytes.length)).toEqual(pictures.map((p) => p.bytes.length));

  // A spectator: a polite private refusal, nothing computed.
  const spectator = await discord.click(final, button.customId!, 'carol');
  const refusal = await spectator.reply(10_000);
  expect(refusal.ephemeral).toBe(true);
  expect(refusal.content).toBe(t('review.playersOnly'));
  expect(refusal.pngs()).toHaveLength(0);

  // The move list's button forged onto the spectator's own private message: refused, nothing shown.
  const forged = await discord.click(refusal, listButton.customId!, 'carol', { force: true });
  expect((await forged.reply(10_000)).content).toBe(t('review.playersOnly'));
  // Stale or forged pages, games and tables: friendly answers.
  const [, , table, , page, slot] = listButton.customId!.split(':');
  expect(slot).toBe('O');
  const stale = async (id: string) =>
    (await (await discord.click(list, id, 'alice', { force: true })).reply(10_000)).content;
  expect(await stale(`k1:wl:${table}:1:5:N`)).toBe(t('review.list.noSuchPage'));
  expect(await stale(`k1:wl:${table}:2:${page}:O`)).toBe(t('review.list.stale'));
  expect(await stale(`k1:wl:1${table}:1:0:O`)).toBe(t('error.gameMissing'));

  // After a restart: from the table, not computed again (its three pictures are drawn by
  // picture workers just started, which may take the answer past its budget: deferring is fine).
  expect(world.bot.stderr).toMatch(/game reviewed/);
  await world.restart(ENV);
  const afterRestart = await discord.click(final, button.customId!, 'alice');
  const third = await afterRestart.reply(10_000);
  expect(third.content).toBe(answer.content);
  expect(world.bot.stderr).not.toMatch(/game reviewed/);
  expect(Object.keys(await storedReviews(world, threadId))).toEqual(['1:0']);
  await discord.assertClean();
}, 180_000);

/** The reviews kept with the game's table, read from the bot's own database. */
async function storedReviews(w: World, tableId: string): Promise<Record<string, unknown>> {
  const store = await openStore({ dataDir: w.dataDir });
  try {
    const loaded = await store.get(tableId);
    return loaded.kind === 'found' && loaded.table.status === 'finished' ? { ...(loaded.table.reviews ?? {}) } : {};
  } finally {
    await store.close();
  }
}
