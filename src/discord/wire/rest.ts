/**
 * The interaction lane: Discord does not count interaction endpoints against the
 * bot's global rate limit ("Interaction endpoints are not bound to the bot's Global
 * Rate Limit", https://discord.com/developers/docs/topics/rate-limits), but
 * discord.js's REST counts every request but the callback against one limiter
 * (`globalRemaining` in its SequentialHandler): under load, the edits of a deferred
 * answer (`@original`) and the follow-ups queue behind board posts, and a 429
 * global on a channel route stops them too.
 *
 * `LanedREST` is installed as `client.rest` (gateway/client.ts): requests made without the
 * bot token to the interaction endpoints (the callback, `/webhooks/{app}/{token}`
 * and its messages) go through a second REST with no global cap, keeping its
 * per-route buckets, its `X-RateLimit-*` bookkeeping and its 429 handling; every
 * other request goes through the usual one, capped at `globalRequestsPerSecond`.
 * Both lanes are OneBodyREST: uploads go as one multipart body (multipart.ts).
 */
import { REST, RESTEvents, type InternalRequest, type RESTOptions, type ResponseLike } from 'discord.js';
import { inOneBody } from './multipart.js';

/** How often handlers with nothing queued are dropped (one per interaction token and per channel). */
export const HANDLER_SWEEP_MS = 60_000;

/** An interaction endpoint: the callback, or an interaction webhook called with its token (no bot token). */
export function isInteractionRoute(request: Pick<InternalRequest, 'fullRoute' | 'auth'>): boolean {
  const route = request.fullRoute;
  if (route.startsWith('/interactions/') && route.endsWith('/callback')) return true;
  return route.startsWith('/webhooks/') && request.auth === false;
}

/** discord.js's REST, sending a request's files and JSON as one multipart body (multipart.ts). */
export class OneBodyREST extends REST {
  override queueRequest(request: InternalRequest): Promise<ResponseLike> {
    return super.queueRequest(inOneBody(request));
  }
}

export class LanedREST extends OneBodyREST {
  /** The interaction endpoints' lane: per-route limits and 429s as usual, no global cap. */
  readonly interactions: OneBodyREST;

  constructor(options: Partial<RESTOptions> = {}) {
    const swept = { handlerSweepInterval: HANDLER_SWEEP_MS, ...options };
    super(swept);
    this.interactions = new OneBodyREST({ ...swept, globalRequestsPerSecond: Number.POSITIVE_INFINITY });
    // One emitter for whoever listens (rate limits, debug lines), whichever lane a request took.
    for (const event of Object.values(RESTEvents)) {
      this.interactions.on(event, (...args: unknown[]) =>
        (this.emit as (e: string, ...a: unknown[]) => boolean)(event, ...args),
      );
    }
  }

  override setToken(token: string): this {
    super.setToken(token);
    this.interactions.setToken(token);
    return this;
  }

  override queueRequest(request: InternalRequest): Promise<ResponseLike> {
    return isInteractionRoute(request) ? this.interactions.queueRequest(request) : super.queueRequest(request);
  }

  override clearHashSweeper(): void {
    super.clearHashSweeper();
    this.interactions.clearHashSweeper();
  }

  override clearHandlerSweeper(): void {
    super.clearHandlerSweeper();
    this.interactions.clearHandlerSweeper();
  }
}
