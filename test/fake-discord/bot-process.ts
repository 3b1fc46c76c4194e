/**
 * The bot as a child process for end-to-end tests: `node <entry>`, the compiled bot
 * as `npm start` runs it (built once for the whole run by test/global-setup.ts; a
 * TypeScript entry runs under tsx), with the fake's environment, output captured,
 * and a crash turned into a test failure that shows the child's stderr.
 *
 *   const bot = startBot({ env: discord.env() });   // dist/src/main.js by default
 *   discord.watch(bot);                              // any wait fails at once if it crashes
 *   await bot.race(discord.waitForReady());
 *   ...
 *   await bot.kill();                                // SIGKILL, waits for the exit
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BOT_V8_OPTIONS } from '../../src/runtime/memory.js';
import { Waiters } from './waiters.js';

/** The compiled bot's entries, as package.json's scripts run them (npm start, start:sharded, deploy). */
export const BOT_ENTRY = 'dist/src/main.js';
export const SHARDS_ENTRY = 'dist/src/shard.js';
export const DEPLOY_ENTRY = 'dist/src/deploy.js';

export interface BotProcessOptions {
  /** Entry file relative to the repository root (or absolute). Default BOT_ENTRY. */
  readonly entry?: string;
  /** Added to (and overriding) the parent's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Default: the repository root. */
  readonly cwd?: string;
  /** Also copy the child's output to this process's stderr (or set BOT_LOG=1). */
  readonly echo?: boolean;
  /** Default timeout of `waitForOutput`. */
  readonly waitTimeoutMs?: number;
}

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Compiles the bot to dist/ as npm start does before it starts (tsc -b: nothing to do when up to date). */
export function buildBot(): void {
  // npm's build, not tsc alone: tsc -b does not copy a changed locale file again.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/**
 * Node's arguments to run an entry as the bot is run (`options` after the bot's own, so
 * they may override them): compiled JavaScript as it is, TypeScript under tsx.
 */
export function nodeArgs(entry: string, options: readonly string[] = []): string[] {
  return [...BOT_V8_OPTIONS, ...options, ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry])];
}

export class BotProcess {
  readonly child: ChildProcess;
  /** Resolves when the child has exited, however it ended. */
  readonly exited: Promise<ExitInfo>;
  #stdout = '';
  #stderr = '';
  #exit: ExitInfo | null = null;
  #stopping = false;
  readonly #waiters: Waiters;

  constructor(opts: BotProcessOptions = {}) {
    const entry = opts.entry ?? BOT_ENTRY;
    const echo = opts.echo ?? process.env.BOT_LOG === '1';
    this.#waiters = new Waiters(
      opts.waitTimeoutMs ?? 10_000,
      () => `stdout:\n${this.#stdout}\nstderr:\n${this.#stderr}`,
    );
    // BOT_NODE_ARGS: extra Node options for the bot (e.g. `--cpu-prof`, which NODE_OPTIONS refuses).
    const extra = process.env.BOT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    this.child = spawn(process.execPath, nodeArgs(entry, extra), {
      cwd: opts.cwd ?? REPO_ROOT,
      env: { ...process.env, ...opts.env },
      // With BOT_CLOCK=ipc, an IPC channel moves the bot's clock (src/runtime/clock.ts).
      stdio: opts.env?.['BOT_CLOCK'] === 'ipc' ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stdout += chunk;
      if (echo) process.stderr.write(`[bot] ${chunk}`);
      this.#waiters.notify();
    });
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr += chunk;
      if (echo) process.stderr.write(`[bot!] ${chunk}`);
      this.#waiters.notify();
    });
    // A test that fails before stopping its bot must not leave it running after the test process.
    const orphanGuard = () => this.child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        process.off('exit', orphanGuard);
        this.#exit = { code, signal };
        this.#waiters.notify();
        resolve(this.#exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get stdout(): string {
    return this.#stdout;
  }

  get stderr(): string {
    return this.#stderr;
  }

  /** Null while running. */
  get exit(): ExitInfo | null {
    return this.#exit;
  }

  /** For FakeDiscord.watch: an error with the child's stderr, unless we ended it ourselves. */
  crashError(): Error | null {
    if (this.#stopping || !this.#exit) return null;
    return new Error(
      `the bot exited unexpectedly (code ${this.#exit.code}, signal ${this.#exit.signal})\n--- its stderr ---\n${this.#stderr}\n--- its stdout ---\n${this.#stdout}`,
    );
  }

  /** Throws (with the child's stderr) if the child is no longer running. */
  assertRunning(): void {
    if (!this.#exit) return;
    throw (
      this.crashError() ??
      new Error(`the bot is not running (it was stopped: code ${this.#exit.code}, signal ${this.#exit.signal})`)
    );
  }

  /** The promise's value, or a failure with the child's stderr if the child exits first. */
  async race<T>(promise: Promise<T>): Promise<T> {
    const crash = this.exited.then(() => {
      throw this.crashError() ?? new Error('the bot was stopped while waiting');
    });
    return Promise.race([promise, crash]);
  }

  /** Resolves with the first match of `pattern` in stdout or stderr, waiting for it. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray> {
    const probe = (): RegExpMatchArray | null => {
      const hit = pattern.exec(this.#stdout) ?? pattern.exec(this.#stderr);
      if (hit) return hit;
      if (this.#exit) throw this.crashError() ?? new Error(`the bot exited before printing ${pattern}`);
      return null;
    };
    return this.#waiters.waitFor(probe, `the bot to print ${pattern}`, timeoutMs);
  }

  /**
   * Send a signal and return at once (the exit that follows is asked for, not a
   * crash): e.g. SIGTERM, then watch how the bot stops, or send a second one.
   */
  signal(signal: NodeJS.Signals = 'SIGTERM'): void {
    this.#stopping = true;
    if (!this.#exit) this.child.kill(signal);
  }

  /**
   * Move the bot's clock forward (started with BOT_CLOCK=ipc): resolves once the
   * timers then due have fired in the bot. Move the fake Discord's with it
   * (the e2e harness's `world.advance` does both).
   */
  advanceClock(ms: number): Promise<void> {
    return this.race(
      new Promise<void>((resolve, reject) => {
        const answered = (message: unknown) => {
          if ((message as { clockAdvancedMs?: unknown } | null)?.clockAdvancedMs !== ms) return;
          this.child.off('message', answered);
          resolve();
        };
        this.child.on('message', answered);
        this.child.send({ clockAdvanceMs: ms }, (error) => error && reject(error));
      }),
    );
  }

  /** The bot's counters (started with BOT_CLOCK=ipc: src/runtime/probe.ts). */
  probe(): Promise<Readonly<Record<string, number>>> {
    return this.race(
      new Promise((resolve, reject) => {
        const answered = (message: unknown) => {
          const probed = (message as { probed?: Readonly<Record<string, number>> } | null)?.probed;
          if (!probed) return;
          this.child.off('message', answered);
          resolve(probed);
        };
        this.child.on('message', answered);
        this.child.send({ probe: true }, (error) => error && reject(error));
      }),
    );
  }

  /** SIGKILL (the process gets no chance to clean up) and wait for the exit. */
  kill(): Promise<ExitInfo> {
    return this.stop('SIGKILL');
  }

  /** Send a signal (SIGTERM by default) and wait for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<ExitInfo> {
    this.#stopping = true;
    if (!this.#exit) this.child.kill(signal);
    return this.exited;
  }
}

export function startBot(opts: BotProcessOptions = {}): BotProcess {
  return new BotProcess(opts);
}
