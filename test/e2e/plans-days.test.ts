/**
 * What plans ahead are for, through Discord on the fake's clock: four players at one
 * day a move play two games side by side, one allowing plans and one not (the same
 * players, looking at both at the same hours: once a day, at a random hour drawn each
 * day, seeded: test/support/days.ts's DailyLooks). At each look a player makes their move
 * in each game where it is theirs (again if the next is theirs too): the spot the panel
 * opens on and a domino they like. Where plans are allowed they then plan their next
 * move: Plan ahead, the domino they like best, else the one they like next, else the
 * lowest left. A move not made within its day is made by the bot when its time is up.
 * The game with plans finishes in fewer days; its moves played by plans are told so.
 * (The bench measures the ratio over many games: bench/correspondence-plans.bench.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../src/game/index.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import { DAY_MS, DailyLooks } from '../support/days.js';
import {
  isFinal,
  lastMessage,
  launch,
  startTable,
  userToPlay,
  yourTurnId,
  FAST_THREADS,
  WHOLE_GAME_MS,
  type World,
} from './harness.js';

const SEED = 'plans-through-discord';
/**
 * A look this close before a move's time is up counts as too late for it (the bot may
 * be making it); time ups this close together are waited for together.
 */
const MARGIN_MS = 5 * 60_000;
/** A pick on a move's panel or a plan's. */
const TAKE = /^Take #/;

interface Game {
  readonly threadId: string;
  readonly plans: boolean;
  /** When the move asked for now was first asked for (the fake's clock). */
  askedAt: number;
  /** When the game ended (the fake's clock), once it has. */
  endedAt: number | null;
}

describe('plans ahead, four players at a day a move', () => {
  let world: World;
  beforeAll(async () => {
    world = await launch(FAST_THREADS);
  });
  afterAll(async () => {
    await world?.close();
  });

  it(
    'the same players at the same hours finish the game with plans in fewer days',
    { timeout: 4 * WHOLE_GAME_MS },
    async () => {
      const { discord } = world;
      const players = ['alice', 'bob', 'carol', 'dave'].map((name) => discord.user(name));
      const [host, ...others] = players as [FakeUser, ...FakeUser[]];
      const tastes = Rng.fromSeed(`tastes/${SEED}`);
      const boards = (game: Game) => discord.messages(game.threadId).filter((m) => m.pngs().length > 0);
      const lastBoard = (game: Game): FakeMessage => boards(game).at(-1)!;
      const over = (game: Game) => isFinal(lastMessage(discord, game.threadId));

      const open = async (plans: boolean): Promise<Game> => {
        const options = { pace: '1d', 'plan-ahead': plans };
        const threadId = await startTable(
          discord,
          host.username,
          others.map((u) => u.username),
          options,
        );
        return { threadId, plans, askedAt: discord.now(), endedAt: null };
      };
      const games = [await open(true), await open(false)];
      const startedAt = discord.now();

      /** After `board`: the next board that asks a player, or the end. */
      const settled = async (game: Game, board: FakeMessage): Promise<void> => {
        await discord.waitFor(
          () => over(game) || (lastBoard(game).id !== board.id && userToPlay(discord, lastBoard(game)) !== null),
          'the next move asked for, or the end',
        );
        if (over(game)) game.endedAt = discord.now();
        else game.askedAt = discord.now();
      };

      /** The player's move from the board: the panel's spot, a domino they like (or place, or discard, in the last round). */
      const move = async (game: Game, board: FakeMessage, user: FakeUser): Promise<void> => {
        const panel = await (await discord.click(board, yourTurnId(board), user)).reply();
        for (let step = 0; step < 3 && !panel.content.startsWith('✅'); step++) {
          const picks = panel.buttons().filter((b) => !b.disabled && TAKE.test(b.label ?? ''));
          const place = panel.buttons().find((b) => !b.disabled && /^(✅ Place here|🗑 Discard)/.test(b.label ?? ''));
          const next = picks.length > 0 ? tastes.shuffle(picks)[0] : place;
          if (!next?.customId) throw new Error(`nothing to press on the panel: ${panel.content}`);
          await (await discord.click(panel, next.customId, user)).reply();
        }
        expect(panel.content).toMatch(/^✅/);
        await settled(game, board);
      };

      /** The player's plan for their next move, if they may make one and have none. */
      const plan = async (game: Game, user: FakeUser): Promise<void> => {
        const board = lastBoard(game);
        const panel = await (await discord.click(board, board.button(/Plan ahead/).customId!, user)).reply();
        const takes = panel.buttons().filter((b) => !b.disabled && TAKE.test(b.label ?? ''));
        const place = panel.buttons().find((b) => /^(✅ Place here|🗑 Discard)/.test(b.label ?? ''));
        if (takes.length === 0 && place?.customId && /Planning ahead/.test(panel.content)) {
          // The last round: nothing to pick, the domino in hand placed where the panel puts it.
          await (await discord.click(panel, place.customId, user)).reply();
          expect(panel.content).toMatch(/Your plan/);
          return;
        }
        // Planned already, or nothing to plan yet (the line of their next move is not out).
        if (takes.length === 0) return;
        const [first, second] = tastes.shuffle(takes.map((b) => Number(/#(\d+)/.exec(b.label!)![1])));
        await (await discord.click(panel, takes.find((b) => b.label === `Take #${first}`)!.customId!, user)).reply();
        const orElse = panel.buttons().find((b) => b.label === `Else #${second}`);
        if (orElse) await (await discord.click(panel, orElse.customId!, user)).reply();
        await (await discord.click(panel, panel.button(/lowest left/).customId!, user)).reply();
        expect(panel.content).toMatch(/Your plan/);
      };

      /** A player looks at a game: their move while it is theirs, then their plan where plans are allowed. */
      const looksAt = async (game: Game, user: FakeUser): Promise<void> => {
        for (let board = lastBoard(game); !over(game); board = lastBoard(game)) {
          if (userToPlay(discord, board)?.id !== user.id) break;
          await move(game, board, user);
        }
        if (game.plans && !over(game)) await plan(game, user);
      };

      /** When the move asked for now is made by the bot, at the latest. */
      const timeUp = (game: Game): number => game.askedAt + DAY_MS;
      const looks = new DailyLooks(SEED, players.length, startedAt);
      for (let guard = 0; guard < 2000 && games.some((g) => g.endedAt === null); guard++) {
        const look = looks.next();
        // Moves whose day ends before the look (or just after it) are made when their time is up.
        const running = games.filter((g) => g.endedAt === null);
        const first = Math.min(...running.map(timeUp));
        if (first <= look.at + MARGIN_MS) {
          const late = running.filter((g) => timeUp(g) <= first + MARGIN_MS);
          const before = late.map(lastBoard);
          await world.advance(Math.max(0, Math.max(...late.map(timeUp)) + 1000 - discord.now()));
          for (const [i, game] of late.entries()) await settled(game, before[i]!);
          continue;
        }
        await world.advance(Math.max(0, look.at - discord.now()));
        looks.taken();
        for (const game of games) if (game.endedAt === null) await looksAt(game, players[look.player]!);
      }

      const [planned, asked] = games.map((g) => (g.endedAt! - startedAt) / DAY_MS) as [number, number];
      const told = (g: Game) => boards(g).flatMap((b) => b.content.match(/Planned ahead/g) ?? []).length;
      expect(told(games[0]!)).toBeGreaterThan(10);
      expect(told(games[1]!)).toBe(0);
      expect(planned).toBeLessThan(asked);
    },
  );
});
