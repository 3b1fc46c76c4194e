/**
 * Rematch: two presses at the same instant open exactly one lobby and both get an
 * answer; the claim lives in the store, so two processes cannot both win it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRematch } from '../../src/discord/handlers/rematch.js';
import { openStore } from '../../src/store/index.js';
import { finished, humans, lobby, newGame, play } from '../store/fixtures.js';
import { launch, playToEnd, startTable, type World, WHOLE_GAME_MS } from './harness.js';

describe('on Discord', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch();
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    'two presses of Rematch at the same instant open one lobby, and both are answered',
    { timeout: WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 1, 'ai-level': 'easy' });
      const final = await playToEnd(discord, threadId);
      const lobbies = () => discord.messages(discord.channel);
      const before = lobbies().length;
      const button = final.button(/Rematch/).customId!;
      const presses = await Promise.all([discord.click(final, button, 'alice'), discord.click(final, button, 'alice')]);
      const replies = await Promise.all(presses.map((p) => p.reply()));
      const texts = replies.map((r) => r.content);
      expect(texts.filter((t) => /Rematch lobby opened/.test(t))).toHaveLength(1);
      expect(texts.filter((t) => /A rematch lobby is (being opened|already open)/.test(t))).toHaveLength(1);
      expect(lobbies()).toHaveLength(before + 1);
      // Later presses point to the lobby that was opened.
      const again = await (await discord.click(final, button, 'alice', { force: true })).reply();
      expect(again.content).toMatch(/already open: https:\/\/discord.com\/channels\//);
      await discord.assertClean();
    },
  );
});

describe('across processes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kd-rematch-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exactly one of two stores on one database wins the claim', async () => {
    const config = { sqliteFile: join(dir, 'shared.sqlite') };
    const [a, b] = [await openStore(config), await openStore(config)];
    const seats = humans('ann', 'bob');
    await a.create('g1', finished(lobby('g1', seats), play(newGame(seats))));
    const now = Date.now();
    const claims = await Promise.all([claimRematch(a, 'g1', 'ann', now), claimRematch(b, 'g1', 'bob', now)]);
    expect(claims.filter((c) => c.ok)).toHaveLength(1);
    const loser = claims.find((c) => !c.ok);
    expect(loser).toMatchObject({ refusal: 'A rematch lobby is being opened.' });
    const winner = claims.find((c) => c.ok);
    const stored = await b.get('g1');
    expect(stored.kind === 'found' && stored.table.status === 'finished' && stored.table.rematch?.by).toBe(
      winner?.ok && winner.value.rematch.by,
    );
    await Promise.all([a.close(), b.close()]);
  });
});
