import { describe, expect, it } from 'vitest';
import { prompt } from '../../src/game/index.js';
import { inLocale } from '../../src/i18n/index.js';
import { Gate } from '../../src/render/gate.js';
import { renderPreview, renderTable } from '../../src/render/index.js';
import { RENDER_SLOTS, renders } from '../../src/render/png.js';
import { newGame, play } from './games.js';

describe('the bound on renders in progress', () => {
  it('a gate runs at most its slots at once, the others in the order they came', async () => {
    const gate = new Gate(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) =>
      gate.run(async () => {
        started.push(i);
        most = Math.max(most, ++now);
        await new Promise<void>((resolve) => release.push(resolve));
        now--;
        return i;
      }),
    );
    expect(gate.running).toBe(2);
    expect(gate.queued).toBe(5);
    // Let them finish one at a time, the later first: the queue still starts them in order.
    while (started.length < 7 || release.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      release.pop()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(2);
    expect(gate.running).toBe(0);
  });

  it('a failing task frees its slot', async () => {
    const gate = new Gate(1);
    const failed = gate.run(() => Promise.reject(new Error('no')));
    const next = gate.run(() => Promise.resolve('yes'));
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('yes');
    expect(gate.running).toBe(0);
  });

  it('many renders started at once: at most RENDER_SLOTS in progress, every PNG as when rendered alone', async () => {
    const states = Array.from({ length: 8 }, (_, i) => play(newGame('4p', 'gate'), 20 + 3 * i));
    const placing = states.filter((s) => prompt(s).kind === 'place');
    const alone: Buffer[] = [];
    for (const s of states) alone.push(await renderTable(s));
    for (const s of placing) alone.push(await renderPreview(s, null));

    let most = 0;
    const watch = (png: Promise<Buffer>): Promise<Buffer> => {
      most = Math.max(most, renders.running);
      return png.finally(() => (most = Math.max(most, renders.running)));
    };
    const all = [...states.map((s) => watch(renderTable(s))), ...placing.map((s) => watch(renderPreview(s, null)))];
    expect(renders.running).toBe(RENDER_SLOTS);
    expect(renders.queued).toBe(all.length - RENDER_SLOTS);
    const pngs = await Promise.all(all);
    expect(most).toBeLessThanOrEqual(RENDER_SLOTS);
    expect(renders.running).toBe(0);
    pngs.forEach((png, i) => expect(png.equals(alone[i]!)).toBe(true));
  });

  it('a render that waited for its turn is still drawn in the language of whoever asked', async () => {
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
