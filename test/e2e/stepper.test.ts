/**
 * The step-through replay, end to end: at the end of a game, Step through opens a
 * private viewer of the table after the first move with its caption (the same
 * words the thread said of that move); ▶ and ◀ step one move, the round buttons
 * jump to the next or the previous round's first move, and the ends are disabled.
 * Someone else's press opens their own viewer; a forged button (a move past the
 * last) gets a friendly answer and the viewer stays as it was. The posted GIF
 * replay has the same Step through.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { encode } from '../../src/discord/messages/codec.js';
import { launch, playToEnd, startTable, type World, FAST_THREADS } from './harness.js';
import type { FakeMessage } from '../fake-discord/index.js';

let world: World;

beforeAll(async () => {
  world = await launch(FAST_THREADS);
});

afterAll(async () => {
  await world?.close();
});

/** "move 3 of 28 · Round 2 of 6": the move and round a viewer shows. */
function shows(viewer: FakeMessage): { move: number; moves: number; round: string } {
  const m = /move (\d+) of (\d+) · (.+)$/m.exec(viewer.content);
  if (!m) throw new Error(`not a viewer: ${viewer.content}`);
  return { move: Number(m[1]), moves: Number(m[2]), round: m[3]! };
}

async function press(viewer: FakeMessage, label: RegExp, user = 'alice'): Promise<void> {
  const id = viewer.button(label).customId!;
  await (await world.discord.click(viewer, id, user)).reply();
}

it('steps through a finished game privately, a move or a round at a time', async () => {
  const { discord } = world;
  const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
  const said: string[] = [];
  const final = await playToEnd(discord, threadId);
  for (const m of discord.messages(threadId)) said.push(m.content);

  const open = final.button(/Step through/);
  expect(open.customId).toBe('k1:gv:1');
  const viewer = await (await discord.click(final, open.customId!, 'alice')).reply();
  expect(viewer.ephemeral).toBe(true);
  expect(viewer.visibleTo).toBe(discord.user('alice').id);
  expect(shows(viewer)).toMatchObject({ move: 1, round: t('picture.openingPicks') });
  // The caption is what the thread said of that move: the opening pick.
  const firstCaption = viewer.content.split('\n').at(-1)!;
  expect(firstCaption).toMatch(/ took #\d+\.$/);
  expect(said.some((text) => text.includes(firstCaption))).toBe(true);
  expect(viewer.pngs()).toHaveLength(1);
  expect(viewer.pngs()[0]!.description).toMatch(/Opening picks/);
  const total = shows(viewer).moves;
  expect(total).toBe(2 * 2 + 2 * 2 * 6);

  // ▶ and ◀ step one move; a placement's caption says where and for how many points.
  await press(viewer, /^▶$/);
  expect(shows(viewer).move).toBe(2);
  expect(viewer.pngs()).toHaveLength(1);
  await press(viewer, /^▶$/);
  await press(viewer, /^▶$/);
  // After the last opening pick, the table shows round 1's line (as its picture says).
  expect(shows(viewer)).toMatchObject({ move: 4, round: 'Round 1 of 6' });
  await press(viewer, /^▶$/);
  expect(shows(viewer).move).toBe(5);
  expect(viewer.content).toMatch(/ placed #\d+ at [A-I][1-9]-[A-I][1-9] for \+\d+ and took #\d+\.$/);
  await press(viewer, /^◀$/);
  expect(shows(viewer).move).toBe(4);

  // The round buttons jump to the first table of the next round (four moves later), and back.
  await press(viewer, /Round ⏭/);
  expect(shows(viewer)).toMatchObject({ move: 8, round: 'Round 2 of 6' });
  await press(viewer, /⏮ Round/);
  expect(shows(viewer)).toMatchObject({ move: 4, round: 'Round 1 of 6' });
  await press(viewer, /⏮ Round/);
  expect(shows(viewer)).toMatchObject({ move: 0, round: t('picture.openingPicks') });
  expect(viewer.content.split('\n').at(-1)).toBe(t('replay.view.start'));
  expect(viewer.button(/⏮ Round/).disabled).toBe(true);
  expect(viewer.button(/^◀$/).disabled).toBe(true);

  // The last move: ▶ and the next round are disabled.
  while (shows(viewer).round !== 'Round 6 of 6') await press(viewer, /Round ⏭/);
  while (!viewer.button(/^▶$/).disabled) await press(viewer, /^▶$/);
  expect(shows(viewer).move).toBe(total);
  expect(viewer.button(/Round ⏭/).disabled).toBe(true);

  // A forged step past the last move: a friendly private answer, the viewer unchanged.
  const before = viewer.content;
  const forged = encode({ verb: 'replay-step', table: threadId, game: 1, move: total + 1, slot: 'next' });
  const refusal = await (await discord.click(viewer, forged, 'alice', { force: true })).reply();
  expect(refusal.content).toBe(t('replay.view.noSuchMove'));
  expect(viewer.content).toBe(before);

  // Someone else opens their own viewer; the thread got no new post.
  const carol = await (await discord.click(final, open.customId!, 'carol')).reply();
  expect(carol.visibleTo).toBe(discord.user('carol').id);
  expect(shows(carol).move).toBe(1);
  expect(discord.messages(threadId).at(-1)?.id).toBe(final.id);

  // The posted GIF replay offers the same viewer.
  await (await discord.click(final, final.button(/Replay/).customId!, 'bob')).publicAnswer(30_000);
  const posted = discord.messages(threadId).at(-1)!;
  expect(posted.attachments[0]?.filename).toMatch(/\.gif$/);
  const fromGif = await (await discord.click(posted, posted.button(/Step through/).customId!, 'bob')).reply();
  expect(fromGif.visibleTo).toBe(discord.user('bob').id);
  expect(shows(fromGif).move).toBe(1);
  await discord.assertClean();
}, 60_000);
