/**
 * Once before every test file: the bot compiled to dist/, as npm start builds it, so
 * that the end-to-end tests run the bot the way it runs in production (no TypeScript
 * loader in its processes or threads). Up to date, this takes about a second.
 */
import { buildBot } from './fake-discord/bot-process.js';

export default function setup(): void {
  buildBot();
}
