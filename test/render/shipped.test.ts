/**
 * The bytes the bot uploads, decoded as a viewer decodes them, against the picture as
 * drawn. png.ts ships an indexed PNG (at most 256 colours, quantize.ts): the other
 * render tests read the drawing (sizes, legibility) or a few pixels, so this one
 * checks what the palette could take from a player:
 * - every colour of palette.ts drawn on an area (terrains and their patterns, players
 *   and their ink, the panels, the text: PATCH pixels or more) ships exactly, so the
 *   colour-blind margins of palette.test.ts and the contrast of the text hold on the
 *   uploaded picture (a few stray pixels of such a colour, inside an anti-aliased
 *   edge, may take a neighbouring shade like any edge pixel);
 * - the other pixels (anti-aliased edges, faded dominoes) take a near colour: under
 *   normal vision and the three simulated dichromacies (CIEDE2000), hardly any moves
 *   more than NOTICEABLE, and none more than MAX_SHIFT (those are single edge pixels
 *   of a rare blend, a dark red fringe drawn dark grey);
 * - and few pixels move at all.
 */
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { judgePlacement, legalPlacements } from '../../src/game/index.js';
import { inLocale, type Locale } from '../../src/i18n/index.js';
import { draw, renderDynastySheet, renderPreview, renderScoreSheet, renderTable } from '../../src/render/index.js';
import { PLAYERS, TERRAIN, UI } from '../../src/render/palette.js';
import { difference, VISIONS } from './cvd.js';
import { midGame, newGame, play, playDynasty } from './games.js';

/** An area: 10 x 10 pixels, 4 x 4 on a phone. */
const PATCH = 100;
/** Share of the pixels whose colour may change at all (the edges; measured 4-9% on the known palette, 2-7% on their own). */
const MAX_CHANGED = 0.1;
/** ΔE00 a player might notice on a patch; on a lone edge pixel it goes unseen. */
const NOTICEABLE = 10;
/** Share of the pixels that may move that far (measured 0.016% at most: 150 of a million). */
const MAX_NOTICEABLE = 0.0005;
/** ΔE00 no pixel may move: a change of colour rather than of shade (measured 23 at most). */
const MAX_SHIFT = 30;

/** 0xRRGGBB -> "#RRGGBB". */
const hex = (rgb: number): string => `#${rgb.toString(16).padStart(6, '0').toUpperCase()}`;

/** Every opaque colour palette.ts gives the pictures, as 0xRRGGBB. */
const DESIGN = new Set(
  [
    ...Object.values(TERRAIN).flatMap((t) => [t.base, t.ink]),
    ...PLAYERS.flatMap((p) => [p.colour, p.ink]),
    ...Object.values(UI),
  ]
    .filter((c) => /^#[0-9A-F]{6}$/i.test(c))
    .map((c) => parseInt(c.slice(1), 16)),
);

/** The pixels as 0xRRGGBB, one a pixel. */
function colours(data: Uint8Array | Uint8ClampedArray): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.length; i += 4) out.push((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return out;
}

async function decoded(png: Buffer): Promise<{ width: number; height: number; pixels: number[] }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return { width: image.width, height: image.height, pixels: colours(canvas.data()) };
}

interface Shipped {
  /** Colours of palette.ts drawn on PATCH pixels or more. */
  readonly designAreas: number;
  /** Those that came out otherwise somewhere ("#drawn #shipped"). */
  readonly designChanged: string[];
  readonly changedShare: number;
  readonly noticeableShare: number;
  readonly worstShift: number;
}

/** How the uploaded picture differs from the drawn one. */
async function compare(drawn: Canvas, png: Buffer): Promise<Shipped> {
  const shipped = await decoded(png);
  expect([shipped.width, shipped.height]).toEqual([drawn.width, drawn.height]);
  const before = colours(drawn.data());
  const pairs = new Map<number, number>(); // drawn * 2^24 + shipped -> pixels
  const area = new Map<number, number>(); // design colour -> pixels
  before.forEach((was, i) => {
    const is = shipped.pixels[i]!;
    if (DESIGN.has(was)) area.set(was, (area.get(was) ?? 0) + 1);
    if (was !== is) pairs.set(was * 2 ** 24 + is, (pairs.get(was * 2 ** 24 + is) ?? 0) + 1);
  });
  const areas = [...area].filter(([, pixels]) => pixels >= PATCH).map(([colour]) => colour);
  const designChanged: string[] = [];
  let [changed, noticeable, worstShift] = [0, 0, 0];
  for (const [pair, pixels] of pairs) {
    const [was, is] = [Math.floor(pair / 2 ** 24), pair % 2 ** 24];
    if (areas.includes(was)) designChanged.push(`${hex(was)} ${hex(is)}`);
    const shift = Math.max(...VISIONS.map((vision) => difference(hex(was), hex(is), vision)));
    changed += pixels;
    if (shift > NOTICEABLE) noticeable += pixels;
    worstShift = Math.max(worstShift, shift);
  }
  const share = (pixels: number): number => pixels / before.length;
  return {
    designAreas: areas.length,
    designChanged,
    changedShare: share(changed),
    noticeableShare: share(noticeable),
    worstShift,
  };
}

function expectFaithful(s: Shipped): void {
  expect(s.designAreas).toBeGreaterThan(5);
  expect(s.designChanged).toEqual([]);
  expect(s.changedShare).toBeLessThan(MAX_CHANGED);
  expect(s.noticeableShare).toBeLessThan(MAX_NOTICEABLE);
  expect(s.worstShift).toBeLessThan(MAX_SHIFT);
}

/** The picture drawn, and its PNG rendered, in `locale`: how they differ. */
async function shippedIn(locale: Locale, drawIt: () => Canvas, render: () => Promise<Buffer>): Promise<Shipped> {
  const [canvas, png] = await inLocale(locale, async () => [drawIt(), await render()] as const);
  return compare(canvas, png);
}

describe('the uploaded PNG is the picture as drawn', () => {
  for (const locale of ['en', 'fr'] as const) {
    it(`${locale}: the table mid-game and at the end, and the preview with a candidate and a hint`, async () => {
      for (const state of [midGame('4p'), play(newGame('4p'))]) {
        expectFaithful(
          await shippedIn(
            locale,
            () => draw.table(state),
            () => renderTable(state),
          ),
        );
      }
      const state = midGame('4p');
      const spots = legalPlacements(state);
      const candidate = judgePlacement(state, spots[0]!.a, spots[0]!.b);
      const hint = { a: spots.at(-1)!.a, b: spots.at(-1)!.b };
      expectFaithful(
        await shippedIn(
          locale,
          () => draw.preview(state, candidate, { hint }),
          () => renderPreview(state, candidate, { hint }),
        ),
      );
    });
  }

  it('the Mighty Duel table, the score sheet and the Dynasty sheet', async () => {
    const duel = play(newGame('duel'), 60);
    expectFaithful(await compare(draw.table(duel), await renderTable(duel)));
    const end = play(newGame('3p'));
    expectFaithful(await compare(draw.scoreSheet(end), await renderScoreSheet(end)));
    const dynasty = playDynasty(3);
    expectFaithful(await compare(draw.dynastySheet(dynasty), await renderDynastySheet(dynasty)));
  });
});
