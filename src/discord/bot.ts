/** What every flow works with: settings, the Discord client, the store, the AI workers, the log. */
import type { Client } from 'discord.js';
import type { AiPool } from '../ai/index.js';
import type { Config } from '../config.js';
import type { TableStore } from '../store/index.js';
import type { Table } from '../table/index.js';
import type { LoadGauge } from '../runtime/busy.js';
import type { AnsweredInteraction } from './wire/followups.js';
import type { Logger } from '../runtime/log.js';

export interface Scheduler {
  /** Something changed at this table: let AI seats move, re-arm the turn timer. */
  kick(tableId: string): void;
  stop(): void;
}

export interface Poster {
  /**
   * Make the boards and ends the table owes now; true when none is left owed (a
   * failure is retried on its own). Clearing older buttons follows in the background.
   * `known`: the table as just saved, not to be read again.
   */
  flush(tableId: string, known?: Table): Promise<boolean>;
  /** The same, in the background. */
  kick(tableId: string): void;
  /** At start-up: the same, looking first for posts the previous process may have made. */
  resume(tableId: string): Promise<boolean>;
  /** A word to the game's thread (a failure is only logged): through its webhook while one is lent. */
  tell(table: Table, content: string): Promise<void>;
  /** An interaction made in a thread was answered: the thread's posts may go through its webhook. */
  lend(interaction: AnsweredInteraction): void;
  stop(): void;
}

export interface Bot {
  readonly config: Config;
  readonly client: Client;
  readonly store: TableStore;
  readonly ai: AiPool;
  readonly log: Logger;
  readonly scheduler: Scheduler;
  readonly outbox: Poster;
  /** Whether the process has time to spare for work nobody would miss. */
  readonly load: LoadGauge;
}
