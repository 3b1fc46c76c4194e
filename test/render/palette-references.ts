/**
 * The pictures the known palette of the pictures of every move (src/render/known-palette.ts)
 * is chosen from: tables and previews of seeded games of every set-up, from the first
 * turn to the end, with variants and a Dynasty, in two languages, legal and illegal
 * placements and hints. `npm run palette` writes the palette from them;
 * test/render/known-palette.test.ts checks that they still need no palette of their own.
 */
import type { Canvas } from '@napi-rs/canvas';
import { dynastyGame, judgePlacement, legalPlacements, prompt, type GameState } from '../../src/game/index.js';
import { inLocale, type Locale } from '../../src/i18n/index.js';
import { draw } from '../../src/render/index.js';
import { newGame, play, playDynasty, type Setup } from './games.js';

/** Points of a game drawn, as shares of its actions. */
const MOMENTS = [0, 0.05, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1];
const LOCALES: readonly Locale[] = ['en', 'de'];
const ENDS = [1, 2, 3, 4, 5, 6];

function actions(start: GameState): GameState[] {
  const states = [start];
  while (prompt(states.at(-1)!).kind !== 'over') states.push(play(states.at(-1)!, 1));
  return states;
}

function previews(s: GameState): Canvas[] {
  if (prompt(s).kind !== 'place') return [];
  const spots = legalPlacements(s);
  const first = spots[0] ? judgePlacement(s, spots[0].a, spots[0].b) : null;
  const last = spots.at(-1);
  return [
    draw.preview(s, first, last ? { hint: { a: last.a, b: last.b } } : {}),
    draw.preview(s, judgePlacement(s, [0, 0], [1, 0])),
    draw.preview(s, null),
  ];
}

function gamePictures(start: GameState): Canvas[] {
  const states = actions(start);
  return MOMENTS.flatMap((share) => {
    const s = states[Math.round(share * (states.length - 1))]!;
    return [draw.table(s), ...previews(s)];
  });
}

/** Every reference picture, drawn. */
export function referencePictures(): Canvas[] {
  const setups: readonly Setup[] = ['4p', '3p', '3p-classic', '2p', 'duel'];
  return LOCALES.flatMap((locale) =>
    inLocale(locale, () => [
      ...setups.flatMap((setup) => gamePictures(newGame(setup, `palette-${setup}`))),
      ...gamePictures(newGame('4p', 'palette-variants', { harmony: true, middleKingdom: true })),
      // Whole kingdoms, the most patterns and edges: the ends of more games.
      ...ENDS.map((seed) => draw.table(play(newGame('4p', `palette-end-${seed}`)))),
      draw.table(dynastyGame(playDynasty(3, 120, 'palette-dynasty')), {
        dynasty: playDynasty(3, 120, 'palette-dynasty'),
      }),
    ]),
  );
}
