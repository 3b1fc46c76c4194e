/**
 * What Discord does for an Activity (the live board), as far as the bot sees it:
 * the OAuth2 code a user's client gets on the SDK's AUTHORIZE, exchanged with the
 * application's secret for a Bearer token (POST /oauth2/token), the user that token
 * belongs to (GET /users/@me with it), and the application's activity instances, each
 * with its location and the users in it
 * (GET /applications/:app/activity-instances/:instance, with the bot's token).
 *
 *   const code = discord.activity.authorize(alice.id);        // the SDK's authorize, in alice's client
 *   const instance = discord.activity.join(channelId, alice.id);  // alice opened the board there
 */
import { randomBytes } from 'node:crypto';
import { checkPresence } from './contexts.js';
import { ApiError } from './errors.js';
import type { RestServer, RouteContext } from './server.js';
import type { World } from './world.js';

/** The application's OAuth2 client secret, as the Developer Portal would show it. */
export const FAKE_CLIENT_SECRET = 'fake-client-secret-0123456789';

interface Instance {
  readonly channelId: string;
  readonly guildId: string | null;
  readonly users: Set<string>;
}

const secret = (bytes: number): string => randomBytes(bytes).toString('base64url');

export class FakeActivity {
  readonly clientSecret = FAKE_CLIENT_SECRET;
  readonly #codes = new Map<string, string>();
  readonly #tokens = new Map<string, string>();
  readonly #instances = new Map<string, Instance>();
  /** Codes exchanged so far (a code is good once). */
  exchanges = 0;

  constructor(private readonly world: World) {}

  /** The code Discord's client gives the page of `userId` for the SDK's AUTHORIZE (good for one exchange). */
  authorize(userId: string): string {
    const code = secret(18);
    this.#codes.set(code, userId);
    return code;
  }

  /** A token as the exchange gives it, straight away (a test about what comes after). */
  tokenFor(userId: string): string {
    const token = secret(24);
    this.#tokens.set(token, userId);
    return token;
  }

  /**
   * `userId` opens the Activity in a channel: the channel's instance (Discord runs one
   * per channel), created when the first user launches it. Its id. As in Discord, only
   * where the user is: a server's channel of theirs, their DM with the bot, a group DM
   * they are in (its location then a private channel, `pc`, with no guild).
   */
  join(channelId: string, userId: string): string {
    const place = this.world.place(channelId);
    if (!place) throw new Error(`no channel ${channelId} to open the Activity in`);
    checkPresence(this.world, this.world.user(userId), place, 'open the Activity');
    const found = [...this.#instances.entries()].find(([, i]) => i.channelId === channelId);
    if (found) {
      found[1].users.add(userId);
      return found[0];
    }
    const id = `i-${secret(9)}`;
    const guildId = this.world.channels.get(channelId)?.guildId ?? null;
    this.#instances.set(id, { channelId, guildId, users: new Set([userId]) });
    return id;
  }

  leave(instanceId: string, userId: string): void {
    this.#instances.get(instanceId)?.users.delete(userId);
  }

  install(server: RestServer): void {
    server.route('POST', '/oauth2/token', (ctx) => this.#exchange(ctx), { auth: false });
    server.route('GET', '/users/@me', (ctx) => this.#me(ctx), { bearer: true });
    server.route('GET', '/applications/:app/activity-instances/:instance', ({ params }) => {
      const instance = params.app === this.world.applicationId ? this.#instances.get(params.instance ?? '') : undefined;
      if (!instance) throw new ApiError(404, 10_082, 'Unknown activity instance');
      const location = {
        id: `${instance.guildId ? 'gc' : 'pc'}-${instance.channelId}`,
        kind: instance.guildId ? 'gc' : 'pc',
        channel_id: instance.channelId,
        ...(instance.guildId ? { guild_id: instance.guildId } : {}),
      };
      const body = {
        application_id: this.world.applicationId,
        instance_id: params.instance,
        launch_id: params.instance,
        location,
        users: [...instance.users],
      };
      return { status: 200, body };
    });
  }

  #exchange({ body }: RouteContext) {
    const form = (body ?? {}) as Record<string, unknown>;
    const userId = typeof form['code'] === 'string' ? this.#codes.get(form['code']) : undefined;
    const client = form['client_id'] === this.world.applicationId && form['client_secret'] === this.clientSecret;
    if (!client) return { status: 401, body: { error: 'invalid_client' } };
    if (form['grant_type'] !== 'authorization_code' || userId === undefined)
      return { status: 400, body: { error: 'invalid_grant' } };
    this.#codes.delete(form['code'] as string);
    this.exchanges++;
    const token = this.tokenFor(userId);
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 604_800,
        refresh_token: secret(24),
        scope: 'identify',
      },
    };
  }

  #me({ authorization }: RouteContext) {
    const userId = this.#tokens.get(authorization?.slice('Bearer '.length) ?? '');
    if (userId === undefined) throw new ApiError(401, 0, '401: Unauthorized');
    const user = this.world.user(userId);
    return { status: 200, body: { ...user.api(), locale: user.locale, mfa_enabled: false } };
  }
}
