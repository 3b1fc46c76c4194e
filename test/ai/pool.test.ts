import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AiPool, AiPoolBusyError, AiPoolClosedError, BUSY_IDLE_MS, type AiJobStart } from '../../src/ai/pool.js';
import { apply, checkPlacement, prompt } from '../../src/game/index.js';
import { advance, newGame } from './support.js';

describe('AiPool', () => {
  const pool = new AiPool({ size: 2 });
  afterAll(() => pool.close());

  it('chooses a legal action in a worker thread while this thread keeps running', async () => {
    const state = advance(newGame(['normal', 'normal', 'normal'], 'pool'), ['normal', 'normal', 'normal'], 5);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    const action = await pool.choose(state, 'hard', { timeMs: 300, seed: 3 });
    clearInterval(timer);
    expect(apply(state, action).ok).toBe(true);
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers several requests at once, each with its own state', async () => {
    const states = [0, 1, 2, 3].map((i) =>
      advance(newGame(['easy', 'normal'], `many-${i}`), ['easy', 'normal'], i + 3),
    );
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

  it('stops a worker left with no job, and starts one again for the next', async () => {
    const idling = new AiPool({ size: 1, idleMs: 50 });
    const state = newGame(['normal', 'normal'], 'pool-idle');
    const first = await idling.choose(state, 'normal', { seed: 1 });
    expect(idling.workers).toBe(1);
    await vi.waitFor(() => expect(idling.workers).toBe(0));
    expect(await idling.choose(state, 'normal', { seed: 1 })).toEqual(first);
    await idling.close();
  });

  it('stops a worker left with no job within seconds while the process has no time to spare', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let spare = true;
      const idling = new AiPool({ size: 1, spareLately: () => spare });
      const state = newGame(['normal', 'normal'], 'pool-busy-idle');
      await idling.choose(state, 'normal', { seed: 1 });
      vi.advanceTimersByTime(BUSY_IDLE_MS);
      expect(idling.workers).toBe(1);
      spare = false;
      vi.advanceTimersByTime(BUSY_IDLE_MS);
      expect(idling.workers).toBe(0);
      await idling.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses work once closed', async () => {
    const closing = new AiPool({ size: 1 });
    await closing.close();
    await expect(closing.choose(newGame(['easy', 'easy'], 'closed'), 'easy')).rejects.toBeInstanceOf(AiPoolClosedError);
  });
});

describe('AiPool shared by many games', () => {
  const mid = advance(
    newGame(['normal', 'normal', 'normal', 'normal'], 'pool-shared'),
    ['normal', 'normal', 'normal', 'normal'],
    9,
  );

  it('gives a shorter thinking time when the queue is long, and the full time again once it is short', async () => {
    const pool = new AiPool({ size: 1, targetWaitMs: 400, minMs: 10 });
    const starts: AiJobStart[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pool.choose(
          mid,
          'hard',
          { timeMs: 400, seed: i },
          { key: `game-${i}`, priority: 'game', onStart: (s) => starts.push(s) },
        ),
      ),
    );
    await pool.close();
    const budgets = starts.map((s) => s.budgetMs);
    expect(budgets[0]).toBe(400); // alone in the queue
    expect(budgets[1]).toBe(Math.floor(400 / 19)); // 19 waiting: 400 ms shared
    expect(budgets.at(-1)).toBe(400); // the last one alone again
    expect(Math.max(...budgets.slice(1, 10).map((b) => b ?? 0))).toBeLessThan(100);
    // 20 x 400 ms asked for; about 400 ms + 400 ms x H(19) given in all (counted, not timed: the machine may be busy).
    expect(budgets.reduce<number>((sum, b) => sum + (b ?? 0), 0)).toBeLessThan(2000);
  });

  it('never goes under the least thinking time, nor over what was asked', () => {
    const pool = new AiPool({ size: 2, targetWaitMs: 1000, minMs: 50 });
    expect(pool.budgetFor(1000, 1)).toBe(1000);
    expect(pool.budgetFor(1000, 4)).toBe(500);
    expect(pool.budgetFor(1000, 400)).toBe(50);
    expect(pool.budgetFor(150, 2)).toBe(150);
    expect(pool.budgetFor(20, 400)).toBe(20);
  });

  it('serves interactive jobs first, then games in turn (one game queueing many does not hold up another)', async () => {
    const pool = new AiPool({ size: 1 });
    const order: string[] = [];
    const job = (name: string, key: string, priority: 'interactive' | 'game') =>
      pool.choose(mid, 'normal', {}, { key, priority, onStart: () => order.push(name) });
    const blocker = pool.choose(mid, 'hard', { timeMs: 300 }, { onStart: () => order.push('blocker') });
    const all = [
      job('a1', 'a', 'game'),
      job('a2', 'a', 'game'),
      job('a3', 'a', 'game'),
      job('b1', 'b', 'game'),
      job('b2', 'b', 'game'),
      job('hint', 'c', 'interactive'),
    ];
    await Promise.all([blocker, ...all]);
    await pool.close();
    expect(order).toEqual(['blocker', 'hint', 'a1', 'b1', 'a2', 'b2', 'a3']);
  });

  it('gives untimed jobs (easy and normal levels) no thinking time', async () => {
    const pool = new AiPool({ size: 1 });
    const starts: AiJobStart[] = [];
    await pool.choose(mid, 'normal', {}, { onStart: (s) => starts.push(s) });
    await pool.close();
    expect(starts).toEqual([{ waitMs: expect.any(Number), budgetMs: null }]);
  });

  it('refuses a job once the queue is full, and takes jobs again when it is not', async () => {
    const pool = new AiPool({ size: 1, maxQueue: 2 });
    const running = pool.choose(mid, 'hard', { timeMs: 200 });
    const queued = [pool.choose(mid, 'normal'), pool.choose(mid, 'normal')];
    expect(pool.waiting).toBe(2);
    await expect(pool.choose(mid, 'normal')).rejects.toBeInstanceOf(AiPoolBusyError);
    await Promise.all([running, ...queued]);
    expect(apply(mid, await pool.choose(mid, 'normal')).ok).toBe(true);
    await pool.close();
  });

  it('refuses an interactive look-ahead at once with maxInteractive jobs waiting, but never a hint, and gives them a shorter time', async () => {
    const pool = new AiPool({ size: 1, maxInteractive: 3, interactiveWaitMs: 300, minMs: 10 });
    const starts: AiJobStart[] = [];
    const onStart = (s: AiJobStart) => starts.push(s);
    const running = pool.choose(mid, 'hard', { timeMs: 200 }, { priority: 'game' });
    const looks = [1, 2, 3].map(() => pool.choose(mid, 'hard', { timeMs: 150 }, { onStart }));
    await expect(pool.choose(mid, 'hard', { timeMs: 150 })).rejects.toBeInstanceOf(AiPoolBusyError);
    // Computer moves and hints are never refused below maxQueue.
    const game = pool.choose(mid, 'normal', {}, { priority: 'game' });
    const hint = pool.hint(mid, { timeMs: 150 }, { onStart });
    await Promise.all([running, ...looks, game, hint]);
    await pool.close();
    // Four interactive jobs waiting: 300 ms shared, then the rest as the queue shrinks.
    expect(starts.map((s) => s.budgetMs)).toEqual([75, 100, 150, 150]);
  });

  it('refuses a look-ahead, unstarted, once it has waited as long as it can, and runs those that can wait', async () => {
    const pool = new AiPool({ size: 1 });
    const started: AiJobStart[] = [];
    const running = pool.choose(mid, 'hard', { timeMs: 300 }, { priority: 'game' });
    const late = pool.choose(mid, 'hard', { timeMs: 150 }, { maxWaitMs: 50, onStart: (s) => started.push(s) });
    const patient = pool.choose(mid, 'hard', { timeMs: 20 }, { maxWaitMs: 10_000 });
    const settled: string[] = [];
    void running.then(() => settled.push('the running job'));
    await expect(late).rejects.toBeInstanceOf(AiPoolBusyError);
    settled.push('the look-ahead, refused');
    expect(apply(mid, await patient).ok).toBe(true);
    // Refused when its wait was up, not when the worker came free.
    expect(settled[0]).toBe('the look-ahead, refused');
    expect(started).toEqual([]);
    await running;
    await pool.close();
  });

  it('refuses a look-ahead while computer moves wait, so that it never holds them up', async () => {
    const pool = new AiPool({ size: 1, maxInteractive: 2 });
    const running = pool.choose(mid, 'hard', { timeMs: 100 }, { priority: 'game' });
    const moves = [
      pool.choose(mid, 'normal', {}, { key: 'a', priority: 'game' }),
      pool.choose(mid, 'normal', {}, { key: 'b', priority: 'game' }),
    ];
    await expect(pool.choose(mid, 'hard', { timeMs: 150 })).rejects.toBeInstanceOf(AiPoolBusyError);
    await Promise.all([running, ...moves]);
    expect(apply(mid, await pool.choose(mid, 'hard', { timeMs: 20 })).ok).toBe(true);
    await pool.close();
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
