/**
 * What happens without a click: AI seats move (computed in the AI worker pool, at a
 * readable pace), and the turn timer reminds a slow player, then moves for them;
 * the third automatic move in a row hands the seat to the normal computer player,
 * which then plays it at once, like an AI seat, until its player is back
 * (table/absence.ts); the thread is told first. After the game, the thread is
 * archived when it is due (archive.ts).
 * Nothing here is needed to survive a restart: the store says whose turn it is, when
 * the turn began and when a thread is due to close, and `kick` is called again on
 * start-up for every table that needs the bot.
 */
import type { Client } from 'discord.js';
import { apply, prompt, type AiLevel, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import {
  absentAfter,
  closeDue,
  computerLevel,
  currentTurn,
  boardsOwed,
  placedOf,
  STAND_IN_LEVEL,
  told,
  turnLimitS,
  reminderAtMs,
  correspondencePace,
  undoGraceLeft,
  deadlineOf,
  DUE_HORIZON_MS,
  reminded,
  remindedNow,
  isPaused,
  untold,
  type FinishedTable,
  type Move,
  type Mover,
  type PlayingTable,
  threadIdOf,
} from '../../table/index.js';
import { keep, save } from '../../store/index.js';
import type { Bot, Scheduler } from '../bot.js';
import { inGameLocale } from '../messages/locale.js';
import { errorText } from '../../runtime/log.js';
import { durationText, relativeTime } from '../messages/text.js';
import type { AiJobStart } from '../../ai/pool.js';
import { closeThread } from './archive.js';
import { dmReminder, dmYourTurn } from './notify.js';
import { makeMove } from './move.js';
import * as clock from '../../runtime/clock.js';
import { nonceOf } from '../wire/limits.js';

/** The level that plays for a human whose time ran out: sensible, quick. */
const STAND_IN: AiLevel = STAND_IN_LEVEL;
/**
 * A drive that failed (the store unreachable, say Redis not answering for a few
 * seconds) is tried again this long after, doubling up to the last; without it, a
 * computer player whose move could not be saved would never move again.
 */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;
/** A thread Discord would not archive is tried again this long after. */
const CLOSE_RETRY_MS = 60_000;

/**
 * Does this process drive the games of this guild (their timers, computer moves,
 * start-up resume)? Exactly one process does: the one connecting the guild's shard,
 * Discord's `(guild_id >> 22) % shard_count`, which also gets the guild's clicks.
 */
export function ownsGuild(client: Client, guildId: string): boolean {
  const { shards, shardCount = 1 } = client.options;
  if (!Array.isArray(shards) || shardCount <= 1) return true;
  return shards.includes(Number((BigInt(guildId) >> 22n) % BigInt(shardCount)));
}

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
  bot.log.info('computer move', {
    game: tableId,
    level,
    wait_ms: Math.round(waitMs),
    budget_ms: budgetMs ?? undefined,
    ms: Math.round(performance.now() - started),
  });
  if (first.type === 'claim') return { placed: { kind: 'none' }, claim: first.domino };
  return { placed: placedOf(first), claim: second?.type === 'claim' ? second.domino : null };
}

interface Timer {
  /** What is armed: the turn, whether its reminder, whether its automatic move. */
  readonly plan: string;
  readonly handles: clock.Timer[];
}

export class TableScheduler implements Scheduler {
  /** Tables being driven now; true when another kick came in meanwhile. */
  private readonly running = new Map<string, boolean>();
  private readonly timers = new Map<string, Timer>();
  /** Threads to archive: when, per table. */
  private readonly closers = new Map<string, { readonly at: number; readonly handle: clock.Timer }>();
  /** Tables whose archive Discord refused lately: not before then. */
  private readonly closeRetry = new Map<string, number>();
  /** Tables whose last drive failed: the kick to come, and its delay. */
  private readonly retries = new Map<string, { readonly handle: clock.Timer; readonly delayMs: number }>();
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
      .then(
        () => this.succeeded(tableId),
        (error: unknown) => {
          this.bot().log.error('scheduler failed: will try again', { game: tableId, error: errorText(error) });
          this.retryLater(tableId);
        },
      )
      .finally(() => {
        const again = this.running.get(tableId);
        this.running.delete(tableId);
        if (again) this.kick(tableId);
      });
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) timer.handles.forEach((h) => h.cancel());
    this.timers.clear();
    for (const closer of this.closers.values()) closer.handle.cancel();
    this.closers.clear();
    for (const retry of this.retries.values()) retry.handle.cancel();
    this.retries.clear();
  }

  /** Kick the table again a while after a failure, a little later each time in a row. */
  private retryLater(tableId: string): void {
    if (this.stopped) return;
    const previous = this.retries.get(tableId);
    previous?.handle.cancel();
    const delayMs = Math.min(LAST_RETRY_MS, 2 * (previous?.delayMs ?? FIRST_RETRY_MS / 2));
    const handle = clock.after(delayMs, () => this.kick(tableId));
    this.retries.set(tableId, { handle, delayMs });
  }

  private succeeded(tableId: string): void {
    const retry = this.retries.get(tableId);
    if (!retry) return;
    retry.handle.cancel();
    this.retries.delete(tableId);
  }

  /** Let AI seats play until a human must act (then arm the timer) or the game ends. */
  private async drive(tableId: string): Promise<void> {
    const bot = this.bot();
    for (;;) {
      if (this.stopped) return;
      const loaded = await bot.store.get(tableId);
      // Another process's shard has this game's guild: its timers and computer moves are that process's.
      if (loaded.kind === 'found' && !ownsGuild(bot.client, loaded.table.guildId)) return;
      if (loaded.kind === 'found' && loaded.table.status === 'finished') {
        this.disarm(tableId);
        if (await this.closeWhenDue(loaded.table)) continue;
        return;
      }
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing') {
        this.disarm(tableId);
        return;
      }
      const table = loaded.table;
      // The board of the last move first: the outbox kicks this again once it is posted.
      if (boardsOwed(table).length > 0) return;
      // The thread hears that the computer took a seat before it plays it.
      const untoldPlayer = untold(table)[0];
      if (untoldPlayer !== undefined) {
        await this.tell(table, untoldPlayer);
        continue;
      }
      const now = currentTurn(table);
      if (!now) return;
      const level = computerLevel(now.seat);
      if (level === null && now.seat.kind === 'human') {
        this.arm(table, now.seat.userId);
        if (correspondencePace(table.settings) && table.notifiedTurn !== table.game.turn)
          await dmYourTurn(bot, table, now.seat.userId);
        return;
      }
      this.disarm(tableId);
      // The move before may still be taken back (table/undo.ts): the computer waits for it.
      const grace = undoGraceLeft(table, clock.now(), bot.config.undoGraceMs);
      if (grace > 0) {
        await clock.sleep(grace);
        continue;
      }
      const thinking = clock.now();
      const move = await computerMove(bot, table.game, level ?? STAND_IN, tableId);
      // A readable pace: thinking time counts towards the pause.
      await clock.sleep(bot.config.aiMoveDelayMs - (clock.now() - thinking));
      // Stopping meanwhile: the move is not made (the next start plays it again).
      if (this.stopped) return;
      // For a player, the computer moves only while it holds their seat (they may be back meanwhile).
      const mover: Mover =
        now.seat.kind === 'human'
          ? { kind: 'seat', player: now.player, as: 'stand-in' }
          : { kind: 'seat', player: now.player };
      const made = await makeMove(bot, tableId, { turn: table.game.turn, mover, move });
      if (!made.ok) bot.log.debug('AI move not made', { game: tableId, why: made.refusal });
    }
  }

  /** Tell the thread that the computer plays a player's seat now (once: marked told, even if Discord failed). */
  private async tell(table: PlayingTable, player: number): Promise<void> {
    const bot = this.bot();
    const seat = table.seats[player];
    if (seat?.kind !== 'human' || !seat.standIn) return;
    const standIn = seat.standIn;
    try {
      const thread = await bot.client.channels.fetch(threadIdOf(table));
      if (thread?.isSendable()) {
        const absent = standIn.reason === 'absent';
        const content = inGameLocale(table, () =>
          absent
            ? t('absent.replaced', { userId: seat.userId, count: absentAfter(table.settings) + 1, name: seat.name })
            : t('absent.replacedByHost', { by: standIn.by ?? '', name: seat.name }),
        );
        await thread.send({
          content,
          allowedMentions: { users: absent ? [seat.userId] : [] },
          // Discord's enforce_nonce: a retry after a crash does not post the notice twice.
          nonce: nonceOf('s', table.id, player, standIn.at),
          enforceNonce: true,
        });
      }
    } catch (error) {
      bot.log.warn('could not tell the thread that the computer plays a seat', {
        game: table.id,
        player,
        error: errorText(error),
      });
    }
    await bot.store.update(table.id, (current) => {
      const after = told(current, player);
      return after === current ? keep() : save(after);
    });
    bot.log.info('the computer plays a seat', {
      guild: table.guildId,
      game: table.id,
      user: seat.userId,
      reason: standIn.reason,
    });
  }

  /**
   * A finished table whose thread is due to close: close it now if it is time (true:
   * look at the table again), else arm a timer that kicks the table then.
   */
  private async closeWhenDue(table: FinishedTable): Promise<boolean> {
    const due = closeDue(table);
    if (due === null) return false;
    const at = Math.max(due, this.closeRetry.get(table.id) ?? 0);
    if (at > clock.now()) {
      this.armClose(table.id, at);
      return false;
    }
    this.closers.delete(table.id);
    if (await closeThread(this.bot(), table)) {
      this.closeRetry.delete(table.id);
      return true;
    }
    this.closeRetry.set(table.id, clock.now() + CLOSE_RETRY_MS);
    this.armClose(table.id, clock.now() + CLOSE_RETRY_MS);
    return false;
  }

  private armClose(tableId: string, at: number): void {
    const armed = this.closers.get(tableId);
    if (armed?.at === at) return;
    armed?.handle.cancel();
    const handle = clock.after(at - clock.now(), () => {
      this.closers.delete(tableId);
      this.kick(tableId);
    });
    this.closers.set(tableId, { at, handle });
  }

  private disarm(tableId: string): void {
    this.timers.get(tableId)?.handles.forEach((h) => h.cancel());
    this.timers.delete(tableId);
  }

  /**
   * The reminder and the automatic move of the turn, counted from when it began. A
   * live game arms both at once, as it always did. A correspondence game arms only
   * what falls within DUE_HORIZON_MS, so that thousands of games waiting for days hold
   * nothing in memory: the poll kicks the table again when it is due (due.ts). Its
   * reminder also goes out late (after a restart), hours before the deadline still.
   */
  private arm(table: PlayingTable, userId: string): void {
    const limitS = turnLimitS(table);
    const deadline = deadlineOf(table, limitS);
    if (deadline === null || isPaused(table)) return this.disarm(table.id);
    const turn = table.game.turn;
    const remindAt = table.turnStartedAt + reminderAtMs(table.settings, limitS);
    const live = correspondencePace(table.settings) === null;
    const now = clock.now();
    const horizon = live ? Infinity : now + DUE_HORIZON_MS;
    const remind = !remindedNow(table) && (live ? remindAt > now : deadline > now) && remindAt <= horizon;
    const timeUp = deadline <= horizon;
    const plan = `${turn}:${remind}:${timeUp}`;
    if (this.timers.get(table.id)?.plan === plan) return;
    this.disarm(table.id);
    const handles: clock.Timer[] = [];
    if (remind)
      handles.push(clock.after(remindAt - now, () => void this.remind(table.id, userId, turn, deadline - remindAt)));
    if (timeUp) handles.push(clock.after(deadline - now, () => void this.timeUp(table.id, turn)));
    if (handles.length > 0) this.timers.set(table.id, { plan, handles });
  }

  /**
   * The reminder, once per move: marked in the store first, then sent (a crash in
   * between loses it rather than pinging twice); then the timer re-armed.
   */
  private async remind(tableId: string, userId: string, turn: number, leftMs: number): Promise<void> {
    const bot = this.bot();
    try {
      const { value: table } = await bot.store.update<PlayingTable | null>(tableId, (current) =>
        current.status === 'playing' && current.game.turn === turn && !remindedNow(current) && !isPaused(current)
          ? save(reminded(current), reminded(current))
          : keep(null),
      );
      if (table) {
        const deadline = deadlineOf(table, turnLimitS(table)) ?? clock.now() + leftMs;
        await this.sendReminder(table, userId, leftMs, deadline);
        await dmReminder(bot, table, userId, deadline);
      }
    } catch (error) {
      bot.log.warn('could not send a turn reminder', { game: tableId, user: userId, error: errorText(error) });
    }
    this.kick(tableId);
  }

  private async sendReminder(table: PlayingTable, userId: string, leftMs: number, deadline: number): Promise<void> {
    const thread = await this.bot().client.channels.fetch(threadIdOf(table));
    if (!thread?.isSendable()) return;
    await thread.send({
      content: inGameLocale(table, () =>
        correspondencePace(table.settings)
          ? t('timer.reminderBy', { userId, when: relativeTime(deadline) })
          : t('timer.reminder', { userId, left: durationText(Math.round(leftMs / 1000)) }),
      ),
      allowedMentions: { users: [userId] },
    });
  }

  private async timeUp(tableId: string, turn: number): Promise<void> {
    const bot = this.bot();
    this.timers.delete(tableId);
    try {
      const loaded = await bot.store.get(tableId);
      if (loaded.kind !== 'found' || loaded.table.status !== 'playing' || loaded.table.game.turn !== turn) return;
      // Paused meanwhile (the timer was armed before): the clock waits.
      if (isPaused(loaded.table)) return;
      const now = currentTurn(loaded.table);
      if (!now) return;
      const move = await computerMove(bot, loaded.table.game, STAND_IN, tableId);
      // Counted towards absence (table/absence.ts): the third in a row hands the seat to the computer.
      await makeMove(bot, tableId, {
        turn,
        mover: { kind: 'seat', player: now.player, as: 'timer' },
        move,
        timedOut: true,
      });
    } catch (error) {
      // Tried again: the next drive finds the turn's time up and moves at once.
      bot.log.error('could not make the automatic move: will try again', { game: tableId, error: errorText(error) });
      this.retryLater(tableId);
    }
  }
}
