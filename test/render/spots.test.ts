/** The decision screen: the picture's letters and the menu's name the same spots; the text shrinks after the first turns. */
import { describe, expect, it } from 'vitest';
import { candidateGain, judgePlacement, legalPlacements, prompt, rankedCandidates } from '../../src/game/index.js';
import { previewView } from '../../src/render/adapter.js';
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
  it('letters the best spots A to H on the picture, and the menu gives each spot the same letter', () => {
    const game = midGame('4p');
    const spots = previewView(game, null, null).spots;
    const ranked = rankedCandidates(game);
    expect(spots.length).toBe(Math.min(8, legalPlacements(game).length));
    spots.forEach((s, i) => {
      expect(s).toMatchObject({ letter: 'ABCDEFGH'[i], a: ranked[i]!.a, b: ranked[i]!.b });
    });
    const labels = menuLabels(panelOf(game));
    spots.forEach((s, i) => {
      const gain = candidateGain(judgePlacement(game, s.a, s.b)) ?? 0;
      expect(labels[i]).toMatch(new RegExp(`^${s.letter} · [+-]?${Math.abs(gain)}`));
    });
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
