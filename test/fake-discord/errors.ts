import type { SharedRefusal } from './limits.js';

/** Discord's JSON error answers, thrown by route handlers and turned into responses by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** Null: an answer without a JSON error code (Discord's oversize emoji image). */
    readonly code: number | null,
    message: string,
    readonly errors?: unknown,
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.code !== null ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** A 429 a route decided itself (a limit shared per resource, scope `shared`): its answer and headers. */
export class RateLimited extends Error {
  constructor(readonly refusal: SharedRefusal) {
    super('rate limited (shared)');
  }
}

export const unknownChannel = () => new ApiError(404, 10003, 'Unknown Channel');
export const unknownMessage = () => new ApiError(404, 10008, 'Unknown Message');
export const unknownWebhook = () => new ApiError(404, 10015, 'Unknown Webhook');
/** An interaction token used after its 15 minutes. */
export const invalidWebhookToken = () => new ApiError(401, 50027, 'Invalid Webhook Token');
export const unknownInteraction = () => new ApiError(404, 10062, 'Unknown interaction');
/** A channel the bot cannot see (no View Channel there). */
/** A DM to a user who does not accept them (privacy settings, no shared server, blocked the bot). */
export const cannotSendToUser = () => new ApiError(403, 50007, 'Cannot send messages to this user');
/**
 * An action that does not apply to a DM channel (threads, channel settings, deleting
 * the user's messages). Discord documents the code, not the status; 403 is what
 * clients report for it.
 */
export const dmChannelAction = () => new ApiError(403, 50003, 'Cannot execute action on a DM channel');
/** A follow-up past the limit of an app that is only user-installed where it answers (5). */
export const followUpLimit = () =>
  new ApiError(400, 40094, 'This interaction has hit the maximum number of follow up messages');
export const missingAccess = () => new ApiError(403, 50001, 'Missing Access');
export const missingPermissions = (what: string) => new ApiError(403, 50013, `Missing Permissions (${what})`);
/** An operation on an archived thread: editing a message, locking it, answering in it ("Archived threads are generally immutable"). */
export const threadArchived = () => new ApiError(400, 50083, 'Thread is archived');
/** Creating or editing a message in a locked thread without Manage Threads. */
export const threadLocked = () => new ApiError(403, 160005, 'Thread is locked');
export const invalidFormBody = (problems: readonly string[]) =>
  new ApiError(400, 50035, `Invalid Form Body: ${problems.join('; ')}`, {
    _errors: problems.map((message) => ({ code: 'INVALID', message })),
  });

/**
 * 50035 with the error under the field it is about, as Discord nests them: a path
 * `['name']` or `['components', 0, 'components', 1, 'emoji', 'id']` gives
 * `{ name: { _errors: [...] } }`, `{ components: { 0: { ... } } }`.
 */
export function fieldError(path: readonly (string | number)[], code: string, message: string): ApiError {
  let errors: unknown = { _errors: [{ code, message }] };
  for (const key of [...path].reverse()) errors = { [String(key)]: errors };
  return new ApiError(400, 50035, 'Invalid Form Body', errors);
}
export const unknownEmoji = () => new ApiError(404, 10014, 'Unknown Emoji');
