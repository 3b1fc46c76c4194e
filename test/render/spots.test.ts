/** The decision screen: the picture's letters and the menu's name the same spots; the text shrinks after the first turns. */
import { describe, expect, it } from 'vitest';
import { candidateGain, judgePlacement, prompt, rankedCandidates } from '../../src/game/index.js';
import { previewView } from '../../src/render/adapter.js';
import { LETTER_TOWARDS, spotLetters } from '../../src/render/spots.js';
import { panelView } from '../../src/discord/messages/panel.js';
import { cursorOf } from '../../src/discord/messages/codec.js';
import type { Row } from '../../src/discord/messages/components.js';
import { midGame, newGame, play } from './games.js';
import type { GameState } from '../../src/game/index.js';

function panelOf(game: GameState) {
  const p = prompt(game);
  if (p.kind !== 'place') throw new Error('no placement');
  const ranked = rankedCandidates(game);
  const best = ranked[0]!;
  const view = panelView({
    game,
    domino: p.domino,
    at: cursorOf(best),
    candidate: best,
    ranked,
    choices: game.next.filter((s) => s.king === null).map((s) => s.domino),
    hint: null,
    hintUsed: false,
    preview: { png: Buffer.alloc(0), alt: '' },
  });
  return view;
}

function menuLabels(view: ReturnType<typeof panelView>): string[] {
  const rows = (view.components ?? []) as readonly Row[];
  return rows.flatMap((r) => r.components.flatMap((c) => ('options' in c ? c.options.map((o) => o.label) : [])));
}

describe('the decision screen', () => {
  it('letters the best spots on the picture, and the menu gives each spot the same letter', () => {
    const game = midGame('4p');
    const spots = previewView(game, null, null).spots;
    const ranked = rankedCandidates(game);
    const letters = spotLetters(ranked);
    expect(spots.map((s) => s.letter)).toEqual([...'ABCDEFGH'].slice(0, spots.length));
    expect(spots.length).toBeGreaterThan(1);
    for (const s of spots) {
      const i = ranked.findIndex((c) => String(c.a) === String(s.a) && String(c.b) === String(s.b));
      expect(letters[i]).toBe(s.letter);
    }
    // The best spot is always A; a spot gets a letter before any worse one.
    expect(letters[0]).toBe('A');
    const labels = menuLabels(panelOf(game));
    ranked.slice(0, labels.length).forEach((c, i) => {
      const gain = candidateGain(judgePlacement(game, c.a, c.b)) ?? 0;
      const letter = letters[i];
      expect(labels[i]).toMatch(new RegExp(`^${letter ? `${letter} · ` : ''}[+-]?${Math.abs(gain)} `));
    });
  });

  it('gives no letter where it would sit on another one (a crowded Mighty Duel too)', () => {
    for (const game of [midGame('4p'), midGame('duel')]) {
      const points = previewView(game, null, null).spots.map((s) => [
        s.a[0] + (s.b[0] - s.a[0]) * LETTER_TOWARDS,
        s.a[1] + (s.b[1] - s.a[1]) * LETTER_TOWARDS,
      ]);
      for (const [i, p] of points.entries())
        for (const q of points.slice(i + 1)) expect(Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!)).toBeGreaterThan(0.5);
    }
  });

  it('shows the next line of the draft, in its order, with the kings already on it', () => {
    const game = midGame('4p');
    const next = previewView(game, null, null).next;
    expect(next.map((s) => s.domino.n)).toEqual(game.next.map((s) => s.domino));
    expect(next.some((s) => s.king !== null)).toBe(true);
  });

  it('teaches the panel in the first two placements, then says only the verdict in one line', () => {
    const first = play(newGame('2p'), 4);
    expect(prompt(first).kind).toBe('place');
    expect(String(panelOf(first).content).split('\n').length).toBeGreaterThanOrEqual(3);
    const later = midGame('2p');
    expect(String(panelOf(later).content).split('\n')).toHaveLength(1);
  });
});
