/**
 * The daily deal's messages: the panel's buttons lead to the daily game (and decode
 * back), the result says rank, streak and the hard player's score, the share line
 * names no domino, and the standings read right, in English and in another language.
 */
import { describe, expect, it } from 'vitest';
import type { BaseMessageOptions } from 'discord.js';
import { isOver, judgePlacement, prompt, rankedCandidates, Rng, apply, legalPlacements } from '../../src/game/index.js';
import { inLocale } from '../../src/i18n/index.js';
import { decode, cursorOf, IN_DAILY } from '../../src/discord/messages/codec.js';
import {
  dailyHeader,
  dailyPostView,
  dailyResultView,
  dailyShareView,
  dailyStandingsView,
} from '../../src/discord/messages/daily.js';
import { panelView, pickView } from '../../src/discord/messages/panel.js';
import { dailyGame, dailyScore, shareGrid, type DailyEntry } from '../../src/table/index.js';

const PICTURE = { png: Buffer.from('png'), alt: 'A picture.' };

function customIds(message: BaseMessageOptions): string[] {
  const rows = (message.components ?? []) as unknown as { components: { custom_id: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => c.custom_id));
}

function finishedGame() {
  const rng = new Rng([4, 4, 4, 4]);
  let game = dailyGame(12, 'secret', 'Ana');
  while (!isOver(game)) {
    const p = prompt(game);
    const places = legalPlacements(game);
    const action =
      p.kind === 'claim'
        ? { type: 'claim' as const, player: 0, domino: p.choices[0]! }
        : places.length === 0
          ? { type: 'discard' as const, player: 0 }
          : { type: 'place' as const, player: 0, ...places[rng.int(places.length)]! };
    const next = apply(game, action);
    if (!next.ok) throw new Error(next.error.message);
    game = next.value;
  }
  return game;
}

const entry = (userId: string, score: number): DailyEntry => ({
  userId,
  name: userId,
  score,
  crowns: 3,
  largestTerritory: 5,
  at: 1,
});

describe('the daily messages', () => {
  it('wrap every panel button for the daily game, and they decode back', () => {
    const opening = dailyGame(12, 'secret', 'Ana');
    const p = prompt(opening);
    if (p.kind !== 'claim') throw new Error('the opening is a pick');
    const pick = pickView({
      game: opening,
      placed: { kind: 'none' },
      inHand: null,
      candidate: null,
      choices: p.choices,
      scope: IN_DAILY,
    });
    expect(customIds(pick)).toHaveLength(4);
    for (const id of customIds(pick)) expect(decode(id)).toMatchObject({ verb: 'daily', click: { verb: 'pick' } });

    const after = apply(opening, { type: 'claim', player: 0, domino: p.choices[0]! });
    if (!after.ok) throw new Error(after.error.message);
    const ranked = rankedCandidates(after.value);
    const at = cursorOf(ranked[0]!);
    const asked = prompt(after.value);
    const panel = panelView({
      game: after.value,
      domino: asked.kind === 'place' ? asked.domino : 0,
      at,
      candidate: judgePlacement(after.value, ranked[0]!.a, ranked[0]!.b),
      ranked,
      choices: after.value.next.map((s) => s.domino),
      hint: null,
      hintUsed: true,
      preview: PICTURE,
      scope: IN_DAILY,
    });
    const ids = customIds(panel);
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(decode(id)?.verb).toBe('daily');
  });

  it('say the result, the rank, the streak and the hard score, in English and in French', () => {
    const game = finishedGame();
    const score = dailyScore(game)!;
    const info = {
      day: 12,
      score,
      scored: true,
      standings: [entry('u2', score.score + 5), { ...entry('u1', score.score), crowns: score.crowns }],
      userId: 'u1',
      streak: 3,
      bestStreak: 4,
      hard: 71,
      sheet: PICTURE,
    };
    const en = dailyResultView(info);
    expect(en.content).toContain(`Daily Kingdomino #12**: ${score.score} points`);
    expect(en.content).toContain('rank 2 of 2');
    expect(en.content).toContain('Streak: 3 days (best 4)');
    expect(en.content).toContain('scored 71 on the same deal');
    expect(customIds(en)).toEqual(['k1:ds:12']);
    const fr = inLocale('fr', () => dailyResultView(info));
    expect(fr.content).toContain('rang 2 sur 2');
    expect(fr.content).toContain('Série : 3 jours');
    expect(inLocale('fr', () => dailyResultView({ ...info, scored: false, hard: null })).components).toEqual([]);
  });

  it('share a line with no domino of the deal', () => {
    const game = finishedGame();
    const share = dailyShareView('u1', 12, dailyScore(game)!, 2, shareGrid(game));
    const [line, ...grid] = share.content.split('\n');
    expect(line).toMatch(/^<@u1> · Daily Kingdomino #12: \d+ points, \d+ crowns?, streak 2/);
    expect(grid).toHaveLength(5);
    expect(grid.join('')).not.toMatch(/[0-9#]/);
    expect(share.allowedMentions).toEqual({ parse: [] });
  });

  it('list the standings of the day and the month, and the post after midnight', () => {
    const view = dailyStandingsView({
      day: 12,
      today: [entry('a', 60), entry('b', 50)],
      month: [{ userId: 'a', name: 'a', total: 300, days: 5 }],
      best: [{ day: 9, score: 70 }],
      hard: 64,
    });
    expect(view.content).toContain('1. <@a>: 60 (3 crowns)');
    expect(view.content).toContain('2. <@b>: 50');
    expect(view.content).toContain('This month (2026-11)');
    expect(view.content).toContain('1. <@a>: 300 points over 5 days');
    expect(view.content).toContain('Your best days: #9: 70');
    // The result promised the hard player's score "with the standings" when it was not ready.
    expect(view.content).toContain('The hard computer player scored 64 on the same deal.');
    const post = dailyPostView(12, [], null, 71);
    expect(post.content).toContain('Nobody here played it.');
    expect(post.content).toContain('The hard computer player scored 71');
    expect(post.content).toContain('#13** is open');
    expect(inLocale('de', () => dailyHeader(12, false))).toContain('nicht gewertet');
  });
});
