/**
 * The leagues' rounds, between clicks: each table's game opened in its own thread (one
 * opened ahead for it: the players greeted and pinged there, the game started at once,
 * then the driver's), the round's pairings in the league's channel with a link to each
 * thread, each finished game's places recorded, the round's deadline (its unfinished
 * games handed to the computer, which says so in their threads), and a round's end:
 * the standings posted, the next round seated or the champion named.
 *
 * The threads of a round's tables are opened ahead, at a walk, during the sign-up or
 * the round before (prepareThreads), and kept archived until their game's first post:
 * Discord lets a channel open only a few threads a second, so opening a 64-table
 * round's threads as it starts would take a minute or more.
 *
 * Driven by the league itself, never by a game's code: a poll on the bot's clock
 * (POLL_MS) looks at this process's leagues, and a moderator's command or a sign-up
 * looks at once. Each step is saved before it is told, and each league is advanced by
 * one task at a time, so a restart mid-round picks up where the store says it was.
 */
import { errorText } from '../../runtime/log.js';
import { every, now, sleep, type Timer } from '../../runtime/clock.js';
import { inLocale, localeFor, t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  afterResult,
  cancelGame,
  currentRound,
  dropThreadsAhead,
  keepThreadAhead,
  markOverdue,
  newLobby,
  outcomeOfGame,
  pairingsTold,
  recordOutcome,
  replaceSeat,
  setGame,
  spareThreads,
  standings,
  start,
  threadsAheadFor,
  threadsWanted,
  type HumanSeat,
  type League,
  type PlayingTable,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import { closedLobbyView } from '../messages/lobby.js';
import {
  finalText,
  leagueGameNote,
  pairingsPosts,
  standingsMessage,
  standingsPicture,
  tableThreadName,
} from '../messages/league.js';
import { showStandings, type Shown } from '../messages/pictures.js';
import { refused } from '../wire/followups.js';
import { nonceOf } from '../wire/limits.js';
import { FOR_GAME } from '../wire/permissions.js';
import { lackedIn } from './lobby.js';

/** How often running leagues are looked at: a game's end shows in the standings within this. */
export const POLL_MS = 60_000;

/** The one who acts for a league on its games: as a moderator, never a seat. */
const LEAGUE_ACTOR = { userId: 'league', moderator: true } as const;

/** Words said for the league, in its games' language. */
export function inLeague<T>(league: League, work: () => T): T {
  return inLocale(localeFor(league.rules.settings.language), work);
}

/** A line in the league's channel (pairings, standings, audit), in its language; false when it could not be said. */
export async function tellLeague(bot: Bot, league: League, words: () => string, ping: readonly string[] = []) {
  const content = inLeague(league, words);
  const said = await bot.places
    .say(league.channelId, { content, allowedMentions: { users: [...ping] } })
    .catch(() => null);
  if (said === null) bot.log.warn('league channel unusable', { guild: league.guildId, league: league.id });
  return said !== null;
}

const running = new Map<string, Promise<void>>();

/** Brings a league up to date (one task per league at a time); a failure is logged, the poll tries again. */
export function advanceLeague(bot: Bot, id: string): Promise<void> {
  const previous = running.get(id) ?? Promise.resolve();
  const next = previous.then(() =>
    advance(bot, id).catch((error: unknown) =>
      bot.log.warn('league step failed', { league: id, error: errorText(error) }),
    ),
  );
  running.set(id, next);
  void next.finally(() => {
    if (running.get(id) === next) running.delete(id);
    void prepareThreads(bot, id);
  });
  return next;
}

async function advance(bot: Bot, id: string): Promise<void> {
  for (let step = 0; step < 4; step++) {
    const league = await bot.store.leagues.get(id);
    if (!league || league.status !== 'running') return;
    const opened = await openGames(bot, league);
    await tellPairings(bot, opened);
    await collectResults(bot, opened);
    const round = currentRound(opened)!;
    if (now() >= round.deadline && !round.overdue) await handOver(bot, id);
    // A round just seated: its games are opened at once.
    const latest = await bot.store.leagues.get(id);
    if (!latest || latest.rounds.length === league.rounds.length) return;
  }
}

/**
 * Opens the round's games not opened yet; the league as it is after. A table with its
 * result is done, even once its finished game has expired from the store (kept 30
 * days by default, where a round at 3 days a move lasts 42).
 */
async function openGames(bot: Bot, league: League): Promise<League> {
  let current = league;
  for (const [index, table] of currentRound(league)!.tables.entries()) {
    if (table.outcome !== null) continue;
    if (table.gameId !== null && (await bot.store.get(table.gameId)).kind === 'found') continue;
    current = await openGame(bot, current, index);
  }
  return current;
}

/**
 * A table's game: in the thread opened ahead for it, or, when it has none (or that one
 * was deleted or locked meanwhile), in a thread opened now. The league as saved.
 */
async function openGame(bot: Bot, league: League, index: number): Promise<League> {
  const ahead = currentRound(league)!.tables[index]!.gameId;
  if (ahead !== null && (await startGame(bot, league, index, ahead))) return league;
  if (!(await mayHostGames(bot, league))) throw new Error('the league channel does not let the bot play in threads');
  const name = inLeague(league, () => tableThreadName(league, league.rounds.length, index));
  const threadId = await bot.places.openThread(league.channelId, name, league.rules.settings, false);
  const saved = await bot.store.leagues.update(league.id, (l) => {
    const set = setGame(l, index, threadId);
    return { league: set.ok ? set.value : null, value: null };
  });
  if (!saved || !(await startGame(bot, saved.league, index, threadId)))
    throw new Error('a league game could not open in a new thread');
  return saved.league;
}

/**
 * The table's game, started at once in its thread: the players greeted there (pinged,
 * which adds them to it; the post unarchives a thread opened ahead), then its first
 * board. False when the thread refused the greeting (gone, locked): nothing was saved.
 */
async function startGame(bot: Bot, league: League, index: number, threadId: string): Promise<boolean> {
  const seatIds = currentRound(league)!.tables[index]!.seats;
  const seats: HumanSeat[] = seatIds.map((userId) => ({
    kind: 'human',
    userId,
    name: league.players.find((p) => p.userId === userId)?.name ?? userId,
  }));
  const lobby = newLobby({
    id: threadId,
    guildId: league.guildId,
    channelId: league.channelId,
    host: seats[0]!,
    others: seats.slice(1),
    settings: league.rules.settings,
    now: now(),
    lobbyMessage: false,
  });
  const started = start(lobby, LEAGUE_ACTOR, `${league.seed}/${league.rounds.length}/${index}/${threadId}`, now());
  if (!started.ok) throw new Error(`a league game would not start: ${started.refusal.code}`);
  const table: PlayingTable = started.value;
  const note = inLeague(league, () => leagueGameNote(league, index));
  const greeting = {
    ...inLeague(league, () => closedLobbyView(table, note)),
    allowedMentions: { users: [...seatIds] },
    nonce: nonceOf('league', threadId),
    enforceNonce: true,
  };
  const greeted = await bot.places.say(threadId, greeting).catch((error: unknown) => {
    if (!refused(error)) throw error;
    return null;
  });
  if (greeted === null) {
    bot.log.warn('a league thread refused its game: opening another', { league: league.id, thread: threadId });
    return false;
  }
  await bot.store.create(threadId, table);
  bot.driver.changed(threadId, table);
  bot.log.info('league game opened', { guild: league.guildId, league: league.id, game: threadId, table: index + 1 });
  return true;
}

/**
 * Whether the bot may open threads in the league's channel and play there (as it
 * knows it, without asking Discord): no thread is opened that could not hold a game.
 */
async function mayHostGames(bot: Bot, league: League): Promise<boolean> {
  return (await lackedIn(bot, league.channelId, FOR_GAME))?.length === 0;
}

/** The round's pairings, once, when all its games are open (each table links to its thread). */
async function tellPairings(bot: Bot, league: League): Promise<void> {
  if (!currentRound(league)!.untold) return;
  for (const post of inLeague(league, () => pairingsPosts(league))) await tellLeague(bot, league, () => post);
  await bot.store.leagues.update(league.id, (l) => ({ league: pairingsTold(l), value: null }));
}

/**
 * Between two threads opened ahead in a channel. Discord does not document its limit
 * on opening threads; 5 per 5 s per channel is what is seen, and a burst has been
 * refused for minutes (discord-api-docs#7816): opened ahead, they go at a walk.
 */
export const AHEAD_GAP_MS = 2_000;

const preparing = new Map<string, Promise<void>>();
/** The round for which Discord refused to open a thread ahead, by league: not asked again before the next round. */
const refusedFor = new Map<string, number>();

/**
 * Opens, one at a time, the threads of the next round's tables (during the sign-up, or
 * while the round before is played), and tidies away those no table will use. One
 * task per league; a failure is logged, the next poll or join tries again.
 */
export function prepareThreads(bot: Bot, id: string): Promise<void> {
  const busy = preparing.get(id);
  if (busy) return busy;
  const task = openAhead(bot, id)
    .catch((error: unknown) => {
      bot.log.warn('league threads not opened ahead', { league: id, error: errorText(error) });
    })
    .finally(() => preparing.delete(id));
  preparing.set(id, task);
  return task;
}

async function openAhead(bot: Bot, id: string): Promise<void> {
  for (;;) {
    const league = await bot.store.leagues.get(id);
    if (!league || !bot.owns(league.guildId)) return;
    if (spareThreads(league).length > 0) {
      await tidyThreads(bot, id);
      continue;
    }
    const wanted = threadsWanted(league);
    const have = wanted ? threadsAheadFor(league, wanted.round).length : 0;
    if (!wanted || have >= wanted.tables || refusedFor.get(id) === wanted.round) return;
    if (!(await mayHostGames(bot, league))) return;
    const name = inLeague(league, () => tableThreadName(league, wanted.round, have));
    const threadId = await bot.places
      .openThread(league.channelId, name, league.rules.settings, true)
      .catch((error: unknown) => {
        if (refused(error)) refusedFor.set(id, wanted.round);
        throw error;
      });
    await bot.store.leagues.update(id, (l) => ({ league: keepThreadAhead(l, wanted.round, threadId), value: null }));
    await sleep(AHEAD_GAP_MS);
  }
}

/** The threads opened ahead that no table will use: off the league, then off Discord. */
async function tidyThreads(bot: Bot, id: string): Promise<void> {
  const saved = await bot.store.leagues.update(id, (l) => {
    const spare = spareThreads(l);
    return { league: dropThreadsAhead(l, spare), value: spare };
  });
  for (const threadId of saved?.value ?? [])
    await bot.places
      .discardThread(threadId)
      .catch((error: unknown) =>
        bot.log.warn('a league thread not tidied away', { league: id, thread: threadId, error: errorText(error) }),
      );
}

/** Each finished game's places into the league; a round's last one seats the next (or ends the league). */
async function collectResults(bot: Bot, league: League): Promise<void> {
  const round = currentRound(league)!;
  for (const [index, table] of round.tables.entries()) {
    if (table.gameId === null || table.outcome !== null) continue;
    const loaded = await bot.store.get(table.gameId);
    if (loaded.kind !== 'found' || loaded.table.status !== 'finished') continue;
    const outcome = outcomeOfGame(loaded.table.game);
    if (!outcome) continue;
    const saved = await bot.store.leagues.update(league.id, (l) => {
      const recorded = recordOutcome(l, index, outcome);
      return { league: recorded.ok ? afterResult(recorded.value, now()) : null, value: null };
    });
    if (saved) await roundEnded(bot, league, saved.league);
  }
}

/** What a round's end owes the channel: the standings, then the champion or the next round's games. */
export async function roundEnded(bot: Bot, before: League, after: League): Promise<void> {
  if (after.rounds.length === before.rounds.length && after.status === before.status) return;
  await postStandings(bot, after, () => t('league.roundOver', { round: before.rounds.length, name: after.name }));
  if (after.status === 'finished') {
    const champions = standings(after).filter((row) => row.rank === 1);
    await tellLeague(
      bot,
      after,
      () => finalText(after),
      champions.map((row) => row.userId),
    );
    bot.log.info('league finished', { guild: after.guildId, league: after.id });
  }
}

/** The standings' picture, drawn by the picture workers in the league's language; null when drawing failed. */
export async function standingsPng(bot: Bot, league: League): Promise<Shown | null> {
  return inLeague(league, () => showStandings(standingsPicture(league))).catch((error: unknown) => {
    bot.log.warn('league standings picture failed', { league: league.id, error: errorText(error) });
    return null;
  });
}

/** The standings in the league's channel, text and picture, under `heading`. */
async function postStandings(bot: Bot, league: League, heading: () => string): Promise<void> {
  const picture = await standingsPng(bot, league);
  const said = await bot.places
    .say(
      league.channelId,
      inLeague(league, () => standingsMessage(league, heading(), picture)),
    )
    .catch(() => null);
  if (said === null) bot.log.warn('league channel unusable', { guild: league.guildId, league: league.id });
}

/** The deadline: every unfinished game's seats go to the computer, which finishes it and says why. */
async function handOver(bot: Bot, id: string): Promise<void> {
  const saved = await bot.store.leagues.update(id, (l) => ({ league: markOverdue(l), value: null }));
  if (!saved) return;
  for (const table of currentRound(saved.league)!.tables) {
    if (table.gameId === null || table.outcome !== null) continue;
    await computerPlays(
      bot,
      table.gameId,
      () => true,
      () => t('league.deadline'),
    );
  }
}

/**
 * The computer plays the seats of the players `who` picks in a league game, for the
 * rest of it (the thread is told each seat, as for any replaced player, and `why`).
 */
export async function computerPlays(
  bot: Bot,
  gameId: string,
  who: (userId: string) => boolean,
  why: (() => string) | null,
): Promise<void> {
  const { table: game, saved } = await bot.store.update(gameId, (current) => {
    let next = current;
    current.seats.forEach((seat, player) => {
      if (seat.kind !== 'human' || seat.standIn?.reason === 'replaced' || !who(seat.userId)) return;
      const replaced = replaceSeat(next, LEAGUE_ACTOR, player, now(), '');
      if (replaced.ok) next = replaced.value;
    });
    return next === current ? keep() : save(next);
  });
  if (!saved) return;
  if (why) await bot.places.notice(game, why);
  bot.driver.changed(game.id, game);
}

/** A table played again: its old game is cancelled (it counts for nothing) and its thread told why. */
export async function cancelReplaced(bot: Bot, gameId: string): Promise<void> {
  const { table, saved } = await bot.store.update(gameId, (current) => {
    const cancelled = cancelGame(current, LEAGUE_ACTOR, now());
    return cancelled.ok ? save(cancelled.value) : keep();
  });
  if (!saved) return;
  await bot.places.notice(table, () => t('league.replaced'));
  bot.driver.changed(gameId, table);
}

/** Every so often, this process's running leagues brought up to date (at start-up too: a restart picks them up). */
export class LeagueRunner {
  private timer: Timer | null = null;

  constructor(private readonly bot: Bot) {}

  /** A look now and every POLL_MS after. */
  start(): void {
    this.timer = every(POLL_MS, () => void this.poll());
    void this.poll();
  }

  stop(): void {
    this.timer?.cancel();
  }

  async poll(): Promise<void> {
    const entries = await this.bot.store.leagues.list().catch(() => []);
    for (const entry of entries) {
      if (entry.status === 'finished' || !this.bot.owns(entry.guildId)) continue;
      if (entry.status === 'running') await advanceLeague(this.bot, entry.id);
      else void prepareThreads(this.bot, entry.id);
    }
  }
}
