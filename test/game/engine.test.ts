/** The game as a state machine: set-ups, the draft, the last round, rejections and state validation. */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent, GameState } from '../../src/game/index.js';
import {
  apply,
  checkPlacement,
  createGame,
  isGameState,
  kingdomBounds,
  kingdomSquares,
  legalPlacements,
  prompt,
  result,
  scorePlayer,
} from '../../src/game/index.js';
import { Rng } from '../../src/game/rng.js';
import { findState, newGame, playToEnd, playUntil, randomAction, seats, step } from './engine-kit.js';

const types = (events: readonly GameEvent[]): string => events.map((e) => e.type[0]).join('');

describe('set-ups', () => {
  const cases = [
    { players: 4, options: {}, removed: 0, line: 4, kings: 4, grid: 5 },
    { players: 3, options: {}, removed: 0, line: 4, kings: 3, grid: 5 },
    { players: 3, options: { threePlayer: 'classic' as const }, removed: 12, line: 3, kings: 3, grid: 5 },
    { players: 2, options: {}, removed: 24, line: 4, kings: 4, grid: 5 },
    { players: 2, options: { grid: 7 as const }, removed: 0, line: 4, kings: 4, grid: 7 },
  ];
  for (const c of cases) {
    it(`${c.players} players ${JSON.stringify(c.options)}: ${c.removed} removed, lines of ${c.line}, ${c.kings} kings`, () => {
      const s = newGame(c.players, 'setup', c.options);
      expect(s.removedAtSetup).toHaveLength(c.removed);
      expect(s.next.map((x) => x.domino)).toEqual([...s.next.map((x) => x.domino)].sort((a, b) => a - b));
      expect(s.next).toHaveLength(c.line);
      expect(s.pile).toHaveLength(48 - c.removed - c.line);
      expect(s.kings).toHaveLength(c.kings);
      expect(s.options.grid).toBe(c.grid);
      expect(s.events).toEqual([{ type: 'reveal', line: s.next.map((x) => x.domino) }]);
      expect(isGameState(s)).toBe(true);
    });
  }

  it('is reproducible from its seed, and the seed matters', () => {
    expect(newGame(4, 'same')).toEqual(newGame(4, 'same'));
    const orders = new Set(
      Array.from({ length: 30 }, (_, i) => JSON.stringify([newGame(4, `s${i}`).kings, newGame(4, `s${i}`).next])),
    );
    expect(orders.size).toBe(30);
  });

  it('draws the first king order at random; 2 players: each has two kings', () => {
    const orders = new Set(Array.from({ length: 60 }, (_, i) => newGame(2, `k${i}`).kings.join('')));
    expect([...orders].sort()).toEqual(['0011', '0101', '0110', '1001', '1010', '1100']);
  });

  it('balanced opening: A, B, B, A', () => {
    const orders = new Set(
      Array.from({ length: 20 }, (_, i) => newGame(2, `b${i}`, { balancedOpening: true }).kings.join('')),
    );
    expect([...orders].sort()).toEqual(['0110', '1001']);
  });

  it('says why an impossible set-up is refused', () => {
    const bad = [
      { seats: seats(3), seed: 's', options: { grid: 7 as const } },
      { seats: seats(0), seed: 's' },
      { seats: seats(1), seed: 's', options: { grid: 7 as const } },
      { seats: seats(5), seed: 's' },
      { seats: seats(4), seed: 's', options: { threePlayer: 'classic' as const } },
      { seats: seats(4), seed: 's', options: { balancedOpening: true } },
      { seats: seats(2), seed: 's', options: { grid: 6 as unknown as 5 } },
      { seats: [{ name: 'x', kind: 'robot' as 'human' }, ...seats(1)], seed: 's' },
      { seats: seats(2), seed: 42 as unknown as string },
    ];
    for (const spec of bad) {
      const r = createGame(spec);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(5);
    }
  });
});

describe('the draft', () => {
  it('first round: kings claim in the drawn order, then the next line is revealed ascending', () => {
    let s = newGame(4, 'draft');
    const rng = Rng.fromSeed('draft');
    for (let k = 0; k < 4; k++) {
      const p = prompt(s);
      expect(p).toMatchObject({ kind: 'claim', king: k, player: s.kings[k] });
      s = step(s, randomAction(s, rng));
      expect(s.turn).toBe(k + 1);
    }
    expect(types(s.events)).toBe('rccccr');
    expect(s.round).toBe(2);
    expect(s.current.every((x) => x.king !== null)).toBe(true);
    expect(s.next.every((x) => x.king === null)).toBe(true);
  });

  it('later rounds: kings act in ascending order of their domino, each placing then claiming', () => {
    const rng = Rng.fromSeed('order');
    let s = playUntil(newGame(4, 'order'), rng, (x) => x.round === 2);
    if (s === null) throw new Error('no round 2');
    for (const slot of s.current) {
      const place = prompt(s);
      expect(place).toMatchObject({
        kind: 'place',
        domino: slot.domino,
        king: slot.king,
        player: s.kings[slot.king ?? -1],
      });
      s = step(s, randomAction(s, rng));
      expect(prompt(s)).toMatchObject({ kind: 'claim', king: slot.king });
      s = step(s, randomAction(s, rng));
    }
    expect(s.round).toBe(3);
    expect(types(s.events.slice(-9))).toMatch(/^([pd]c){4}r$/);
  });

  it('2 players: each player acts once per king, so twice a round', () => {
    const s = playUntil(newGame(2, 'two'), Rng.fromSeed('two'), (x) => x.round === 3);
    if (s === null) throw new Error('no round 3');
    const round2 = s.events
      .filter((e) => e.type === 'claim')
      .slice(4, 8)
      .map((e) => (e as { player: number }).player);
    expect(round2.sort()).toEqual([0, 0, 1, 1]);
  });

  it('3 players: the third claim drops the leftover of the line, before the next reveal', () => {
    const s = playToEnd(newGame(3, 'drop'), Rng.fromSeed('drop'));
    expect(s.dropped).toHaveLength(12);
    const log = types(s.events);
    expect(log.startsWith('rcccdr')).toBe(true);
    expect(log.match(/d/g)).toHaveLength(12 + s.kingdoms.reduce((n, k) => n + k.discarded.length, 0));
    for (const d of s.dropped) {
      expect(s.kingdoms.some((k) => k.placements.some((p) => p.domino === d) || k.discarded.includes(d))).toBe(false);
    }
    const drops = s.events.flatMap((e, i) => (e.type === 'drop' ? [i] : []));
    for (const i of drops) expect(s.events[i - 1]?.type).toBe('claim');
  });

  it('3 players classic: lines of 3 and nothing dropped', () => {
    const s = playToEnd(newGame(3, 'classic', { threePlayer: 'classic' }), Rng.fromSeed('classic'));
    expect(s.dropped).toEqual([]);
    expect(s.kingdoms.map((k) => k.placements.length + k.discarded.length)).toEqual([12, 12, 12]);
  });

  it('the last round: no reveal and no claim, place only, then the game is over', () => {
    const rng = Rng.fromSeed('last');
    let s = playUntil(newGame(4, 'last'), rng, (x) => x.round === 13);
    if (s === null) throw new Error('no round 13');
    expect(s.pile).toEqual([]);
    expect(s.next).toEqual([]);
    const before = s.events.length;
    for (let i = 0; i < 4; i++) {
      expect(prompt(s).kind).toBe('place');
      expect(result(s)).toBeNull();
      s = step(s, randomAction(s, rng));
    }
    expect(types(s.events.slice(before))).toMatch(/^[pd]{4}$/);
    expect(prompt(s)).toEqual({ kind: 'over' });
    expect(result(s)?.scores).toHaveLength(4);
    expect(apply(s, { type: 'discard', player: 0 })).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });

  it('Mighty Duel: 24 dominoes each on 7x7', () => {
    const s = playToEnd(newGame(2, 'duel', { grid: 7 }), Rng.fromSeed('duel'));
    expect(s.kingdoms.map((k) => k.placements.length + k.discarded.length)).toEqual([24, 24]);
    expect(s.round).toBe(13);
    for (const p of [0, 1]) {
      const [x0, y0, x1, y1] = kingdomBounds(s, p);
      expect(Math.max(x1 - x0, y1 - y0)).toBeLessThanOrEqual(6);
    }
  });

  it('forced discard: accepted only when nothing fits', () => {
    const s = findState(4, {}, (x) => {
      const p = prompt(x);
      return p.kind === 'place' && !p.canPlace;
    });
    const p = prompt(s);
    if (p.kind !== 'place') throw new Error('unreachable');
    expect(legalPlacements(s)).toEqual([]);
    const after = step(s, { type: 'discard', player: p.player });
    expect(after.kingdoms[p.player]?.discarded).toContain(p.domino);
    expect(after.events.at(-1)).toEqual({ type: 'discard', player: p.player, domino: p.domino });
  });

  it("'must-place' when discarding a domino that fits", () => {
    const s = newGame(4, 'must');
    const placing = playUntil(s, Rng.fromSeed('must'), (x) => prompt(x).kind === 'place');
    if (placing === null) throw new Error('no place prompt');
    const p = prompt(placing);
    expect(p).toMatchObject({ kind: 'place', canPlace: true });
    expect(apply(placing, { type: 'discard', player: p.kind === 'place' ? p.player : -1 })).toMatchObject({
      ok: false,
      error: { code: 'must-place' },
    });
  });

  it('legal placements are exactly the ones apply accepts, and checkPlacement agrees', () => {
    const s = playUntil(newGame(2, 'agree'), Rng.fromSeed('agree'), (x) => x.round === 4 && prompt(x).kind === 'place');
    if (s === null) throw new Error('no place prompt');
    const p = prompt(s);
    if (p.kind !== 'place') throw new Error('unreachable');
    const legal = new Set(legalPlacements(s).map((l) => `${l.a} ${l.b}`));
    for (let ax = -5; ax <= 5; ax++)
      for (let ay = -5; ay <= 5; ay++)
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const a = [ax, ay] as const;
          const b = [ax + dx, ay + dy] as const;
          const ok = apply(s, { type: 'place', player: p.player, a, b }).ok;
          expect(ok).toBe(legal.has(`${a} ${b}`));
          expect(checkPlacement(s, a, b) === null).toBe(ok);
        }
  });
});

describe('rejections', () => {
  const placing = (): GameState => {
    const s = playUntil(
      newGame(4, 'reject'),
      Rng.fromSeed('reject'),
      (x) => x.round === 3 && prompt(x).kind === 'place',
    );
    if (s === null) throw new Error('no place prompt');
    return s;
  };

  function expectRejected(s: GameState, action: unknown, code: string, extra: object = {}): void {
    const frozen = JSON.stringify(s);
    const copy = structuredClone(s);
    const r = apply(s, action as Action);
    expect(r.ok, JSON.stringify(action)).toBe(false);
    if (!r.ok) {
      expect(r.error).toMatchObject({ code, ...extra });
      expect(r.error.message.length).toBeGreaterThan(3);
    }
    expect(JSON.stringify(s)).toBe(frozen);
    expect(s).toEqual(copy);
  }

  it('malformed actions, one field at a time', () => {
    const s = placing();
    const p = prompt(s);
    const player = p.kind === 'place' ? p.player : 0;
    const bad: unknown[] = [
      null,
      undefined,
      42,
      'place',
      [],
      [player],
      {},
      { type: 'fly', player },
      { player },
      { type: 'place' },
      { type: 'discard', player: 1.5 },
      { type: 'discard', player: Number.NaN },
      { type: 'discard', player: -1 },
      { type: 'discard', player: 4 },
      { type: 'discard', player: '0' },
      { type: 'discard', player: Infinity },
      { type: 'place', player, b: [1, 0] },
      { type: 'place', player, a: [1, 0] },
      { type: 'place', player, a: [1], b: [2, 0] },
      { type: 'place', player, a: [1, 0, 0], b: [2, 0] },
      { type: 'place', player, a: ['1', 0], b: [2, 0] },
      { type: 'place', player, a: [Number.NaN, 0], b: [1, 0] },
      { type: 'place', player, a: [Infinity, 0], b: [1, 0] },
      { type: 'place', player, a: [0.5, 0], b: [1, 0] },
      { type: 'place', player, a: { 0: 1, 1: 0, length: 2 }, b: [2, 0] },
      { type: 'place', player, a: null, b: [2, 0] },
      { type: 'claim', player, domino: 0 },
      { type: 'claim', player, domino: 49 },
      { type: 'claim', player, domino: 2.5 },
      { type: 'claim', player, domino: '5' },
      { type: 'claim', player },
    ];
    for (const action of bad) expectRejected(s, action, 'malformed');
  });

  it('out of turn, wrong action, domino unavailable, illegal placement with its reason', () => {
    const s = placing();
    const p = prompt(s);
    if (p.kind !== 'place') throw new Error('unreachable');
    const other = (p.player + 1) % 4;
    expectRejected(s, { type: 'discard', player: other }, 'not-your-turn', { expected: p.player });
    expectRejected(s, { type: 'claim', player: p.player, domino: s.next[0]?.domino }, 'wrong-action', {
      expected: 'place',
    });
    expectRejected(s, { type: 'place', player: p.player, a: [0, 0], b: [1, 0] }, 'illegal-placement', {
      reason: 'occupied',
    });
    expectRejected(s, { type: 'place', player: p.player, a: [0, 1], b: [1, 2] }, 'illegal-placement', {
      reason: 'not-adjacent',
    });
    expectRejected(s, { type: 'place', player: p.player, a: [9, 0], b: [10, 0] }, 'illegal-placement', {
      reason: 'out-of-frame',
    });
    expectRejected(s, { type: 'place', player: p.player, a: [1e12, 0], b: [1e12 + 1, 0] }, 'illegal-placement', {
      reason: 'out-of-frame',
    });

    const claiming = playUntil(
      s,
      Rng.fromSeed('x'),
      (x) => prompt(x).kind === 'claim' && x.next.some((slot) => slot.king !== null),
    );
    if (claiming === null) throw new Error('no claim prompt');
    const c = prompt(claiming);
    if (c.kind !== 'claim') throw new Error('unreachable');
    expectRejected(claiming, { type: 'place', player: c.player, a: [1, 0], b: [2, 0] }, 'wrong-action', {
      expected: 'claim',
    });
    expectRejected(claiming, { type: 'discard', player: c.player }, 'wrong-action');
    const taken = claiming.next.find((x) => x.king !== null)?.domino;
    const absent = [...Array(48).keys()].map((i) => i + 1).find((d) => !claiming.next.some((x) => x.domino === d));
    expectRejected(claiming, { type: 'claim', player: c.player, domino: taken }, 'domino-unavailable');
    expectRejected(claiming, { type: 'claim', player: c.player, domino: absent }, 'domino-unavailable');
  });

  it('no-connection, as apply and checkPlacement report it', () => {
    const s = placing();
    const p = prompt(s);
    if (p.kind !== 'place') throw new Error('unreachable');
    const [a, b] = isolatedPair(s, p.player);
    expect(checkPlacement(s, a, b)).toMatchObject({ code: 'illegal-placement', reason: 'no-connection' });
    expectRejected(s, { type: 'place', player: p.player, a, b }, 'illegal-placement', { reason: 'no-connection' });
    expect(checkPlacement(s, [0.5, 0] as unknown as [number, number], [1, 0])).toMatchObject({ code: 'malformed' });
  });
});

/** Two empty cells side by side, inside the frame, touching nothing of the kingdom. */
function isolatedPair(s: GameState, player: number): [[number, number], [number, number]] {
  const squares = kingdomSquares(s, player);
  const [x0, y0, x1, y1] = kingdomBounds(s, player);
  const g = s.options.grid;
  const near = (x: number, y: number): boolean =>
    [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ].some(([dx = 0, dy = 0]) => squares.has(`${x + dx},${y + dy}`));
  for (let y = y1 - g + 1; y <= y0 + g - 1; y++) {
    for (let x = x1 - g + 1; x < x0 + g - 1; x++)
      if (!near(x, y) && !near(x + 1, y))
        return [
          [x, y],
          [x + 1, y],
        ];
  }
  throw new Error('the kingdom touches every cell of its frame');
}

describe('states', () => {
  it('every state of a game is a valid state; running scores are there at any time', () => {
    const rng = Rng.fromSeed('valid');
    let s = newGame(3, 'valid', { harmony: true, middleKingdom: true });
    while (prompt(s).kind !== 'over') {
      expect(isGameState(JSON.parse(JSON.stringify(s)))).toBe(true);
      expect(scorePlayer(s, 0).total).toBeGreaterThanOrEqual(0);
      s = step(s, randomAction(s, rng));
    }
    expect(isGameState(s)).toBe(true);
  });

  it('rejects corrupt values', () => {
    const s = playUntil(newGame(4, 'corrupt'), Rng.fromSeed('corrupt'), (x) => x.round === 5);
    if (s === null) throw new Error('no round 5');
    // Corrupting a state means writing fields with values of any type.
    /* eslint-disable @typescript-eslint/no-explicit-any */
    const mutate = (f: (x: any) => void): unknown => {
      const c = structuredClone(s) as any;
      f(c);
      return c;
    };
    /* eslint-enable @typescript-eslint/no-explicit-any */
    const corrupt: unknown[] = [
      null,
      'state',
      [],
      {},
      mutate((x) => {
        x.schema = 2;
      }),
      mutate((x) => {
        delete x.seed;
      }),
      mutate((x) => {
        x.options.grid = 6;
      }),
      mutate((x) => {
        x.options.players = 3;
      }),
      mutate((x) => {
        x.seats.pop();
      }),
      mutate((x) => {
        x.kings[0] = 7;
      }),
      mutate((x) => {
        x.rng[0] = -1;
      }),
      mutate((x) => {
        x.pile.push(x.pile[0]);
      }),
      mutate((x) => {
        x.pile[0] = 99;
      }),
      mutate((x) => {
        x.next.reverse();
      }),
      mutate((x) => {
        x.current[0].king = null;
      }),
      mutate((x) => {
        x.kingdoms[0].placements[0].a = [0, 0];
      }),
      mutate((x) => {
        x.kingdoms[0].placements[0].a = [1.5, 0];
      }),
      mutate((x) => {
        x.kingdoms[1].placements.push(x.kingdoms[0].placements[0]);
      }),
      mutate((x) => {
        x.turn += 1;
      }),
      mutate((x) => {
        x.events.push({ type: 'teleport' });
      }),
      mutate((x) => {
        x.round = 0;
      }),
    ];
    for (const c of corrupt) expect(isGameState(c)).toBe(false);
  });

  it('kingdomSquares and kingdomBounds describe the kingdom', () => {
    const s = playUntil(newGame(2, 'view'), Rng.fromSeed('view'), (x) => x.kingdoms[0]!.placements.length === 3);
    if (s === null) throw new Error('no kingdom');
    const squares = kingdomSquares(s, 0);
    expect(squares.get('0,0')).toEqual({ kind: 'castle' });
    expect(squares.size).toBe(7);
    const [x0, y0, x1, y1] = kingdomBounds(s, 0);
    for (const key of squares.keys()) {
      const [x = 0, y = 0] = key.split(',').map(Number);
      expect(x >= x0 && x <= x1 && y >= y0 && y <= y1).toBe(true);
    }
  });
});
