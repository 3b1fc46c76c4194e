/** `npm start`: run the bot with the settings from the environment and `.env`. */
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, errorText } from './discord/log.js';

const NO_TOKEN = [
  'DISCORD_TOKEN is not set, so the bot cannot log in.',
  'Put your bot token in a file named .env in the project folder, as one line:',
  '  DISCORD_TOKEN=your-bot-token',
  '(copy .env.example to .env to see every setting; the token is on https://discord.com/developers/applications,',
  'your application > Bot > Reset Token). Then run npm start again.',
].join('\n');

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
  const log = createLogger(config.logLevel);
  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error: errorText(error) }));
  // Loaded only now, so that a missing token is reported at once.
  const [{ commands }, { startBot }] = await Promise.all([import('../commands/index.js'), import('./discord/client.js')]);
  const running = await startBot(config, commands, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    running.stop().then(() => process.exit(0), (error: unknown) => {
      log.error('unclean stop', { error: errorText(error) });
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`The bot could not start: ${errorText(error)}`);
  process.exit(1);
});
