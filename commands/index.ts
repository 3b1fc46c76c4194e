/** Every slash command of the bot, for the router (src/main.ts) and for registration (src/deploy.ts). */
import type { Command } from '../src/discord/gateway/router.js';
import * as kingdomino from './kingdomino.js';

export const commands: readonly Command[] = [kingdomino];
