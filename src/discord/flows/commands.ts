/** What the /kingdomino subcommands do; commands/kingdomino.ts only declares and dispatches them. */
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { ChatInputCommandInteraction, GuildMember } from 'discord.js';
import { dynastyResult, result, toRecord, type AiLevel, type GameState } from '../../game/index.js';
import { keep, save } from '../../store/index.js';
import { aiSeats, cancelGame, dynastyProgress, newLobby, type FinishedTable, type Table, type TableSettings } from '../../table/index.js';
import { answer, privately, publicly, type Answer } from '../answer.js';
import type { Bot } from '../context.js';
import { errorText } from '../log.js';
import { botPermissions, FOR_GAME, missing, missingText } from '../permissions.js';
import { renderScoreSheet, renderTable } from '../pictures.js';
import { aiSeatName, humanSeatOf } from '../seats.js';
import { endView } from '../views/end.js';
import { lobbyView } from '../views/lobby.js';
import { RULES_TEXT } from '../views/rules.js';
import { dynastyHeader, refusalText } from '../views/text.js';
import { turnView } from '../views/turn.js';

export interface StartOptions {
  readonly aiSeats: number;
  readonly aiLevel: AiLevel;
  readonly settings: TableSettings;
}

const NOT_A_GAME = 'Use this command inside a game\'s thread (the one the bot opened when the game started).';

function displayName(interaction: ChatInputCommandInteraction): string {
  const member = interaction.member as GuildMember | null;
  return member?.displayName ?? interaction.user.globalName ?? interaction.user.username;
}

function isModerator(interaction: ChatInputCommandInteraction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false;
}

/** /kingdomino start: the lobby, as a public reply whose message id becomes the table's key. */
export async function startCommand(bot: Bot, interaction: ChatInputCommandInteraction, options: StartOptions): Promise<void> {
  if (!interaction.inGuild() || !interaction.channel) {
    await interaction.reply({ content: 'Kingdomino is played in a server\'s text channel.', flags: MessageFlags.Ephemeral });
    return;
  }
  if (interaction.channel.isThread()) {
    await interaction.reply({ content: 'Start a game from a text channel, not from a thread: each game gets a thread of its own.', flags: MessageFlags.Ephemeral });
    return;
  }
  const lacking = missing(botPermissions(interaction), FOR_GAME);
  if (lacking.length > 0) {
    await interaction.reply({ content: missingText(lacking, 'in this channel'), flags: MessageFlags.Ephemeral });
    return;
  }
  // The lobby message's id is the table's key: get it from a deferred reply, save the
  // table, and only then show the buttons, so no click can arrive before the table exists.
  const response = await interaction.deferReply({ withResponse: true });
  // Discord may leave the message out of a deferred callback's response: then ask for it.
  const messageId = response.resource?.message?.id ?? (await interaction.fetchReply()).id;
  const table = newLobby({
    id: messageId, guildId: interaction.guildId, channelId: interaction.channelId,
    host: humanSeatOf({ userId: interaction.user.id, userName: displayName(interaction) }),
    others: aiSeats(options.aiSeats, options.aiLevel, aiSeatName(options.aiLevel)), settings: options.settings, now: Date.now(),
  });
  try {
    await bot.store.create(messageId, table);
  } catch (error) {
    bot.log.error('could not save a new lobby', { game: messageId, error: errorText(error) });
    await interaction.editReply({ content: 'I could not save this table (storage problem). Please try again in a moment.', components: [] });
    return;
  }
  await interaction.editReply(lobbyView(table));
  bot.log.info('lobby opened', { guild: table.guildId, channel: interaction.channelId, game: messageId, user: interaction.user.id });
}

async function loadHere(bot: Bot, interaction: ChatInputCommandInteraction): Promise<Table | null> {
  const loaded = await bot.store.get(interaction.channelId);
  return loaded.kind === 'found' ? loaded.table : null;
}

function finalResult(table: FinishedTable) {
  return table.dynasty ? dynastyResult(table.dynasty) : result(table.game);
}

/** /kingdomino status: the current board and prompt again (its button is live), or the final result. */
export function statusCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const table = await loadHere(bot, interaction);
    if (!table) return privately(NOT_A_GAME);
    if (table.status === 'lobby') return privately('This table has not started yet.');
    if (table.status === 'cancelled' || !table.game) return privately('This game was cancelled.');
    if (table.status === 'playing') {
      bot.scheduler.kick(table.id);
      return publicly(turnView({ game: table.game, seats: table.seats, happened: null, header: dynastyHeader(dynastyProgress(table)), png: await renderTable(table.game) }));
    }
    const final = finalResult(table);
    const last = result(table.game);
    if (!last) return privately('This game is over.');
    return publicly(endView({ result: last, seats: table.seats, happened: null, header: null, final: true, totals: table.dynasty ? final : null, png: await renderScoreSheet(table.game) }));
  });
}

export async function rulesCommand(interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.reply({ content: RULES_TEXT, flags: MessageFlags.Ephemeral });
}

/** /kingdomino cancel, in the game's thread: host or moderator. */
export function cancelCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const here = await loadHere(bot, interaction);
    if (!here) return privately(`${NOT_A_GAME} A lobby is cancelled with its Cancel button.`);
    const userId = interaction.user.id;
    const { value } = await bot.store.update(here.id, (t) => {
      const cancelled = cancelGame(t, { userId, moderator: isModerator(interaction) }, Date.now());
      return cancelled.ok ? save(cancelled.value, null) : keep(refusalText(cancelled.refusal, t.seats));
    });
    if (value !== null) return privately(value);
    bot.scheduler.kick(here.id);
    bot.log.info('game cancelled', { guild: here.guildId, game: here.id, user: userId });
    return publicly({ content: `🛑 The game was cancelled by <@${userId}>. Nothing is counted in the statistics.`, allowedMentions: { parse: [] } });
  });
}

/** /kingdomino record: the game record(s) as JSON files, once the game is over (the record holds the seed, which would reveal the draw pile). */
export function recordCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const table = await loadHere(bot, interaction);
    if (!table || table.status === 'lobby' || !table.game) return privately(NOT_A_GAME);
    if (table.status !== 'finished' && table.status !== 'cancelled') return privately('The record can be exported when the game is over: it holds the seed, which would reveal the draw pile.');
    const games: readonly GameState[] = (table.status === 'finished' ? table.dynasty?.games : undefined) ?? [table.game];
    const files = games.map((g, i) => ({
      attachment: Buffer.from(JSON.stringify(toRecord(g), null, 2)),
      name: games.length > 1 ? `kingdomino-${table.id}-game${i + 1}.json` : `kingdomino-${table.id}.json`,
    }));
    return publicly({ content: `📜 The game record${files.length > 1 ? 's' : ''} (kingdomino-record/1).`, files });
  });
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((100 * part) / whole)}%`;
}

export function statsCommand(bot: Bot, interaction: ChatInputCommandInteraction, userId: string): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    const stats = await bot.store.userStats(userId);
    if (!stats || stats.games === 0) return publicly({ content: `<@${userId}> has not finished a game yet.`, allowedMentions: { parse: [] } });
    return publicly({
      content: `📊 <@${userId}>: ${stats.games} game${stats.games === 1 ? '' : 's'}, ${stats.wins} win${stats.wins === 1 ? '' : 's'} (${percent(stats.wins, stats.games)}), best score ${stats.bestScore}, average ${stats.averageScore.toFixed(1)}.`,
      allowedMentions: { parse: [] },
    });
  });
}

export function leaderboardCommand(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async (): Promise<Answer> => {
    if (!interaction.inGuild()) return privately('The leaderboard is per server.');
    const rows = await bot.store.leaderboard(interaction.guildId, 10);
    if (rows.length === 0) return publicly({ content: 'No finished games on this server yet.' });
    const lines = rows.map((s, i) => `${i + 1}. <@${s.userId}>: ${s.wins} win${s.wins === 1 ? '' : 's'} in ${s.games} game${s.games === 1 ? '' : 's'} · average ${s.averageScore.toFixed(1)} · best ${s.bestScore}`);
    return publicly({ content: `🏆 **Kingdomino leaderboard**\n${lines.join('\n')}`, allowedMentions: { parse: [] } });
  });
}
