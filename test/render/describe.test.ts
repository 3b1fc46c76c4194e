import { describe, expect, it } from 'vitest';
import {
  createGame,
  judgePlacement,
  legalPlacements,
  placementName,
  prompt,
  rankNow,
  result,
  scorePlayer,
  SOLO_OPTIONS,
  soloSeat,
  type GameOptions,
  type GameState,
} from '../../src/game/index.js';
import { inLocale, LOCALES, t } from '../../src/i18n/index.js';
import { scoreSheetView, tableView } from '../../src/render/adapter.js';
import {
  DESCRIPTION_MAX,
  describeDynastySheet,
  describePreview,
  describeReplay,
  describeScoreSheet,
  describeTable,
} from '../../src/render/index.js';
import { midGame, newGame, play, playDynasty, simpleAction, type Setup } from './games.js';

const SETUPS: readonly Setup[] = ['2p', '3p', '3p-classic', '4p', 'duel'];

/** Discord's longest display names (32 characters), in scripts a screen reader reads and the picture's font does not draw. */
const LONG_NAMES = [
  'Bartholomew the Magnificent, III',
  'Wilhelmina Anastasia Montgomery-X',
  '山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太',
  'Олександра Костянтинівна Шевчен',
];

function withNames(setup: Setup, names: readonly string[], extra: Partial<GameOptions> = {}): GameState {
  const players = setup === '4p' ? 4 : setup.startsWith('3p') ? 3 : 2;
  const made = createGame({
    seed: 'describe',
    seats: names.slice(0, players).map((name) => ({ name, kind: 'human' })),
    options: {
      ...(setup === 'duel' ? { grid: 7 } : {}),
      ...(setup === '3p-classic' ? { threePlayer: 'classic' } : {}),
      ...extra,
    },
  });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** The game at its start, at every 7th action, and at its end. */
function moments(start: GameState): GameState[] {
  const out = [start];
  let s = start;
  for (let i = 1; ; i++) {
    const a = simpleAction(s);
    if (!a) break;
    s = play(s, 1);
    if (i % 7 === 0 || prompt(s).kind === 'over') out.push(s);
  }
  return out;
}

function expectEveryPlayer(text: string, state: GameState): void {
  for (const [p, seat] of state.seats.entries()) {
    expect(text).toContain(seat.name);
    expect(text).toContain(String(scorePlayer(state, p).total));
  }
}

describe('describeTable', () => {
  it.each(SETUPS)(
    '%s: every player with their score, whose turn, both lines; under 1024 characters in every language',
    (setup) => {
      for (const state of moments(newGame(setup, 'describe'))) {
        const v = tableView(state);
        for (const locale of LOCALES) {
          const text = inLocale(locale, () => describeTable(state));
          expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
          expectEveryPlayer(text, state);
          for (const slot of [...v.current, ...v.next])
            expect(text).toContain(t('alt.domino', { number: slot.domino.n }, locale));
          const p = prompt(state);
          if (p.kind !== 'over') expect(text).toContain(state.seats[p.player]!.name);
        }
      }
    },
  );

  it('the longest names, bonuses and a Dynasty still fit in every language, every name and score said', () => {
    const d = playDynasty(4, 120);
    for (const state of [
      ...moments(withNames('4p', LONG_NAMES, { harmony: true, middleKingdom: true })),
      ...moments(withNames('duel', LONG_NAMES)),
    ]) {
      for (const locale of LOCALES) {
        const text = inLocale(locale, () => describeTable(state));
        expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
        expectEveryPlayer(text, state);
      }
    }
    const game = d.games.at(-1)!;
    const text = describeTable(game, { dynasty: d });
    expect(text).toContain(t('dynasty.header', { game: d.games.length, of: 3 }));
    expect(text).toContain(t('picture.dynasty.total', { total: tableView(game, d).kingdoms[0]!.dynastyTotal! }));
  });

  it('says the territories as the score sheet counts them: every one while it fits, else those that score', () => {
    const territory = (x: { terrain: string; squares: number; crowns: number }): string =>
      t('alt.territory', { terrain: t(`terrain.${x.terrain as 'wheat'}`), squares: x.squares, crowns: x.crowns });
    const early = play(newGame('2p', 'describe'), 12);
    const all = describeTable(early);
    for (const s of scoreSheetView(early).players) for (const x of s.territories) expect(all).toContain(territory(x));
    const state = midGame('4p', 'describe');
    const text = describeTable(state);
    for (const s of scoreSheetView(state).players)
      for (const x of s.territories.filter((y) => y.points > 0)) expect(text).toContain(territory(x));
    expect(text).toContain(t('alt.kingdom', { name: 'Alice', points: scorePlayer(state, 0).total }));
  });

  it('at the end: the winner', () => {
    const end = play(newGame('4p', 'describe'));
    const winner = end.seats[result(end)!.winners[0]!]!.name;
    expect(describeTable(end)).toContain(t('picture.wins', { name: winner }));
  });
});

describe('describeScoreSheet and describeDynastySheet', () => {
  it.each(SETUPS)('%s: the winner, each player in rank with their total; under 1024 in every language', (setup) => {
    for (const state of [
      midGame(setup, 'describe'),
      play(newGame(setup, 'describe')),
      play(withNames(setup, LONG_NAMES, { harmony: true, middleKingdom: true })),
    ]) {
      const ranking = result(state) ?? rankNow(state);
      for (const locale of LOCALES) {
        const text = inLocale(locale, () => describeScoreSheet(state));
        expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
        expectEveryPlayer(text, state);
        const winner = state.seats[ranking.winners[0]!]!.name;
        expect(text.indexOf(winner)).toBeLessThan(
          Math.min(...state.seats.filter((s) => s.name !== winner).map((s) => text.indexOf(s.name))),
        );
      }
    }
  });

  it("names the variants in the reader's language on the table and the score sheet", () => {
    const state = play(newGame('2p', 'variants', { harmony: true, middleKingdom: true }));
    expect(inLocale('fr', () => scoreSheetView(state).variants)).toEqual(['Harmonie', 'Empire du Milieu']);
    expect(inLocale('de', () => tableView(newGame('duel', 'variants')).variants)).toEqual(['Großes Duell']);
  });

  it('a solo game (the daily deal) says the kingdom is complete: nobody to win against', () => {
    const made = createGame({ seats: [soloSeat('Ana')], seed: 'solo-sheet', options: SOLO_OPTIONS });
    if (!made.ok) throw new Error(made.error.message);
    const end = play(made.value);
    for (const locale of LOCALES) {
      const text = inLocale(locale, () => describeScoreSheet(end) + describeTable(end));
      expect(text).toContain(inLocale(locale, () => t('picture.soloDone', { name: 'Ana' })));
      expect(text).not.toContain(inLocale(locale, () => t('picture.wins', { name: 'Ana' })));
    }
  });

  it('the Dynasty: every player, every game played and the totals, in every language', () => {
    for (const d of [playDynasty(4), playDynasty(2, 40), playDynasty(3)]) {
      for (const locale of LOCALES) {
        const text = inLocale(locale, () => describeDynastySheet(d));
        expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
        for (const seat of d.games[0]!.seats) expect(text).toContain(seat.name);
      }
    }
    const d = playDynasty(3);
    const text = describeDynastySheet(d);
    expect(text).toContain(t('picture.dynasty.final'));
    expect(text).toContain(t('picture.dynasty.game', { number: 3 }));
  });
});

describe('describePreview', () => {
  it('the domino in hand, the spot tried and its verdict as the panel judges it, the hint; in every language', () => {
    const state = midGame('4p', 'describe');
    const p = prompt(state);
    if (p.kind !== 'place') throw new Error('a placement was expected');
    const [legal] = legalPlacements(state);
    const good = judgePlacement(state, legal!.a, legal!.b);
    const bad = judgePlacement(state, [0, 1], [0, 2]);
    const grid = state.options.grid;
    const fits = describePreview(state, good, { hint: legal! });
    expect(fits).toContain(state.seats[p.player]!.name);
    expect(fits).toContain(`#${p.domino}`);
    if (!good.verdict.fits) throw new Error('a legal spot was expected');
    expect(fits).toContain(
      t('alt.preview.fits', {
        where: placementName(grid, good.a, good.b),
        before: good.verdict.before,
        after: good.verdict.after,
      }),
    );
    expect(fits).toContain(t('alt.preview.hint', { where: placementName(grid, legal!.a, legal!.b) }));
    const refused = describePreview(state, bad);
    if (bad.verdict.fits) throw new Error('an illegal spot was expected');
    expect(refused).toContain(bad.verdict.rejection.message);
    for (const locale of LOCALES)
      expect(inLocale(locale, () => describePreview(state, good)).length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(describePreview(state, null)).toContain(t('picture.preview.choose'));
  });
});

describe('describeReplay', () => {
  it('what the animation is, and the end of the game with every score', () => {
    const end = play(newGame('4p', 'describe'));
    const text = describeReplay(end, { frames: 53, durationMs: 54_000 });
    expect(text).toContain(t('alt.replay', { frames: 53, seconds: 54 }));
    expectEveryPlayer(text, end);
    for (const locale of LOCALES) {
      expect(
        inLocale(locale, () => describeReplay(play(withNames('4p', LONG_NAMES)), { frames: 53, durationMs: 54_000 }))
          .length,
      ).toBeLessThanOrEqual(DESCRIPTION_MAX);
    }
  });
});
