/**
 * The leagues' rounds, between clicks: each table's game opened (a lobby message in
 * the league's channel pinging its players, started at once, its thread opened, then
 * the driver's), each finished game's places recorded, the round's deadline (its
 * unfinished games handed to the computer, which says so in their threads), and a
 * round's end: the standings posted, the next round seated or the champion named.
 *
 * Driven by the league itself, never by a game's code: a poll on the bot's clock
 * (POLL_MS) looks at this process's running leagues, and a moderator's command looks
 * at once. Each step is saved before it is told, and each league is advanced by one
 * task at a time, so a restart mid-round picks up where the store says it was.
 */
import type { MessageEditOptions } from 'discord.js';
import { errorText } from '../../runtime/log.js';
import { every, now, type Timer } from '../../runtime/clock.js';
import { inLocale, localeFor, t } from '../../i18n/index.js';
import { keep, save } from '../../store/index.js';
import {
  afterResult,
  cancelGame,
  currentRound,
  markOverdue,
  newLobby,
  outcomeOfGame,
  recordOutcome,
  replaceSeat,
  setGame,
  standings,
  start,
  type HumanSeat,
  type League,
  type PlayingTable,
} from '../../table/index.js';
import type { Bot } from '../bot.js';
import { closedLobbyView, threadName } from '../messages/lobby.js';
import { finalText, leagueGameNote, pairingsPosts, standingsMessage, standingsPicture } from '../messages/league.js';
import { showStandings, type Shown } from '../messages/pictures.js';

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
  });
  return next;
}

async function advance(bot: Bot, id: string): Promise<void> {
  for (let step = 0; step < 4; step++) {
    const league = await bot.store.leagues.get(id);
    if (!league || league.status !== 'running') return;
    const round = currentRound(league)!;
    // The pairings go out once, with the round's games: not again for a table played again.
    const fresh = round.tables.every((table) => table.gameId === null);
    const opened = await openGames(bot, league);
    if (opened && fresh)
      for (const post of inLeague(opened, () => pairingsPosts(opened))) await tellLeague(bot, opened, () => post);
    await collectResults(bot, opened ?? league);
    if (now() >= round.deadline && !round.overdue) await handOver(bot, id);
    // A round just seated: its games are opened at once.
    const latest = await bot.store.leagues.get(id);
    if (!latest || latest.rounds.length === league.rounds.length) return;
  }
}

/** Opens the round's games not opened yet; the league as it is after, when any was. */
async function openGames(bot: Bot, league: League): Promise<League | null> {
  const round = currentRound(league)!;
  let current = league;
  let opened = false;
  for (const [index, table] of round.tables.entries()) {
    if (table.gameId !== null && (await bot.store.get(table.gameId)).kind === 'found') continue;
    const gameId = table.gameId ?? (await announceTable(bot, current, index));
    if (gameId === null) continue;
    if (table.gameId === null) {
      const saved = await bot.store.leagues.update(current.id, (l) => {
        const set = setGame(l, index, gameId);
        return { league: set.ok ? set.value : null, value: null };
      });
      if (saved) current = saved.league;
    }
    await startGame(bot, current, index, gameId);
    opened = true;
  }
  return opened ? current : null;
}

/** The table's lobby message in the league's channel, its players pinged: its id, the game's key. */
async function announceTable(bot: Bot, league: League, index: number): Promise<string | null> {
  const seats = currentRound(league)!.tables[index]!.seats;
  return bot.places.say(league.channelId, {
    content: inLeague(league, () => leagueGameNote(league, index)),
    allowedMentions: { users: [...seats] },
  });
}

/** The table's game, started at once on its lobby message, then its thread and its first board. */
async function startGame(bot: Bot, league: League, index: number, gameId: string): Promise<void> {
  const seats: HumanSeat[] = currentRound(league)!.tables[index]!.seats.map((userId) => ({
    kind: 'human',
    userId,
    name: league.players.find((p) => p.userId === userId)?.name ?? userId,
  }));
  const lobby = newLobby({
    id: gameId,
    guildId: league.guildId,
    channelId: league.channelId,
    host: seats[0]!,
    others: seats.slice(1),
    settings: league.rules.settings,
    now: now(),
  });
  const started = start(lobby, LEAGUE_ACTOR, `${league.seed}/${league.rounds.length}/${index}/${gameId}`, now());
  if (!started.ok) throw new Error(`a league game would not start: ${started.refusal.code}`);
  const table: PlayingTable = started.value;
  await bot.store.create(gameId, table);
  await bot.places.openHome(
    table,
    inLeague(league, () => threadName(table)),
  );
  const note = inLeague(league, () => leagueGameNote(league, index));
  await bot.places.editLobby(table, inLeague(league, () => closedLobbyView(table, note)) as MessageEditOptions);
  bot.driver.changed(gameId, table);
  bot.log.info('league game opened', { guild: league.guildId, league: league.id, game: gameId, table: index + 1 });
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
      if (entry.status !== 'running' || !this.bot.owns(entry.guildId)) continue;
      await advanceLeague(this.bot, entry.id);
    }
  }
}
