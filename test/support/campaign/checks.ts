/** The invariants (campaign.ts), checked after every recovery and once every game is over. */
import { setTimeout as sleep } from 'node:timers/promises';
import { checkRecord, type GameRecord } from '../../../src/game/index.js';
import { heldMoves, type Table } from '../../../src/table/index.js';
import type { FakeInteraction } from '../../fake-discord/interactions.js';
import { actionPlayers, actionsOf, actionsSaved, compareMoves, gamesOf, movesOfEvents, shownMoves } from './moves.js';
import { isAnswer, liveButtonProblem, promptOf } from './thread.js';
import { DEADLINE_MS, type World, type GameRun } from './world.js';

/**
 * After a recovery: every move saved now is shown within the bound (and nothing
 * else is), a computer whose turn it is moves, and the thread's live button is the
 * store's turn message, for the right player.
 */
export async function checkRecovery(world: World, what: string): Promise<void> {
  world.recoveries++;
  const started = Date.now();
  const games = world.games.filter((g) => g.threadId !== null);
  const snapshot = new Map<string, { saved: number; turn: number; aiToMove: boolean }>();
  for (const g of games) {
    const table = await world.table(g.threadId!);
    if (!table || table.status === 'lobby' || !table.game) continue;
    const prompt = promptOf(table);
    const seat = prompt === null ? null : table.seats[prompt];
    // Moves held for the next board (table/outbox.ts) are not owed to the thread yet.
    const saved = gamesOf(table).flatMap((game) => movesOfEvents(game.events)).length - heldMoves(table).length;
    snapshot.set(g.threadId!, {
      saved,
      turn: actionsSaved(table),
      aiToMove: seat?.kind === 'ai' && (table.outbox?.length ?? 0) === 0,
    });
  }
  const pending = new Set(snapshot.keys());
  const problems = new Map<string, string>();
  const deadline = started + world.boundMs;
  while (pending.size > 0) {
    world.assertAlive();
    for (const threadId of [...pending]) {
      const shown = shownMoves(world.discord.messages(threadId));
      const table = await world.table(threadId);
      const want = snapshot.get(threadId)!;
      if (!table || table.status === 'lobby' || !table.game) continue;
      const { problem } = compareMoves(table, shown);
      if (problem) {
        // A move shown twice or out of order never heals: report at once.
        pending.delete(threadId);
        world.violation(`after ${what}: game ${threadId}: ${problem}`);
        continue;
      }
      const allShown = shown.length >= want.saved;
      const aiMoved = !want.aiToMove || actionsSaved(table) > want.turn || table.status !== 'playing';
      const buttons = liveButtonProblem(world.discord, table);
      if (allShown && aiMoved && buttons === null) {
        pending.delete(threadId);
        world.worstShowMs = Math.max(world.worstShowMs, Date.now() - started);
      } else {
        problems.set(
          threadId,
          !allShown
            ? `${want.saved - shown.length} of the ${want.saved} moves saved at the recovery not shown (the store owes ${table.outbox?.length ?? 0} post(s))`
            : !aiMoved
              ? `the computer player to move after action ${want.turn} did not`
              : buttons!,
        );
      }
    }
    if (pending.size === 0) break;
    if (Date.now() > deadline) {
      for (const threadId of pending)
        world.violation(
          `after ${what}: game ${threadId}: within ${world.boundMs} ms, ${problems.get(threadId) ?? 'not settled'}`,
        );
      break;
    }
    await sleep(150);
  }
}

/** Once every game is over: the whole record, the counts, the interactions, the processes. */
export async function finalCheck(world: World): Promise<void> {
  const { discord } = world;
  for (const g of world.games) {
    const threadId = g.threadId!;
    // The last posts may still be under way: give them the bound.
    const end = Date.now() + world.boundMs;
    let table: Table | null;
    for (;;) {
      world.assertAlive();
      table = await world.table(threadId);
      if (
        table &&
        table.status === 'finished' &&
        (table.outbox?.length ?? 0) === 0 &&
        liveButtonProblem(discord, table) === null
      )
        break;
      if (Date.now() > end) break;
      await sleep(200);
    }
    if (!table || table.status !== 'finished' || !table.game) {
      world.violation(`game ${threadId}: not finished in the store (status ${table?.status ?? 'missing'})`);
      continue;
    }
    if ((table.outbox?.length ?? 0) > 0)
      world.violation(`game ${threadId}: still owes ${table.outbox!.length} post(s) at the end`);
    const shown = shownMoves(discord.messages(threadId));
    const { problem, saved } = compareMoves(table, shown);
    if (problem) world.violation(`game ${threadId} at the end: ${problem}`);
    if (shown.length !== saved)
      world.violation(`game ${threadId}: the store has ${saved} moves, the thread shows ${shown.length}`);
    if (saved !== g.kind.moves)
      world.violation(`game ${threadId} (${g.kind.name}): ${saved} moves, a whole game has ${g.kind.moves}`);
    const actions = shown.reduce((n, m) => n + actionsOf(m), 0);
    if (actions !== actionsSaved(table))
      world.violation(
        `game ${threadId}: the store's turn count is ${actionsSaved(table)}, the thread shows ${actions} actions`,
      );
    const buttons = liveButtonProblem(discord, table);
    if (buttons) world.violation(`game ${threadId} at the end: ${buttons}`);
    // The end of the game posted once (a /kingdomino status after the end shows the result again, as its reply).
    // ("game over." ends a game of a Dynasty but the last, "Game over!" the table.)
    const finals = discord.messages(threadId).filter((m) => /game over/i.test(m.content) && !isAnswer(discord, m));
    const games = gamesOf(table);
    if (g.kind.dynasty && !/Dynasty totals/.test(finals.at(-1)?.content ?? ''))
      world.violation(`game ${threadId}: the last end post has no Dynasty totals`);
    if (finals.length !== games.length)
      world.violation(
        `game ${threadId}: ${finals.length} "Game over" posts: ${finals.map((m) => JSON.stringify(m.content.slice(0, 80))).join(', ')}`,
      );
    // Each board for a human's turn pinged that player, and only them.
    for (const m of discord.messages(threadId)) {
      const to = /<@(\d+)>, your turn/.exec(m.content)?.[1];
      if (to && !isAnswer(discord, m) && (m.pinged.length !== 1 || m.pinged[0] !== to))
        world.violation(`game ${threadId}: board ${m.id} for <@${to}> pinged [${m.pinged.join(', ')}]`);
    }
    // No move the panel confirmed is lost: the store has that player's action at that turn.
    for (const told of g.confirmed) {
      const actors = actionPlayers(games[told.game - 1]?.events ?? []);
      const seat = table.seats[actors[told.turn] ?? -1];
      if (seat?.kind !== 'human' || seat.userId !== told.userId)
        world.violation(
          `game ${threadId}: the move <@${told.userId}> was told went through at turn ${told.turn} is not in the store (action ${told.turn} is by ${seat?.name ?? 'nobody'})`,
        );
    }
    const records = await recordsOf(world, g);
    if (records.length !== games.length) {
      world.violation(
        `game ${threadId}: /kingdomino record gave ${records.length} records for ${games.length} game(s)`,
      );
      continue;
    }
    for (const [k, record] of records.entries()) {
      const checked = checkRecord(record);
      if (!checked.ok) world.violation(`game ${threadId}: record ${k + 1} fails checkRecord: ${checked.error.message}`);
      if (JSON.stringify((record as GameRecord).events) !== JSON.stringify(games[k]!.events))
        world.violation(`game ${threadId}: record ${k + 1}'s events are not the store's`);
    }
  }
  checkInteractions(world);
  checkProcesses(world);
}

async function recordsOf(world: World, g: GameRun): Promise<unknown[]> {
  const command = await world.discord.slashCommand({
    user: g.humans[0]!,
    channel: g.threadId!,
    name: 'kingdomino',
    subcommand: 'record',
  });
  const reply = await command.publicAnswer();
  return reply.attachments.map((a) => JSON.parse(a.bytes.toString('utf8')) as unknown);
}

export function disturbed(world: World, i: FakeInteraction): boolean {
  const from = i.sentAt;
  const to = i.sentAt + DEADLINE_MS;
  if (world.windows.some((w) => w.from <= to && from <= w.to)) return true;
  // Its answer met an injected fault.
  return world.discord.requests.some((r) => r.fault !== null && r.params.id === i.id);
}

/** Strict mode's problems: each must be an interaction the campaign disturbed (expired, or answered after it expired). */
function checkInteractions(world: World): void {
  const { discord } = world;
  const expired = discord.interactions().filter((i) => i.expired);
  const allowed = new Map<string, number>();
  for (const i of expired) {
    if (disturbed(world, i)) allowed.set(i.label, (allowed.get(i.label) ?? 0) + 1);
    else
      world.violation(
        `${i.label} expired without a disturbance (sent at +${((i.sentAt - world.started) / 1000).toFixed(1)} s)`,
      );
  }
  const expiredIds = new Set(expired.filter((i) => disturbed(world, i)).flatMap((i) => [i.id, i.token]));
  const cutOff = new Map<string, number>();
  for (const error of discord.errors) {
    const late = /^(.*) was not answered within \d+ ms/.exec(error)?.[1];
    if (late !== undefined) {
      const left = allowed.get(late) ?? 0;
      if (left > 0) {
        allowed.set(late, left - 1);
        continue;
      }
    }
    // The bot answering an interaction that had expired meanwhile: 10062 / 10015 on its token.
    const path = /^unexpected \d+ on \w+ (\S+):/.exec(error)?.[1];
    const ids = path ? [/^\/interactions\/(\d+)\//.exec(path)?.[1], /^\/webhooks\/\d+\/([^/]+)/.exec(path)?.[1]] : [];
    if (ids.some((id) => id !== undefined && expiredIds.has(id))) continue;
    // A request cut off by the kill of the bot sending it: its body never arrived whole, the
    // fake reports that it could not read it, and the 500 it answered to nobody.
    const cut = /^the fake itself failed on (\w+) (\S+): Error: aborted/.exec(error);
    if (
      cut &&
      world.discord.requests.some(
        (r) =>
          r.method === cut[1] &&
          r.path === cut[2] &&
          world.windows.some((w) => w.why.startsWith('kill') && w.from <= r.receivedAt && r.receivedAt <= w.to),
      )
    ) {
      const key = `${cut[1]} ${cut[2]}`;
      cutOff.set(key, (cutOff.get(key) ?? 0) + 1);
      continue;
    }
    const answered = /^unexpected 500 on (\w+ \S+): /.exec(error)?.[1];
    if (answered !== undefined && (cutOff.get(answered) ?? 0) > 0) {
      cutOff.set(answered, cutOff.get(answered)! - 1);
      continue;
    }
    world.violation(`the fake Discord saw: ${error}`);
  }
}

function checkProcesses(world: World): void {
  for (const [n, bot] of world.bots.entries()) {
    const last = n === world.bots.length - 1;
    if (last && bot.exit)
      world.violation(`the last bot is not running (code ${bot.exit.code}, signal ${bot.exit.signal})`);
    if (!last && bot.exit?.signal !== 'SIGKILL')
      world.violation(`bot ${n + 1} exited with ${JSON.stringify(bot.exit)}, not killed`);
    const output = bot.stdout + bot.stderr;
    for (const line of output.split('\n').filter((l) => /unhandled rejection|uncaught/i.test(l)))
      world.violation(`bot ${n + 1}: ${line}`);
  }
}
