/**
 * The application's emojis (the tiles' art, uploaded by `npm run deploy`), fetched
 * once the bot is ready, for text and buttons (messages/emoji.ts). Without them (no
 * deploy yet, or Discord did not answer) the messages keep their Unicode look-alikes:
 * a failure here costs the art, never a message.
 */
import { DiscordAPIError, type Client } from 'discord.js';
import { errorText, type Logger } from '../../runtime/log.js';
import { useAppEmojis } from '../messages/emoji.js';

export async function fetchAppEmojis(client: Client, log: Logger): Promise<void> {
  try {
    if (!client.application) throw new Error('the application is not known yet');
    const emojis = await client.application.emojis.fetch();
    useAppEmojis(emojis.map((e) => ({ id: e.id, name: e.name })));
    log.info('application emojis', { found: emojis.size });
  } catch (error) {
    log.warn('could not fetch the application emojis: text keeps its Unicode emojis', { error: errorText(error) });
  }
}

/**
 * Discord refused a component's emoji (50035, BUTTON_COMPONENT_INVALID_EMOJI): one
 * deleted under the running bot, by a deploy with new art or by hand. Discord's docs
 * do not say it refuses; it is seen to, and the fake Discord does.
 */
export function refusedEmoji(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError && error.code === 50035 && JSON.stringify(error.rawError).includes('INVALID_EMOJI')
  );
}

/**
 * After such a refusal: Unicode at once (the next message goes through), then the
 * application's emojis as they are now.
 */
export async function refetchAppEmojis(client: Client, log: Logger): Promise<void> {
  useAppEmojis([]);
  await fetchAppEmojis(client, log);
}
