/**
 * The fault campaign (issue 11): several games at once, played by clicks through
 * the real bot against the fake Discord, while the campaign kills the bot with
 * SIGKILL at chosen moments and restarts it, makes Discord answer 500, 429 (per
 * route and global, with retry_after), time out (a post answered past discord.js's
 * 15 s, or lost and never answered), drops the gateway (resumed, or a new session),
 * and (with Redis) freezes the store for a few seconds.
 *
 * Everything the campaign decides comes from one seeded PRNG: the plan of events
 * (what, at which point of the games, with which figures), each kill's moment,
 * every click's choice (a stream per game, so the games' interleaving does not
 * change them). Wall-clock interleavings still vary from run to run; the seed and
 * the plan are printed with every failure, so a run can be tried again.
 *
 * Invariants, checked after every recovery and at the end (`checkRecovery` and
 * `finalCheck` in campaign/checks.ts):
 * - every move the store holds appears in its thread exactly once, in order, within
 *   `boundMs` of the recovery; the thread never shows a move the store lacks;
 * - a computer player whose turn it is plays within the bound; exactly one live
 *   "Your turn" button in a thread (on the store's turn message, for the player the
 *   store says), none once the game is over;
 * - at the end: the store's turn count is the sum of the actions the thread shows,
 *   every record passes `checkRecord` and has the store's events;
 * - every interaction was answered within Discord's 3 s, or it was disturbed by the
 *   campaign (sent while the bot was down or its gateway cut, or its callback got an
 *   injected fault); every strict-mode error of the fake is one of those;
 * - no bot process exited but the ones killed, none logged an unhandled rejection.
 *
 * Here, the players; in campaign/: the world they play in (world.ts), the seeded
 * PRNG and the plan (prng.ts, plan.ts), the disturbances (disturbances.ts), the
 * checks (checks.ts, moves.ts: the store's moves against the thread's, thread.ts:
 * what a thread shows) and the report (report.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { decode } from '../../src/discord/messages/codec.js';
import type { FakeInteraction } from '../fake-discord/interactions.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import { finalCheck } from './campaign/checks.js';
import { chaos } from './campaign/disturbances.js';
import { describeEvent, GAME_KINDS, type CampaignOptions, type CampaignReport } from './campaign/plan.js';
import { report } from './campaign/report.js';
import { answerOf, promptOf, threadSignature, yourTurn } from './campaign/thread.js';
import { World, type GameRun } from './campaign/world.js';

/** No move in any game for this long: stuck for good. */
const STALL_MS = 60_000;
/** How far past the next planned disturbance the players may go before they wait for it. */
const LEAD_MOVES = 6;

/** The players: games opened and played by clicks, as the thread shows them, alongside the disturbances. */
class Campaign extends World {
  async run(): Promise<void> {
    this.log(`seed ${this.opts.seed}; plan: ${this.plan.map(describeEvent).join(', ')}`);
    const disturbances = chaos(this);
    let next = 0;
    const lanes = Array.from({ length: Math.min(this.opts.parallel, this.opts.games) }, async (_, lane) => {
      for (;;) {
        const index = next++;
        if (index >= this.opts.games) return;
        const kind = GAME_KINDS[index % GAME_KINDS.length]!;
        const humans = Array.from({ length: kind.humans }, (_, k) => this.discord.user(`p${lane * 3 + k}`));
        const game: GameRun = {
          index,
          kind,
          humans,
          rng: this.rng.fork(`game ${index}`),
          threadId: null,
          over: false,
          confirmed: [],
        };
        this.games.push(game);
        await this.exclusive(async () => {
          game.threadId = await this.openTable(game);
          this.log(`game ${index} (${kind.name}) started in thread ${game.threadId}`);
        });
        await this.drive(game);
        this.log(`game ${index} over`);
      }
    });
    try {
      await Promise.race([Promise.all(lanes), this.watchdog()]);
    } finally {
      this.finished = true;
    }
    await disturbances;
  }

  /** Fails the run when no game moves for a long while (a game stuck for good), with what the store says. */
  async watchdog(): Promise<never> {
    let last = -1;
    let since = Date.now();
    for (;;) {
      await sleep(1000);
      // The games are over: nothing left to watch (the race is decided).
      if (this.finished) return new Promise<never>(() => undefined);
      this.assertAlive();
      const shown = this.shownTotal();
      if (shown !== last) {
        last = shown;
        since = Date.now();
        continue;
      }
      // A disturbance under way (a restart, an answer past the timeout) is not a stall.
      if (Date.now() - since < STALL_MS) continue;
      const states = await Promise.all(
        this.games
          .filter((g) => g.threadId && !g.over)
          .map(async (g) => {
            const table = await this.table(g.threadId!).catch(() => null);
            const player = table ? promptOf(table) : null;
            return `game ${g.index} (${g.kind.name}): ${table?.status ?? '?'}, turn ${table && 'game' in table ? table.game?.turn : '?'}, to move: ${player === null ? 'nobody' : table!.seats[player]?.kind}, owes ${table?.outbox?.length ?? 0} post(s)`;
          }),
      );
      this.violation(`no move for ${STALL_MS / 1000} s: ${states.join('; ')}`);
      throw new Error(`the games stalled:\n${states.join('\n')}`);
    }
  }

  /** /kingdomino start, the others join, the host starts: the thread id. Quiet (no disturbance meanwhile). */
  async openTable(game: GameRun): Promise<string> {
    const { discord } = this;
    const [host, ...others] = game.humans;
    const command = await discord.slashCommand({
      user: host!,
      name: 'kingdomino',
      subcommand: 'start',
      options: game.kind.options,
    });
    const lobby = await command.reply();
    for (const user of others) await (await discord.click(lobby, 'k1:j', user)).reply();
    await (await discord.click(lobby, 'k1:s', host!)).reply();
    await discord.waitFor(
      () => discord.thread(lobby.id) && discord.messages(lobby.id).some((m) => m.pngs().length > 0),
      'the first board',
    );
    return lobby.id;
  }

  /** Humans play from what the thread shows, by clicks, until the game is over. */
  async drive(game: GameRun): Promise<void> {
    const { discord } = this;
    const threadId = game.threadId!;
    for (;;) {
      this.assertAlive();
      const messages = discord.messages(threadId);
      if (messages.some((m) => (game.kind.dynasty ? /Dynasty totals/ : /Game over!/).test(m.content))) {
        game.over = true;
        return;
      }
      const live = [...messages]
        .reverse()
        .find((m) => m.buttons().some((b) => !b.disabled && /^Your turn/.test(b.label ?? '')));
      const id = live ? /<@(\d+)>, your turn/.exec(live.content)?.[1] : undefined;
      const user = id ? game.humans.find((h) => h.id === id) : undefined;
      if (!live || !user) {
        const signature = threadSignature(discord.messages(threadId));
        await this.until(() => threadSignature(discord.messages(threadId)) !== signature, 1500);
        continue;
      }
      // The plan keeps pace with the games: players do not run far past the next disturbance (a short run still gets all of them).
      await this.until(() => this.nextEventAt === null || this.shownTotal() < this.nextEventAt + LEAD_MOVES, 30_000);
      await this.noise(game, live, user);
      const moved = await this.humanMove(game, live, user);
      if (!moved) await sleep(game.rng.int(150, 600));
      else {
        // Wait for the next board (the checks judge lateness), then play on.
        await this.until(() => discord.messages(threadId).at(-1)?.id !== live.id || yourTurn(live) === null, 5000);
      }
    }
  }

  /** Now and then something a player does besides moving: a click by someone else, /kingdomino status. */
  async noise(game: GameRun, live: FakeMessage, user: FakeUser): Promise<void> {
    const roll = game.rng.next();
    if (roll < 0.04) {
      const other = game.rng.pick(
        this.discord.interactions().length > 0
          ? [...game.humans.filter((h) => h !== user), this.discord.user('p0')]
          : [user],
      );
      if (other === user) return;
      const click = await this.tryClick(live, yourTurn(live), other);
      if (click) await this.outcome(click);
      this.count('noise: someone else clicks Your turn');
    } else if (roll < 0.07) {
      const status = await this.discord.slashCommand({
        user: game.rng.pick(game.humans),
        channel: game.threadId!,
        name: 'kingdomino',
        subcommand: 'status',
      });
      this.clicks++;
      await this.outcome(status);
      this.count('noise: /kingdomino status');
    }
  }

  async tryClick(message: FakeMessage, customId: string | null, user: FakeUser): Promise<FakeInteraction | null> {
    if (!customId) return null;
    try {
      const click = await this.discord.click(message, customId, user);
      this.clicks++;
      return click;
    } catch {
      // The button went away between reading the message and clicking (cleared, edited): as a user would, look again.
      return null;
    }
  }

  /**
   * What became of an interaction: the message its answer is shown in (a reply, an
   * updated message, a follow-up), or 'expired' (Discord's 3 s passed), or 'lost'
   * (the bot that took it was killed before answering it all).
   */
  async outcome(i: FakeInteraction, ms = 40_000): Promise<FakeMessage | 'expired' | 'lost'> {
    const epoch = this.epoch;
    const end = Date.now() + ms;
    for (;;) {
      this.assertAlive();
      if (i.expired) return 'expired';
      const shown = answerOf(this.discord, i);
      if (shown) return shown;
      if (this.epoch !== epoch || Date.now() >= end) return 'lost';
      await sleep(40);
    }
  }

  /** One move by clicks: Your turn, then Take #N (or Place here, or the discard). True when the panel said it went through. */
  async humanMove(game: GameRun, live: FakeMessage, user: FakeUser): Promise<boolean> {
    const turnButton = yourTurn(live);
    const opened = turnButton ? decode(turnButton) : null;
    const open = await this.tryClick(live, turnButton, user);
    if (!open) return false;
    const panel = await this.outcome(open);
    if (typeof panel === 'string') return false;
    if (panel.buttons().length === 0) {
      this.refusals++;
      return false;
    }
    for (let step = 0; step < 3; step++) {
      const takes = panel.buttons().filter((b) => !b.disabled && b.customId?.startsWith('k1:k:'));
      const other = panel.buttons().find((b) => !b.disabled && /^(✅ Place here|🗑 Discard)/.test(b.label ?? ''));
      const button = takes.length > 0 ? game.rng.pick(takes) : other;
      if (!button?.customId) return false;
      const click = await this.tryClick(panel, button.customId, user);
      if (!click) return false;
      if (button.customId.startsWith('k1:k:') || /Place here/.test(button.label ?? '')) this.onTake?.();
      const answer = await this.outcome(click);
      if (typeof answer === 'string') return false;
      if (answer.id !== panel.id) {
        this.refusals++;
        return false;
      }
      if (panel.content.startsWith('✅')) {
        const number = Number(/Dynasty, game (\d+) of/.exec(live.content)?.[1] ?? 1);
        if (opened?.verb === 'your-turn') game.confirmed.push({ game: number, turn: opened.turn, userId: user.id });
        return true;
      }
      if (panel.buttons().length === 0) {
        this.refusals++;
        return false;
      }
    }
    return false;
  }
}

/**
 * Run a campaign and check it. `onEnd` gets the teardown, for a test framework to
 * call when the test ends early (a timeout): no bot or Redis is left running.
 */
export async function runCampaign(
  opts: CampaignOptions,
  onEnd?: (teardown: () => Promise<void>) => void,
): Promise<CampaignReport> {
  const campaign = new Campaign(opts);
  onEnd?.(() => campaign.tearDown());
  try {
    await campaign.setUp();
    await campaign.run();
    await finalCheck(campaign);
    return report(campaign);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    throw new Error(
      `fault campaign (${opts.store}, seed ${opts.seed}) failed: ${text}\nplan: ${campaign.plan.map(describeEvent).join(', ')}\nviolations so far: ${campaign.violations.join('\n') || 'none'}`,
      { cause: error },
    );
  } finally {
    await campaign.tearDown();
  }
}
