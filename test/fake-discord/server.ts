/**
 * The HTTP side: routing of `/api/v10/...`, body parsing (JSON and multipart
 * uploads), authorization, injected faults, and the request log with strict-mode
 * bookkeeping. Route handlers live in routes.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, RateLimited } from './errors.js';
import type { LimitVerdict, RateLimiter } from './limits.js';
import type { UploadedFile } from './payload.js';

export interface RequestRecord {
  readonly seq: number;
  readonly method: string;
  /** Decoded path after `/api/v10`, e.g. `/webhooks/1/tok/messages/@original`. */
  readonly path: string;
  /** The route template that handled it, e.g. `/channels/:channel/messages`; null when unknown. */
  readonly route: string | null;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** Parsed JSON body, or `payload_json` of a multipart upload. */
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
  readonly status: number;
  readonly response: unknown;
  readonly receivedAt: number;
  readonly answeredAt: number;
  /** The fault injected into this request, if any. */
  readonly fault: FaultKind | null;
  /** Its rate-limit bucket (X-RateLimit-Bucket); null for unknown routes and injected faults. */
  readonly bucket: string | null;
  /** It counted against the global limit (every route but the interaction endpoints). */
  readonly global: boolean;
  /** Refused with 429 by the global limit, by its bucket (scope `user`), or by a limit per resource (scope `shared`). */
  readonly limited: 'global' | 'user' | 'shared' | null;
}

export interface RouteContext {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
  readonly files: readonly UploadedFile[];
  /** The Authorization header (an OAuth2 route reads its Bearer token: activity.ts). */
  readonly authorization: string | null;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export type Handler = (ctx: RouteContext) => Reply | Promise<Reply>;

/**
 * A check on every request under a path prefix (`/channels/:channel`), known route
 * or not: it throws Discord's answer (e.g. 403 / 50001 for a channel the bot is no
 * member of) before the route runs, or before an unknown route is reported.
 */
export type Guard = (params: Readonly<Record<string, string>>) => void;

interface GuardRule {
  readonly template: string;
  readonly segments: readonly string[];
  readonly check: Guard;
}

interface Route {
  readonly method: string;
  readonly template: string;
  readonly segments: readonly string[];
  readonly handler: Handler;
  /** Interaction callbacks and webhook routes are called without the bot token. */
  readonly auth: boolean;
  /** Matches only requests with a Bearer token (a user's OAuth2 token: activity.ts); the bot's go on to the next route. */
  readonly bearer: boolean;
}

/** Which requests a fault, an expectation or a wait applies to. */
export interface RequestMatcher {
  readonly method?: string;
  /** A concrete path (`/channels/1/messages`), a route template (`/channels/:channel/messages`) or a RegExp on the path. */
  readonly path?: string | RegExp;
  /** Any further condition on the request. */
  readonly where?: (request: RequestRecord) => boolean;
}

export type FaultKind = Fault['kind'];

export type Fault =
  | { readonly kind: 'rate-limit'; readonly retryAfterMs: number; readonly global?: boolean }
  | { readonly kind: 'server-error'; readonly status?: 500 | 502 | 503 | 504 }
  /** Answered (and carried out) only after the delay: past the client's timeout, it lands after the client gave up. */
  | { readonly kind: 'slow'; readonly delayMs: number }
  /** Carried out at once, its answer on the way for the delay: whoever watches Discord sees it done before the client knows. */
  | { readonly kind: 'late'; readonly delayMs: number }
  /**
   * Lost on the way: never carried out, never answered; the connection stays open
   * until the client gives up (discord.js aborts after its timeout, 15 s, and tries
   * again). Recorded then, with status 0.
   */
  | { readonly kind: 'no-answer' };

export interface FaultRule {
  readonly match: RequestMatcher;
  readonly fault: Fault;
  /** How many requests it still applies to. */
  remaining: number;
}

export function matchesRequest(
  m: RequestMatcher,
  r: Pick<RequestRecord, 'method' | 'path' | 'route' | 'params'> & Partial<RequestRecord>,
): boolean {
  if (m.method && m.method.toUpperCase() !== r.method) return false;
  if (m.path instanceof RegExp && !m.path.test(r.path)) return false;
  if (typeof m.path === 'string' && m.path !== r.path && m.path !== r.route) return false;
  if (m.where && !m.where(r as RequestRecord)) return false;
  return true;
}

export interface ServerHooks {
  readonly token: string;
  /** The request was answered (logged already). */
  onRequest(record: RequestRecord): void;
  /** A condition strict mode reports. */
  onProblem(problem: string): void;
  isExpectedError(record: RequestRecord): boolean;
  readonly log: boolean;
  readonly limiter: RateLimiter;
}

export class RestServer {
  readonly http: Server;
  readonly #routes: Route[] = [];
  readonly #guards: GuardRule[] = [];
  readonly faults: FaultRule[] = [];
  readonly requests: RequestRecord[] = [];
  #seq = 0;
  #banReported = false;

  constructor(private readonly hooks: ServerHooks) {
    this.http = createServer((req, res) => void this.#handle(req, res));
  }

  route(method: string, template: string, handler: Handler, opts: { auth?: boolean; bearer?: boolean } = {}): void {
    const segments = template.split('/').slice(1);
    const bearer = opts.bearer ?? false;
    this.#routes.push({ method, template, segments, handler, auth: !bearer && (opts.auth ?? true), bearer });
  }

  /** Run `check` on every request whose path starts with `prefix` (a template, e.g. `/channels/:channel`). */
  guard(prefix: string, check: Guard): void {
    this.#guards.push({ template: prefix, segments: prefix.split('/').slice(1), check });
  }

  /** The guards whose prefix the path starts with, with their parameters. */
  #guardsFor(path: string): Array<{ rule: GuardRule; params: Record<string, string> }> {
    const parts = path.split('/').slice(1);
    return this.#guards.flatMap((rule) => {
      const params = matchSegments(rule.segments, parts.slice(0, rule.segments.length));
      return params && parts.length >= rule.segments.length ? [{ rule, params }] : [];
    });
  }

  #match(method: string, path: string, bearer: boolean): { route: Route; params: Record<string, string> } | null {
    const parts = path.split('/').slice(1);
    for (const route of this.#routes) {
      if (route.method !== method || route.segments.length !== parts.length || (route.bearer && !bearer)) continue;
      const params = matchSegments(route.segments, parts);
      if (params) return { route, params };
    }
    return null;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://fake');
    const rawPath = url.pathname.replace(/^\/api\/v10(?=\/)/, '');
    const path = rawPath.split('/').map(safeDecode).join('/');
    let parsed: { body: unknown; files: UploadedFile[] } = { body: null, files: [] };
    let reply: Reply;
    let fault: FaultKind | null = null;
    let verdict: LimitVerdict | null = null;
    let shared: RateLimited | null = null;
    const bearer = req.headers.authorization?.startsWith('Bearer ') ?? false;
    const matched = url.pathname.startsWith('/api/v10/') ? this.#match(method, path, bearer) : null;
    const tokenOk = req.headers.authorization === `Bot ${this.hooks.token}`;
    const authorized = matched !== null && (!matched.route.auth || tokenOk);
    const guards = url.pathname.startsWith('/api/v10/') ? this.#guardsFor(path) : [];
    /** A guard answered (an unknown route under it is answered as Discord would, not reported). */
    let guarded: string | null = null;
    let lateMs = 0;
    try {
      parsed = await readBody(req);
      const rule = authorized ? this.#takeFault(method, path, matched.route.template, matched.params) : null;
      fault = rule?.kind ?? null;
      if (rule?.kind === 'slow') await sleep(rule.delayMs);
      if (rule?.kind === 'late') lateMs = rule.delayMs;
      if (rule?.kind === 'no-answer') {
        await closed(res);
        reply = { status: 0 };
      } else if (rule && rule.kind !== 'slow' && rule.kind !== 'late') {
        reply = faultReply(rule);
      } else {
        // An unknown route or a request without the bot token counts against the global limit only.
        verdict = this.hooks.limiter.take(
          method,
          authorized ? matched.route.template : null,
          authorized ? matched.params : {},
        );
        if (verdict.refusal) reply = verdict.refusal;
        else {
          if ((matched === null || matched.route.auth) && tokenOk)
            for (const { rule, params } of guards) {
              guarded = rule.template;
              rule.check(params);
              guarded = null;
            }
          if (!matched) throw new ApiError(404, 0, '404: Not Found');
          if (!authorized) throw new ApiError(401, 0, '401: Unauthorized');
          reply = await matched.route.handler({
            method,
            path,
            params: matched.params,
            query: url.searchParams,
            body: parsed.body,
            files: parsed.files,
            authorization: req.headers.authorization ?? null,
          });
        }
      }
    } catch (error) {
      // The client went away in the middle of its request (e.g. a killed bot's upload): nothing to answer, nothing of ours failed.
      if (error instanceof RateLimited) shared = error;
      else if (req.destroyed && !(error instanceof ApiError)) return;
      reply = shared ? shared.refusal.reply : errorReply(error, this.hooks, method, path);
    }
    const limited = shared ? 'shared' : (verdict?.limited ?? null);
    const record: RequestRecord = {
      seq: ++this.#seq,
      method,
      path,
      route: matched?.route.template ?? (guarded !== null ? `${guarded}/*` : null),
      params: matched?.params ?? guards.find((g) => g.rule.template === guarded)?.params ?? {},
      query: url.searchParams,
      body: parsed.body,
      files: parsed.files,
      status: reply.status,
      response: reply.body,
      receivedAt,
      answeredAt: Date.now(),
      fault,
      bucket: verdict?.bucket ?? null,
      global: verdict?.global ?? false,
      limited,
    };
    this.requests.push(record);
    if (this.hooks.log)
      process.stderr.write(
        `[fake-discord] ${method} ${path} -> ${reply.status}${fault ? ` (${fault})` : ''}${limited ? ` (rate limited: ${limited})` : ''}\n`,
      );
    if (!matched && guarded === null)
      this.hooks.onProblem(`unknown route: ${method} ${path} (the fake does not implement it)`);
    else if (reply.status >= 400 && fault === null && limited === null && !this.hooks.isExpectedError(record)) {
      this.hooks.onProblem(`unexpected ${reply.status} on ${method} ${path}: ${JSON.stringify(reply.body)}`);
    }
    // Discord: "429 errors returned with X-RateLimit-Scope: shared are not counted against you".
    if (
      (reply.status === 401 || reply.status === 403 || (reply.status === 429 && limited !== 'shared')) &&
      this.hooks.limiter.countInvalid() &&
      !this.#banReported
    ) {
      this.#banReported = true;
      this.hooks.onProblem(
        'more invalid requests (401, 403, 429) in 10 minutes than Discord allows: it would ban the IP for a while',
      );
    }
    if (lateMs > 0) {
      // Done, seen done by whoever watches (the test), before the client hears of it.
      this.hooks.onRequest(record);
      await sleep(lateMs);
    }
    if (fault !== 'no-answer')
      send(
        res,
        reply,
        fault === 'rate-limit'
          ? rateLimitHeaders(reply)
          : { ...(verdict?.headers ?? {}), ...(shared?.refusal.headers ?? {}) },
      );
    if (lateMs === 0) this.hooks.onRequest(record);
  }

  #takeFault(method: string, path: string, route: string, params: Readonly<Record<string, string>>): Fault | null {
    const rule = this.faults.find((f) => f.remaining > 0 && matchesRequest(f.match, { method, path, route, params }));
    if (!rule) return null;
    rule.remaining -= 1;
    return rule.fault;
  }
}

/** The parameters when the path's segments fit the template's (`:name` takes any non-empty segment), else null. */
function matchSegments(template: readonly string[], parts: readonly string[]): Record<string, string> | null {
  if (template.length !== parts.length) return null;
  const params: Record<string, string> = {};
  const fits = template.every((seg, i) => {
    const part = parts[i] ?? '';
    if (!seg.startsWith(':')) return seg === part;
    params[seg.slice(1)] = part;
    return part !== '';
  });
  return fits ? params : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readBody(req: IncomingMessage): Promise<{ body: unknown; files: UploadedFile[] }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  if (raw.length === 0) return { body: null, files: [] };
  if (type.startsWith('multipart/form-data')) return readMultipart(raw, type);
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  try {
    return { body: JSON.parse(raw.toString('utf8')), files: [] };
  } catch {
    throw new ApiError(400, 50109, 'The request body contains invalid JSON.');
  }
}

async function readMultipart(raw: Buffer, contentType: string): Promise<{ body: unknown; files: UploadedFile[] }> {
  const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  let body: unknown = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    if (name === 'payload_json' && typeof value === 'string') {
      body = JSON.parse(value);
      continue;
    }
    const index = /^files\[(\d+)\]$/.exec(name)?.[1];
    if (index !== undefined && typeof value !== 'string') {
      files.push({
        index: Number(index),
        filename: value.name,
        contentType: value.type || null,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
    }
  }
  return { body, files };
}

/** Resolves once the client has given up on the request (or the server closed its connection). */
function closed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed || res.socket?.destroyed !== false) resolve();
    else res.once('close', () => resolve());
  });
}

function faultReply(fault: Exclude<Fault, { kind: 'slow' | 'late' | 'no-answer' }>): Reply {
  if (fault.kind === 'rate-limit') {
    return {
      status: 429,
      body: {
        message: 'You are being rate limited.',
        retry_after: fault.retryAfterMs / 1000,
        global: fault.global ?? false,
      },
    };
  }
  return { status: fault.status ?? 500, body: { message: '500: Internal Server Error', code: 0 } };
}

function rateLimitHeaders(reply: Reply): Record<string, string> {
  const body = reply.body as { retry_after: number; global: boolean };
  const seconds = String(body.retry_after);
  if (body.global)
    return {
      'retry-after': String(Math.ceil(body.retry_after)),
      'x-ratelimit-global': 'true',
      'x-ratelimit-scope': 'global',
    };
  return {
    // Whole seconds, as Discord sends it; retry_after and Reset-After are precise.
    'retry-after': String(Math.ceil(body.retry_after)),
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': ((Date.now() + body.retry_after * 1000) / 1000).toFixed(3),
    'x-ratelimit-reset-after': seconds,
    'x-ratelimit-bucket': 'fake-bucket',
    'x-ratelimit-scope': 'user',
  };
}

function errorReply(error: unknown, hooks: ServerHooks, method: string, path: string): Reply {
  if (error instanceof ApiError) return { status: error.status, body: error.body() };
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  hooks.onProblem(`the fake itself failed on ${method} ${path}: ${text}`);
  return { status: 500, body: { message: '500: Internal Server Error', code: 0 } };
}

function send(res: ServerResponse, reply: Reply, headers: Record<string, string>): void {
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  res.writeHead(reply.status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
}
