/**
 * Discord's limits, enforced: the global rate limit, per-route buckets with their
 * `X-RateLimit-*` headers, and the times of interactions (3 s for the first
 * answer, 15 minutes for the token). All on a clock tests can move forward.
 *
 * What Discord documents (https://discord.com/developers/docs/topics/rate-limits):
 * - 50 requests per second per bot token ("global"), independent of the per-route
 *   limits; interaction endpoints (the callback, `/webhooks/{app}/{token}...`) are
 *   not bound to it. Over it: 429, body `{message, retry_after, global: true}`,
 *   headers `Retry-After`, `X-RateLimit-Global: true`, `X-RateLimit-Scope: global`.
 * - Per-route buckets, per top-level resource (channel, guild, webhook id + token),
 *   announced on responses with `X-RateLimit-Limit`, `-Remaining`, `-Reset` (epoch
 *   seconds), `-Reset-After` (seconds, with decimals) and `-Bucket`. Over one: 429
 *   with `global: false`, `X-RateLimit-Scope: user` and the bucket headers.
 * - `Retry-After` is whole seconds (the example answers `Retry-After: 65` with
 *   `retry_after: 64.57`); `retry_after` and `X-RateLimit-Reset-After` are precise.
 * - Per-resource limits shared by everyone using the resource (webhook messages per
 *   channel): 429 with `X-RateLimit-Scope: shared`, body `{message: 'The resource is
 *   being rate limited.', retry_after, global: false}`, and the route's own bucket
 *   headers (its Remaining not spent).
 * - 10,000 invalid requests (401, 403, 429 other than scope `shared`) in 10 minutes
 *   get the IP banned for a while.
 * The bucket sizes are not documented (Discord says not to hard-code them): the
 * defaults below are the commonly observed ones where there is one, and marked as
 * assumptions where there is none.
 */
import type { Reply } from './server.js';

/** `limit` requests per window of `windowMs` (a window opens with its first request). */
export interface Rate {
  readonly limit: number;
  readonly windowMs: number;
}

export interface LimitSettings {
  /** Every route but the interaction endpoints, per bot token. Discord: 50 per second. */
  readonly global: Rate;
  /** POST /channels/{id}/messages, per channel (a thread is a channel). Observed: 5 per 5 s. */
  readonly messageCreate: Rate;
  /** PATCH /channels/{id}/messages/{id}, per channel. Observed: 5 per 5 s. */
  readonly messageEdit: Rate;
  /** DELETE /channels/{id}/messages/{id}, per channel. Observed: 5 per 1 s. */
  readonly messageDelete: Rate;
  /**
   * POST /channels/{id}/messages/{id}/threads and POST /channels/{id}/threads, one
   * bucket per parent channel. Not documented; assumed like message posts: 5 per 5 s.
   */
  readonly threadCreate: Rate;
  /**
   * /webhooks/{app}/{token} and /webhooks/{app}/{token}/messages/{id} (follow-ups and
   * @original), per interaction token. Observed for webhooks: 5 per 2 s.
   */
  readonly interactionWebhook: Rate;
  /**
   * Messages posted through webhooks (interaction follow-ups included) per channel,
   * whatever the webhook or token: a limit shared by everyone posting there (scope
   * `shared`). Observed: about 30 per minute.
   */
  readonly webhookChannel: Rate;
  /**
   * Every other route, per method, route and top-level resource. Not documented:
   * announced in headers, no tighter than the global limit (50 per second).
   */
  readonly other: Rate;
  /** The first answer to an interaction must come within this (Discord: 3 s), or it gets 10062. */
  readonly interactionDeadlineMs: number;
  /** An interaction token works this long (Discord: 15 minutes); then 401 / 50027 Invalid Webhook Token. */
  readonly interactionTokenTtlMs: number;
  /** Invalid requests (401, 403, 429) allowed per 10 minutes before Discord bans the IP: 10,000. */
  readonly invalidRequestsPer10Min: number;
}

export const DISCORD_LIMITS: LimitSettings = Object.freeze({
  global: { limit: 50, windowMs: 1000 },
  messageCreate: { limit: 5, windowMs: 5000 },
  messageEdit: { limit: 5, windowMs: 5000 },
  messageDelete: { limit: 5, windowMs: 1000 },
  threadCreate: { limit: 5, windowMs: 5000 },
  interactionWebhook: { limit: 5, windowMs: 2000 },
  webhookChannel: { limit: 30, windowMs: 60_000 },
  other: { limit: 50, windowMs: 1000 },
  interactionDeadlineMs: 3000,
  interactionTokenTtlMs: 15 * 60 * 1000,
  invalidRequestsPer10Min: 10_000,
});

type RateName = { [K in keyof LimitSettings]: LimitSettings[K] extends Rate ? K : never }[keyof LimitSettings];

/** Changes to the limits: a rate may be given in part (`{ messageCreate: { limit: 2 } }`). */
export type LimitOverrides = {
  readonly [K in keyof LimitSettings]?: LimitSettings[K] extends Rate ? Partial<Rate> : LimitSettings[K];
};

export function withOverrides(base: LimitSettings, overrides: LimitOverrides = {}): LimitSettings {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const current = base[key as keyof LimitSettings];
    merged[key] = typeof current === 'object' ? { ...current, ...(value as Partial<Rate>) } : value;
  }
  for (const [key, value] of Object.entries(merged)) {
    if (typeof value === 'object' && value !== null) {
      const rate = value as Rate;
      if (!(rate.limit >= 1) || !(rate.windowMs > 0))
        throw new Error(`limit ${key}: needs limit >= 1 and windowMs > 0, got ${JSON.stringify(rate)}`);
    }
  }
  return merged as unknown as LimitSettings;
}

/** The fake's time: the real clock plus whatever a test moved it forward by. */
export class Clock {
  #offset = 0;

  now(): number {
    return Date.now() + this.#offset;
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`the clock only goes forward (got ${ms} ms)`);
    this.#offset += ms;
  }
}

/** Which bucket a route is in, and the top-level resource that splits it. */
interface BucketRule {
  readonly rate: RateName;
  /** X-RateLimit-Bucket (shared by routes of one bucket, without the resource ids). */
  readonly hash: string;
  readonly resource: string;
}

const ROUTE_BUCKETS: Readonly<
  Record<string, { rate: RateName; hash: string; resource: (p: Readonly<Record<string, string>>) => string }>
> = {
  'POST /channels/:channel/messages': {
    rate: 'messageCreate',
    hash: 'message-create',
    resource: (p) => p.channel ?? '',
  },
  'PATCH /channels/:channel/messages/:message': {
    rate: 'messageEdit',
    hash: 'message-edit',
    resource: (p) => p.channel ?? '',
  },
  'DELETE /channels/:channel/messages/:message': {
    rate: 'messageDelete',
    hash: 'message-delete',
    resource: (p) => p.channel ?? '',
  },
  'POST /channels/:channel/messages/:message/threads': {
    rate: 'threadCreate',
    hash: 'thread-create',
    resource: (p) => p.channel ?? '',
  },
  'POST /channels/:channel/threads': { rate: 'threadCreate', hash: 'thread-create', resource: (p) => p.channel ?? '' },
  'POST /webhooks/:app/:token': {
    rate: 'interactionWebhook',
    hash: 'interaction-webhook',
    resource: (p) => `${p.app}/${p.token}`,
  },
  'GET /webhooks/:app/:token/messages/:message': {
    rate: 'interactionWebhook',
    hash: 'interaction-webhook',
    resource: (p) => `${p.app}/${p.token}`,
  },
  'PATCH /webhooks/:app/:token/messages/:message': {
    rate: 'interactionWebhook',
    hash: 'interaction-webhook',
    resource: (p) => `${p.app}/${p.token}`,
  },
  'DELETE /webhooks/:app/:token/messages/:message': {
    rate: 'interactionWebhook',
    hash: 'interaction-webhook',
    resource: (p) => `${p.app}/${p.token}`,
  },
};

function bucketRule(method: string, template: string, params: Readonly<Record<string, string>>): BucketRule {
  const known = ROUTE_BUCKETS[`${method} ${template}`];
  if (known) return { rate: known.rate, hash: known.hash, resource: known.resource(params) };
  const resource = params.channel ?? params.guild ?? params.id ?? '';
  return { rate: 'other', hash: `${method} ${template}`, resource };
}

/** The interaction callback and the interaction webhooks: not bound to the global limit. */
export function isInteractionEndpoint(template: string | null): boolean {
  return template !== null && (template.startsWith('/interactions/') || template.startsWith('/webhooks/'));
}

interface Window {
  count: number;
  resetAt: number;
}

/** What the limiter decided about one request. */
export interface LimitVerdict {
  /** Headers for the response (bucket headers; on a 429 also Retry-After and the scope). */
  readonly headers: Record<string, string>;
  /** The 429 to answer instead of running the route, or null. */
  readonly refusal: Reply | null;
  /** The bucket the request is in (X-RateLimit-Bucket), null for unknown routes. */
  readonly bucket: string | null;
  /** The request counted against the global limit. */
  readonly global: boolean;
  readonly limited: 'global' | 'user' | null;
}

/** A 429 of a limit shared by everyone using a resource (scope `shared`), with the headers to add. */
export interface SharedRefusal {
  readonly reply: Reply;
  readonly headers: Record<string, string>;
}

const RATE_LIMITED = 'You are being rate limited.';
const RESOURCE_LIMITED = 'The resource is being rate limited.';

export class RateLimiter {
  #global: Window = { count: 0, resetAt: 0 };
  readonly #buckets = new Map<string, Window>();
  readonly #invalid: number[] = [];
  #sweptAt = 0;

  constructor(
    private readonly settings: () => LimitSettings,
    private readonly clock: Clock,
  ) {}

  /**
   * Check and count one request to a route (`template` null: a route the fake
   * does not know, counted against the global limit only).
   */
  take(method: string, template: string | null, params: Readonly<Record<string, string>>): LimitVerdict {
    const now = this.clock.now();
    const settings = this.settings();
    const global = !isInteractionEndpoint(template);
    if (global) {
      const window = open(this.#global, settings.global, now);
      if (window.count >= settings.global.limit) {
        const retryMs = window.resetAt - now;
        return {
          headers: {
            'retry-after': String(Math.ceil(retryMs / 1000)),
            'x-ratelimit-global': 'true',
            'x-ratelimit-scope': 'global',
          },
          refusal: { status: 429, body: { message: RATE_LIMITED, retry_after: seconds(retryMs), global: true } },
          bucket: null,
          global: true,
          limited: 'global',
        };
      }
      window.count += 1;
    }
    if (template === null) return { headers: {}, refusal: null, bucket: null, global, limited: null };
    this.#sweep(now);
    const rule = bucketRule(method, template, params);
    const rate = settings[rule.rate];
    const key = `${rule.hash}\n${rule.resource}`;
    const window = this.#buckets.get(key) ?? { count: 0, resetAt: 0 };
    this.#buckets.set(key, open(window, rate, now));
    const refused = window.count >= rate.limit;
    if (!refused) window.count += 1;
    const resetAfterMs = window.resetAt - now;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(rate.limit),
      'x-ratelimit-remaining': String(Math.max(0, rate.limit - window.count)),
      'x-ratelimit-reset': (window.resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': seconds(resetAfterMs).toFixed(3),
      'x-ratelimit-bucket': rule.hash,
    };
    if (!refused) return { headers, refusal: null, bucket: rule.hash, global, limited: null };
    return {
      headers: { ...headers, 'retry-after': String(Math.ceil(resetAfterMs / 1000)), 'x-ratelimit-scope': 'user' },
      refusal: { status: 429, body: { message: RATE_LIMITED, retry_after: seconds(resetAfterMs), global: false } },
      bucket: rule.hash,
      global,
      limited: 'user',
    };
  }

  /**
   * Count one use of a resource whose limit everyone using it shares (`rate` per
   * `resource`, e.g. webhook messages per channel): null when allowed, else the 429.
   */
  takeShared(rate: RateName, resource: string): SharedRefusal | null {
    const now = this.clock.now();
    const limit = this.settings()[rate];
    const key = `shared ${rate}\n${resource}`;
    const window = open(this.#buckets.get(key) ?? { count: 0, resetAt: 0 }, limit, now);
    this.#buckets.set(key, window);
    if (window.count < limit.limit) {
      window.count += 1;
      return null;
    }
    const retryMs = window.resetAt - now;
    return {
      reply: { status: 429, body: { message: RESOURCE_LIMITED, retry_after: seconds(retryMs), global: false } },
      headers: { 'retry-after': String(Math.ceil(retryMs / 1000)), 'x-ratelimit-scope': 'shared' },
    };
  }

  /** Count an invalid answer (401, 403, 429 but scope `shared`); true when the 10-minute allowance is exceeded. */
  countInvalid(): boolean {
    const now = this.clock.now();
    this.#invalid.push(now);
    while ((this.#invalid[0] ?? now) <= now - 600_000) this.#invalid.shift();
    return this.#invalid.length > this.settings().invalidRequestsPer10Min;
  }

  /** Invalid answers (401, 403, 429 but scope `shared`) in the last 10 minutes. */
  get invalidRequests(): number {
    const now = this.clock.now();
    return this.#invalid.filter((at) => at > now - 600_000).length;
  }

  /** Forget buckets whose window ended long ago (keeps memory flat under load). */
  #sweep(now: number): void {
    if (now - this.#sweptAt < 10_000) return;
    this.#sweptAt = now;
    for (const [key, window] of this.#buckets) if (window.resetAt < now) this.#buckets.delete(key);
  }
}

/** A window that has ended starts afresh with the next request. */
function open(window: Window, rate: Rate, now: number): Window {
  if (now >= window.resetAt) {
    window.count = 0;
    window.resetAt = now + rate.windowMs;
  }
  return window;
}

function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms)) / 1000;
}
