/**
 * The pictures at the size a phone shows them. Discord draws an image about 400
 * px wide (CSS px) in a phone's chat, so every size drawn is scaled by
 * 400 / picture width; probeSizes records what each drawing draws (every text
 * with its font size, every crown glyph's height, every crown count's digit).
 *
 * Thresholds, in px at 400 px wide:
 * - text >= 8: short labels (numbers, a word or three) stay readable without
 *   zooming at 8 CSS px on a phone (16-24 device pixels); the smallest text
 *   Discord itself draws (timestamps) is 12 px, body text 16 px;
 * - names >= 10: the most important text, any string a player typed, so no
 *   shrinking (a long name is cut with an ellipsis instead);
 * - grid labels >= 8: one letter or digit, read to name a square;
 * - crown glyphs >= 9 tall and the digit counting them (2, 3) >= 9: about the
 *   cap height of Discord's message text, and the crowns are half of every score.
 *   (The old pictures drew 5 px crowns, three in a row, which nobody could count.)
 * The Dynasty sheet's kingdom thumbnails are excluded from the crown rule: their
 * score is written beside them.
 */
import { describe, expect, it } from 'vitest';
import { judgePlacement, legalPlacements, type GameState } from '../../src/game/index.js';
import { createCanvas } from '@napi-rs/canvas';
import { fitText } from '../../src/render/draw.js';
import { draw, drawReviewMove } from '../../src/render/index.js';
import { probeSizes, type SizeKind } from '../../src/render/probe.js';
import { crownMetrics, terrainTile } from '../../src/render/tiles.js';
import { UI } from '../../src/render/palette.js';
import { drawStandings } from '../../src/render/standings.js';
import { midGame, newGame, play, playDynasty, type Setup } from './games.js';

const PHONE = 400;
const MIN: Readonly<Record<SizeKind, number>> = { text: 8, name: 10, label: 8, crown: 9, crownDigit: 9 };

interface Shown {
  readonly what: string;
  readonly width: number;
  readonly sizes: Map<SizeKind, number[]>;
}

function shown(what: string, drawIt: () => { width: number }): Shown {
  let width = 0;
  const sizes = probeSizes(() => {
    width = drawIt().width;
  });
  return { what, width, sizes };
}

/** The smallest size of each kind, in px on a phone. */
function smallest(s: Shown): Partial<Record<SizeKind, number>> {
  const out: Partial<Record<SizeKind, number>> = {};
  for (const [kind, list] of s.sizes) out[kind] = (Math.min(...list) * PHONE) / s.width;
  return out;
}

function expectLegible(s: Shown, kinds: readonly SizeKind[]): void {
  const min = smallest(s);
  for (const kind of kinds) {
    expect(min[kind], `${s.what}: some ${kind} drawn`).toBeDefined();
  }
  for (const [kind, px] of Object.entries(min) as [SizeKind, number][]) {
    expect(px, `${s.what}: smallest ${kind} at ${PHONE} px wide`).toBeGreaterThanOrEqual(MIN[kind]);
  }
}

const SETUPS: readonly Setup[] = ['2p', '3p', '3p-classic', '4p', 'duel'];

/** A game where every kind of square has been placed: late enough for 2- and 3-crown squares. */
function late(setup: Setup): GameState {
  return play(newGame(setup), setup === '2p' ? 30 : setup === 'duel' ? 70 : 70);
}

describe('legible at 400 px wide', () => {
  for (const setup of SETUPS) {
    it(`${setup}: the table at the start, in the middle, late and at the end`, () => {
      for (const [stage, state] of [
        ['start', newGame(setup)],
        ['middle', midGame(setup)],
        ['late', late(setup)],
        ['end', play(newGame(setup))],
      ] as const) {
        const s = shown(`${setup} table (${stage})`, () => draw.table(state));
        expectLegible(s, stage === 'start' ? ['text', 'name', 'label'] : ['text', 'name', 'label', 'crown']);
      }
    });

    it(`${setup}: the preview and the score sheet`, () => {
      for (const state of [newGame(setup), midGame(setup), late(setup)]) {
        const spot = legalPlacements(state)[0];
        const candidate = spot ? judgePlacement(state, spot.a, spot.b) : null;
        expectLegible(
          shown(`${setup} preview`, () => draw.preview(state, candidate)),
          ['text', 'name', 'label'],
        );
      }
      expectLegible(
        shown(`${setup} score sheet`, () => draw.scoreSheet(play(newGame(setup)))),
        ['text', 'name', 'crown', 'crownDigit'],
      );
    });
  }

  it('a costly move of a game review: the kingdom, both spots, the reasons', () => {
    for (const setup of ['2p', 'duel'] as const) {
      const state = midGame(setup);
      const [played, best] = legalPlacements(state);
      const side = (p: typeof played, claim: number | null) => ({
        move: { placed: p ? { kind: 'place' as const, a: p.a, b: p.b } : { kind: 'discard' as const }, claim },
        points: 2,
        reasons: ['joins your lake: 4 squares × 2 crowns', 'takes #41 (2 crowns), 1st to pick next round'],
      });
      const line = state.next.map((s) => s.domino);
      expectLegible(
        shown(`${setup} review move`, () =>
          drawReviewMove({
            state,
            number: 4,
            played: side(played, line[1] ?? null),
            best: side(best, line[0] ?? null),
            loss: 6.5,
            grade: 'Blunder',
            severity: 'bad',
          }),
        ),
        ['text', 'label', 'crown'],
      );
    }
  });

  it('a Dynasty: its tables and the Dynasty sheet, for 2, 3 and 4 players, during and after', () => {
    for (const players of [2, 3, 4] as const) {
      for (const d of [playDynasty(players, 50 * players), playDynasty(players)]) {
        expectLegible(
          shown(`${players}p dynasty sheet`, () => draw.dynastySheet(d)),
          ['text', 'name'],
        );
        const game = d.games[d.games.length - 1]!;
        expectLegible(
          shown(`${players}p dynasty table`, () => draw.table(game, { dynasty: d })),
          ['text', 'name', 'label', 'crown'],
        );
      }
    }
  });

  it("a league's standings: 20 rows, the podium, a withdrawn player, the count of the others", () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({
      rank: i + 1,
      name: i === 3 ? 'Bartholomew the Magnificent of Kingsbridge' : `Player ${i + 1}`,
      points: String(20 - i / 2),
      detail: `${100 - i} game pts · 3 games`,
      note: i === 5 ? '(withdrew)' : '',
    }));
    const view = { title: 'Autumn League: standings', subtitle: '3 of 5 rounds played', rows, more: '…and 44 more.' };
    expectLegible(
      shown('standings', () => drawStandings(view)),
      ['text', 'name'],
    );
  });

  it('long names are cut with an ellipsis, never shrunk', () => {
    const c = createCanvas(10, 10).getContext('2d');
    const style = { weight: 800, size: 27, colour: '#FFFFFF' } as const;
    const { shown: cut, width } = fitText(c, 'Bartholomew the Magnificent', style, 220);
    expect(cut).toMatch(/^Bartholomew.*…$/);
    expect(width).toBeLessThanOrEqual(220);
    expect(c.font).toMatch(/^800 27px /);
    expect(fitText(c, 'Alice', style, 220).shown).toBe('Alice');
  });

  it('a crown glyph is as tall as the layout says (measured on the tile)', () => {
    for (const side of [54, 70, 93]) {
      const tile = terrainTile('lake', 2, side);
      const data = tile.getContext('2d').getImageData(0, 0, side, side).data;
      const crown = [
        parseInt(UI.crown.slice(1, 3), 16),
        parseInt(UI.crown.slice(3, 5), 16),
        parseInt(UI.crown.slice(5, 7), 16),
      ];
      let top = side;
      let bottom = -1;
      // The crown glyph is in the left part of the pill; the digit to its right is the same yellow.
      const m = crownMetrics(side);
      for (let y = 0; y < side; y++) {
        for (let x = 0; x < Math.floor(side * 0.04 + m.crownW); x++) {
          const i = (y * side + x) * 4;
          if (
            Math.abs(data[i]! - crown[0]!) + Math.abs(data[i + 1]! - crown[1]!) + Math.abs(data[i + 2]! - crown[2]!) <
            60
          ) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
      }
      // The yellow fill inside the glyph's dark outline (the outline covers the tips of its points).
      expect(bottom - top + 1, `side ${side}`).toBeGreaterThanOrEqual(m.crownH * 0.75);
      expect(bottom - top + 1, `side ${side}`).toBeLessThanOrEqual(m.crownH + 2);
    }
  });
});
