/**
 * The live board's entry point: Discord's "Launch" command (type PRIMARY_ENTRY_POINT),
 * shown in the App Launcher. Discord opens the Activity itself (handler
 * DISCORD_LAUNCH_ACTIVITY): no interaction reaches the bot. Registered globally by
 * `npm run deploy` when the live board is configured (entry points are global only),
 * and kept there: Discord refuses a bulk update that drops an app's entry point.
 */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  EntryPointCommandHandlerType,
  InteractionContextType,
} from 'discord.js';
import type { RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody } from 'discord-api-types/v10';
import { t } from '../src/i18n/index.js';
import { localized } from './describe.js';

export function entryPoint(): RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody {
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    name: 'launch',
    description: t('board.entry.description', {}, 'en'),
    description_localizations: localized('board.entry.description'),
    handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
    integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
  };
}
