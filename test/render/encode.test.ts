import { describe, expect, it } from 'vitest';
import { prompt } from '../../src/game/index.js';
import { inLocale } from '../../src/i18n/index.js';
import { renderPreview, renderTable } from '../../src/render/index.js';
import { newGame, play } from './games.js';

describe('pictures asked for at once', () => {
  it('each comes out as when drawn alone', async () => {
    const states = Array.from({ length: 8 }, (_, i) => play(newGame('4p', 'gate'), 20 + 3 * i));
    const placing = states.filter((s) => prompt(s).kind === 'place');
    const alone: Buffer[] = [];
    for (const s of states) alone.push(await renderTable(s));
    for (const s of placing) alone.push(await renderPreview(s, null));

    const pngs = await Promise.all([
      ...states.map((s) => renderTable(s)),
      ...placing.map((s) => renderPreview(s, null)),
    ]);
    pngs.forEach((png, i) => expect(png.equals(alone[i]!)).toBe(true));
  });

  it('each is drawn in the language of whoever asked', async () => {
    const state = play(newGame('4p', 'gate'), 20);
    const english = await renderTable(state);
    const french = await inLocale('fr', () => renderTable(state));
    expect(french.equals(english)).toBe(false);
    const [a, b, c, d] = await Promise.all([
      inLocale('fr', () => renderTable(state)),
      renderTable(state),
      inLocale('fr', () => renderTable(state)),
      renderTable(state),
    ]);
    expect([a, b, c, d].map((png) => png.equals(french))).toEqual([true, false, true, false]);
    expect(b!.equals(english) && d!.equals(english)).toBe(true);
  });
});
