/**
 * Discord's limits the bot's messages keep to, said once (discord-api-docs: Message
 * Components, Message resource, Channel resource). The fake Discord enforces the
 * same figures (test/fake-discord/limits.ts), so a message over one fails a test.
 */

/** A message's content, in characters. */
export const CONTENT_MAX = 2000;
/** A component's custom_id, in characters. */
export const CUSTOM_ID_MAX = 100;
/** Action rows in a message, and buttons in a row. */
export const MAX_ROWS = 5;
export const MAX_PER_ROW = 5;
/** A button's label, in characters. */
export const LABEL_MAX = 80;
/** A select menu's options, and each option's label, description and the menu's placeholder, in characters. */
export const MAX_OPTIONS = 25;
export const OPTION_TEXT_MAX = 100;
/** A thread's name, in characters. */
export const THREAD_NAME_MAX = 100;

/** A message's nonce, in characters (with enforce_nonce, a repeat within minutes returns the first message). */
export const NONCE_MAX = 25;

/**
 * A nonce for what the bot posts about `id` (a table), unique by `kind` and `parts`:
 * a snowflake id in base 36, to fit in NONCE_MAX with room to spare.
 */
export function nonceOf(kind: string, id: string, ...parts: readonly number[]): string {
  const compact = /^\d+$/.test(id) ? BigInt(id).toString(36) : id;
  return [`${kind}${compact}`, ...parts.map((part) => part.toString(36))].join('.').slice(-NONCE_MAX);
}

/** `text` cut to `max` characters, an ellipsis saying it was. */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
