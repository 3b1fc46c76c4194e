/**
 * The JSON gateway: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME
 * with replay of what the client missed, and dispatches to the current session.
 * Sessions outlive their socket so a dropped connection can be resumed, as on
 * Discord; a new IDENTIFY (a restarted bot) starts a new current session.
 *
 * Sharding, as Discord does it: IDENTIFY's `shard: [id, count]` makes the session
 * shard `id`'s (default [0, 1]); each shard has its own current session (several bot
 * connections, in one process or several), gets READY and GUILD_CREATE for its
 * guilds only, and every event about a guild goes to shard `(guild_id >> 22) % count`
 * (events without a guild to shard 0).
 */
import type { Server } from 'node:http';
import { GatewayCloseCodes, GatewayOpcodes, type GatewayDispatchEvents } from 'discord-api-types/v10';
import { WebSocketServer, WebSocket, type RawData } from 'ws';

export const HEARTBEAT_INTERVAL_MS = 41_250;

export interface GatewayWorld {
  readonly token: string;
  /** READY's data for a new session of shard `[id, count]`. */
  ready(sessionId: string, resumeUrl: string, shard: readonly [number, number]): unknown;
  /** GUILD_CREATE's data for a guild, built from the world as it is now. */
  guildCreate(guildId: string): unknown;
  /** The guilds of shard `[id, count]`. */
  guildsOfShard(shard: readonly [number, number]): readonly string[];
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
    readonly shard: readonly [number, number] = [0, 1],
  ) {}

  get connected(): boolean {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }
}

export class Gateway {
  readonly #wss: WebSocketServer;
  readonly #sessions = new Map<string, Session>();
  /** Each shard's current session, by shard id. */
  readonly #current = new Map<number, Session>();
  /** The shard count of the latest IDENTIFY. */
  #count = 1;
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

  /** Every shard has a session identified or resumed, with its socket open. */
  get isReady(): boolean {
    return Array.from({ length: this.#count }, (_, shard) => shard).every((shard) => this.#shardReady(shard));
  }

  /** The shard that gets this guild's events has a session ready. */
  isReadyFor(guildId: string | null | undefined): boolean {
    return this.#shardReady(this.#shardOf(guildId));
  }

  /** The shard count the bot identified with (1 until it does). */
  get shardCount(): number {
    return this.#count;
  }

  get intents(): number {
    return [...this.#current.values()][0]?.intents ?? 0;
  }

  dispatch(t: `${GatewayDispatchEvents}`, d: unknown): void {
    const session = this.#current.get(this.#shardOf(guildOf(t, d)));
    if (!session) return;
    this.#send(session, t, d);
  }

  /** Cut the current connections without a close frame, as a network failure would. */
  drop(): void {
    for (const session of this.#current.values()) session.socket?.terminate();
  }

  /** Tell the clients their sessions are gone (op 9), so they must identify again. */
  invalidate(): void {
    for (const session of this.#current.values()) {
      if (!session.socket) continue;
      this.#sessions.delete(session.id);
      session.socket.send(JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false }));
    }
  }

  #shardReady(shard: number): boolean {
    const session = this.#current.get(shard);
    return session !== undefined && session.ready && session.connected;
  }

  #shardOf(guildId: string | null | undefined): number {
    return guildId ? Number((BigInt(guildId) >> 22n) % BigInt(this.#count)) : 0;
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
    const shard = shardOfIdentify(d.shard);
    if (!shard) {
      socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return;
    }
    const session = new Session(this.world.newId(), typeof d.intents === 'number' ? d.intents : 0, shard);
    this.#sessions.set(session.id, session);
    this.#count = shard[1];
    this.#current.set(shard[0], session);
    session.socket = socket;
    this.identifies += 1;
    this.#send(session, 'READY', this.world.ready(session.id, this.url(), shard));
    for (const guildId of this.world.guildsOfShard(shard))
      this.#send(session, 'GUILD_CREATE', this.world.guildCreate(guildId));
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
    this.#current.set(session.shard[0], session);
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

/** IDENTIFY's `shard`: `[id, count]` with 0 <= id < count, [0, 1] when absent; null when invalid. */
function shardOfIdentify(value: unknown): readonly [number, number] | null {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value as unknown[];
  if (
    !Number.isInteger(id) ||
    !Number.isInteger(count) ||
    (count as number) < 1 ||
    (id as number) < 0 ||
    (id as number) >= (count as number)
  )
    return null;
  return [id as number, count as number];
}

/** The guild an event is about: its `guild_id`, or the guild itself for GUILD_CREATE / GUILD_UPDATE. */
function guildOf(t: string, d: unknown): string | null {
  const data = (d ?? {}) as { guild_id?: unknown; id?: unknown };
  if (typeof data.guild_id === 'string') return data.guild_id;
  if ((t === 'GUILD_CREATE' || t === 'GUILD_UPDATE') && typeof data.id === 'string') return data.id;
  return null;
}
