/**
 * The live board's web server (on when ACTIVITY_PORT and CLIENT_SECRET are set): the
 * page, the OAuth2 code exchange (the client secret stays here), and one WebSocket
 * per page for its messages and the live updates. Every table the driver sees
 * change (a move from a page, a thread's button, a computer, the timer) goes at once
 * to the pages following it. Paths are relative to the page and also accepted
 * under Discord's `/.proxy/` prefix.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorText } from '../../runtime/log.js';
import { threadIdOf, type Table } from '../../table/index.js';
import { LIVE_PATH, MAX_MESSAGE_BYTES, TOKEN_PATH, type RefusalWhy, type ServerMessage } from '../../web/protocol.js';
import type { Bot } from '../bot.js';
import { buildPage, type PageFiles } from './bundle.js';
import { discordAuth, type DiscordAuth } from './discord.js';
import { Session } from './session.js';
import { tableView } from './view.js';

/** Per user (all their pages together): a burst of this many messages, then RATE_PER_S a second. */
const RATE_BURST = 20;
const RATE_PER_S = 5;
/** The OAuth2 code's request body: a code is about 30 characters. */
const MAX_TOKEN_BODY = 1024;

/** A page connected: its socket, its session, the tables it follows and the version each was last sent at. */
interface Page {
  readonly socket: WebSocket;
  readonly session: Session;
  readonly sent: Map<string, number>;
}

/** What the live board counts: refusals by why, and messages too large to read. */
export type ActivityCounts = Readonly<Record<`activity_${RefusalWhy | 'oversized'}`, number>>;

class Buckets {
  private readonly level = new Map<string, { tokens: number; at: number }>();

  allow(key: string): boolean {
    const now = performance.now();
    const bucket = this.level.get(key) ?? { tokens: RATE_BURST, at: now };
    bucket.tokens = Math.min(RATE_BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE_PER_S);
    bucket.at = now;
    this.level.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}

/** A request's path without Discord's proxy prefix. */
function routeOf(req: IncomingMessage): string {
  const path = new URL(req.url ?? '/', 'http://page').pathname;
  return path.replace(/^\/\.proxy(?=\/)/, '');
}

function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > max) {
        resolve(null);
        req.destroy();
      }
    });
    req.on('end', () => resolve(body));
    req.on('error', () => resolve(null));
  });
}

export class ActivityServer {
  private readonly pages = new Set<Page>();
  private readonly buckets = new Buckets();
  private readonly counts = new Map<string, number>();
  /** Each live table's status as last seen (listed). */
  private readonly statuses = new Map<string, Table['status']>();
  private readonly http: Server;
  private readonly sockets: WebSocketServer;

  private constructor(
    private readonly bot: Bot,
    private readonly files: PageFiles,
    private readonly auth: DiscordAuth,
  ) {
    this.http = createServer((req, res) => void this.serve(req, res));
    this.sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
    this.http.on('upgrade', (req, socket, head) => {
      if (routeOf(req) !== `/${LIVE_PATH}`) return socket.destroy();
      this.sockets.handleUpgrade(req, socket, head, (ws) => this.open(ws, req));
    });
  }

  /**
   * Build the page and listen on the configured port. Null when it cannot (the port
   * taken, the page not built): the bot plays on without the board, and says why.
   */
  static async start(bot: Bot, secret: string, port: number): Promise<ActivityServer | null> {
    try {
      const auth = discordAuth(bot.config, secret, () => bot.client.application?.id ?? bot.config.applicationId);
      const server = new ActivityServer(bot, await buildPage(), auth);
      await new Promise<void>((resolve, reject) => {
        server.http.once('error', reject);
        server.http.listen(port, resolve);
      });
      bot.log.info('live board served', { port: server.port() });
      return server;
    } catch (error) {
      bot.log.error('the live board is not served', { port, error: errorText(error) });
      return null;
    }
  }

  port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** A table changed: its new version to every page following it; the list of its channel, when it is new or ended. */
  changed(table: Table): void {
    this.listed(table);
    const message: ServerMessage = { type: 'table', table: tableView(table) };
    for (const page of this.pages) {
      const sent = page.sent.get(table.id);
      if (sent === undefined || sent >= table.version) continue;
      page.sent.set(table.id, table.version);
      this.send(page.socket, message);
    }
  }

  /**
   * A table's status as last seen: a table seen for the first time (a lobby opened by
   * `/kingdomino start`, a rematch, a page) or in another status (started, over,
   * cancelled) changes the list of its channel and of its thread.
   */
  private listed(table: Table): void {
    if (this.statuses.get(table.id) === table.status) return;
    // Over: seen no more (a late copy of it lists the channel again, harmlessly).
    if (table.status === 'finished' || table.status === 'cancelled') this.statuses.delete(table.id);
    else this.statuses.set(table.id, table.status);
    for (const channelId of new Set([table.messages.lobbyChannelId, threadIdOf(table)])) this.relisted(channelId);
  }

  /** The channel's list again to every page there. */
  private relisted(channelId: string): void {
    for (const page of this.pages)
      if (page.session.channelId() === channelId)
        page.session.sendGames().catch((error: unknown) => {
          this.bot.log.warn('live board: list not sent', { error: errorText(error) });
        });
  }

  figures(): ActivityCounts {
    const all = ['unauthenticated', 'elsewhere', 'bad-input', 'rate-limited', 'not-here', 'refused', 'unavailable'];
    return Object.fromEntries(
      [...all, 'oversized'].map((why) => [`activity_${why}`, this.counts.get(why) ?? 0]),
    ) as ActivityCounts;
  }

  async stop(): Promise<void> {
    for (const page of this.pages) page.socket.terminate();
    this.sockets.close();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private count(why: string): void {
    this.counts.set(why, (this.counts.get(why) ?? 0) + 1);
  }

  private send(socket: WebSocket, message: ServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  private open(socket: WebSocket, req: IncomingMessage): void {
    const sent = new Map<string, number>();
    const session = new Session(
      {
        bot: this.bot,
        auth: this.auth,
        send: (message) => {
          if (message.type === 'table') sent.set(message.table.id, message.table.version);
          this.send(socket, message);
        },
        close: (code) => socket.close(code),
        refused: (why) => this.count(why),
        allow: (key) => this.buckets.allow(key),
        follow: (tableId) => void (sent.has(tableId) || sent.set(tableId, -1)),
      },
      req.socket.remoteAddress ?? 'unknown',
    );
    const page: Page = { socket, session, sent };
    this.pages.add(page);
    // Messages are handled one after the other, as they came.
    let queue = Promise.resolve();
    socket.on('message', (data, binary) => {
      const text = binary ? '' : data.toString();
      queue = queue.then(() => session.receive(text));
    });
    socket.on('error', (error) => {
      // ws closes the connection with 1009 on a message over maxPayload.
      if (/max payload/i.test(error.message)) this.count('oversized');
    });
    socket.on('close', () => this.pages.delete(page));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const route = routeOf(req);
    const headers = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };
    if (req.method === 'GET' && (route === '/' || route === '/index.html')) {
      const clientId = this.bot.client.application?.id ?? this.bot.config.applicationId ?? '';
      const html = this.files.html.replace('%CLIENT_ID%', clientId);
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (req.method === 'GET' && route === '/app.js') {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(this.files.script);
    } else if (req.method === 'POST' && route === `/${TOKEN_PATH}`) {
      // Each exchange is a request to Discord: limited per address, as a page's messages are per user.
      if (!this.buckets.allow(`token:${req.socket.remoteAddress ?? 'unknown'}`)) {
        this.count('rate-limited');
        res.writeHead(429, headers).end();
        return;
      }
      const token = await this.exchange(await readBody(req, MAX_TOKEN_BODY));
      res.writeHead(token ? 200 : 400, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(token ? { access_token: token } : { error: 'invalid code' }));
    } else {
      res.writeHead(404, headers).end();
    }
  }

  /** The SDK's code exchanged with Discord for an access token, or null. */
  private async exchange(body: string | null): Promise<string | null> {
    const code = (() => {
      try {
        const parsed = JSON.parse(body ?? '') as { code?: unknown };
        return typeof parsed.code === 'string' && /^[\w-]{1,200}$/.test(parsed.code) ? parsed.code : null;
      } catch {
        return null;
      }
    })();
    if (!code) return (this.count('bad-input'), null);
    return this.auth.exchange(code).catch(() => null);
  }
}
