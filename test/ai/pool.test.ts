import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AiPool, AiPoolClosedError } from '../../src/ai/pool.js';
import { apply, checkPlacement, prompt } from '../../src/game/index.js';
import { advance, newGame } from './support.js';

describe('AiPool', () => {
  const pool = new AiPool({ size: 2 });
  afterAll(() => pool.close());

  it('chooses a legal action in a worker thread while this thread keeps running', async () => {
    const state = advance(newGame(['normal', 'normal', 'normal'], 'pool'), ['normal', 'normal', 'normal'], 5);
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 1);
    const action = await pool.choose(state, 'hard', { timeMs: 300, seed: 3 });
    clearInterval(timer);
    expect(apply(state, action).ok).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers several requests at once, each with its own state', async () => {
    const states = [0, 1, 2, 3].map((i) => advance(newGame(['easy', 'normal'], `many-${i}`), ['easy', 'normal'], i + 3));
    const actions = await Promise.all(states.map((s, i) => pool.choose(s, i % 2 ? 'normal' : 'hard', { timeMs: 30 })));
    actions.forEach((a, i) => expect(apply(states[i]!, a).ok).toBe(true));
  });

  it('gives hints off the thread', async () => {
    let s = newGame(['normal', 'normal', 'normal', 'normal'], 'pool-hint');
    while (prompt(s).kind !== 'place') s = advance(s, ['normal', 'normal', 'normal', 'normal'], 1);
    const h = await pool.hint(s, { timeMs: 30 });
    expect(h).not.toBeNull();
    if (h) expect(checkPlacement(s, h.a, h.b)).toBeNull();
  });

  it('reports an AI error (a finished game) as a rejected promise and keeps working', async () => {
    const levels = ['normal', 'normal'] as const;
    const over = advance(newGame([...levels], 'pool-over'), [...levels], 1000);
    await expect(pool.choose(over, 'normal')).rejects.toThrow(/over/);
    const fresh = newGame([...levels], 'pool-after');
    expect(apply(fresh, await pool.choose(fresh, 'easy')).ok).toBe(true);
  });

  it('refuses work once closed', async () => {
    const closing = new AiPool({ size: 1 });
    await closing.close();
    await expect(closing.choose(newGame(['easy', 'easy'], 'closed'), 'easy')).rejects.toBeInstanceOf(AiPoolClosedError);
  });
});

describe('AiPool under tsx (as npm start runs the bot)', () => {
  it('starts its TypeScript worker and returns a legal action', () => {
    const child = fileURLToPath(new URL('./fixtures/pool-child.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', child], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).not.toMatch(/Error/);
    const out = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { legal?: boolean };
    expect(out.legal).toBe(true);
  });
});
