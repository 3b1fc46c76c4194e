/** The rules of rules.md, one by one, on the board kernel the engine and the simulator share. */
import { describe, expect, it } from 'vitest';
import { Board, codeAx, codeAy, codeBx, codeBy, MAX_PLACEMENTS } from '../../src/game/board.js';
import { DOMINOES, domino } from '../../src/game/index.js';
import type { PlayerScore } from '../../src/game/index.js';
import { byRanking, rank, scoreBoard, tieBreakBetween } from '../../src/game/score.js';
import { Rng } from '../../src/game/rng.js';
import { build, type Put } from './engine-kit.js';

function legalList(board: Board, n: number): string[] {
  const out = new Int32Array(MAX_PLACEMENTS);
  const count = board.legal(n, out);
  return Array.from(out.subarray(0, count), (c) => `${codeAx(c)},${codeAy(c)} ${codeBx(c)},${codeBy(c)}`);
}

describe('the 48 dominoes', () => {
  it('match the reference totals: 96 squares, 39 crowns, per terrain', () => {
    const halves = DOMINOES.flatMap((d) => [d.a, d.b]);
    const per = (t: string): [number, number] => {
      const hs = halves.filter((h) => h.terrain === t);
      return [hs.length, hs.reduce((s, h) => s + h.crowns, 0)];
    };
    expect(DOMINOES.map((d) => d.n)).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));
    expect(halves.reduce((s, h) => s + h.crowns, 0)).toBe(39);
    expect([per('wheat'), per('forest'), per('lake'), per('grassland'), per('swamp'), per('mine')]).toEqual([
      [26, 5],
      [22, 6],
      [18, 6],
      [14, 6],
      [10, 6],
      [6, 10],
    ]);
  });

  it('1-12 are single-terrain without crowns; no domino has crowns on both halves', () => {
    for (const d of DOMINOES.slice(0, 12)) expect([d.a.terrain, d.a.crowns + d.b.crowns]).toEqual([d.b.terrain, 0]);
    expect(DOMINOES.filter((d) => d.a.crowns > 0 && d.b.crowns > 0)).toEqual([]);
    expect(domino(48)).toEqual({ n: 48, a: { terrain: 'wheat', crowns: 0 }, b: { terrain: 'mine', crowns: 3 } });
    expect(() => domino(49)).toThrow(RangeError);
  });
});

describe('placing a domino', () => {
  it('the castle is wild: any domino may touch it, in 24 ways on an empty kingdom', () => {
    for (const n of [1, 19, 48]) {
      const list = legalList(new Board(5), n);
      expect(list).toHaveLength(24);
      expect(list).toContain('1,0 2,0');
      expect(list).toContain('0,2 0,1');
    }
    expect(new Board(5).check(48, 2, 0, 3, 0)).toBe('no-connection');
  });

  it('a domino may connect through its second half only', () => {
    const board = build(5, [[3, 1, 0, 2, 0]]); // forest, forest
    // 13 is wheat | forest: its forest half b touches the forest at (2, 0), its wheat half touches nothing.
    expect(board.check(13, 3, 1, 3, 0)).toBeNull();
    expect(legalList(board, 13)).toContain('3,1 3,0');
    // The other way round the wheat half sits by the forest and the forest half by nothing.
    expect(board.check(13, 3, 0, 3, 1)).toBe('no-connection');
  });

  it('matching terrain of the first half connects too, and other terrains do not', () => {
    const board = build(5, [[7, 1, 0, 2, 0]]); // lake, lake
    expect(board.check(14, 3, 0, 4, 0)).toBe('no-connection'); // wheat | lake: wheat by the lake, lake half by nothing
    expect(board.check(17, 3, 0, 4, 0)).toBe('no-connection'); // forest by the lake
    expect(board.check(37, 3, 0, 4, 0)).toBeNull(); // lake | grassland: lake half by the lake
  });

  it('rejects overlaps, the castle square and halves that are not side by side', () => {
    const board = build(5, [[3, 1, 0, 2, 0]]);
    expect(board.check(4, 2, 0, 2, 1)).toBe('occupied');
    expect(board.check(4, 0, 0, 0, 1)).toBe('occupied');
    expect(board.check(4, 1, 1, 2, 2)).toBe('not-adjacent');
    expect(board.check(4, 0, 1, 0, 1)).toBe('not-adjacent');
  });

  /** A kingdom that already spans its whole frame along one axis, a placement beyond it and one inside. */
  type Frame = {
    grid: 5 | 7;
    axis: string;
    puts: Put[];
    beyond: [number, number, number, number];
    inside: [number, number, number, number];
  };
  const frames: Frame[] = [
    {
      grid: 5,
      axis: 'x',
      puts: [
        [3, 1, 0, 2, 0],
        [4, 3, 0, 4, 0],
      ],
      beyond: [-1, 0, -1, 1],
      inside: [1, 1, 2, 1],
    },
    {
      grid: 5,
      axis: 'y',
      puts: [
        [3, 0, 1, 0, 2],
        [4, 0, 3, 0, 4],
      ],
      beyond: [0, -1, 1, -1],
      inside: [1, 1, 1, 2],
    },
    {
      grid: 7,
      axis: 'x',
      puts: [
        [3, 1, 0, 2, 0],
        [4, 3, 0, 4, 0],
        [5, 5, 0, 6, 0],
      ],
      beyond: [-1, 0, -1, 1],
      inside: [1, 1, 2, 1],
    },
    {
      grid: 7,
      axis: 'y',
      puts: [
        [3, 0, -1, 0, -2],
        [4, 0, -3, 0, -4],
        [5, 0, -5, 0, -6],
      ],
      beyond: [0, 1, 1, 1],
      inside: [1, -1, 1, -2],
    },
  ];
  for (const { grid, axis, puts, beyond, inside } of frames) {
    it(`keeps the whole kingdom within ${grid}x${grid} along ${axis}`, () => {
      const board = build(grid, puts);
      const reach = grid - 1;
      expect(board.check(6, ...beyond)).toBe('out-of-frame');
      expect(board.check(6, ...inside)).toBeNull();
      // No listed placement leaves the frame.
      for (const p of legalList(board, 6)) {
        const cells = p.split(' ').map((c) => c.split(',').map(Number) as [number, number]);
        const xs = [0, board.minX, board.maxX, ...cells.map((c) => c[0])];
        const ys = [0, board.minY, board.maxY, ...cells.map((c) => c[1])];
        expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(reach);
        expect(Math.max(...ys) - Math.min(...ys)).toBeLessThanOrEqual(reach);
      }
    });
  }

  it('the fast listing equals a cell-by-cell check, on random kingdoms of both sizes', () => {
    const rng = new Rng([7, 7, 7, 7]);
    for (const grid of [5, 7] as const) {
      for (let game = 0; game < 40; game++) {
        const board = new Board(grid);
        for (let turn = 0; turn < (grid === 5 ? 12 : 24); turn++) {
          const n = 1 + rng.int(48);
          const slow: string[] = [];
          for (let y = -6; y <= 6; y++)
            for (let x = -6; x <= 6; x++)
              for (const [dx, dy] of [
                [1, 0],
                [-1, 0],
                [0, 1],
                [0, -1],
              ] as const) {
                if (board.check(n, x, y, x + dx, y + dy) === null) slow.push(`${x},${y} ${x + dx},${y + dy}`);
              }
          const fast = legalList(board, n);
          expect(fast.sort()).toEqual(slow.sort());
          expect(board.canPlace(n)).toBe(slow.length > 0);
          const pick = fast[rng.int(fast.length)];
          if (pick === undefined) continue;
          const [a = [], b = []] = pick.split(' ').map((c) => c.split(',').map(Number));
          board.place(n, a[0] ?? 0, a[1] ?? 0, b[0] ?? 0, b[1] ?? 0);
        }
      }
    }
  });

  it('a full frame leaves a domino nowhere to go (a forced discard)', () => {
    const board = build(5, [
      [3, 1, 0, 2, 0],
      [4, 3, 0, 4, 0],
      [5, 0, 1, 0, 2],
      [6, 0, 3, 0, 4],
    ]);
    // Kingdom spans x 0..4, y 0..4: lake 7 cannot touch the castle or a lake anywhere.
    expect(board.canPlace(7)).toBe(false);
    expect(board.canPlace(13)).toBe(true); // its forest half can join the forest
  });
});

/**
 * The rulebook's example (seeds/000): "a territory of 7 forest squares with 3 crowns
 * scores 21 points; 9 lake squares with no crowns score 0". Built from real dominoes:
 *
 *   y=-2  F  F  F  F  .        3 3 4 4 .
 *   y=-1  F* F* F* W  .        24 25 26 26 .
 *   y= 0  W  W  C  L  L        24 25 C 7 7
 *   y= 1  W  L  L  L  L        14 14 9 8 8
 *   y= 2  G* L  L  L  G**      37 37 9 42 42
 */
const RULEBOOK: Put[] = [
  [26, 0, -1, 1, -1],
  [25, -1, -1, -1, 0],
  [24, -2, -1, -2, 0],
  [3, -2, -2, -1, -2],
  [4, 0, -2, 1, -2],
  [7, 1, 0, 2, 0],
  [8, 1, 1, 2, 1],
  [9, 0, 1, 0, 2],
  [14, -2, 1, -1, 1],
  [37, -1, 2, -2, 2],
  [42, 1, 2, 2, 2],
];

describe('scoring', () => {
  it("the rulebook's example: forest 7 x 3 = 21, lake 9 x 0 = 0, every territory listed", () => {
    const s = scoreBoard(build(5, RULEBOOK), 0, false, false);
    const t = s.territories.map((x) => `${x.terrain} ${x.squares}x${x.crowns}=${x.points}`).sort();
    expect(t).toEqual([
      'forest 7x3=21',
      'grassland 1x1=1',
      'grassland 1x2=2',
      'lake 9x0=0',
      'wheat 1x0=0',
      'wheat 3x0=0',
    ]);
    expect([s.total, s.largestTerritory, s.crowns, s.harmony, s.middleKingdom]).toEqual([24, 9, 6, 0, 0]);
    const forest = s.territories.find((x) => x.terrain === 'forest');
    expect(forest?.cells).toHaveLength(7);
    expect(forest?.cells).toContainEqual([-2, -1]);
  });

  it('territories of one terrain that do not touch score separately, and the castle joins none', () => {
    // Forest with a crown on either side of the castle: two territories of 2, not one of 5.
    const s = scoreBoard(
      build(5, [
        [24, 1, 0, 2, 0],
        [25, -1, 0, -2, 0],
      ]),
      0,
      false,
      false,
    );
    expect(s.territories.map((x) => `${x.terrain} ${x.squares}x${x.crowns}`).sort()).toEqual([
      'forest 1x1',
      'forest 1x1',
      'wheat 1x0',
      'wheat 1x0',
    ]);
    expect(s.total).toBe(2);
    expect(s.largestTerritory).toBe(1);
  });

  it('middle kingdom with gaps: +10 when the castle is the centre; harmony needs the frame full', () => {
    const s = scoreBoard(build(5, RULEBOOK), 0, true, true);
    expect([s.middleKingdom, s.harmony, s.total]).toEqual([10, 0, 34]);
  });

  it('a full, centred kingdom earns both bonuses (+15, as in seeds/001)', () => {
    const board = build(5, [...RULEBOOK, [5, 2, -2, 2, -1]]);
    expect(board.filled).toBe(25);
    const s = scoreBoard(board, 0, true, true);
    expect([s.harmony, s.middleKingdom, s.total]).toEqual([5, 10, 9 * 3 + 3 + 15]);
    expect(scoreBoard(board, 0, false, false).total).toBe(30); // bonuses only when the variants are on
  });

  it('harmony is lost by any discard', () => {
    const board = build(5, [...RULEBOOK, [5, 2, -2, 2, -1]]);
    board.discards = 1;
    expect(scoreBoard(board, 0, true, false).harmony).toBe(0);
  });

  it('middle kingdom: a full-width kingdom with the castle off-centre earns nothing', () => {
    const offX = build(5, [
      [3, 1, 0, 2, 0],
      [4, 3, 0, 4, 0],
      [5, 0, 1, 0, 2],
      [6, 0, -1, 0, -2],
    ]);
    expect([offX.maxX - offX.minX, offX.maxY - offX.minY]).toEqual([4, 4]);
    expect(scoreBoard(offX, 0, false, true).middleKingdom).toBe(0);
    const offY = build(5, [
      [3, 1, 0, 2, 0],
      [4, -1, 0, -2, 0],
      [5, 0, 1, 0, 2],
      [6, 0, 3, 0, 4],
    ]);
    expect(scoreBoard(offY, 0, false, true).middleKingdom).toBe(0);
  });

  it('middle kingdom on 7x7 needs 3 cells each way', () => {
    const cross: Put[] = [
      [3, 1, 0, 2, 0],
      [4, 3, 0, 3, -1],
      [5, -1, 0, -2, 0],
      [6, -3, 0, -3, 1],
      [7, 0, -1, 0, -2],
      [8, 0, -3, 1, -3],
      [9, 0, 1, 0, 2],
      [17, 1, 3, 0, 3],
    ];
    expect(scoreBoard(build(7, cross), 0, false, true).middleKingdom).toBe(10);
    expect(scoreBoard(build(7, RULEBOOK), 0, false, true).middleKingdom).toBe(0);
  });
});

describe('the winner and the tie-breaks', () => {
  const score = (player: number, total: number, largestTerritory: number, crowns: number): PlayerScore => ({
    player,
    territories: [],
    harmony: 0,
    middleKingdom: 0,
    total,
    largestTerritory,
    crowns,
  });

  it('tieBreakBetween names the first figure that differs between two players level on points', () => {
    expect(tieBreakBetween(score(0, 30, 6, 8), score(1, 29, 9, 9))).toBe('none');
    expect(tieBreakBetween(score(0, 30, 6, 8), score(1, 30, 5, 9))).toBe('largest-territory');
    expect(tieBreakBetween(score(0, 30, 6, 8), score(1, 30, 6, 7))).toBe('crowns');
    expect(tieBreakBetween(score(0, 30, 6, 8), score(1, 30, 6, 8))).toBe('shared');
  });
  it('highest total wins outright', () => {
    expect(rank([score(0, 40, 9, 5), score(1, 41, 3, 2)])).toMatchObject({ winners: [1], decidedBy: 'none' });
  });
  it('tied totals: the largest territory decides', () => {
    expect(rank([score(0, 40, 9, 5), score(1, 40, 10, 2), score(2, 12, 20, 9)])).toMatchObject({
      winners: [1],
      decidedBy: 'largest-territory',
    });
  });
  it('then the crowns', () => {
    expect(rank([score(0, 40, 9, 5), score(1, 40, 9, 6), score(2, 40, 8, 9)])).toMatchObject({
      winners: [1],
      decidedBy: 'crowns',
    });
  });
  it('still tied: a shared victory', () => {
    expect(rank([score(0, 40, 9, 6), score(1, 40, 9, 6), score(2, 39, 9, 6)])).toMatchObject({
      winners: [0, 1],
      decidedBy: 'shared',
    });
  });
  it('byRanking sorts best first by the same keys, and ties only on all three', () => {
    const scores = [
      score(0, 39, 20, 9),
      score(1, 40, 9, 5),
      score(2, 40, 9, 6),
      score(3, 40, 10, 0),
      score(4, 40, 9, 6),
    ];
    expect([...scores].sort(byRanking).map((s) => s.player)).toEqual([3, 2, 4, 1, 0]);
    expect(byRanking(scores[2]!, scores[4]!)).toBe(0);
    const r = rank(scores);
    expect(r.winners).toEqual([3]);
    expect(scores.filter((s) => byRanking(s, scores[3]!) === 0).map((s) => s.player)).toEqual(r.winners);
  });
});
