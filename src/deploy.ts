/**
 * `npm run deploy`: registers the slash commands, to one server when
 * DISCORD_GUILD_ID is set (immediate, for testing), globally otherwise (Discord
 * may take up to an hour to show them everywhere); then uploads the tiles' art as
 * the application's emojis (src/emojis.ts), which the bot shows in text and buttons.
 */
import { ApplicationIntegrationType, InteractionContextType, REST, Routes } from 'discord.js';
import type { APIApplication } from 'discord-api-types/v10';
import { config as loadDotenv } from 'dotenv';
import { commands } from '../commands/index.js';
import { entryPoint } from '../commands/launch.js';
import { loadConfig } from './config.js';
import { syncEmojis } from './emojis.js';
import { errorText } from './runtime/log.js';

/** What a registered command says of where it may be used. */
interface Registered {
  readonly name: string;
  readonly integration_types?: readonly ApplicationIntegrationType[];
  readonly contexts?: readonly InteractionContextType[];
}

const INSTALLS: Record<ApplicationIntegrationType, string> = {
  [ApplicationIntegrationType.GuildInstall]: 'added to a server',
  [ApplicationIntegrationType.UserInstall]: 'installed by a user',
};
const CONTEXTS: Record<InteractionContextType, string> = {
  [InteractionContextType.Guild]: 'servers',
  [InteractionContextType.BotDM]: "the bot's DMs",
  [InteractionContextType.PrivateChannel]: 'group DMs and other DMs',
};

/** "added to a server or installed by a user; in servers, the bot's DMs, group DMs and other DMs". */
function reachText(command: Registered): string {
  const installs = (command.integration_types ?? [ApplicationIntegrationType.GuildInstall]).map((i) => INSTALLS[i]);
  const contexts = (command.contexts ?? []).map((c) => CONTEXTS[c]);
  return `${installs.join(' or ')}; in ${contexts.length > 0 ? contexts.join(', ') : 'every context Discord allows'}`;
}

async function deploy(): Promise<void> {
  loadDotenv({ quiet: true });
  const config = loadConfig();
  if (!config.token) {
    console.error('DISCORD_TOKEN is not set: put it in .env (see .env.example), then run npm run deploy again.');
    process.exit(1);
  }
  const rest = new REST({ api: config.apiBase }).setToken(config.token);
  const applicationId = config.applicationId ?? ((await rest.get(Routes.currentApplication())) as APIApplication).id;
  // The live board's entry point goes with the global commands (Discord has none per server).
  const launch = config.activity && !config.guildId ? [entryPoint()] : [];
  const body = [...commands.map((c) => c.data.toJSON()), ...launch];
  const route = config.guildId
    ? Routes.applicationGuildCommands(applicationId, config.guildId)
    : Routes.applicationCommands(applicationId);
  await rest.put(route, { body });
  const where = config.guildId
    ? `server ${config.guildId} (available now)`
    : 'every server (global; may take up to an hour to appear)';
  console.log(
    `Registered ${body.length} command${body.length === 1 ? '' : 's'} (${[...commands.map((c) => `/${c.data.name}`), ...launch.map(() => "the live board's Launch")].join(', ')}) for ${where}.`,
  );
  for (const command of body as readonly Registered[]) console.log(`  /${command.name}: ${reachText(command)}`);
  try {
    const emojis = await syncEmojis(rest, applicationId);
    console.log(
      `Emojis: ${emojis.uploaded.length} uploaded, ${emojis.deleted.length} old ones deleted, ${emojis.kept.length} already there.`,
    );
  } catch (error) {
    console.error(`Could not upload the emojis (the bot shows Unicode ones instead): ${errorText(error)}`);
    process.exit(1);
  }
}

deploy().catch((error: unknown) => {
  console.error(`Could not register the commands: ${errorText(error)}`);
  process.exit(1);
});
