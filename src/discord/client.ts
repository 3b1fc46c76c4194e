/**
 * Client start-up: the discord.js client pointed at the configured API, the store,
 * the AI worker pool, the router; on ready, every running game the store lists is
 * resumed (flows/resume.ts).
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { AiPool } from '../ai/index.js';
import type { Config } from '../config.js';
import { openStore } from '../store/index.js';
import type { Bot } from './context.js';
import { errorText, type Logger } from './log.js';
import { resumeGames } from './flows/resume.js';
import { TableScheduler } from './flows/scheduler.js';
import { route, type Command } from './router.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RunningBot {
  readonly bot: Bot;
  stop(): Promise<void>;
}

export async function startBot(config: Config, commands: readonly Command[], log: Logger): Promise<RunningBot> {
  const store = await openStore({
    dataDir: config.dataDir,
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    finishedTtlMs: config.finishedGameTtlDays * DAY_MS,
  });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: config.apiBase, globalRequestsPerSecond: config.restRps },
  });
  const ai = new AiPool();
  const scheduler: TableScheduler = new TableScheduler(() => bot);
  const bot: Bot = { config, client, store, ai, log, scheduler };
  const byName = new Map(commands.map((c) => [c.data.name, c]));

  client.on(Events.InteractionCreate, (interaction) => void route(bot, byName, interaction));
  client.on(Events.Error, (error) => log.error('discord client error', { error: errorText(error) }));
  client.on(Events.Warn, (message) => log.warn(message));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, (c) => {
    log.info('logged in', { user: c.user.tag, guilds: c.guilds.cache.size, store: store.kind });
    resolve();
  }));
  await client.login(config.token);
  await ready;
  await resumeGames(bot);

  return {
    bot,
    async stop() {
      scheduler.stop();
      await client.destroy();
      await ai.close();
      await store.close();
    },
  };
}
