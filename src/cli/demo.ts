/**
 * Plays whole games between computer players without Discord, writes their records,
 * the table after every move (table-001.png, ...) and the score sheet (final.png),
 * in a Dynasty each game in its folder with the Dynasty sheet at its end (dynasty.png),
 * and prints the scores and the winner.
 *
 *   npm run demo -- --players 4 --seed 42 --out out/
 *   npm run demo -- --players 2 --mighty-duel --seats hard,random --dynasty
 *   npm run demo -- --solo --seats hard --seed 2026-11-01
 *
 * Exit codes: 0 done, 2 bad command line (the message says why), 1 anything else.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AI_LEVELS,
  applyDynasty,
  apply,
  byRanking,
  createDynasty,
  createGame,
  dynastyGame,
  dynastyGameNumber,
  dynastyResult,
  gameOptionsFor,
  legalPlacements,
  isPlayerCount,
  NO_VARIANTS,
  prompt,
  result,
  Rng,
  SOLO_OPTIONS,
  toRecord,
  type Action,
  type DynastyState,
  type GameOptions,
  type GameResult,
  type GameState,
  type Result,
  type Seat,
  type VariantChoice,
} from '../game/index.js';
import { chooseAction } from '../ai/index.js';
import { renderDynastySheet, renderScoreSheet, renderTable } from '../render/index.js';
import { readVariants, variantFlags, type VariantValues } from './variants.js';

/** The computer players' levels, and "random": any legal move. */
const LEVELS = ['random', ...AI_LEVELS] as const;
type Level = (typeof LEVELS)[number];

export interface DemoConfig {
  readonly seed: string;
  readonly out: string;
  readonly seats: readonly Level[];
  readonly variants: VariantChoice;
  /** The solo game (Crown of Thorns, Harmony and the Middle Kingdom on), as the daily deal plays it. */
  readonly solo: boolean;
  readonly images: boolean;
  /** The hard level's thinking time per move; the AI's default when absent. */
  readonly thinkMs: number | undefined;
}

/** A command line we cannot run: exit code 2 with this message. */
export class UsageError extends Error {}

const USAGE = `usage: npm run demo -- [--players 2|3|4 | --solo] [--seed TEXT] [--out DIR]
  [--seats LEVEL,LEVEL,...]   one level per player: random, easy, normal, hard (default: all random)
  [--mighty-duel] [--harmony] [--middle-kingdom] [--three-player classic|discard]
  [--balanced-opening] [--dynasty] [--no-images] [--think-ms N]   (N: the hard level's time per move)`;

// ---------------------------------------------------------------- command line

export function parseConfig(argv: readonly string[]): DemoConfig {
  const { values } = parseCommandLine(argv);
  const solo = values.solo === true;
  const seats = solo ? parseSoloSeat(values.seats, values.players) : parseSeats(values.seats, values.players);
  const variants = solo ? soloVariants(values) : readVariants(values, seats.length);
  if (!variants.ok) throw new UsageError(variants.error);
  const seed = values.seed ?? String(Date.now());
  if (seed === '') throw new UsageError('--seed must not be empty');
  return {
    seed,
    out: values.out ?? 'out',
    seats,
    variants: variants.value,
    solo,
    images: values['no-images'] !== true,
    thinkMs: values['think-ms'] === undefined ? undefined : parseThinkMs(values['think-ms']),
  };
}

function parseCommandLine(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        players: { type: 'string' },
        solo: { type: 'boolean' },
        seed: { type: 'string' },
        out: { type: 'string' },
        seats: { type: 'string' },
        'mighty-duel': { type: 'boolean' },
        harmony: { type: 'boolean' },
        'middle-kingdom': { type: 'boolean' },
        'three-player': { type: 'string' },
        'balanced-opening': { type: 'boolean' },
        dynasty: { type: 'boolean' },
        'no-images': { type: 'boolean' },
        'think-ms': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parsePlayers(text: string): 2 | 3 | 4 {
  if (text === '2' || text === '3' || text === '4') return Number(text) as 2 | 3 | 4;
  throw new UsageError(`--players must be 2, 3 or 4 (got "${text}")`);
}

function parseSeats(seatsText: string | undefined, playersText: string | undefined): Level[] {
  const players = playersText === undefined ? undefined : parsePlayers(playersText);
  if (seatsText === undefined) return Array<Level>(players ?? 4).fill('random');
  const seats = seatsText.split(',').map((s) => s.trim());
  const unknown = seats.find((s) => !(LEVELS as readonly string[]).includes(s));
  if (unknown !== undefined) throw new UsageError(`--seats: unknown level "${unknown}" (levels: ${LEVELS.join(', ')})`);
  if (players !== undefined && seats.length !== players) {
    throw new UsageError(`--seats lists ${seats.length} levels but --players is ${players}`);
  }
  if (!isPlayerCount(seats.length)) throw new UsageError(`--seats must list 2, 3 or 4 levels (got ${seats.length})`);
  return seats as Level[];
}

function parseSoloSeat(seatsText: string | undefined, playersText: string | undefined): Level[] {
  if (playersText !== undefined) throw new UsageError('--solo is one player: leave out --players');
  const level = seatsText?.trim() ?? 'random';
  if (!(LEVELS as readonly string[]).includes(level)) {
    throw new UsageError(`--solo takes one level in --seats (levels: ${LEVELS.join(', ')}; got "${level}")`);
  }
  return [level as Level];
}

/** The solo game fixes its variants (Harmony and the Middle Kingdom on): other variant flags are refused. */
function soloVariants(values: VariantValues): Result<VariantChoice, string> {
  const others = ['mighty-duel', 'dynasty', 'three-player', 'balanced-opening'] as const;
  const extra = others.filter((flag) => values[flag] !== undefined).map((flag) => `--${flag}`);
  if (extra.length > 0) {
    return { ok: false, error: `--solo plays Harmony and the Middle Kingdom only (got ${extra.join(' ')})` };
  }
  return { ok: true, value: { ...NO_VARIANTS, harmony: true, middleKingdom: true } };
}

function parseThinkMs(text: string): number {
  const ms = Number(text);
  if (/^\d+$/.test(text) && ms >= 1 && ms <= 600_000) return ms;
  throw new UsageError(`--think-ms must be a whole number of milliseconds from 1 to 600000 (got "${text}")`);
}

// ---------------------------------------------------------------- players

type Chooser = (state: GameState) => Action;

function randomAction(state: GameState, rng: Rng): Action {
  const p = prompt(state);
  switch (p.kind) {
    case 'claim':
      return { type: 'claim', player: p.player, domino: pick(p.choices, rng) };
    case 'place': {
      if (!p.canPlace) return { type: 'discard', player: p.player };
      const { a, b } = pick(legalPlacements(state), rng);
      return { type: 'place', player: p.player, a, b };
    }
    case 'over':
      throw new Error('no action: the game is over');
  }
}

function pick<T>(items: readonly T[], rng: Rng): T {
  const item = items[rng.int(items.length)];
  if (item === undefined) throw new Error('nothing to choose from');
  return item;
}

function makeChooser(seats: readonly Level[], seed: string, thinkMs: number | undefined): Chooser {
  const rng = Rng.fromSeed(`demo/${seed}`);
  return (state) => {
    const level = seats[activePlayer(state)] ?? 'random';
    return level === 'random'
      ? randomAction(state, rng)
      : chooseAction(state, level, { seed: rng.next(), ...(thinkMs ? { timeMs: thinkMs } : {}) });
  };
}

function activePlayer(state: GameState): number {
  const p = prompt(state);
  return p.kind === 'over' ? -1 : p.player;
}

function seatsOf(levels: readonly Level[]): Seat[] {
  return levels.map((level, i) => ({ name: `Player ${i + 1}`, kind: `ai:${level}` }));
}

// ---------------------------------------------------------------- output

/** Writes a game's pictures as it goes (unless --no-images) and its record and score sheet at the end. */
class GameWriter {
  private moves = 0;

  constructor(
    private readonly dir: string,
    private readonly images: boolean,
  ) {}

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async moved(state: GameState, dynasty: DynastyState | null = null): Promise<void> {
    this.moves++;
    if (this.images)
      await writeFile(
        join(this.dir, `table-${String(this.moves).padStart(3, '0')}.png`),
        await renderTable(state, { dynasty }),
      );
  }

  async finished(state: GameState, dynasty: DynastyState | null = null): Promise<string> {
    const recordPath = join(this.dir, 'record.json');
    await writeFile(recordPath, `${JSON.stringify(toRecord(state), null, 2)}\n`);
    if (this.images) await writeFile(join(this.dir, 'final.png'), await renderScoreSheet(state));
    // The Dynasty sheet, as the bot posts it at the end of every game of a Dynasty.
    if (this.images && dynasty) await writeFile(join(this.dir, 'dynasty.png'), await renderDynastySheet(dynasty));
    return recordPath;
  }
}

function printResult(title: string, seats: readonly Seat[], res: GameResult): void {
  console.log(title);
  const ranked = [...res.scores].sort(byRanking);
  for (const s of ranked) {
    const seat = seats[s.player];
    const bonuses = [
      s.harmony ? `harmony +${s.harmony}` : '',
      s.middleKingdom ? `middle kingdom +${s.middleKingdom}` : '',
    ].filter(Boolean);
    console.log(
      `  ${seat?.name} (${seat?.kind}): ${s.total} points (largest territory ${s.largestTerritory}, crowns ${s.crowns}${bonuses.length ? `, ${bonuses.join(', ')}` : ''})`,
    );
  }
  const names = res.winners.map((w) => seats[w]?.name).join(', ');
  const decided =
    res.decidedBy === 'none' || res.decidedBy === 'shared' ? '' : ` (tie broken by ${res.decidedBy.replace('-', ' ')})`;
  console.log(res.winners.length > 1 ? `Winners (shared victory): ${names}` : `Winner: ${names}${decided}`);
}

function describeSetup(config: DemoConfig): string {
  if (config.solo) return `Kingdomino demo: solo, Crown of Thorns (${config.seats[0]}), seed "${config.seed}"`;
  const flags = variantFlags(config.variants);
  return `Kingdomino demo: ${config.seats.length} players (${config.seats.join(', ')}), seed "${config.seed}"${flags.length ? `, ${flags.join(' ')}` : ''}`;
}

/** The engine options of the demo's games. */
function optionsOf(config: DemoConfig): Partial<Omit<GameOptions, 'players'>> {
  if (config.solo) return SOLO_OPTIONS;
  return gameOptionsFor(config.variants, config.seats.length);
}

// ---------------------------------------------------------------- play

function mustApply<T>(applied: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!applied.ok) throw new Error(`the engine refused a computer player's move: ${applied.error.message}`);
  return applied.value;
}

async function playOneGame(config: DemoConfig, choose: Chooser): Promise<void> {
  const created = createGame({ seats: seatsOf(config.seats), seed: config.seed, options: optionsOf(config) });
  if (!created.ok) throw new UsageError(created.error.message);
  const writer = new GameWriter(config.out, config.images);
  await writer.start();
  let state = created.value;
  while (prompt(state).kind !== 'over') {
    state = mustApply(apply(state, choose(state)));
    await writer.moved(state);
  }
  console.log(`Record: ${await writer.finished(state)}`);
  printResult('Final scores:', state.seats, result(state)!);
}

async function playDynasty(config: DemoConfig, choose: Chooser): Promise<void> {
  const created = createDynasty({ seats: seatsOf(config.seats), seed: config.seed, options: optionsOf(config) });
  if (!created.ok) throw new UsageError(created.error.message);
  let dynasty = created.value;
  let writer: GameWriter | null = null;
  while (!dynastyResult(dynasty)) {
    const number = dynastyGameNumber(dynasty);
    if (!writer) {
      writer = new GameWriter(join(config.out, `game-${number}`), config.images);
      await writer.start();
    }
    dynasty = mustApply(applyDynasty(dynasty, choose(dynastyGame(dynasty))));
    const played = dynasty.games[number - 1]!;
    await writer.moved(played, dynasty);
    const over = result(played);
    if (over) {
      console.log(`Record: ${await writer.finished(played, dynasty)}`);
      printResult(`Game ${number} scores:`, played.seats, over);
      writer = null;
    }
  }
  printResult('Dynasty totals:', dynastyGame(dynasty).seats, dynastyResult(dynasty)!);
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    const config = parseConfig(argv);
    const choose = makeChooser(config.seats, config.seed, config.thinkMs);
    console.log(describeSetup(config));
    await (config.variants.dynasty ? playDynasty : playOneGame)(config, choose);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`error: ${error.message}\n${USAGE}`);
      return 2;
    }
    console.error(error);
    return 1;
  }
}

// Run only as a program, so the tests can import parseConfig.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main(process.argv.slice(2));
