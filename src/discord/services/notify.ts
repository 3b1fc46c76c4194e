/**
 * Direct messages for the players who asked for them (/kingdomino notify): a turn
 * come or about to be played for them, the game waiting for its thread, with a link
 * to the game and a "Your turn" button that opens the panel right there. Discord
 * refusing one (error 50007: the user's privacy settings) is remembered, and the user
 * told once in the thread; no DM is tried again until they turn DMs on anew.
 */
import { t } from '../../i18n/index.js';
import { keep, save, type NotifyPrefs } from '../../store/index.js';
import {
  afterQuiet,
  currentTurn,
  plansAllowed,
  quietOf,
  seatsNotified,
  type HumanSeat,
  type PlayingTable,
  type SeatNotify,
  type Table,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import type { Bot, DmOffer } from '../bot.js';

/** A DM about the game (its words in the game's language), with the button it offers, if the player asked. */
export async function dmIfAsked(
  bot: Bot,
  table: PlayingTable,
  userId: string,
  words: () => string,
  offer: DmOffer = null,
): Promise<void> {
  const prefs = await bot.store.notifyPrefs(userId);
  if (!prefs.directMessages || prefs.refused) return;
  if ((await bot.places.dm(table, userId, words, offer)) !== 'refused') return;
  // Several DMs refused at once (a reminder and another game's turn) tell the user once.
  if (!(await bot.store.dmsRefused(userId))) return;
  bot.log.info('a user refuses DMs: not tried again', { game: table.id, user: userId });
  await bot.places.notice(table, () => t('notify.refused', { userId }));
}

/**
 * What a seat keeps of its player's notifications (table/quiet.ts), or null: nothing the
 * game needs. Quiet hours with or without DMs (they silence the thread's mentions too);
 * on deck only with DMs, being one.
 */
export function seatNotify(prefs: NotifyPrefs): SeatNotify | null {
  const onDeck = prefs.onDeck === true && prefs.directMessages && !prefs.refused;
  if (!prefs.quiet && !onDeck) return null;
  return { ...(prefs.quiet ? { quiet: prefs.quiet } : {}), ...(onDeck ? { onDeck: true } : {}) };
}

/** The players' notifications copied onto their seats at `table` (saved if that changed it): the table as it is now. */
async function copyOnto(bot: Bot, table: Table, notes: ReadonlyMap<string, SeatNotify | null>): Promise<Table> {
  const { table: now } = await bot.store.update(
    table.id,
    (current) => {
      let seats = current.seats;
      for (const [userId, notify] of notes) seats = seatsNotified(seats, userId, notify);
      return JSON.stringify(seats) === JSON.stringify(current.seats) ? keep() : save({ ...current, seats });
    },
    table,
  );
  return now;
}

/** /kingdomino notify: the player's lobbies and running games get the copy (the driver told); how many. */
export async function copyNotifyToGames(bot: Bot, userId: string, prefs: NotifyPrefs): Promise<number> {
  const tables = await bot.store.openTablesOf(userId);
  for (const table of tables) {
    const now = await copyOnto(bot, table, new Map([[userId, seatNotify(prefs)]]));
    if (now !== table) bot.driver.changed(now.id, now);
  }
  return tables.length;
}

/** A game starting: each player's notifications copied onto their seat (they may have set them long before). */
export async function copyNotifyToSeats(bot: Bot, table: PlayingTable): Promise<PlayingTable> {
  const humans = table.seats.flatMap((s) => (s.kind === 'human' ? [s.userId] : []));
  const notes = new Map<string, SeatNotify | null>();
  for (const userId of humans) notes.set(userId, seatNotify(await bot.store.notifyPrefs(userId)));
  if ([...notes.values()].every((n) => n === null)) return table;
  const now = await copyOnto(bot, table, notes);
  return now.status === 'playing' ? now : table;
}

/**
 * The on-deck DM (table/due.ts, onDeckDue), unless the player's quiet hours hold it:
 * then the heads-up is moot. Where plans are allowed it offers Plan ahead, so that the
 * move coming may be made before it comes.
 */
export async function dmOnDeck(bot: Bot, table: PlayingTable, userId: string, player: number): Promise<void> {
  const quiet = quietOf(table.seats[player]);
  if (afterQuiet(quiet, clock.now()) !== clock.now()) return;
  const now = currentTurn(table);
  const name = now ? table.seats[now.player]?.name : undefined;
  if (name === undefined) return;
  const offer = plansAllowed(table.settings) ? 'plan' : null;
  await dmIfAsked(bot, table, userId, () => t('notify.dm.onDeck', { player: name }), offer);
}

/** A player sitting down: their usual time to move in games over days on the seat, if they have one (the lobby shows it). */
export async function pacedSeat(bot: Bot, seat: HumanSeat): Promise<HumanSeat> {
  const pace = await bot.store.pace(seat.userId).catch(() => null);
  return pace ? { ...seat, paceMs: pace.medianMs } : seat;
}
