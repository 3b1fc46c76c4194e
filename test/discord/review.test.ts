/**
 * The review as its messages say it (messages/review.ts): the reasons in words, one
 * function for every fact; the full move list cut into pages that each fit Discord's
 * 2000 characters, every move on exactly one page, ◀ ▶ leading to the pages next to
 * it and disabled at the ends.
 */
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { GameReview, ReviewedMove } from '../../src/ai/index.js';
import { decode } from '../../src/discord/messages/codec.js';
import {
  factText,
  listPageCount,
  pictureText,
  reasonTexts,
  reviewListView,
} from '../../src/discord/messages/review.js';
import type { TableSeat } from '../../src/table/index.js';

describe('review reasons in words', () => {
  it('says each fact of a move', () => {
    expect(factText({ kind: 'territory', joins: true, terrain: 'lake', squares: 4, crowns: 2 })).toBe(
      'joins your lake: 4 squares × 2 crowns',
    );
    expect(factText({ kind: 'territory', joins: false, terrain: 'mine', squares: 1, crowns: 1 })).toBe(
      'starts a new mine: 1 square × 1 crown',
    );
    expect(factText({ kind: 'walls', cells: 2 })).toBe('walls in 2 cells no domino can fill');
    expect(factText({ kind: 'claim', domino: 41, crowns: 2, order: 1 })).toBe(
      'takes #41 (2 crowns), 1st to pick next round',
    );
    expect(factText({ kind: 'claim', domino: 12, crowns: 0, order: 3 })).toBe(
      'takes #12 (no crowns), 3rd to pick next round',
    );
    expect(factText({ kind: 'firstPickGivenUp' })).toBe('gives up the first pick');
    expect(factText({ kind: 'discard', domino: 7 })).toBe('discards #7');
    expect(reasonTexts([])).toEqual(['nothing differs at once: the difference shows in the rounds to come']);
    // Only the other move has a reason: this one is not said to differ in nothing.
    expect(reasonTexts([], [{ kind: 'walls', cells: 1 }])).toEqual([
      'nothing at once that the other move does not do too',
    ]);
  });
});

const SEATS: TableSeat[] = [
  { kind: 'human', userId: '1', name: 'Alice' },
  { kind: 'ai', level: 'hard', name: 'Bot' },
];

/** A long game's review: 48 moves (the Mighty Duel), every one a costly placement with a long line. */
function longReview(): GameReview {
  const move = (i: number): ReviewedMove => ({
    turn: i * 4,
    round: 1 + Math.floor(i / 2),
    domino: 40 + (i % 8),
    played: { placed: { kind: 'place', a: [1, 0], b: [2, 0] }, claim: 10 + (i % 30) },
    best: { placed: { kind: 'place', a: [-1, 0], b: [-2, 0] }, claim: 20 + (i % 20) },
    playedScore: 40,
    bestScore: 45.5,
    loss: (i % 7) * 1.3,
    choices: i % 5 === 0 ? 1 : 12,
    samples: 100,
    ms: 10,
  });
  const moves = Array.from({ length: 48 }, (_, i) => move(i));
  return { player: 0, moves, accuracy: 50, lost: 100, finalScore: 60, budgetMs: 8000, ms: 8000 };
}

describe('the full move list', () => {
  const info = { review: longReview(), seats: SEATS, grid: 7 as const, rounds: 24, game: null, tableId: '123456' };

  it('fits every page in 2000 characters and shows every move once, graded', () => {
    const pages = listPageCount(info);
    expect(pages).toBeGreaterThan(1);
    const seen: number[] = [];
    for (let p = 0; p < pages; p++) {
      const content = reviewListView(info, p).content!;
      expect(content.length).toBeLessThanOrEqual(2000);
      expect(content).toContain(`**Move by move** (page ${p + 1} of ${pages})`);
      for (const m of content.matchAll(/^`(\d+)` .*$/gm)) {
        seen.push(Number(m[1]));
        expect(m[0]).toMatch(/\*\*(Best|Good|Inaccuracy|Mistake|Blunder)\*\*|no other choice/);
      }
    }
    expect(seen).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));
  });

  it('turns pages with ◀ ▶, disabled at the ends, naming the table and game', () => {
    const pages = listPageCount(info);
    const buttons = (p: number) => {
      const rows = reviewListView(info, p).components as unknown as { components: Record<string, unknown>[] }[];
      return rows[0]!.components.filter((c) => c.type === ComponentType.Button);
    };
    const [prev, next] = buttons(0);
    expect(prev!.disabled).toBe(true);
    expect(decode(next!.custom_id as string)).toEqual({
      verb: 'review-list',
      table: '123456',
      game: 1,
      page: 1,
      slot: 'next',
    });
    const last = buttons(pages - 1);
    expect(last[1]!.disabled).toBe(true);
    expect(decode(last[0]!.custom_id as string)).toMatchObject({ page: pages - 2, slot: 'prev' });
  });

  it("says a picture's points lost as its embed and picture do, one point in the singular", () => {
    const one = { ...info.review.moves[1]!, loss: 1 };
    expect(pictureText(one, 2, 7, 24)).toMatch(/; 1 point lost\.$/);
    expect(pictureText({ ...one, loss: 6.4 }, 2, 7, 24)).toMatch(/; 6\.4 points lost\.$/);
  });

  it('has no page buttons when one page holds every move', () => {
    const short = { ...info, review: { ...info.review, moves: info.review.moves.slice(0, 6) } };
    expect(listPageCount(short)).toBe(1);
    expect(reviewListView(short, 0).components).toEqual([]);
  });
});
