/**
 * What happens without a click: AI seats move (computed in the AI worker pool, at a
 * readable pace), and the turn timer reminds a slow player, then moves for them.
 * Nothing here is needed to survive a restart: the store says whose turn it is,
 * and `kick` is called again on start-up for every running game.
 */
import { apply, prompt, type AiLevel, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { currentTurn, pendingPosts, placedOf, type Move, type PlayingTable } from '../../table/index.js';
import type { Bot, Scheduler } from '../context.js';
import { inGameLocale } from '../locale.js';
import { errorText } from '../log.js';
import { durationText } from '../views/text.js';
import type { AiJobStart } from '../../ai/pool.js';
import { makeMove } from './move.js';

/** The level that plays for a human whose time ran out: sensible, quick. */
const STAND_IN: AiLevel = 'normal';

/**
 * A drive that failed (the store unreachable, say Redis not answering for a few
 * seconds) is tried again this long after, doubling up to the last; without it, a
 * computer player whose move could not be saved would never move again.
 */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

/**
 * One whole move for a seat: what to do with the domino in hand, then which domino
 * to take. In the AI pool it takes its turn with the other games' (`tableId` is its
 * key), after the interactive jobs; the hard level thinks AI_HARD_MS, less when the
 * queue is long (ai/pool.ts). Logged with what it waited and the time it was given.
 */
export async function computerMove(bot: Bot, game: GameState, level: AiLevel, tableId?: string): Promise<Move> {
  const opts = { timeMs: bot.config.aiHardMs };
  let waitMs = 0;
  let budgetMs: number | null = null;
  const job = {
    priority: 'game' as const,
    ...(tableId ? { key: tableId } : {}),
    onStart: (start: AiJobStart) => {
      waitMs += start.waitMs;
      if (start.budgetMs !== null) budgetMs = Math.min(budgetMs ?? Infinity, start.budgetMs);
    },
  };
  const started = performance.now();
  const first = await bot.ai.choose(game, level, opts, job);
  const after = first.type === 'claim' ? null : apply(game, first);
  if (after && !after.ok) throw new Error(`the AI chose an illegal action: ${after.error.message}`);
  const next = after ? prompt(after.value) : null;
  const claims = after !== null && next?.kind === 'claim' && next.player === first.player;
  const second = claims ? await bot.ai.choose(after.value, level, opts, job) : null;
  bot.log.info('computer move', { game: tableId, level, wait_ms: Math.round(waitMs), budget_ms: budgetMs ?? undefined, ms: Math.round(performance.now() - started) });
  if (first.type === 'claim') return { placed: { kind: 'none' }, claim: first.domino };
  return { placed: placedOf(first), claim: second?.type === 'claim' ? second.domino : null };
}

interface Timer {
  readonly turn: number;
  readonly handles: NodeJS.Timeout[];
}

export class TableScheduler implements Scheduler {
  /** Tables being driven now; true when another kick came in meanwhile. */
  private readonly running = new Map<string, boolean>();
  private readonly timers = new Map<string, Timer>();
  /** Tables whose last drive failed: the kick to come, and its delay. */
  private readonly retries = new Map<string, { readonly handle: NodeJS.Timeout; readonly delayMs: number }>();
  private stopped = false;

  constructor(private readonly bot: () => Bot) {}

  kick(tableId: string): void {
    if (this.stopped) return;
    if (this.running.has(tableId)) {
      this.running.set(tableId, true);
      return;
    }
    this.running.set(tableId, false);
    void this.drive(tableId)
      .then(() => this.succeeded(tableId), (error: unknown) => {
        this.bot().log.error('scheduler failed: will try again', { game: tableId, error: errorText(error) });
        this.retryLater(tableId);
      })
      .finally(() => {
        const again = this.running.get(tableId);
        this.running.delete(tableId);
        if (again) this.kick(tableId);
      });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) timer.handles.forEach(clearTimeout);
    this.timers.clear();
    for (const retry of this.retries.values()) clearTimeout(retry.handle);
    this.retries.clear();
  }

  /** Kick the table again a while after a failure, a little later each time in a row. */
  private retryLater(tableId: string): void {
    if (this.stopped) return;
    const previous = this.retries.get(tableId);
    if (previous) clearTimeout(previous.handle);
    const delayMs = Math.min(LAST_RETRY_MS, 2 * (previous?.delayMs ?? FIRST_RETRY_MS / 2));
    const handle = setTimeout(() => this.kick(tableId), delayMs);
    handle.unref();
    this.retries.set(tableId, { handle, delayMs });
  }

  private succeeded(tableId: string): void {
    const retry = this.retries.get(tableId);
    if (!retry) return;
    clearTimeout(retry.handle);
    this.retries.delete(tableId);
  }

  /** Let AI seats play until a human must act (then arm the timer) or the game ends. */
  private async drive(tableId: string): Promise<void> {
    const bot = this.bot();
    for (;;) {
      if (this.stopped) return;
      const loaded = await bot.store.get(tableId);
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing') {
        this.disarm(tableId);
        return;
      }
      const table = loaded.table;
      // The board of the last move first: the outbox kicks this again once it is posted.
      if (pendingPosts(table).length > 0) return;
      const now = currentTurn(table);
      if (!now) return;
      if (now.seat.kind === 'human') {
        this.arm(table, now.seat.userId);
        return;
      }
      this.disarm(tableId);
      const thinking = Date.now();
      const move = await computerMove(bot, table.game, now.seat.level, tableId);
      // A readable pace: thinking time counts towards the pause.
      await sleep(bot.config.aiMoveDelayMs - (Date.now() - thinking));
      // Stopping meanwhile: the move is not made (the next start plays it again).
      if (this.stopped) return;
      const made = await makeMove(bot, tableId, { turn: table.game.turn, mover: { kind: 'seat', player: now.player }, move });
      if (!made.ok) bot.log.debug('AI move not made', { game: tableId, why: made.refusal });
    }
  }

  private disarm(tableId: string): void {
    this.timers.get(tableId)?.handles.forEach(clearTimeout);
    this.timers.delete(tableId);
  }

  /** Reminder at half time, automatic move at the end; counted from when the turn began. */
  private arm(table: PlayingTable, userId: string): void {
    const limitMs = table.settings.turnTimerS * 1000;
    const turn = table.game.turn;
    if (this.timers.get(table.id)?.turn === turn) return;
    this.disarm(table.id);
    if (limitMs <= 0) return;
    const elapsed = Math.max(0, Date.now() - table.turnStartedAt);
    const handles: NodeJS.Timeout[] = [];
    const remindIn = limitMs / 2 - elapsed;
    if (remindIn > 0) handles.push(setTimeout(() => void this.remind(table, userId, turn, limitMs / 2), remindIn));
    handles.push(setTimeout(() => void this.timeUp(table.id, turn), Math.max(0, limitMs - elapsed)));
    handles.forEach((h) => h.unref());
    this.timers.set(table.id, { turn, handles });
  }

  private async remind(table: PlayingTable, userId: string, turn: number, leftMs: number): Promise<void> {
    const bot = this.bot();
    try {
      const loaded = await bot.store.get(table.id);
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing' || loaded.table.game.turn !== turn) return;
      const thread = await bot.client.channels.fetch(table.messages.threadId ?? table.id);
      if (!thread?.isSendable()) return;
      await thread.send({
        content: inGameLocale(table, () => t('timer.reminder', { userId, left: durationText(Math.round(leftMs / 1000)) })),
        allowedMentions: { users: [userId] },
      });
    } catch (error) {
      bot.log.warn('could not send a turn reminder', { game: table.id, user: userId, error: errorText(error) });
    }
  }

  private async timeUp(tableId: string, turn: number): Promise<void> {
    const bot = this.bot();
    this.timers.delete(tableId);
    try {
      const loaded = await bot.store.get(tableId);
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing' || loaded.table.game.turn !== turn) return;
      const now = currentTurn(loaded.table);
      if (!now) return;
      const move = await computerMove(bot, loaded.table.game, STAND_IN, tableId);
      await makeMove(bot, tableId, { turn, mover: { kind: 'seat', player: now.player }, move, timedOut: true });
    } catch (error) {
      // Tried again: the next drive finds the turn's time up and moves at once.
      bot.log.error('could not make the automatic move: will try again', { game: tableId, error: errorText(error) });
      this.retryLater(tableId);
    }
  }
}
