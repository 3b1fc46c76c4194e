/**
 * The daily deal (/kingdomino daily): the day's solo game played privately on the
 * same panel as a game's (its buttons wrapped by IN_DAILY, so they lead here rather
 * than to a thread's table), the result with rank, streak and the hard computer
 * player's score on the same deal, the Share line, the standings and the daily
 * channel's setting. One scored game per player and day; running the command again
 * resumes it, and once it is over starts an unscored replay.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { BaseMessageOptions, ChatInputCommandInteraction, GuildMember } from 'discord.js';
import { chooseAction } from '../../ai/index.js';
import { isOver, prompt, rankedCandidates, type GameState } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import { now } from '../../runtime/clock.js';
import type { DailyPlay, DailyUser } from '../../store/index.js';
import {
  afterPlacing,
  dailyDay,
  dailyMove,
  dailyGame,
  dailyScore,
  monthStandings,
  shareGrid,
  streakOn,
  type DailyEntry,
  type DailyScore,
  type Placed,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import { hardScore, hardScoreSoon } from '../services/daily.js';
import { cursorCells, cursorOf, IN_DAILY, type Cursor, type PanelClick } from '../messages/codec.js';
import { dailyHeader, dailyResultView, dailyShareView, dailyStandingsView } from '../messages/daily.js';
import { NO_SPOT, pickPanel, placementPanel } from './panel.js';
import { showScoreSheet } from '../messages/pictures.js';
import { answer, privately, publicly, updating, type Answer } from '../wire/answer.js';

/** Who plays, and where their result counts. */
export interface DailyPlayer {
  readonly userId: string;
  readonly guildId: string;
  readonly name: string;
}

export function today(): number {
  return dailyDay(now());
}

/** The name a player is shown by in the game (the standings mention them instead). */
export function playerOf(interaction: ChatInputCommandInteraction): DailyPlayer {
  const member = interaction.member as GuildMember | null;
  return {
    userId: interaction.user.id,
    guildId: interaction.guildId ?? '',
    name: (member?.displayName ?? interaction.user.globalName ?? interaction.user.username).slice(0, 24),
  };
}

// ---------------------------------------------------------------- the panel

function withHeader(play: DailyPlay, view: BaseMessageOptions): BaseMessageOptions {
  return { ...view, content: `${dailyHeader(play.day, play.scored)}\n${view.content ?? ''}` };
}

/** The panel for where the game stands: the opening pick, or the domino to place. */
async function panelFor(play: DailyPlay, at: Cursor | null, hint: Cursor | null): Promise<BaseMessageOptions> {
  const game = play.game;
  if (prompt(game).kind === 'claim') {
    const pick = pickPanel(game, 0, { kind: 'none' }, IN_DAILY);
    if (!pick) throw new Error('the daily game has nothing to pick');
    return withHeader(play, pick);
  }
  const ranked = rankedCandidates(game);
  const spot = at ?? openingSpot(game) ?? (ranked[0] ? cursorOf(ranked[0]) : NO_SPOT);
  // No hint on the daily deal (used, so never offered): the hard computer player's advice would be its score.
  return withHeader(play, await placementPanel(game, { at: spot, hint, hintUsed: true }, IN_DAILY, ranked));
}

/** Where the panel opens: the normal computer player's spot (a spot worth the most points now). */
function openingSpot(game: GameState): Cursor | null {
  const normal = chooseAction(game, 'normal');
  return normal.type === 'place' ? cursorOf(normal) : null;
}

// ---------------------------------------------------------------- the result

/** What the result shows from the store; recording the result has just read it. */
interface Known {
  readonly standings: readonly DailyEntry[];
  readonly user: DailyUser;
}

async function resultView(
  bot: Bot,
  play: DailyPlay,
  score: DailyScore,
  known: Known | null,
): Promise<BaseMessageOptions> {
  const [standings, user, sheet, hard] = await Promise.all([
    known?.standings ?? bot.store.daily.standings(play.guildId, play.day),
    known?.user ?? bot.store.daily.user(play.userId),
    showScoreSheet(play.game),
    hardScoreSoon(bot, play.day, 1000),
  ]);
  return dailyResultView({
    day: play.day,
    score,
    scored: play.scored,
    standings,
    userId: play.userId,
    streak: streakOn(user.streak, play.day),
    bestStreak: user.streak.best,
    hard,
    sheet,
  });
}

/** A game just over: its result recorded if it is the scored one, then shown. */
async function finished(bot: Bot, play: DailyPlay): Promise<BaseMessageOptions> {
  const score = dailyScore(play.game);
  if (!score) throw new Error('the daily game is not over');
  const known = play.scored ? await recordResult(bot, play, score) : null;
  return resultView(bot, play, score, known);
}

/** Adds a finished scored game to the standings and streak (once: a second time changes nothing). */
async function recordResult(bot: Bot, play: DailyPlay, score: DailyScore): Promise<Known | null> {
  const recorded = await bot.store.daily.record(play.guildId, play.day, {
    userId: play.userId,
    name: play.name,
    ...score,
    at: now(),
  });
  bot.log.info('daily result', {
    user: play.userId,
    guild: play.guildId,
    day: play.day,
    score: score.score,
    kind: recorded.kind,
  });
  return recorded.kind === 'recorded' ? recorded : null;
}

// ---------------------------------------------------------------- commands and clicks

/** /kingdomino daily play: start, resume, or once over replay (unscored) the day's deal. */
export async function dailyPlay(bot: Bot, player: DailyPlayer): Promise<Answer> {
  const day = today();
  if (day < 1) return privately(t('daily.notYet'));
  // The hard player's score is wanted at the end: start on it now, in the background.
  void hardScore(bot, day).catch((error: unknown) =>
    bot.log.warn('daily hard score failed', { day, error: String(error) }),
  );
  const alreadyScored = await bot.store.daily.hasResult(day, player.userId);
  const { play, unrecorded } = await bot.store.daily.updatePlay(day, player.userId, (stored) => {
    if (stored && !isOver(stored.game)) return { play: null, value: { play: stored, unrecorded: null } };
    const kept = stored ? (stored.scored ? stored.game : stored.kept) : undefined;
    const fresh: DailyPlay = {
      day,
      ...player,
      game: dailyGame(day, bot.config.dailySecret, player.name),
      scored: !alreadyScored && stored === null,
      ...(kept ? { kept } : {}),
    };
    // The scored game ended but recording its result failed (the store, at its last move): record it now.
    return { play: fresh, value: { play: fresh, unrecorded: stored?.scored && !alreadyScored ? stored : null } };
  });
  const score = unrecorded ? dailyScore(unrecorded.game) : null;
  if (unrecorded && score) await recordResult(bot, unrecorded, score);
  return { kind: 'private', message: await panelFor(play, null, null) };
}

/** A click on the daily panel. `spot`: the menu's chosen spot. */
export async function dailyClick(bot: Bot, userId: string, click: PanelClick, spot: Cursor | null): Promise<Answer> {
  const day = today();
  const play = await bot.store.daily.play(day, userId);
  // Another day's panel, a finished game, or an older panel of this one: nothing to do here.
  if (!play || isOver(play.game) || play.game.turn !== click.turn) return privately(t('daily.stale'));
  switch (click.verb) {
    case 'preview':
      return updating(await panelFor(play, click.at, click.hint));
    case 'spot':
      return updating(await panelFor(play, spot ?? NO_SPOT, click.hint));
    case 'hint':
      return updating(await panelFor(play, click.at, null));
    case 'confirm':
      return placeThenPick(bot, play, { kind: 'place', ...cursorCells(click.at) });
    case 'discard':
      return placeThenPick(bot, play, { kind: 'discard' });
    case 'pick':
      return move(bot, play, click.placed, click.domino);
  }
}

async function placeThenPick(bot: Bot, play: DailyPlay, placed: Placed): Promise<Answer> {
  if (!afterPlacing(play.game, 0, placed).ok) return privately(t('daily.stale'));
  const pick = pickPanel(play.game, 0, placed, IN_DAILY);
  return pick ? updating(withHeader(play, pick)) : move(bot, play, placed, null);
}

/** The whole move (placement, then pick), saved; then the next panel, or the result. */
async function move(bot: Bot, play: DailyPlay, placed: Placed, claim: number | null): Promise<Answer> {
  const turn = play.game.turn;
  const saved = await bot.store.daily.updatePlay(play.day, play.userId, (stored) => {
    const game = stored ? dailyMove(stored.game, turn, { placed, claim }) : null;
    if (!stored || !game) return { play: null, value: null };
    const moved: DailyPlay = { ...stored, game };
    return { play: moved, value: moved };
  });
  if (!saved) return privately(t('daily.stale'));
  if (isOver(saved.game)) return updating({ ...(await finished(bot, saved)), attachments: [] } as BaseMessageOptions);
  return updating(await panelFor(saved, null, null));
}

/** Share: the spoiler-free line, posted in the channel for everyone. */
export async function dailyShare(bot: Bot, userId: string, day: number): Promise<Answer> {
  const game = await bot.store.daily.scoredGame(day, userId);
  const score = game ? dailyScore(game) : null;
  if (!game || !score) return privately(t('daily.shareNothing'));
  const user = await bot.store.daily.user(userId);
  return publicly(dailyShareView(userId, day, score, streakOn(user.streak, day), shareGrid(game)));
}

/** /kingdomino daily standings: today's and this month's on this server, and the player's best days. */
export async function dailyStandings(bot: Bot, guildId: string | null, userId: string): Promise<Answer> {
  if (!guildId) return privately(t('daily.perServer'));
  const day = Math.max(1, today());
  const [todays, month, user, hard] = await Promise.all([
    bot.store.daily.standings(guildId, day),
    bot.store.daily.month(guildId, day),
    bot.store.daily.user(userId),
    bot.store.daily.hardScore(day),
  ]);
  return publicly(dailyStandingsView({ day, today: todays, month: monthStandings(month), best: user.best, hard }));
}

/** /kingdomino daily channel [stop]: moderators (Manage Threads, as for games) choose where the daily post goes. */
export async function dailyChannel(bot: Bot, interaction: ChatInputCommandInteraction, stop: boolean): Promise<Answer> {
  if (!interaction.guildId) return privately(t('daily.perServer'));
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads))
    return privately(t('daily.channel.moderatorsOnly'));
  await bot.store.daily.setChannel(interaction.guildId, stop ? null : interaction.channelId, today());
  return privately(stop ? t('daily.channel.stopped') : t('daily.channel.set', { channelId: interaction.channelId }));
}

/** /kingdomino daily <play|standings|channel>: each answered within Discord's time, privately but the standings. */
export function dailyCommand(
  bot: Bot,
  interaction: ChatInputCommandInteraction,
  sub: 'play' | 'standings' | 'channel',
  stop: boolean,
): Promise<void> {
  switch (sub) {
    case 'play':
      return answer(interaction, 'private', () => dailyPlay(bot, playerOf(interaction)));
    case 'standings':
      return answer(interaction, 'public', () => dailyStandings(bot, interaction.guildId, interaction.user.id));
    case 'channel':
      return answer(interaction, 'private', () => dailyChannel(bot, interaction, stop));
  }
}
