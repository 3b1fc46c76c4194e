/**
 * A page of the live board without a browser: the WebSocket the real page opens,
 * saying hello with a token, watching a game, moving; every message it got kept, and
 * waits on them event-driven. For the protocol's tests (test/e2e/activity.test.ts);
 * the real page in Chromium is test/browser.
 */
import WebSocket from 'ws';
import { legalPlacements, openClaims, prompt, type GameState, type Move } from '../../src/game/index.js';
import type { ClientMessage, ServerMessage, TableView } from '../../src/web/protocol.js';
import { Waiters } from '../fake-discord/waiters.js';

export class LivePage {
  readonly got: ServerMessage[] = [];
  readonly closed: Promise<number>;
  readonly #waiters = new Waiters(15_000, () => `messages so far: ${JSON.stringify(this.got).slice(-2000)}`);
  #code: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.got.push(JSON.parse(String(data)) as ServerMessage);
      this.#waiters.notify();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code) => {
        this.#code = code;
        this.#waiters.notify();
        resolve(code);
      }),
    );
  }

  static async open(port: number): Promise<LivePage> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/live`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LivePage(socket);
  }

  send(message: ClientMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message from `from` on (an index into `got`) that `pick` accepts. */
  next<T>(pick: (m: ServerMessage) => T | null | undefined | false, from = 0, what = 'a message'): Promise<T> {
    return this.#waiters.waitFor(() => {
      for (const m of this.got.slice(from)) {
        const hit = pick(m);
        if (hit) return hit;
      }
      if (this.#code !== null) throw new Error(`the page was closed (${this.#code}) waiting for ${what}`);
      return null;
    }, what);
  }

  /** The newest table this page was sent, once `ok` accepts it. */
  table(ok: (t: TableView) => boolean, what = 'the table'): Promise<TableView> {
    return this.#waiters.waitFor(() => {
      const tables = this.got.flatMap((m) => (m.type === 'table' ? [m.table] : []));
      const last = tables[tables.length - 1];
      return last && ok(last) ? last : null;
    }, what);
  }

  close(): void {
    this.socket.close();
  }
}

/** A legal move for whoever is to play: the first spot (or the discard), then the first free domino. */
export function someMove(game: GameState): Move {
  const p = prompt(game);
  if (p.kind === 'claim') return { placed: { kind: 'none' }, claim: p.choices[0] ?? null };
  if (p.kind === 'over') throw new Error('the game is over');
  const spot = legalPlacements(game)[0];
  return {
    placed: spot ? { kind: 'place', a: spot.a, b: spot.b } : { kind: 'discard' },
    claim: openClaims(game)[0] ?? null,
  };
}

/** The live board's port, from the bot's log. */
export async function boardPort(bot: { waitForOutput(p: RegExp): Promise<RegExpMatchArray> }): Promise<number> {
  const [, port] = await bot.waitForOutput(/live board served.*port=(\d+)/);
  return Number(port);
}
