/**
 * Rematch: a new lobby with the same seats and rules, in the channel of the first
 * one, hosted by whoever asked. The press is claimed on the finished table through
 * the store (compare-and-set), so exactly one press opens a lobby even when two
 * bot processes handle two presses at the same instant.
 */
import { MessageFlags, type Message } from 'discord.js';
import { keep, save, StoreError, type Change, type TableStore } from '../../store/index.js';
import {
  homeOf,
  newLobby,
  playerOf,
  type FinishedTable,
  type LobbyTable,
  type RematchClaim,
} from '../../table/index.js';
import { t } from '../../i18n/index.js';
import { inGameLocale } from '../messages/locale.js';
import { privately, updating, type Answer, type ComponentInteraction, type Worded } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { errorText } from '../../runtime/log.js';
import { humanSeatOf } from '../messages/seats.js';
import { lobbyLink } from '../messages/lobby.js';
import { lobbyAsAnswer } from './lobby.js';
import { postLobby, type LobbyClick } from '../services/lobby.js';
import * as clock from '../../runtime/clock.js';

/** A claim whose lobby never came (its process died while posting it) may be taken over after this long. */
export const STALE_CLAIM_MS = 60_000;

/** A finished table whose rematch this click has claimed. */
export type ClaimedTable = FinishedTable & { readonly rematch: RematchClaim };

/** Take the table's rematch for `userId`, unless another press has it (or had it and opened its lobby). */
export async function claimRematch(
  store: TableStore,
  tableId: string,
  userId: string,
  now: number,
): Promise<Worded<ClaimedTable>> {
  try {
    const { value } = await store.update(tableId, (table): Change<Worded<ClaimedTable>> => {
      if (table.status !== 'finished') return keep({ ok: false, refusal: t('rematch.notOver') });
      if (playerOf(table, userId) === null) return keep({ ok: false, refusal: t('rematch.playersOnly') });
      const held = table.rematch;
      if (held?.lobbyId)
        return keep({ ok: false, refusal: t('rematch.alreadyOpen', { link: lobbyLink(table, held.lobbyId) }) });
      if (held && now - held.at < STALE_CLAIM_MS) return keep({ ok: false, refusal: t('rematch.opening') });
      const claim: RematchClaim = { by: userId, at: now, lobbyId: null };
      const claimed: ClaimedTable = { ...table, rematch: claim };
      return save(claimed, { ok: true, value: claimed });
    });
    return value;
  } catch (error) {
    if (error instanceof StoreError && error.code === 'missing') return { ok: false, refusal: t('rematch.notOver') };
    throw error;
  }
}

/** Our claim becomes the lobby's id, or is given back (lobbyId null) so another press may try. */
async function settleClaim(bot: Bot, tableId: string, claim: RematchClaim, lobbyId: string | null): Promise<void> {
  const ours = (held: RematchClaim | undefined) =>
    held?.by === claim.by && held.at === claim.at && held.lobbyId === null;
  await bot.store.update(tableId, (table) => {
    if (table.status !== 'finished' || !ours(table.rematch)) return keep();
    if (lobbyId !== null) return save({ ...table, rematch: { ...claim, lobbyId } });
    const { rematch: _released, ...rest } = table;
    return save(rest);
  });
}

export async function rematch(bot: Bot, click: LobbyClick, finalMessage: Message): Promise<Answer> {
  const claimed = await claimRematch(bot.store, click.tableId, click.userId, clock.now());
  if (!claimed.ok) return privately(claimed.refusal);
  let lobbyId: string | null = null;
  try {
    const opened = await openRematch(bot, claimed.value, click);
    if (!opened.ok) return privately(opened.refusal);
    lobbyId = opened.value.id;
    const link = lobbyLink(claimed.value, lobbyId);
    const content = inGameLocale(claimed.value, () =>
      t('rematch.opened', { content: finalMessage.content, userId: click.userId, link }),
    );
    return updating({ content, components: [], allowedMentions: { parse: [] } });
  } finally {
    await settle(bot, click, claimed.value.rematch, lobbyId);
  }
}

/** settleClaim, a failure only logged (the claim goes stale and another press may try). */
function settle(bot: Bot, click: LobbyClick, claim: RematchClaim, lobbyId: string | null): Promise<void> {
  return settleClaim(bot, click.tableId, claim, lobbyId).catch((error: unknown) =>
    bot.log.warn('could not settle the rematch claim', {
      game: click.tableId,
      user: click.userId,
      error: errorText(error),
    }),
  );
}

/** The rematch's lobby: the same seats and rules, in the same place, hosted by whoever asked. */
function rematchLobby(old: FinishedTable, click: LobbyClick, messageId: string): LobbyTable {
  return newLobby({
    id: messageId,
    guildId: old.guildId,
    channelId: old.messages.lobbyChannelId,
    host: humanSeatOf(click),
    others: old.seats.filter((s) => !(s.kind === 'human' && s.userId === click.userId)),
    settings: old.settings,
    now: clock.now(),
    home: homeOf(old),
  });
}

async function openRematch(bot: Bot, old: FinishedTable, click: LobbyClick): Promise<Worded<LobbyTable>> {
  const place = { channelId: old.messages.lobbyChannelId, settings: old.settings };
  const words = { settingUp: 'rematch.settingUp', cannotPost: 'rematch.cannotPost' } as const;
  const opened = await postLobby(bot, place, words, (messageId) => rematchLobby(old, click, messageId));
  if (opened.ok)
    bot.log.info('rematch lobby opened', {
      guild: old.guildId,
      game: opened.value.id,
      from: old.id,
      user: click.userId,
    });
  return opened;
}

/**
 * Rematch on a game away from threads (a one-message game, a game in the bot's DM): the
 * bot cannot post there on its own, so the new lobby is this click's public answer, in
 * the same place and of the same kind; the final message stays as it is.
 */
export async function rematchAsAnswer(bot: Bot, interaction: ComponentInteraction, click: LobbyClick): Promise<void> {
  const claimed = await claimRematch(bot.store, click.tableId, click.userId, clock.now());
  if (!claimed.ok) {
    await interaction.reply({ content: claimed.refusal, flags: MessageFlags.Ephemeral });
    return;
  }
  const old = claimed.value;
  let lobbyId: string | null = null;
  try {
    const table = await lobbyAsAnswer(bot, interaction, (messageId) => rematchLobby(old, click, messageId));
    lobbyId = table?.id ?? null;
    if (table)
      bot.log.info('rematch lobby opened', { guild: old.guildId, game: table.id, from: old.id, user: click.userId });
  } finally {
    await settle(bot, click, old.rematch, lobbyId);
  }
}
