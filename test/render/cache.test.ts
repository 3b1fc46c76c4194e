import { describe, expect, it } from 'vitest';
import { blankCanvas, PictureCache } from '../../src/render/canvases.js';

describe('kept pictures (kingdom panels, preview bases)', () => {
  it('are kept while they come back; drawn in place once none do, until one is asked for again', () => {
    const cache = new PictureCache(1 << 20);
    const { c } = blankCanvas(64, 64);
    const origin = { x: 0, y: 0, w: 32, h: 32 };
    const how = (key: string, box = origin): string => {
      let on: unknown = null;
      cache.place(c, key, box, (drawnOn) => (on = drawnOn));
      return on === null ? 'reused' : on === c ? 'in place' : 'kept';
    };
    expect(how('a')).toBe('kept');
    expect(how('a')).toBe('reused');
    // Many games taking their turns: no picture comes back.
    for (let game = 0; game < 40; game++) how(`game ${game}`);
    expect(how('b')).toBe('in place');
    expect(how('b')).toBe('kept');
    expect(how('b')).toBe('reused');
    // Anywhere on the canvas (a kingdom panel): a kept picture is replayed, the same pixels as in place (render.test.ts).
    expect(how('c', { x: 8, y: 8, w: 32, h: 32 })).toBe('in place');
  });
});
