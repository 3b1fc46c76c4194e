/**
 * `npm start`: run the bot with the settings from the environment and `.env`.
 *
 * Stopping (SIGTERM, Ctrl-C) is graceful: new clicks are answered "restarting", no
 * computer or timer move starts, moves in flight finish their save and their posts,
 * then the bot closes and exits 0, all within STOP_TIMEOUT_MS: what is still running
 * a second before the bound is left, and the bot closes anyway (still 0, with a
 * warning); at the bound it exits at once (1), as on a second signal. Every move is
 * saved atomically with the posts it owes, so nothing is lost: the next start
 * carries on with whatever was left.
 */
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { RunningBot } from './discord/gateway/client.js';
import { listenForAdvances } from './runtime/clock.js';
import { createLogger, errorText, type Logger } from './runtime/log.js';

const NO_TOKEN = [
  'DISCORD_TOKEN is not set, so the bot cannot log in.',
  'Put your bot token in a file named .env in the project folder, as one line:',
  '  DISCORD_TOKEN=your-bot-token',
  '(copy .env.example to .env to see every setting; the token is on https://discord.com/developers/applications,',
  'your application > Bot > Reset Token). Then run npm start again.',
].join('\n');

/** Left of the bound for closing the client, the AI workers and the store once the work in flight is done. */
const CLOSE_RESERVE_MS = 1000;

/**
 * The signal handlers: the first signal stops gracefully within `boundMs`, a second
 * one (or the bound) exits at once. `running()` is null until the bot has started.
 */
function onStopSignals(log: Logger, boundMs: number, running: () => RunningBot | null): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn('stopping at once', { signal });
      process.exit(1);
    }
    stopping = true;
    const bot = running();
    if (!bot) {
      log.info('stopped before the bot had started', { signal });
      process.exit(0);
    }
    const started = Date.now();
    log.info('stopping', { signal, bound_ms: boundMs });
    setTimeout(() => {
      log.error('the stop took longer than STOP_TIMEOUT_MS: exiting now', { bound_ms: boundMs });
      process.exit(1);
    }, boundMs);
    const graceMs = Math.max(0, boundMs - Math.min(CLOSE_RESERVE_MS, boundMs / 2));
    bot.stop(graceMs).then(
      (left) => {
        if (left > 0) log.warn('stopped with work unfinished: the next start carries on with it', { unfinished: left });
        log.info('stopped', { ms: Date.now() - started });
        process.exit(0);
      },
      (error: unknown) => {
        log.error('unclean stop', { error: errorText(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function settings(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : errorText(error));
    process.exit(1);
  }
}

async function main(): Promise<void> {
  loadDotenv({ quiet: true });
  const config = settings();
  if (!config.token) {
    console.error(NO_TOKEN);
    process.exit(1);
  }
  // One process of several (npm run start:sharded): every line says which shards it runs.
  const log = createLogger(config.logLevel, config.shardList ? { shard: config.shardList.join(',') } : {});
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error: errorText(error) }));
  let running: RunningBot | null = null;
  onStopSignals(log, config.stopTimeoutMs, () => running);
  listenForAdvances();
  // Loaded only now, so that a missing token is reported at once.
  const [{ commands }, { startBot }] = await Promise.all([
    import('../commands/index.js'),
    import('./discord/gateway/client.js'),
  ]);
  running = await startBot(config, commands, log);
}

main().catch((error: unknown) => {
  console.error(`The bot could not start: ${errorText(error)}`);
  process.exit(1);
});
