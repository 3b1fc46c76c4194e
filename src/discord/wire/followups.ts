/**
 * Posting in a game's thread through an interaction's webhook. Discord counts every
 * request on a channel route against the bot's global limit (50 per second), but
 * not the interaction endpoints: a board posted as a follow-up of an interaction
 * made in its thread (any click there, once answered, for as long as its token
 * works) and the buttons of that message cleared through the same token cost no
 * global request. A move made through a click, and the computer moves after it,
 * then need none at all (rest.ts explains the lanes).
 *
 * A follow-up has no nonce: one whose answer never came may still have been
 * posted. Requests here are never repeated by the REST client (no retries); the
 * outbox looks for such a post in the thread before making it again.
 *
 * Webhooks have a limit of their own: about 30 messages a minute per channel, every
 * webhook and token together (a limit shared per channel, 429 with scope `shared`).
 * A fast game (computer seats) would go over it, so a thread gets at most
 * WEBHOOK_POSTS_PER_MINUTE posts from here; beyond, `post` declines and the outbox
 * posts on the channel's route (with a nonce), at once rather than after a wait.
 *
 * Times are the bot's clock (runtime/clock.ts), which a test moves forward with the
 * fake Discord's: a token's minutes and a minute's posts pass for both.
 */
import {
  DiscordAPIError,
  InteractionWebhook,
  RateLimitError,
  MessagePayload,
  RESTJSONErrorCodes,
  Routes,
  makeURLSearchParams,
  type APIMessage,
  type Client,
  type MessageCreateOptions,
  type MessageEditOptions,
} from 'discord.js';
import * as clock from '../../runtime/clock.js';
import { OneBodyREST } from './rest.js';

/** Discord: an interaction token works for 15 minutes. Not used in its last minute (clocks, a slow upload). */
export const TOKEN_USE_MS = 14 * 60_000;

const SWEEP_MS = 60_000;

/**
 * A thread's posts through webhooks in a minute: Discord allows about 30 per channel;
 * 5 are left to the answers' own follow-ups there (wire/answer.ts), which cannot wait.
 */
export const WEBHOOK_POSTS_PER_MINUTE = 25;
const WEBHOOK_WINDOW_MS = 60_000;

/** An interaction's webhook, lent to the outbox for the thread the interaction was made in. */
export interface Lent {
  readonly applicationId: string;
  readonly token: string;
  /** Not to be used from then on (epoch ms). */
  readonly until: number;
}

/** The interaction facts a thread's webhook is made of. */
export interface AnsweredInteraction {
  readonly applicationId: string;
  readonly token: string;
  readonly channelId: string | null;
  /** When it arrived, on the games' clock (wire/answer.ts, arrivedAt): its token's time counts from then. */
  readonly arrivedAt: number;
  /**
   * The public message the interaction's `@original` is, when known: the message a
   * click updated, or a command's public reply. Its token may edit that message.
   */
  readonly original?: string | null;
  /**
   * It launched the live board there (Discord's launch-activity answer): a place the
   * bot cannot post in on its own may get the board's new game through its token.
   */
  readonly launched?: boolean;
}

/** A token that may edit a message: as its `@original`, or the follow-up it made (`ref`, the message's id). */
type Editing = Lent & { readonly ref: string };

/**
 * Discord: at most 5 follow-ups per interaction of an app installed by the user only;
 * a lent token makes at most this many of them, leaving the rest to the answer's own.
 */
export const LENT_FOLLOW_UPS = 3;

/** Discord's answer that the channel or the message is gone: nothing to do there, ever again. */
export function gone(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    (error.code === RESTJSONErrorCodes.UnknownChannel || error.code === RESTJSONErrorCodes.UnknownMessage)
  );
}

/**
 * A refusal from Discord: the request was not carried out (e.g. the token expired,
 * 50027, or the thread is archived). Anything else (a 5xx, a timeout, a broken
 * connection) leaves it unknown whether the message was posted.
 */
export function refused(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.status >= 400 && error.status < 500;
}

/** A refusal becomes null (try another way); anything else is thrown on. */
function unlessRefused(error: unknown): null {
  if (refused(error)) return null;
  throw error;
}

/** A post not made: the channel is over its webhook limit. */
const LIMITED = Symbol('limited');

export class ThreadWebhooks {
  readonly #byThread = new Map<string, Lent>();
  /** The webhook each message was posted through: only it may edit the message. */
  readonly #byMessage = new Map<string, Lent>();
  /** The freshest token that may edit the message (a one-message game's: bot.ts, Home). */
  readonly #byOriginal = new Map<string, Editing>();
  /** The freshest token of a launch of the live board in each channel (AnsweredInteraction.launched). */
  readonly #byLaunch = new Map<string, Lent>();
  /** Follow-ups made through each lent token (see LENT_FOLLOW_UPS). */
  readonly #followUps = new Map<string, number>();
  /** When each of a thread's posts through a webhook was made, within the last minute. */
  readonly #posts = new Map<string, number[]>();
  /** Threads Discord said are over their webhook limit: not before then (epoch ms). */
  readonly #restUntil = new Map<string, number>();
  /** Interaction endpoints only (no global cap), and no retries: a repeated follow-up could post twice. */
  readonly #rest: OneBodyREST;
  #sweptAt = 0;

  constructor(private readonly client: Client) {
    this.#rest = new OneBodyREST({
      ...client.options.rest,
      retries: 0,
      globalRequestsPerSecond: Number.POSITIVE_INFINITY,
      // A channel over its webhook limit: the post goes on the channel's route at once instead of waiting a minute.
      rejectOnRateLimit: (limit) => limit.scope === 'shared',
    });
  }

  /** An interaction made in a channel was answered: its webhook may post there until shortly before its token ends. */
  lend(interaction: AnsweredInteraction): void {
    const until = interaction.arrivedAt + TOKEN_USE_MS;
    if (until <= clock.now()) return;
    this.#sweep();
    const lent = { applicationId: interaction.applicationId, token: interaction.token, until };
    const original = interaction.original;
    if (original && until > (this.#byOriginal.get(original)?.until ?? 0))
      this.#byOriginal.set(original, { ...lent, ref: '@original' });
    const channelId = interaction.channelId;
    if (!channelId) return;
    if (interaction.launched && until > (this.#byLaunch.get(channelId)?.until ?? 0))
      this.#byLaunch.set(channelId, lent);
    if (until > (this.#byThread.get(channelId)?.until ?? 0)) this.#byThread.set(channelId, lent);
  }

  /**
   * A message in a channel the bot cannot post in on its own, as a follow-up of the
   * live board's launch there: its id (the token then edits it, as a one-message
   * game's), or null when no launch's token is usable (none, its time or its
   * follow-ups spent, the channel at its webhook share, or Discord refused it).
   */
  async postOnLaunch(channelId: string, options: MessageCreateOptions): Promise<string | null> {
    const lent = this.#fresh(this.#byLaunch.get(channelId));
    if (!this.#room(channelId) || !this.#useTokenFollowUp(lent)) return null;
    this.#count(channelId);
    const message = await this.#postWaited(lent, options, unlessRefused);
    if (!message) {
      if (this.#byLaunch.get(channelId) === lent) this.#byLaunch.delete(channelId);
      return null;
    }
    this.#byOriginal.set(message.id, { ...lent, ref: message.id });
    return message.id;
  }

  /**
   * Edit a message through the freshest token that may (its `@original`, or a launch's follow-up): false when
   * none is usable (none lent, its time over, or Discord refused it: then dropped).
   */
  async editOriginal(messageId: string, options: MessageEditOptions): Promise<boolean> {
    const lent = this.#fresh(this.#byOriginal.get(messageId));
    if (!lent) return false;
    const webhook = new InteractionWebhook(this.client as Client<true>, lent.applicationId, lent.token);
    const { body, files } = await MessagePayload.create(webhook, options).resolveBody().resolveFiles();
    const edited = await this.#rest
      .patch(Routes.webhookMessage(lent.applicationId, lent.token, lent.ref), {
        body,
        files: files ?? [],
        auth: false,
      })
      .then(() => true, unlessRefused);
    if (edited) return true;
    if (this.#byOriginal.get(messageId) === lent) this.#byOriginal.delete(messageId);
    return false;
  }

  /** Whether a token may edit the message now (as editOriginal would try): a one-message game's can be shown. */
  mayEdit(messageId: string): boolean {
    return this.#fresh(this.#byOriginal.get(messageId)) !== null;
  }

  /** A follow-up beside a message, through the freshest token whose `@original` it is: false when none may make one. */
  async followUpOn(messageId: string, options: MessageCreateOptions): Promise<boolean> {
    const lent = this.#fresh(this.#byOriginal.get(messageId));
    if (!this.#useTokenFollowUp(lent)) return false;
    const webhook = new InteractionWebhook(this.client as Client<true>, lent.applicationId, lent.token);
    const { body, files } = await MessagePayload.create(webhook, options).resolveBody().resolveFiles();
    const sent = await this.#rest
      .post(Routes.webhook(lent.applicationId, lent.token), { body, files: files ?? [], auth: false })
      .then(() => true, unlessRefused);
    return sent !== null;
  }

  /**
   * Post in the thread through the webhook lent for it: the new message's id, or
   * null when no webhook is lent (or Discord refused it: it is then dropped), or the
   * thread has had its share of webhook posts this minute (nothing was posted).
   * Throws when it is unknown whether the message was posted.
   */
  async post(threadId: string, options: MessageCreateOptions): Promise<string | null> {
    const lent = this.#fresh(this.#byThread.get(threadId));
    if (!lent || !this.#room(threadId)) return null;
    this.#count(threadId);
    const message = await this.#postWaited(lent, options, (error) => this.#unlessLimited(threadId, error));
    if (message === LIMITED) return null;
    if (!message) {
      this.#drop(threadId, lent);
      return null;
    }
    this.#byMessage.set(message.id, lent);
    return message.id;
  }

  /**
   * A follow-up an answer is about to make in the channel (a one-message game's panel
   * beside it), counted with the channel's webhook posts: false when they are at their
   * share this minute (the answer then goes without one).
   */
  takeFollowUp(channelId: string): boolean {
    if (!this.#room(channelId)) return false;
    this.#count(channelId);
    return true;
  }

  /** Take the buttons off a message posted through a webhook still usable: false when there is none (edit it another way). */
  async clearButtons(messageId: string): Promise<boolean> {
    const lent = this.#fresh(this.#byMessage.get(messageId));
    if (!lent) return false;
    const cleared = await this.#rest
      .patch(Routes.webhookMessage(lent.applicationId, lent.token, messageId), {
        body: { components: [] },
        auth: false,
      })
      .then(() => true, unlessRefused);
    this.#byMessage.delete(messageId);
    return cleared !== null;
  }

  stop(): void {
    this.#rest.clearHashSweeper();
    this.#rest.clearHandlerSweeper();
  }

  /** A follow-up through a token, waited for: the message made, or what `failed` makes of the error. */
  async #postWaited<E>(
    lent: Lent,
    options: MessageCreateOptions,
    failed: (error: unknown) => E,
  ): Promise<APIMessage | E> {
    const webhook = new InteractionWebhook(this.client as Client<true>, lent.applicationId, lent.token);
    const { body, files } = await MessagePayload.create(webhook, options).resolveBody().resolveFiles();
    return this.#rest
      .post(Routes.webhook(lent.applicationId, lent.token), {
        body,
        files: files ?? [],
        query: makeURLSearchParams({ wait: true }),
        auth: false,
      })
      .then((m) => m as APIMessage, failed);
  }

  /** Counts one of a lent token's follow-ups (LENT_FOLLOW_UPS) as made: false when it has none left (or there is no token). */
  #useTokenFollowUp(lent: Lent | null): lent is Lent {
    const made = lent ? (this.#followUps.get(lent.token) ?? 0) : LENT_FOLLOW_UPS;
    if (!lent || made >= LENT_FOLLOW_UPS) return false;
    this.#followUps.set(lent.token, made + 1);
    return true;
  }

  /** Room for one more webhook post in the thread this minute. */
  #room(threadId: string): boolean {
    const now = clock.now();
    if ((this.#restUntil.get(threadId) ?? 0) > now) return false;
    const recent = (this.#posts.get(threadId) ?? []).filter((at) => at > now - WEBHOOK_WINDOW_MS);
    this.#posts.set(threadId, recent);
    return recent.length < WEBHOOK_POSTS_PER_MINUTE;
  }

  /** Counted when asked for: Discord counts it even if the answer is lost. */
  #count(threadId: string): void {
    this.#posts.set(threadId, [...(this.#posts.get(threadId) ?? []), clock.now()]);
  }

  /** Over the channel's webhook limit all the same (another poster there): nothing was posted, none until it resets. */
  #unlessLimited(threadId: string, error: unknown): typeof LIMITED | null {
    if (!(error instanceof RateLimitError)) return unlessRefused(error);
    this.#restUntil.set(threadId, clock.now() + error.retryAfter);
    return LIMITED;
  }

  #fresh<L extends Lent>(lent: L | undefined): L | null {
    return lent && lent.until > clock.now() ? lent : null;
  }

  #drop(threadId: string, lent: Lent): void {
    if (this.#byThread.get(threadId) === lent) this.#byThread.delete(threadId);
  }

  /** Forget, once a minute, the webhooks whose time is over: the maps hold the threads played in the last minutes. */
  #sweep(): void {
    const now = clock.now();
    if (now - this.#sweptAt < SWEEP_MS) return;
    this.#sweptAt = now;
    for (const map of [this.#byThread, this.#byMessage, this.#byOriginal, this.#byLaunch])
      for (const [key, lent] of map) if (lent.until <= now) map.delete(key);
    const live = new Set([...this.#byOriginal.values()].map((lent) => lent.token));
    for (const token of this.#followUps.keys()) if (!live.has(token)) this.#followUps.delete(token);
    for (const [threadId, posts] of this.#posts)
      if ((posts.at(-1) ?? 0) <= now - WEBHOOK_WINDOW_MS) this.#posts.delete(threadId);
    for (const [threadId, until] of this.#restUntil) if (until <= now) this.#restUntil.delete(threadId);
  }
}
