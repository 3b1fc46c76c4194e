/**
 * Moderation and absent players on Discord: the menu of /kingdomino manage (host or
 * Manage Threads), its seat edits, and "I'm back". Every edit goes through the table
 * layer (table/absence.ts) under the table's lock; the thread (or the lobby message)
 * then shows it in the game's language, the menu and refusals in the clicker's.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  NO_SERVER,
  comeBack,
  currentTurn,
  deadlineOf,
  handHost,
  pauseClock,
  resumeClock,
  turnLimitS,
  type ClockResult,
  isHost,
  replaceSeat,
  restoreSeat,
  STAND_IN_LEVEL,
  type Actor,
  type LobbyTable,
  type PlayingTable,
  type SeatResult,
  type Table,
} from '../../table/index.js';
import { privately, updating, type Answer, type OrAnswer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { dmTurn } from '../services/done.js';
import { reachOf } from '../wire/context.js';
import { inGameLocale } from '../messages/locale.js';
import { errorText } from '../../runtime/log.js';
import { aiSeatName } from '../messages/seats.js';
import { lobbyView } from '../messages/lobby.js';
import { clockRefusalText, moderationView, seatRefusalText, type ManagedTable } from '../messages/moderation.js';
import { relativeTime } from '../messages/text.js';
import { boardEdit } from '../messages/board.js';
import { homeView } from '../messages/one-message.js';
import * as clock from '../../runtime/clock.js';

/** A click in the menu: the table it names, who clicked, and whether they have Manage Threads there. */
export interface MenuClick extends Actor {
  readonly tableId: string;
  readonly guildId: string | null;
}

export type SeatEdit = 'replace' | 'restore' | 'host';

function managed(table: Table): table is ManagedTable {
  return table.status === 'lobby' || table.status === 'playing';
}

/** The newest open lobby of this channel the actor may manage (theirs; any, for a moderator). */
async function lobbyIn(bot: Bot, channelId: string, actor: Actor): Promise<LobbyTable | null> {
  const keys = await bot.store.liveTables();
  let found: LobbyTable | null = null;
  for (let i = 0; i < keys.length; i += 16) {
    const loaded = await Promise.all(keys.slice(i, i + 16).map((key) => bot.store.get(key).catch(() => null)));
    for (const l of loaded) {
      if (
        l?.kind !== 'found' ||
        l.table.status !== 'lobby' ||
        l.table.messages.lobbyChannelId !== channelId ||
        !isHost(l.table, actor)
      )
        continue;
      if (!found || l.table.createdAt > found.createdAt) found = l.table;
    }
  }
  return found;
}

/**
 * /kingdomino manage: in a game's thread, that game; in a channel, the newest open
 * lobby there the caller hosts (any, for a moderator). A private menu, or a refusal.
 */
export function openMenu(bot: Bot, interaction: ChatInputCommandInteraction, actor: Actor): Promise<Answer> {
  return (async (): Promise<Answer> => {
    const inThread = interaction.channel?.isThread() ?? false;
    let table: Table | null;
    if (inThread) {
      const loaded = await bot.store.get(interaction.channelId);
      table = loaded.kind === 'found' ? loaded.table : null;
      if (!table) return privately(t('command.notAGame'));
    } else if (reachOf(interaction) !== 'server') {
      // Away from servers that added the bot: the newest of the caller's games in this DM or group DM.
      const here = (await bot.store.openTablesOf(actor.userId)).filter(
        (open) => open.messages.lobbyChannelId === interaction.channelId,
      );
      table = [...here].sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
      if (!table) return privately(t('command.notAGame'));
    } else {
      table = await lobbyIn(bot, interaction.channelId, actor);
      if (!table) return privately(t('moderation.noLobby'));
    }
    if (!managed(table))
      return privately(seatRefusalText({ code: table.status === 'cancelled' ? 'cancelled' : 'over' }, table.seats));
    if (!isHost(table, actor)) return privately(seatRefusalText({ code: 'host-only' }, table.seats));
    return { kind: 'private', message: moderationView(table, actor, null, null) };
  })();
}

async function loadManaged(bot: Bot, click: MenuClick): Promise<OrAnswer<ManagedTable>> {
  const loaded = await bot.store.get(click.tableId);
  if (loaded.kind !== 'found' || loaded.table.guildId !== (click.guildId ?? NO_SERVER))
    return { ok: false, answer: privately(t('error.gameMissing')) };
  const table = loaded.table;
  if (!managed(table))
    return {
      ok: false,
      answer: privately(seatRefusalText({ code: table.status === 'cancelled' ? 'cancelled' : 'over' }, table.seats)),
    };
  if (!isHost(table, click))
    return { ok: false, answer: privately(seatRefusalText({ code: 'host-only' }, table.seats)) };
  return { ok: true, value: table };
}

/** A seat chosen in the menu's select: the menu with that seat's choices. */
export async function showSeat(bot: Bot, click: MenuClick, player: number | null): Promise<Answer> {
  const loaded = await loadManaged(bot, click);
  if (!loaded.ok) return loaded.answer;
  const chosen = player !== null && player < loaded.value.seats.length ? player : null;
  return updating(moderationView(loaded.value, click, chosen, null));
}

function edit(current: Table, click: MenuClick, what: SeatEdit, player: number): SeatResult<LobbyTable | PlayingTable> {
  const now = clock.now();
  if (what === 'replace')
    return replaceSeat(
      current,
      click,
      player,
      now,
      inGameLocale(current, () => aiSeatName(STAND_IN_LEVEL)),
    );
  if (what === 'restore') return restoreSeat(current, click, player, now);
  return handHost(current, click, player);
}

/** A button of the menu: the edit under the table's lock, then shown where everyone sees it; the menu again. */
export async function editSeat(bot: Bot, click: MenuClick, what: SeatEdit, player: number): Promise<Answer> {
  const loaded = await loadManaged(bot, click);
  if (!loaded.ok) return loaded.answer;
  const before = loaded.value.seats[player];
  const { value, table } = await bot.store.update<SeatResult<LobbyTable | PlayingTable>>(click.tableId, (current) => {
    const edited = edit(current, click, what, player);
    return edited.ok ? save(edited.value, edited) : keep(edited);
  });
  if (!value.ok) return privately(seatRefusalText(value.refusal, table.seats));
  const after = value.value;
  const name = before?.name ?? '';
  bot.log.info('seat edited', { guild: after.guildId, game: after.id, user: click.userId, edit: what, player });
  if (after.status === 'lobby') {
    await bot.places
      .editLobby(
        after,
        inGameLocale(after, () => lobbyView(after)),
      )
      .catch((error: unknown) =>
        bot.log.warn('could not redraw the lobby', { game: after.id, error: errorText(error) }),
      );
  } else {
    const seat = after.seats[player];
    const userId = seat?.kind === 'human' ? seat.userId : '';
    // A replacement is told by the driver, before the computer's first move for the player.
    if (what === 'restore') await bot.places.notice(after, () => t('absent.restored', { by: click.userId, name }));
    if (what === 'host')
      await bot.places.notice(after, () => t('moderation.hostChanged', { by: click.userId, userId }));
    bot.driver.changed(after.id, table);
  }
  const done =
    what === 'host'
      ? t('moderation.done.host', { name })
      : what === 'restore'
        ? t('moderation.done.restored', { name })
        : t(after.status === 'lobby' ? 'moderation.done.replacedLobby' : 'moderation.done.replaced', { name });
  return updating(moderationView(after, click, after.status === 'lobby' && what === 'replace' ? null : player, done));
}

/** The menu's clock button: pause or resume the game's clock, told in the thread; the menu again. */
export async function setClock(bot: Bot, click: MenuClick, pause: boolean): Promise<Answer> {
  const loaded = await loadManaged(bot, click);
  if (!loaded.ok) return loaded.answer;
  const now = clock.now();
  const { value, table } = await bot.store.update<ClockResult>(click.tableId, (current) => {
    const set = pause ? pauseClock(current, click, now) : resumeClock(current, click, now);
    return set.ok ? save(set.value, set) : keep(set);
  });
  if (!value.ok) return privately(clockRefusalText(value.refusal, table.seats));
  const after = value.value;
  bot.log.info(pause ? 'clock paused' : 'clock resumed', { guild: after.guildId, game: after.id, user: click.userId });
  const deadline = deadlineOf(after, turnLimitS(after));
  await bot.places.notice(after, () =>
    pause
      ? t('moderation.clockPaused', { by: click.userId })
      : t('moderation.clockResumed', { by: click.userId, when: deadline === null ? '' : relativeTime(deadline) }),
  );
  // Resumed: the player to move gets the DM of their turn if the pause held it back.
  bot.driver.changed(after.id, pause ? table : await dmTurn(bot, table));
  return updating(moderationView(after, click, null, t(pause ? 'moderation.done.paused' : 'moderation.done.resumed')));
}

export interface BackClick {
  readonly tableId: string;
  readonly userId: string;
  readonly player: number;
  /** The message the button was on: the live turn message's buttons are updated in place. */
  readonly messageId: string;
}

/** "I'm back": the player takes their seat back from the computer; the thread is told. */
export async function imBack(bot: Bot, click: BackClick): Promise<Answer> {
  // A board being posted right now is known as the live one first (its buttons are what the click is judged by).
  await bot.driver.settle(click.tableId);
  const { value, table } = await bot.store.update<SeatResult<PlayingTable>>(click.tableId, (current) => {
    const back = comeBack(current, click.userId, click.player, clock.now());
    return back.ok ? save(back.value, back) : keep(back);
  });
  if (!value.ok) return privately(seatRefusalText(value.refusal, table.seats));
  const back = value.value;
  const name = back.seats[click.player]?.name ?? '';
  bot.log.info('player back', { guild: back.guildId, game: back.id, user: click.userId, player: click.player });
  await bot.places.notice(back, () => t('absent.back', { name }));
  bot.driver.changed(back.id, table);
  if (click.messageId !== back.messages.turnMessageId) {
    const turn = currentTurn(back);
    return privately(t(turn?.player === click.player ? 'absent.welcomeTurn' : 'absent.welcome'));
  }
  // The live turn message: as a fresh one would show it now (their Your turn, if it is theirs; the deadline).
  return updating({ ...homeView(back, boardEdit(back)), allowedMentions: { parse: [] } });
}
