/**
 * What the live board asks Discord (never the page): the OAuth2 code exchanged for a
 * token with the application's secret, who a token belongs to, and where an
 * Activity's instance runs and who is in it (the application's activity-instance
 * endpoint). Any failure is "unknown": the page is refused, nothing is trusted.
 */
import type { Config } from '../../config.js';

export interface TokenUser {
  readonly id: string;
  readonly name: string;
  /** The user's Discord language (e.g. `pt-BR`), when Discord says it. */
  readonly locale: string | null;
}

export interface InstancePlace {
  readonly channelId: string;
  readonly guildId: string | null;
  /** The users in the instance now. */
  readonly users: readonly string[];
}

/** The calls, behind an interface so that the rest never builds a URL. */
export interface DiscordAuth {
  exchange(code: string): Promise<string | null>;
  user(token: string): Promise<TokenUser | null>;
  instance(instanceId: string): Promise<InstancePlace | null>;
}

const SNOWFLAKE = /^\d{1,25}$/;

type Json = Record<string, unknown> | null;

/** Discord's answer: null when it refuses (4xx); a Discord in trouble (5xx, 429) is an error, to be tried again. */
async function json(response: Response): Promise<Json> {
  if (response.status >= 500 || response.status === 429) throw new Error(`Discord answered ${response.status}`);
  if (!response.ok) return null;
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
}

/** The longest Discord's rate limit is waited out for (a page waits on it); longer, the page is told to try again. */
const LONGEST_WAIT_MS = 5_000;

/** A request to Discord; when it says to slow down (429) for a short while, asked once more after that while. */
async function request(url: string, init: RequestInit, again = true): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== 429 || !again) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { retry_after?: unknown } | null;
  const waitMs = Number(body?.retry_after ?? response.headers.get('retry-after')) * 1000;
  if (!(waitMs >= 0 && waitMs <= LONGEST_WAIT_MS)) return response;
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return request(url, init, false);
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** Discord's REST API v10 at the configured base, for the application `applicationId()`. */
export function discordAuth(config: Config, secret: string, applicationId: () => string | null): DiscordAuth {
  const api = `${config.apiBase}/v10`;
  const app = (): string => applicationId() ?? '';
  return {
    async exchange(code) {
      const form = new URLSearchParams({
        client_id: app(),
        client_secret: secret,
        grant_type: 'authorization_code',
        code,
      });
      const body = await json(await request(`${api}/oauth2/token`, { method: 'POST', body: form }));
      return str(body?.['access_token']);
    },
    async user(token) {
      const body = await json(await request(`${api}/users/@me`, { headers: { authorization: `Bearer ${token}` } }));
      const id = str(body?.['id']);
      if (!id || !SNOWFLAKE.test(id)) return null;
      const name = str(body?.['global_name']) ?? str(body?.['username']) ?? id;
      return { id, name, locale: str(body?.['locale']) };
    },
    async instance(instanceId) {
      const url = `${api}/applications/${app()}/activity-instances/${encodeURIComponent(instanceId)}`;
      const body = await json(await request(url, { headers: { authorization: `Bot ${config.token}` } }));
      const location = body?.['location'] as Json | undefined;
      const channelId = str(location?.['channel_id']);
      const users = body?.['users'];
      if (!channelId || !Array.isArray(users)) return null;
      return {
        channelId,
        guildId: str(location?.['guild_id']),
        users: users.filter((u): u is string => typeof u === 'string'),
      };
    },
  };
}
