/**
 * The time the bot's games run on: turn timers and reminders, the computer players'
 * pace, retries, archiving a finished game's thread, the tables' timestamps. It is
 * the system's clock; a test may move it forward, as it moves the fake Discord's,
 * so that what is due in minutes happens now, without waiting: a bot started with an
 * IPC channel and BOT_CLOCK=ipc takes `{ clockAdvanceMs }` messages (listenForAdvances)
 * and answers `{ clockAdvancedMs }` once every timer then due has fired.
 *
 * Only our timers follow it: discord.js, the store and the workers keep the system's.
 */

/** A timer armed with `after`: cancelled with `cancel()`. */
export interface Timer {
  cancel(): void;
}

interface Armed {
  readonly dueAt: number;
  readonly fire: () => void;
  handle: NodeJS.Timeout | null;
}

/** setTimeout's longest delay (about 24.8 days): a timer due later is armed again then. */
const LONGEST_DELAY_MS = 2 ** 31 - 1;

/** How far tests have moved the clock (always 0 in production). */
let advancedMs = 0;
const armed = new Set<Armed>();

/** Now, in ms since the epoch. */
export function now(): number {
  return Date.now() + advancedMs;
}

/** Run `fire` in `ms` (it does not keep the process alive, as an unref'd setTimeout). */
export function after(ms: number, fire: () => void): Timer {
  const timer: Armed = { dueAt: now() + Math.max(0, ms), fire, handle: null };
  armed.add(timer);
  schedule(timer);
  return { cancel: () => disarm(timer) };
}

/**
 * Run `fire` every `ms`, the next run armed before this one runs (so a clock moved
 * forward while it works still finds the next one due), until cancelled.
 */
export function every(ms: number, fire: () => void): Timer {
  let current: Timer | null = null;
  let cancelled = false;
  const arm = (): void => {
    if (cancelled) return;
    current = after(ms, () => {
      arm();
      fire();
    });
  };
  arm();
  return {
    cancel: () => {
      cancelled = true;
      current?.cancel();
    },
  };
}

/** Resolves in `ms` (at once for 0 or less). */
export function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => after(ms, resolve));
}

/** Move the clock forward: timers due by then fire now, in the order they were due. */
export function advance(ms: number): void {
  advancedMs += Math.max(0, ms);
  const due = [...armed].filter((timer) => timer.dueAt <= now()).sort((a, b) => a.dueAt - b.dueAt);
  for (const timer of armed) if (!due.includes(timer)) schedule(timer);
  for (const timer of due) {
    disarm(timer);
    timer.fire();
  }
}

/**
 * In a test: take advances from the parent process (BOT_CLOCK=ipc, started with an
 * IPC channel). The answer goes once the timers that fired have had their turn.
 */
export function listenForAdvances(): void {
  if (process.env.BOT_CLOCK !== 'ipc' || !process.send) return;
  process.on('message', (message: unknown) => {
    if (!isAdvance(message)) return;
    advance(message.clockAdvanceMs);
    setImmediate(() => process.send?.({ clockAdvancedMs: message.clockAdvanceMs }));
  });
  // The channel alone does not keep the bot running.
  process.channel?.unref();
}

function isAdvance(message: unknown): message is { clockAdvanceMs: number } {
  const ms = (message as { clockAdvanceMs?: unknown } | null)?.clockAdvanceMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0;
}

/** (Re)arm the system timer for when the timer is due by our clock. */
function schedule(timer: Armed): void {
  if (timer.handle) clearTimeout(timer.handle);
  const wait = Math.max(0, timer.dueAt - now());
  timer.handle = setTimeout(
    () => {
      // Armed for at most LONGEST_DELAY_MS; and Node's timers may wake a millisecond
      // before Date.now() says they are due: either way, not yet due by our clock.
      if (now() < timer.dueAt) return schedule(timer);
      disarm(timer);
      timer.fire();
    },
    Math.min(wait, LONGEST_DELAY_MS),
  );
  timer.handle.unref();
}

function disarm(timer: Armed): void {
  if (timer.handle) clearTimeout(timer.handle);
  armed.delete(timer);
}
