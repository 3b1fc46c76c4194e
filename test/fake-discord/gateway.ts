/**
 * The JSON gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME
 * with replay of what the client missed, and dispatches to the current session.
 * Sessions outlive their socket so a dropped connection can be resumed, as on
 * Discord; a new IDENTIFY (a restarted bot) starts a new current session.
 */
import type { Server } from 'node:http';
import { GatewayCloseCodes, GatewayOpcodes, type GatewayDispatchEvents } from 'discord-api-types/v10';
import { WebSocketServer, WebSocket, type RawData } from 'ws';

export const HEARTBEAT_INTERVAL_MS = 41_250;

export interface GatewayWorld {
  readonly token: string;
  /** READY's data for a new session. */
  ready(sessionId: string, resumeUrl: string): unknown;
  /** GUILD_CREATE's data, built from the world as it is now. */
  guildCreate(): unknown;
  /** State changed (for waiters) and a line for the event log. */
  changed(event: string): void;
  newId(): string;
}

interface SentDispatch {
  readonly s: number;
  readonly frame: string;
}

class Session {
  seq = 0;
  socket: WebSocket | null = null;
  readonly sent: SentDispatch[] = [];
  ready = false;
  constructor(
    readonly id: string,
    readonly intents: number,
  ) {}

  get connected(): boolean {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }
}

export class Gateway {
  readonly #wss: WebSocketServer;
  readonly #sessions = new Map<string, Session>();
  #current: Session | null = null;
  identifies = 0;
  resumes = 0;

  constructor(
    server: Server,
    private readonly world: GatewayWorld,
    private readonly url: () => string,
  ) {
    this.#wss = new WebSocketServer({ server, path: '/gateway' });
    this.#wss.on('connection', (socket) => this.#accept(socket));
  }

  /** A session is identified or resumed and its socket is open. */
  get isReady(): boolean {
    return this.#current !== null && this.#current.ready && this.#current.connected;
  }

  get intents(): number {
    return this.#current?.intents ?? 0;
  }

  dispatch(t: `${GatewayDispatchEvents}`, d: unknown): void {
    const session = this.#current;
    if (!session) return;
    this.#send(session, t, d);
  }

  /** Cut the current connection without a close frame, as a network failure would. */
  drop(): void {
    this.#current?.socket?.terminate();
  }

  /** Tell the client its session is gone (op 9), so it must identify again. */
  invalidate(): void {
    const session = this.#current;
    if (!session?.socket) return;
    this.#sessions.delete(session.id);
    session.socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
  }

  async close(): Promise<void> {
    for (const client of this.#wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(socket: WebSocket): void {
    socket.send(JSON.stringify({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS } }));
    socket.on('message', (data) => this.#onFrame(socket, data));
    socket.on('close', (code) => this.world.changed(`gateway closed (${code})`));
    socket.on('error', () => undefined);
  }

  #onFrame(socket: WebSocket, data: RawData): void {
    let payload: { op?: number; d?: Record<string, unknown> | number | null };
    try {
      payload = JSON.parse(data.toString()) as typeof payload;
    } catch {
      socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
      return;
    }
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        socket.send(JSON.stringify({ op: GatewayOpcodes.HeartbeatAck }));
        return;
      case GatewayOpcodes.Identify:
        this.#identify(socket, (payload.d ?? {}) as Record<string, unknown>);
        return;
      case GatewayOpcodes.Resume:
        this.#resume(socket, (payload.d ?? {}) as Record<string, unknown>);
        return;
      default:
        // Presence updates, member requests, voice: nothing in the fixture world needs them.
        return;
    }
  }

  #identify(socket: WebSocket, d: Record<string, unknown>): void {
    if (d.token !== this.world.token) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return;
    }
    const session = new Session(this.world.newId(), typeof d.intents === 'number' ? d.intents : 0);
    this.#sessions.set(session.id, session);
    this.#current = session;
    session.socket = socket;
    this.identifies += 1;
    this.#send(session, 'READY', this.world.ready(session.id, this.url()));
    this.#send(session, 'GUILD_CREATE', this.world.guildCreate());
    session.ready = true;
    this.world.changed('gateway ready (identified)');
  }

  #resume(socket: WebSocket, d: Record<string, unknown>): void {
    const session = typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    if (!session || d.token !== this.world.token) {
      socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
      return;
    }
    const after = typeof d.seq === 'number' ? d.seq : 0;
    session.socket = socket;
    this.#current = session;
    for (const missed of session.sent.filter((m) => m.s > after)) socket.send(missed.frame);
    this.resumes += 1;
    this.#send(session, 'RESUMED', {});
    this.world.changed('gateway ready (resumed)');
  }

  #send(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const frame = JSON.stringify({ op: GatewayOpcodes.Dispatch, t, s: session.seq, d });
    session.sent.push({ s: session.seq, frame });
    // Not connected: kept for the replay that follows a RESUME.
    if (session.connected) session.socket?.send(frame);
  }
}
