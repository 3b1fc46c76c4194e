/** The score sheet points at the kingdom: numbered territories, and the bonuses a kingdom missed. */
import { describe, expect, it } from 'vitest';
import {
  kingdomSquares,
  scorePlayer,
  tieBreakBetween,
  type GameState,
  type MissedBonus,
  type PlayerScore,
} from '../../src/game/index.js';
import { inLocale, t } from '../../src/i18n/index.js';
import { scoreSheetView } from '../../src/render/adapter.js';
import { describeScoreSheet } from '../../src/render/describe.js';
import { layoutScoreSheet } from '../../src/render/scoresheet.js';
import type { ScoreView, TerritoryView } from '../../src/render/view.js';
import { newGame, play, type Setup } from './games.js';

const BONUSES = { harmony: true, middleKingdom: true };

function ended(setup: Setup, bonuses: boolean): GameState {
  return play(newGame(setup, 'sheet', bonuses ? BONUSES : {}));
}

/** The lines of each player's arithmetic as laid out, in reading order. */
function sheetLines(state: GameState) {
  return layoutScoreSheet(scoreSheetView(state)).panels.map((p) => [
    ...p.beside.columns.flat(),
    ...(p.under?.columns.flat() ?? []),
  ]);
}

function numbered(p: ScoreView): TerritoryView[] {
  return p.territories.filter((x) => x.number !== null);
}

/** What the sheet says for a missed bonus: its name and why. */
function missedLabel(m: MissedBonus): string {
  if (m.bonus === 'middleKingdom')
    return t('picture.sheet.missed', { bonus: t('variant.middleKingdom'), why: t('picture.sheet.missedCentre') });
  const why = [
    m.empty > 0 ? t('picture.sheet.missedEmpty', { count: m.empty }) : null,
    m.discarded > 0 ? t('picture.sheet.missedDiscarded', { count: m.discarded }) : null,
  ].filter((x) => x !== null);
  return t('picture.sheet.missed', { bonus: t('variant.harmony'), why: why.join(', ') });
}

describe('the score sheet points at the kingdom', () => {
  it('numbers each territory with crowns 1, 2... in its line order, on the squares and crowns it counts', () => {
    for (const setup of ['2p', '3p', '4p', 'duel'] as const)
      for (const bonuses of [false, true]) {
        const state = ended(setup, bonuses);
        const v = scoreSheetView(state);
        const lines = sheetLines(state);
        v.players.forEach((p, i) => {
          const squares = kingdomSquares(state, p.kingdom.player.index);
          const marked = numbered(p);
          expect(marked.map((x) => x.number)).toEqual(marked.map((_, k) => k + 1));
          expect(p.territories.every((x) => (x.number !== null) === x.crowns > 0)).toBe(true);
          for (const x of marked) {
            expect(x.cells).toHaveLength(x.squares);
            const cells = x.cells.map(([cx, cy]) => squares.get(`${cx},${cy}`));
            for (const c of cells) expect(c).toMatchObject({ kind: 'land', terrain: x.terrain });
            expect(cells.reduce((n, c) => n + (c?.kind === 'land' ? c.crowns : 0), 0)).toBe(x.crowns);
          }
          const territoryLines = lines[i]!.flatMap((r) => (r.kind === 'territory' ? [r.territory] : []));
          expect(territoryLines).toEqual(marked);
        });
      }
  });

  it('names every bonus in play that a kingdom missed, and why', () => {
    for (const setup of ['2p', '4p'] as const) {
      const plain = ended(setup, false);
      expect(scoreSheetView(plain).players.every((p) => p.missed.length === 0)).toBe(true);
      const state = ended(setup, true);
      const lines = sheetLines(state);
      const grid = state.options.grid;
      scoreSheetView(state).players.forEach((p, i) => {
        const harmony = p.missed.find((m) => m.bonus === 'harmony');
        expect(harmony === undefined).toBe(p.harmony > 0);
        if (harmony?.bonus === 'harmony') {
          expect(harmony.empty).toBe(grid * grid - kingdomSquares(state, p.kingdom.player.index).size);
          expect(harmony.discarded).toBe(p.kingdom.discarded.length);
        }
        expect(p.missed.some((m) => m.bonus === 'middleKingdom')).toBe(p.middleKingdom === 0);
        const labels = lines[i]!.flatMap((r) => (r.kind === 'line' ? [r.label] : []));
        for (const m of p.missed) expect(labels).toContain(missedLabel(m));
      });
      expect(lines.flat().some((r) => r.kind === 'line' && r.label.startsWith('Harmony: '))).toBe(true);
    }
  });

  it('the description says the same numbers, territories and missed bonuses, in English and French', () => {
    for (const locale of ['en', 'fr'] as const)
      inLocale(locale, () => {
        const state = ended('2p', true);
        const text = describeScoreSheet(state);
        for (const p of scoreSheetView(state).players) {
          for (const x of numbered(p)) {
            const territory = t('alt.territoryPoints', {
              terrain: t(`terrain.${x.terrain}`),
              squares: x.squares,
              crowns: x.crowns,
              points: x.points,
            });
            expect(text).toContain(t('alt.sheet.territory', { number: x.number!, territory }));
          }
          for (const m of p.missed) {
            const [bonus, why] = missedLabel(m).split(locale === 'fr' ? ' : ' : ': ');
            expect(text).toContain(t('alt.sheet.missed', { bonus: bonus!, why: why! }));
          }
        }
      });
  });

  it('explains every tie on points between neighbouring places, on the sheet and in its description', () => {
    const state = play(newGame('4p', 'tie-12'));
    const v = scoreSheetView(state);
    const lines = sheetLines(state);
    const score = (p: ScoreView): PlayerScore => scorePlayer(state, p.kingdom.player.index);
    const ties = v.players.flatMap((p, i) => (p.tie ? [i] : []));
    expect(ties.length).toBeGreaterThanOrEqual(2);
    const text = describeScoreSheet(state);
    v.players.forEach((p, i) => {
      const above = v.players[i - 1];
      expect(p.tie !== null).toBe(above !== undefined && above.total === p.total);
      if (!p.tie || !above) return;
      expect(p.tie).toEqual({ above: above.rank, decidedBy: tieBreakBetween(score(above), score(p)) });
      const said = t('picture.sheet.tiedTerritory', { place: t('picture.sheet.place', { rank: above.rank }) });
      expect(p.tie.decidedBy).toBe('largest-territory');
      expect(lines[i]!.some((r) => r.kind === 'line' && r.label === said)).toBe(true);
      expect(text).toContain(said);
    });
  });
});
