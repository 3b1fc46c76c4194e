/** The bot's worker threads go by their names where an operator looks at threads (top -H, ps -T, /proc). */
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { AiPool } from '../../src/ai/pool.js';
import { RenderPool } from '../../src/render/pool.js';
import { THREAD_NAMES } from '../../src/runtime/spawn.js';
import { newGame, play } from '../render/games.js';

function threadNames(): string[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()];
    } catch {
      return []; // ended meanwhile
    }
  });
}

it.runIf(process.platform === 'linux')('a picture worker and an AI worker show under their own names', async () => {
  const pictures = new RenderPool(1);
  const ai = new AiPool({ size: 1 });
  try {
    const state = play(newGame('2p', 'names'), 6);
    await pictures.render({ picture: 'table', state, opts: {} });
    await ai.choose(state, 'normal', { seed: 1 });
    expect(threadNames()).toEqual(expect.arrayContaining([THREAD_NAMES.pictures, THREAD_NAMES.ai]));
  } finally {
    await ai.close();
  }
});
