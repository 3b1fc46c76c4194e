/**
 * /kingdomino league: a moderator (Manage Threads) creates a league in a channel (its
 * sign-up message, with Join and Leave), starts it, and corrects it (drop a player,
 * replay a table, set a table's places), each correction with an audit line in the
 * league's channel; players join, withdraw, read the standings and ask why they sit
 * where they do. The rounds run in services/leagues.ts.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { t } from '../../i18n/index.js';
import type { LeagueEntry } from '../../store/index.js';
import {
  currentRound,
  joinLeague,
  leaveLeague,
  MAX_LEAGUE_PLAYERS,
  newLeague,
  replayTable,
  recordOutcome,
  seatNextRound,
  afterResult,
  type League,
  type LeagueResult,
  type LeagueRules,
  type TableOutcome,
} from '../../table/index.js';
import * as clock from '../../runtime/clock.js';
import { errorText } from '../../runtime/log.js';
import { actorOf, type Actor } from '../wire/actor.js';
import { botPermissions, FOR_REMATCH, missing, missingText } from '../wire/permissions.js';
import { answer, privately, publicly, updating, type Answer } from '../wire/answer.js';
import type { Bot } from '../bot.js';
import { leagueRefusalText, signupView, standingsMessage, whyText } from '../messages/league.js';
import {
  advanceLeague,
  prepareThreads,
  cancelReplaced,
  computerPlays,
  inLeague,
  roundEnded,
  standingsPng,
  tellLeague,
} from '../services/leagues.js';

/** A league's rules as the create command gives them; the round's length may be left to the pace. */
export type LeagueSpec = Omit<LeagueRules, 'roundMs'> & { readonly name: string; readonly roundMs: number };

/** The channel's league under way (sign-up or running), else its latest. */
async function leagueHere(bot: Bot, channelId: string): Promise<League | null> {
  const here = (await bot.store.leagues.list()).filter((e) => e.channelId === channelId);
  const entry: LeagueEntry | undefined = here.filter((e) => e.status !== 'finished').pop() ?? here.pop();
  return entry ? bot.store.leagues.get(entry.id) : null;
}

/** Refuses a league command in a DM or a thread, or by a non-moderator when `moderators`. */
function misplaced(interaction: ChatInputCommandInteraction, actor: Actor, moderators: boolean): string | null {
  if (!interaction.inGuild() || !interaction.channel) return t('league.serverOnly');
  if (interaction.channel.isThread()) return t('league.notInThread');
  if (moderators && !actor.moderator) return t('league.moderatorsOnly');
  return null;
}

/** What the bot lacks in this channel to run a league (post, open its tables' threads, play there), in words; null when nothing. */
function lackingHere(interaction: ChatInputCommandInteraction): string | null {
  const lacking = missing(botPermissions(interaction), FOR_REMATCH);
  return lacking.length > 0 ? missingText(lacking, t('permission.where.here')) : null;
}

/** /kingdomino league create: the sign-up message, public, whose id becomes the league's. */
export async function leagueCreate(bot: Bot, interaction: ChatInputCommandInteraction, spec: LeagueSpec) {
  const actor = actorOf(interaction);
  const refusal = misplaced(interaction, actor, true);
  const existing = refusal ? null : await leagueHere(bot, interaction.channelId);
  const blocked =
    refusal ??
    (existing && existing.status !== 'finished' ? t('league.exists', { name: existing.name }) : null) ??
    (spec.settings.mightyDuel && spec.size !== 2 ? t('league.badSeats', { seats: String(spec.size) }) : null) ??
    lackingHere(interaction);
  if (blocked) return answer(interaction, 'private', async () => privately(blocked));
  const response = await interaction.deferReply({ withResponse: true });
  const id = response.resource?.message?.id ?? (await interaction.fetchReply()).id;
  const { name, ...rules } = spec;
  const league = newLeague({
    id,
    guildId: interaction.guildId!,
    channelId: interaction.channelId,
    name,
    createdBy: actor.userId,
    now: clock.now(),
    rules: { ...rules, cap: Math.min(rules.cap, MAX_LEAGUE_PLAYERS) },
  });
  await bot.store.leagues.create(league);
  await interaction.editReply(inLeague(league, () => signupView(league)));
  bot.log.info('league created', { guild: league.guildId, league: id, user: actor.userId });
}

/** Runs a change of the channel's league: the refusal in words, or the league before and after. */
async function changeHere(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  change: (league: League) => LeagueResult<League>,
): Promise<{ ok: true; before: League; after: League } | { ok: false; answer: Answer }> {
  const found = await leagueHere(bot, interaction.channelId);
  if (!found) return { ok: false, answer: privately(t('league.none')) };
  const done = await bot.store.leagues.update(found.id, (league) => {
    const result = change(league);
    return { league: result.ok ? result.value : null, value: { result, before: league } };
  });
  if (!done) return { ok: false, answer: privately(t('league.none')) };
  const { result, before } = done.value;
  if (!result.ok) return { ok: false, answer: privately(leagueRefusalText(result.refusal)) };
  return { ok: true, before, after: done.league };
}

/** A league command: checked where and by whom, answered privately. */
function leagueCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  moderators: boolean,
  work: (actor: Actor) => Promise<Answer>,
): Promise<void> {
  return answer(interaction, 'private', async () => {
    const actor = actorOf(interaction);
    const refusal = misplaced(interaction, actor, moderators);
    return refusal ? privately(refusal) : work(actor);
  });
}

/** /kingdomino league start: the sign-up closes, the first round is seated and its games opened. */
export function leagueStart(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return leagueCommand(bot, interaction, true, async () => {
    const done = await changeHere(bot, interaction, (league) =>
      league.status === 'signup' ? seatNextRound(league, clock.now()) : { ok: false, refusal: 'not-signing-up' },
    );
    if (!done.ok) return done.answer;
    const league = done.after;
    await bot.places
      .editIn(
        league.channelId,
        league.id,
        inLeague(league, () => signupView(league)),
      )
      .catch((error: unknown) => bot.log.warn('league sign-up not closed', { error: errorText(error) }));
    void advanceLeague(bot, league.id);
    return privately(t('league.started'));
  });
}

/** /kingdomino league standings: for everyone in the channel. */
export function leagueStandings(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return answer(interaction, 'public', async () => {
    const league = interaction.inGuild() ? await leagueHere(bot, interaction.channelId) : null;
    if (!league) return privately(t('league.none'));
    const picture = await standingsPng(bot, league);
    return publicly(inLeague(league, () => standingsMessage(league, null, picture)));
  });
}

/** /kingdomino league my-table: the player's table this round and why. */
export function leagueMine(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return leagueCommand(bot, interaction, false, async (actor) => {
    const league = await leagueHere(bot, interaction.channelId);
    return privately(league ? whyText(league, actor.userId) : t('league.none'));
  });
}

/** /kingdomino league withdraw: out of the next rounds (the computer plays their seat in a running game). */
export function leagueWithdraw(bot: Bot, interaction: ChatInputCommandInteraction): Promise<void> {
  return leagueCommand(bot, interaction, false, async (actor) => {
    const done = await changeHere(bot, interaction, (league) => leaveLeague(league, actor.userId, 'withdrew'));
    if (!done.ok) return done.answer;
    await afterLeaving(bot, done.after, actor.userId);
    await tellLeague(bot, done.after, () => t('league.audit.withdrew', { player: `<@${actor.userId}>` }));
    return privately(t('league.withdrawn'));
  });
}

/** /kingdomino league drop: a moderator takes a player out. */
export function leagueDrop(bot: Bot, interaction: ChatInputCommandInteraction, userId: string): Promise<void> {
  return leagueCommand(bot, interaction, true, async (actor) => {
    const done = await changeHere(bot, interaction, (league) => leaveLeague(league, userId, 'dropped'));
    if (!done.ok) return done.answer;
    await afterLeaving(bot, done.after, userId);
    await tellLeague(bot, done.after, () =>
      t('league.audit.dropped', { moderator: `<@${actor.userId}>`, player: `<@${userId}>` }),
    );
    return privately(t('league.done'));
  });
}

/** A player who left mid-round: the sign-up message shows it, or their running game goes on with the computer. */
async function afterLeaving(bot: Bot, league: League, userId: string): Promise<void> {
  if (league.status === 'signup') {
    await bot.places.editIn(
      league.channelId,
      league.id,
      inLeague(league, () => signupView(league)),
    );
    return;
  }
  const table = currentRound(league)?.tables.find((x) => x.seats.includes(userId));
  if (table?.gameId && !table.outcome) await computerPlays(bot, table.gameId, (id) => id === userId, null);
}

/** /kingdomino league replay: a table of the current round plays a new game. */
export function leagueReplay(bot: Bot, interaction: ChatInputCommandInteraction, table: number): Promise<void> {
  return leagueCommand(bot, interaction, true, async (actor) => {
    const done = await changeHere(bot, interaction, (league) => replayTable(league, table - 1));
    if (!done.ok) return done.answer;
    const old = currentRound(done.before)?.tables[table - 1]?.gameId;
    if (old) await cancelReplaced(bot, old);
    const round = done.after.rounds.length;
    await tellLeague(bot, done.after, () =>
      t('league.audit.replayed', { moderator: `<@${actor.userId}>`, table, round }),
    );
    void advanceLeague(bot, done.after.id);
    return privately(t('league.done'));
  });
}

/** "1 2 2 4": one place per seat, each from 1 to the table's size; null when it is not. */
export function parsePlaces(text: string, seats: number): number[] | null {
  const places = text
    .trim()
    .split(/[\s,;]+/)
    .map(Number);
  const fits = places.length === seats && places.every((p) => Number.isInteger(p) && p >= 1 && p <= seats);
  return fits ? places : null;
}

/** /kingdomino league adjust: a moderator sets a table's places (its game's points stay as played, or 0). */
export function leagueAdjust(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  table: number,
  placesText: string,
): Promise<void> {
  return leagueCommand(bot, interaction, true, async (actor) => {
    const found = await leagueHere(bot, interaction.channelId);
    const seats = found ? currentRound(found)?.tables[table - 1]?.seats : undefined;
    if (!found) return privately(t('league.none'));
    if (!seats) return privately(leagueRefusalText('no-such-table'));
    const places = parsePlaces(placesText, seats.length);
    const example = seats.map((_, i) => i + 1).join(' ');
    if (!places) return privately(t('league.badPlaces', { seats: seats.length, example }));
    const done = await changeHere(bot, interaction, (league) => {
      const old = currentRound(league)?.tables[table - 1]?.outcome;
      const outcome: TableOutcome = {
        places,
        scores: old?.scores ?? places.map(() => 0),
        crowns: old?.crowns ?? places.map(() => 0),
        source: 'adjusted',
      };
      const recorded = recordOutcome(league, table - 1, outcome);
      return recorded.ok ? { ok: true, value: afterResult(recorded.value, clock.now()) } : recorded;
    });
    if (!done.ok) return done.answer;
    const round = done.before.rounds.length;
    await tellLeague(bot, done.after, () =>
      t('league.audit.adjusted', { moderator: `<@${actor.userId}>`, table, round, places: places.join(' ') }),
    );
    await roundEnded(bot, done.before, done.after);
    void advanceLeague(bot, done.after.id);
    return privately(t('league.done'));
  });
}

/** The sign-up message's Join and Leave: the message redrawn, or the refusal privately. */
export async function leagueSignup(bot: Bot, leagueId: string, actor: Actor, join: boolean): Promise<Answer> {
  const done = await bot.store.leagues.update(leagueId, (league) => {
    const result = join
      ? joinLeague(league, actor.userId, actor.userName)
      : leaveLeague(league, actor.userId, 'withdrew');
    return { league: result.ok ? result.value : null, value: result };
  });
  if (!done) return privately(t('league.none'));
  if (!done.value.ok) return privately(leagueRefusalText(done.value.refusal));
  const league = done.league;
  // Another table's thread may be wanted: opened now, at a walk, while the sign-up goes on.
  void prepareThreads(bot, league.id);
  return updating(inLeague(league, () => signupView(league)));
}
