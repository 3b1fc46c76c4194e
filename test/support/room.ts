/**
 * The Discord room's services without Discord: a bot whose places are a fake that
 * records every write (FakePlaces), with a real store in a temporary directory, the
 * real driver, and the easy computer player in-thread. For unit tests of the driver
 * and the handlers (test/discord/driver.test.ts); the end-to-end tests keep the real
 * discord.js client against the fake Discord.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscordAPIError, type MessageCreateOptions, type MessageEditOptions } from 'discord.js';
import { chooseAction, type AiPool } from '../../src/ai/index.js';
import { loadConfig } from '../../src/config.js';
import type { Bot, Closed, Notice, OwnMessage, Places } from '../../src/discord/bot.js';
import { TableDriver } from '../../src/discord/services/driver.js';
import { createLogger } from '../../src/runtime/log.js';
import { LoadGauge, processReadings } from '../../src/runtime/busy.js';
import { picturesWaiting } from '../../src/render/pool.js';
import { openStore, type TableStore } from '../../src/store/index.js';
import type { FinishedTable, GameTable, PlayingTable, Table } from '../../src/table/index.js';

/** One write the bot made, as the fake saw it. */
export type Write =
  | { readonly kind: 'post'; readonly seq: number; readonly id: string; readonly content: string }
  | { readonly kind: 'clear'; readonly id: string }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'lobby' }
  | { readonly kind: 'home' }
  | { readonly kind: 'thread'; readonly id: string; readonly name: string }
  | { readonly kind: 'discard'; readonly id: string }
  | { readonly kind: 'say'; readonly id: string; readonly content: string }
  | { readonly kind: 'edit'; readonly id: string }
  | {
      readonly kind: 'notice';
      readonly content: string;
      readonly in: 'home' | 'lobby';
      readonly ping: readonly string[];
    }
  | { readonly kind: 'dm'; readonly userId: string; readonly content: string }
  | { readonly kind: 'close' };

/** An error as Discord answers it (wire/followups.ts: a 4xx is a refusal; 10003/10008 say it is gone). */
export function discordError(status: number, code: number): DiscordAPIError {
  return new DiscordAPIError({ code, message: 'refused' }, code, status, 'POST', '/fake', {});
}

export class FakePlaces implements Places {
  readonly writes: Write[] = [];
  /** Messages the bot made, with whether their buttons are still on. */
  readonly buttons = new Map<string, boolean>();
  locked_ = false;
  dmAnswer: 'sent' | 'refused' | 'failed' = 'sent';
  /** Errors the next posts throw, one each. */
  readonly postFailures: Error[] = [];
  private next = 1;

  async post(_table: GameTable, seq: number, view: MessageCreateOptions): Promise<string> {
    const failure = this.postFailures.shift();
    if (failure) throw failure;
    const id = `m${this.next++}`;
    this.buttons.set(id, (view.components ?? []).length > 0);
    this.writes.push({ kind: 'post', seq, id, content: view.content ?? '' });
    return id;
  }

  async clearButtons(_table: GameTable, messageId: string): Promise<void> {
    this.buttons.set(messageId, false);
    this.writes.push({ kind: 'clear', id: messageId });
  }

  async remove(_table: GameTable, messageId: string): Promise<void> {
    this.buttons.delete(messageId);
    this.writes.push({ kind: 'remove', id: messageId });
  }

  async editLobby(_table: Table, _view: MessageEditOptions): Promise<void> {
    this.writes.push({ kind: 'lobby' });
  }

  async openHome(_table: PlayingTable, _name: string): Promise<void> {
    this.writes.push({ kind: 'home' });
  }

  async openThread(_channelId: string, name: string): Promise<string> {
    const id = `m${this.next++}`;
    this.writes.push({ kind: 'thread', id, name });
    return id;
  }

  async discardThread(threadId: string): Promise<void> {
    this.writes.push({ kind: 'discard', id: threadId });
  }

  async say(_channelId: string, view: MessageCreateOptions): Promise<string | null> {
    const id = `m${this.next++}`;
    this.writes.push({ kind: 'say', id, content: view.content ?? '' });
    return id;
  }

  /** No click's token here: a one-message game waits for its next click. */
  mayEdit(): boolean {
    return false;
  }

  /** No launch of the live board here: the bot cannot post where it may not. */
  async sayOnLaunch(): Promise<string | null> {
    return null;
  }

  async editIn(_channelId: string, messageId: string): Promise<void> {
    this.writes.push({ kind: 'edit', id: messageId });
  }

  async notice(_table: Table, words: () => string, notice: Notice = {}): Promise<boolean> {
    this.writes.push({ kind: 'notice', content: words(), in: notice.in ?? 'home', ping: notice.ping ?? [] });
    return true;
  }

  async dm(_table: PlayingTable, userId: string, words: () => string): Promise<'sent' | 'refused' | 'failed'> {
    this.writes.push({ kind: 'dm', userId, content: words() });
    return this.dmAnswer;
  }

  async locked(_table: GameTable): Promise<boolean> {
    return this.locked_;
  }

  async reopen(_table: GameTable): Promise<'open' | 'gone'> {
    return 'open';
  }

  async close(_table: FinishedTable): Promise<Closed> {
    this.writes.push({ kind: 'close' });
    return 'locked';
  }

  async ownMessages(_table: GameTable): Promise<readonly OwnMessage[]> {
    return [];
  }

  lend(): void {}
  takeFollowUp(): boolean {
    return true;
  }
  stop(): void {}

  /** The writes of one kind. */
  of<K extends Write['kind']>(kind: K): Extract<Write, { readonly kind: K }>[] {
    return this.writes.filter((w): w is Extract<Write, { readonly kind: K }> => w.kind === kind);
  }

  /** Messages whose buttons are still on. */
  live(): string[] {
    return [...this.buttons].filter(([, on]) => on).map(([id]) => id);
  }
}

export interface Room {
  readonly bot: Bot;
  readonly places: FakePlaces;
  readonly store: TableStore;
  readonly driver: TableDriver;
  close(): Promise<void>;
}

/** A bot with fake places, a fresh store, and settings from `env` (the defaults otherwise). */
export async function openRoom(env: Readonly<Record<string, string>> = {}): Promise<Room> {
  const dir = mkdtempSync(join(tmpdir(), 'kingdomino-room-'));
  const config = loadConfig({ AI_MOVE_DELAY_MS: '0', ...env });
  const store = await openStore({ dataDir: dir, timing: config });
  const places = new FakePlaces();
  const ai = { choose: async (state: never) => chooseAction(state, 'easy') } as unknown as AiPool;
  const driver: TableDriver = new TableDriver(() => bot);
  const log = createLogger('error');
  const load = new LoadGauge(processReadings(1, picturesWaiting));
  const bot: Bot = { config, client: {} as never, store, ai, log, driver, places, owns: () => true, load };
  return {
    bot,
    places,
    store,
    driver,
    async close() {
      driver.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
