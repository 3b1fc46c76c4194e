/** The demo as a user runs it: a child process, its files and what it prints. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/game/index.js';
import { checkRecord, NO_VARIANTS } from '../../src/game/index.js';
import { parseConfig, UsageError } from '../../src/cli/demo.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function demo(args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/demo.ts', ...args],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kingdomino-demo-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readRecord(path: string): Promise<GameRecord> {
  return JSON.parse(await readFile(path, 'utf8')) as GameRecord;
}

/** The record passes the engine's checks and the printed winner is the record's. */
function expectWinnerPrinted(record: GameRecord, stdout: string, heading: string): void {
  expect(checkRecord(record)).toMatchObject({ ok: true });
  const names = record.result!.winners.map((w) => record.players[w]!.name);
  const section = stdout.slice(stdout.indexOf(heading));
  const winnerLine = section.split('\n').find((line) => line.startsWith('Winner'))!;
  expect(winnerLine).toEqual(
    names.length > 1
      ? `Winners (shared victory): ${names.join(', ')}`
      : expect.stringMatching(new RegExp(`^Winner: ${names[0]}( \\(|$)`)),
  );
  for (const score of record.result!.scores) {
    expect(section).toContain(
      `${record.players[score.player]!.name} (${record.players[score.player]!.kind}): ${score.total} points`,
    );
  }
}

describe('npm run demo', () => {
  it('plays a 4-player game, writes a record that replays, prints the scores and the winner', async () => {
    const out = join(dir, 'four');
    const run = await demo(['--players', '4', '--seed', '42', '--out', out, '--no-images']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const record = await readRecord(join(out, 'record.json'));
    expect(record.seed).toBe('42');
    expect(record.players.map((p) => p.kind)).toEqual(['ai:random', 'ai:random', 'ai:random', 'ai:random']);
    expectWinnerPrinted(record, run.stdout, 'Final scores:');
    expect((await readdir(out)).filter((f) => f.endsWith('.png'))).toEqual([]);
  });

  it('draws the table after every move and the score sheet at the end', async () => {
    const out = join(dir, 'pictures');
    const run = await demo(['--players', '2', '--seed', 'pictures', '--out', out]);
    expect(run.code).toBe(0);
    const record = await readRecord(join(out, 'record.json'));
    const moves = record.events.filter((e) => e.type === 'claim' || e.type === 'place' || e.type === 'discard').length;
    const tables = Array.from({ length: moves }, (_, i) => `table-${String(i + 1).padStart(3, '0')}.png`);
    expect((await readdir(out)).sort()).toEqual(['final.png', 'record.json', ...tables].sort());
    for (const picture of ['table-001.png', tables.at(-1)!, 'final.png']) {
      expect((await readFile(join(out, picture))).subarray(0, 8)).toEqual(
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      );
    }
  });

  it('is reproducible from its seed', async () => {
    const [a, b] = await Promise.all(
      ['again-a', 'again-b'].map(async (name) => {
        const out = join(dir, name);
        await demo(['--players', '3', '--three-player', 'classic', '--seed', 'same', '--out', out, '--no-images']);
        return readFile(join(out, 'record.json'), 'utf8');
      }),
    );
    expect(a).toBe(b);
  });

  it('plays the variants: a Mighty Duel with both bonuses', async () => {
    const out = join(dir, 'duel');
    const run = await demo([
      '--players',
      '2',
      '--mighty-duel',
      '--harmony',
      '--middle-kingdom',
      '--seed',
      '7',
      '--out',
      out,
      '--no-images',
    ]);
    expect(run.code).toBe(0);
    const record = await readRecord(join(out, 'record.json'));
    expect(record.options).toEqual({ players: 2, grid: 7, harmony: true, middleKingdom: true });
    expect(record.players.map((p) => p.kings)).toEqual([2, 2]);
    expectWinnerPrinted(record, run.stdout, 'Final scores:');
  });

  it('seats any mix of AI levels', async () => {
    const out = join(dir, 'levels');
    const run = await demo([
      '--seats',
      'hard,normal,easy',
      '--think-ms',
      '20',
      '--seed',
      'ai',
      '--out',
      out,
      '--no-images',
    ]);
    expect(run.code).toBe(0);
    const record = await readRecord(join(out, 'record.json'));
    expect(record.players.map((p) => p.kind)).toEqual(['ai:hard', 'ai:normal', 'ai:easy']);
    expectWinnerPrinted(record, run.stdout, 'Final scores:');
  });

  it('plays a Dynasty: three records and the totals', async () => {
    const out = join(dir, 'dynasty');
    const run = await demo([
      '--players',
      '2',
      '--balanced-opening',
      '--dynasty',
      '--seed',
      'd',
      '--out',
      out,
      '--no-images',
    ]);
    expect(run.code).toBe(0);
    const records = await Promise.all(
      [1, 2, 3].map((number) => readRecord(join(out, `game-${number}`, 'record.json'))),
    );
    records.forEach((record, i) => {
      expect(record.seed).toBe(`d/${i + 1}`);
      expect(record.options.balancedOpening).toBe(true);
      expectWinnerPrinted(record, run.stdout, `Game ${i + 1} scores:`);
    });
    const totals = records[0]!.players.map((_, player) =>
      records.reduce((n, r) => n + r.result!.scores.find((s) => s.player === player)!.total, 0),
    );
    const section = run.stdout.slice(run.stdout.indexOf('Dynasty totals:'));
    totals.forEach((total, player) => expect(section).toContain(`Player ${player + 1} (ai:random): ${total} points`));
    const best = totals.indexOf(Math.max(...totals));
    if (totals.filter((t) => t === totals[best]).length === 1)
      expect(section).toMatch(new RegExp(`^Winner: Player ${best + 1}`, 'm'));
  });

  it('refuses an impossible command line with exit code 2, the reason and the usage', async () => {
    const runs = await Promise.all(
      [
        ['--players', '3', '--mighty-duel'],
        ['--colour', 'red'],
      ].map((args) => demo([...args, '--out', join(dir, 'never')])),
    );
    expect(runs.map((r) => r.code)).toEqual([2, 2]);
    expect(runs[0]!.stderr).toMatch(
      /^error: --mighty-duel is for 2-player games \(got 3 players\)\nusage: npm run demo/,
    );
    expect(runs[1]!.stderr).toMatch(/^error: Unknown option '--colour'/);
    await expect(readdir(join(dir, 'never'))).rejects.toThrow();
  });
});

describe("the demo's command line", () => {
  it.each([
    [['--players', '3', '--mighty-duel'], /--mighty-duel is for 2-player games/],
    [['--players', '4', '--balanced-opening'], /--balanced-opening is for 2-player games/],
    [['--players', '4', '--three-player', 'classic'], /--three-player classic is for 3-player games/],
    [['--players', '3', '--three-player', 'modern'], /--three-player must be "classic" or "discard"/],
    [['--players', '5'], /--players must be 2, 3 or 4/],
    [['--players', 'four'], /--players must be 2, 3 or 4/],
    [['--colour', 'red'], /Unknown option '--colour'/],
    [['extra'], /extra/],
    [['--seats', 'random,genius'], /unknown level "genius"/],
    [['--players', '2', '--seats', 'random,random,random'], /--seats lists 3 levels but --players is 2/],
    [['--seats', 'hard'], /--seats must list 2, 3 or 4 levels/],
    [['--think-ms', 'soon'], /--think-ms must be a whole number/],
    [['--seed', ''], /--seed must not be empty/],
  ] as const)('refuses %j', (args, reason) => {
    expect(() => parseConfig(args)).toThrow(UsageError);
    expect(() => parseConfig(args)).toThrow(reason);
  });

  it('reads every set-up and variant', () => {
    expect(
      parseConfig([
        '--players',
        '2',
        '--mighty-duel',
        '--harmony',
        '--middle-kingdom',
        '--balanced-opening',
        '--seed',
        's',
        '--out',
        'o',
        '--no-images',
        '--dynasty',
      ]),
    ).toEqual({
      seed: 's',
      out: 'o',
      seats: ['random', 'random'],
      solo: false,
      images: false,
      thinkMs: undefined,
      variants: {
        mightyDuel: true,
        harmony: true,
        middleKingdom: true,
        dynasty: true,
        threePlayerClassic: false,
        balancedOpening: true,
      },
    });
    expect(
      parseConfig(['--three-player', 'classic', '--seats', 'easy,normal,hard', '--think-ms', '250']),
    ).toMatchObject({
      seats: ['easy', 'normal', 'hard'],
      thinkMs: 250,
      images: true,
      out: 'out',
      variants: { ...NO_VARIANTS, threePlayerClassic: true },
    });
    expect(parseConfig([]).seats).toEqual(['random', 'random', 'random', 'random']);
    expect(parseConfig(['--three-player', 'discard']).variants).toEqual(NO_VARIANTS);
  });

  it('plays the solo game with one level, Harmony and the Middle Kingdom on', () => {
    expect(parseConfig(['--solo', '--seats', 'hard'])).toMatchObject({
      solo: true,
      seats: ['hard'],
      variants: { ...NO_VARIANTS, harmony: true, middleKingdom: true },
    });
    expect(() => parseConfig(['--solo', '--players', '2'])).toThrow(UsageError);
    expect(() => parseConfig(['--solo', '--mighty-duel'])).toThrow(/--mighty-duel/);
    expect(() => parseConfig(['--solo', '--seats', 'hard,easy'])).toThrow(UsageError);
  });
});
