/** What every flow works with: settings, the Discord client, the store, the AI workers, the log. */
import type { Client, MessageCreateOptions, MessageEditOptions } from 'discord.js';
import type { AiPool } from '../ai/index.js';
import type { Config } from '../config.js';
import type { TableStore } from '../store/index.js';
import type { FinishedTable, GameTable, PlayingTable, Table, TableSettings } from '../table/index.js';
import type { LoadGauge } from '../runtime/busy.js';
import type { AnsweredInteraction } from './wire/followups.js';
import type { Logger } from '../runtime/log.js';

/**
 * What happens without a click (services/driver.ts): each table's one next step
 * (table/due.ts), done when due, one timer per table.
 */
export interface Driver {
  /**
   * A table changed (a handler saved it): what is due now is done, the next step is
   * armed. `known`: the table as just saved, not to be read again.
   */
  changed(tableId: string, known?: Table): void;
  /** The same, resolving once the boards and ends the table owes are posted: true when none is left owed. */
  settle(tableId: string, known?: Table): Promise<boolean>;
  /** A table saved that owes nothing to be done (a lobby opened or edited): only its watchers are told. */
  told(table: Table): void;
  stop(): void;
}

/**
 * What a DM about a game offers besides its link: the player's turn (Your turn, its
 * panel right there), their next move to plan (Plan ahead, when they are next), or nothing.
 */
export type DmOffer = 'turn' | 'plan' | null;

/** A word to a game's people, in the game's language. */
export interface Notice {
  /** Users pinged (none by default). */
  readonly ping?: readonly string[];
  /** Discord's enforced nonce: a retry after a crash does not post the notice twice. */
  readonly nonce?: string;
  /** Where: the game's home (its thread), or the channel its lobby is in. */
  readonly in?: 'home' | 'lobby';
}

/** How a game's home ended up after the game: locked, only archived (no right to lock), or gone. */
export type Closed = 'locked' | 'archived' | 'gone';

/** One of the bot's own recent messages in a game's home. */
export interface OwnMessage {
  readonly id: string;
  readonly createdTimestamp: number;
  /** The custom_ids of its buttons and menus. */
  readonly customIds: readonly string[];
  /** The names of its files. */
  readonly files: readonly string[];
}

/**
 * The one door to the places a game lives (services/places.ts): every write to its
 * home (a thread today), its lobby's channel, or a player's DMs. A home need not be a
 * thread: these say what is done, not where.
 */
export interface Places {
  /**
   * Post a game's board or end, exactly once: `seq` names it (Discord's nonce, the
   * picture's file name); `maybeMade`: it may have been posted already without our
   * knowing (a crash, an unanswered follow-up), so it is looked for first. The message's id;
   * null when the home cannot show it now (a one-message game with no click's token to
   * edit its message: it is brought up to date at the next click there).
   */
  post(table: GameTable, seq: number, view: MessageCreateOptions, maybeMade: boolean): Promise<string | null>;
  /** Take the buttons off an older message of the game. */
  clearButtons(table: GameTable, messageId: string): Promise<void>;
  /** Delete a message of the game (a board whose move was taken back). */
  remove(table: GameTable, messageId: string): Promise<void>;
  /** Open the game's home for its play (a public thread on its lobby message, named `name`; nothing elsewhere). */
  openHome(table: PlayingTable, name: string): Promise<void>;
  /**
   * A public thread in a channel, for a game to come (a league's table), named `name`;
   * `ahead`: opened before its game, so put out of sight (archived) until its first post. Its id.
   */
  openThread(channelId: string, name: string, settings: TableSettings, ahead: boolean): Promise<string>;
  /** A thread opened ahead that no game will use: deleted when the bot may, else left out of sight. */
  discardThread(threadId: string): Promise<void>;
  /** A message in a channel (a rematch's lobby, the daily post): its id, or null when the bot cannot post there. */
  say(channelId: string, view: MessageCreateOptions): Promise<string | null>;
  /**
   * A message where the bot cannot post on its own (a group DM), as a follow-up of the
   * live board's launch there: its id, or null when no launch's token may make it.
   */
  sayOnLaunch(channelId: string, view: MessageCreateOptions): Promise<string | null>;
  /** Whether the message of a one-message game may be edited now (a click's or the board's launch token lasts). */
  mayEdit(messageId: string): boolean;
  /** Edit a message the bot said in a channel. */
  editIn(channelId: string, messageId: string, view: MessageEditOptions): Promise<void>;
  /** Edit the game's lobby message (the first message in the channel). */
  editLobby(table: Table, view: MessageEditOptions): Promise<void>;
  /** A word in the game's home or its lobby's channel, in the game's language; a failure is only logged (false). */
  notice(table: Table, words: () => string, notice?: Notice): Promise<boolean>;
  /** A DM to a player about the game (in its language), with a link to it and the button it offers, if any. */
  dm(table: PlayingTable, userId: string, words: () => string, offer: DmOffer): Promise<'sent' | 'refused' | 'failed'>;
  /** Whether a moderator locked the game's home (the game then waits for the unlock). */
  locked(table: GameTable): Promise<boolean>;
  /** Open the game's home again if it was archived (a game resumed); 'gone' when it no longer exists. */
  reopen(table: GameTable): Promise<'open' | 'gone'>;
  /** Archive the finished game's home, locked when the bot may lock it. */
  close(table: FinishedTable): Promise<Closed>;
  /** The bot's own recent messages in the game's home (none when the bot cannot read them). */
  ownMessages(table: GameTable): Promise<readonly OwnMessage[]>;
  /**
   * A follow-up an answer is about to make in a channel, counted with the webhook posts
   * there (Discord shares about 30 a minute per channel): false when there is no room now.
   */
  takeFollowUp(channelId: string): boolean;
  /** An interaction answered in a game's home: its posts may go through that interaction's webhook a while. */
  lend(interaction: AnsweredInteraction): void;
  stop(): void;
}

export interface Bot {
  readonly config: Config;
  readonly client: Client;
  readonly store: TableStore;
  readonly ai: AiPool;
  readonly log: Logger;
  readonly driver: Driver;
  readonly places: Places;
  /**
   * Does this process drive the games of this guild (their timers, computer moves,
   * start-up resume)? Exactly one process does: the one connecting the guild's shard.
   */
  owns(guildId: string): boolean;
  /** Whether the process has time to spare for work nobody would miss. */
  readonly load: LoadGauge;
}
