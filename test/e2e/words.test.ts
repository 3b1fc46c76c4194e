/**
 * No English left: in each language of the catalogue, a session that makes the bot
 * say everything it says (the slash commands, the lobby, the panel, the refusals,
 * the moderation menu, the boards, the turn timer and absences on the bot's clock, a
 * game over days with plans ahead and quiet hours, the end of the game, rematch,
 * review, replay and the archived thread), with the server in
 * that language and its players in another (each language plays both parts), so that
 * what is posted and what is answered privately take their separate ways. Every text the bot sends to
 * Discord (contents, embeds, button labels, menu options, thread names, the pictures'
 * descriptions) is read from the requests it made, so a panel's passing states count
 * too, and none may hold a word that only the English catalogue has.
 *
 * One bot plays every language, each in a channel of its own, so that a request is
 * told apart by the channel it was made for (a post that lands late still counts for
 * its own language).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  DISCORD_LOCALES,
  LOCALES,
  MESSAGE_KEYS,
  localeFor,
  messageSource,
  t,
  type Locale,
} from '../../src/i18n/index.js';
import { decode, encode, type ClickAction } from '../../src/discord/messages/codec.js';
import { rulesText } from '../../src/discord/messages/rules.js';
import type { FakeDiscord } from '../fake-discord/fake.js';
import type { FakeMessage, FakeUser } from '../fake-discord/model.js';
import type { RequestRecord } from '../fake-discord/server.js';
import { boardCount, FAST_THREADS, lastMessage, launch, type StartOptions, type World } from './harness.js';

/** Every language but the one the others are checked against. */
const CHECKED = LOCALES.filter((l) => l !== DEFAULT_LOCALE);
const HOST = 'alice';
const GUEST = 'bob';
/** Sits at no table: clicks what is not theirs. */
const STRANGER = 'carol';
const USERS = [HOST, GUEST, STRANGER];

let world: World;

/**
 * Words, not pace: every post and edit at once (Discord's own limits, and the bot keeping
 * under them, are the business of the tests that keep them).
 */
const UNHURRIED = { limit: 1000, windowMs: 1000 };
const LIMITS = {
  limits: {
    ...FAST_THREADS.limits,
    threadCreate: UNHURRIED,
    interactionWebhook: UNHURRIED,
    webhookChannel: UNHURRIED,
  },
};

beforeAll(async () => {
  world = await launch({ ...LIMITS, users: USERS, channels: CHECKED.map(channelName) });
});

afterAll(async () => {
  await world?.close();
});

function channelName(locale: Locale): string {
  return `words-${locale}`;
}

// ---- What counts as English ------------------------------------------------------------------

interface AstNode {
  readonly type: number;
  readonly value?: unknown;
  readonly options?: Readonly<Record<string, { readonly value: readonly AstNode[] }>>;
}

/** ICU's literal text nodes (type 0): what a message says around its placeholders, in every branch. */
function literals(nodes: readonly AstNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.type === 0 && typeof node.value === 'string') out.push(node.value);
    for (const option of Object.values(node.options ?? {})) literals(option.value, out);
  }
  return out;
}

function words(text: string): string[] {
  return (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLocaleLowerCase());
}

/** The words of a catalogue's texts, placeholders and ICU syntax left out. */
function catalogueWords(locale: Locale): Set<string> {
  const all = new Set<string>();
  for (const key of MESSAGE_KEYS) {
    const ast = new IntlMessageFormat(messageSource(key, locale), locale, undefined, { ignoreTag: true }).getAst();
    for (const text of literals(ast as unknown as AstNode[])) for (const w of words(text)) all.add(w);
  }
  return all;
}

const ENGLISH = catalogueWords(DEFAULT_LOCALE);

/**
 * English words these languages translate: the ones none of their catalogues uses (a
 * session's texts are in the server's language or, when private, in the reader's).
 */
function englishOnly(locales: readonly Locale[]): Set<string> {
  const own = locales.map(catalogueWords);
  return new Set([...ENGLISH].filter((w) => !own.some((words) => words.has(w))));
}

/**
 * Names and links are not words of the bot: user names, mentions, channel and message
 * links, Discord's timestamps (each reader's client writes them in their language), and
 * the cells' names (I9 in a Mighty Duel: its letter is no English "I").
 */
function withoutNames(text: string): string {
  let rest = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/<[@#][!&]?\d+>/g, ' ')
    .replace(/<t:-?\d+(:[tTdDfFR])?>/g, ' ')
    .replace(/\b[A-Z]\d{1,2}\b/g, ' ');
  for (const name of USERS) rest = rest.replace(new RegExp(`\\b${name}\\b`, 'gi'), ' ');
  return rest;
}

// ---- What the bot sent -------------------------------------------------------------------------

interface Said {
  readonly where: string;
  readonly text: string;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isJson) : [];
}

function strings(...values: unknown[]): string[] {
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}

function embedTexts(embed: Json): string[] {
  const author = isJson(embed.author) ? embed.author.name : undefined;
  const footer = isJson(embed.footer) ? embed.footer.text : undefined;
  const fields = list(embed.fields).flatMap((f) => strings(f.name, f.value));
  return [...strings(embed.title, embed.description, author, footer), ...fields];
}

/** Labels, placeholders, menu options and text displays, at any depth. */
function componentTexts(components: unknown): string[] {
  return list(components).flatMap((c) => [
    ...strings(c.label, c.placeholder, c.type === 10 ? c.content : undefined),
    ...list(c.options).flatMap((o) => strings(o.label, o.description)),
    ...componentTexts(c.components),
    ...componentTexts(isJson(c.accessory) ? [c.accessory] : []),
  ]);
}

/** What a user reads of a message the bot sends or edits (an interaction's callback carries it as `data`). */
function messageTexts(body: Json): string[] {
  const message = isJson(body.data) ? body.data : body;
  return [
    ...strings(message.content),
    ...list(message.embeds).flatMap(embedTexts),
    ...componentTexts(message.components),
    ...list(message.attachments).flatMap((a) => strings(a.description)),
  ];
}

/** Routes whose body names a channel or thread (opening a thread, editing one) rather than carrying a message. */
const CHANNEL_ROUTES = new Set([
  '/channels/:channel/messages/:message/threads',
  '/channels/:channel/threads',
  '/channels/:channel',
]);

function saidIn(request: RequestRecord): string[] {
  if (!isJson(request.body) || (request.method !== 'POST' && request.method !== 'PATCH')) return [];
  if (request.route && CHANNEL_ROUTES.has(request.route)) return strings(request.body.name);
  return messageTexts(request.body);
}

/** The text channel a request was made for: a thread counts for its channel, an interaction's answer for where it was used. */
function channelOf(discord: FakeDiscord, request: RequestRecord): string | null {
  const token = request.params.token;
  const channel = token ? discord.interactionByToken(token)?.channelId : request.params.channel;
  if (!channel) return null;
  return discord.thread(channel)?.parentId ?? channel;
}

/** Everything the bot said in this language's channel, with the route it went by. */
function everythingSaid(discord: FakeDiscord, locale: Locale): Said[] {
  const channel = discord.channelNamed(channelName(locale)).id;
  return discord.requests
    .filter((r) => channelOf(discord, r) === channel)
    .flatMap((r) => saidIn(r).map((text) => ({ where: `${r.method} ${r.route ?? r.path}`, text })));
}

/** Each text that still has English words, with those words. */
function englishLeft(said: readonly Said[], locales: readonly Locale[]): string[] {
  const english = englishOnly(locales);
  const found = new Map<string, string>();
  for (const { where, text } of said) {
    const left = [...new Set(words(withoutNames(text)).filter((w) => english.has(w)))];
    if (left.length > 0) found.set(text, `${where}: [${left.join(', ')}] in ${JSON.stringify(text)}`);
  }
  return [...found.values()];
}

// ---- The session -------------------------------------------------------------------------------

/** A Discord locale whose catalogue is this one ('es' → 'es-ES'). */
function discordLocale(locale: Locale): string {
  return DISCORD_LOCALES.find((d) => localeFor(d) === locale) ?? locale;
}

class Session {
  readonly channel: string;

  readonly discord: FakeDiscord;

  constructor(
    readonly world: World,
    readonly locale: Locale,
  ) {
    this.discord = world.discord;
    this.channel = this.discord.channelNamed(channelName(locale)).id;
  }

  /** A slash command's answer, private or public. */
  async command(user: string, subcommand: string, where = this.channel, options: StartOptions = {}) {
    const used = await this.discord.slashCommand({ user, channel: where, name: 'kingdomino', subcommand, options });
    return used.reply();
  }

  async click(message: FakeMessage, customId: string, user: string | FakeUser, force = false) {
    return (await this.discord.click(message, customId, user, { force })).reply();
  }

  async choose(message: FakeMessage, customId: string, value: string, user: string | FakeUser) {
    return (await this.discord.select(message, customId, [value], user)).reply();
  }
}

/** The enabled component whose custom_id starts with `prefix`, if any. */
function idOf(message: FakeMessage, prefix: string): string | undefined {
  return message.interactive().find((c) => !c.disabled && c.customId?.startsWith(prefix))?.customId ?? undefined;
}

function mustHave(message: FakeMessage, prefix: string): string {
  const id = idOf(message, prefix);
  if (!id) throw new Error(`no ${prefix} component on: ${message.text}`);
  return id;
}

/** The commands that answer outside a game, and the refusals of commands meant for a game's thread. */
async function commandsOutsideAGame(s: Session): Promise<void> {
  for (const sub of ['rules', 'stats', 'leaderboard', 'status', 'record', 'replay', 'cancel', 'manage'])
    await s.command(HOST, sub);
}

/** A lobby with every option's rules line, and every lobby button and refusal; the host cancels it. */
async function lobbyWalk(s: Session): Promise<void> {
  const lobby = await s.command(HOST, 'start', s.channel, {
    'mighty-duel': true,
    dynasty: true,
    'three-player-classic': true,
    'ai-seats': 1,
    'ai-level': 'hard',
    'turn-timer': 5,
  });
  // The options are honoured whatever the host's language (Discord sends their English names back).
  expect(lobby.text).toContain(t('rulesLine.mightyDuel', {}, s.locale));
  // Refused clicks come from a client that still shows a button the bot has since taken away or disabled.
  const press = (customId: string, user: string) => s.click(lobby, customId, user, true);
  await press('k1:x', HOST);
  await press('k1:x', HOST); // no AI seat left
  await press('k1:s', HOST); // one seat
  await press('k1:j', GUEST);
  await press('k1:j', GUEST); // seated already
  await press('k1:l', STRANGER); // not at the table
  await press('k1:l', HOST); // the host cannot leave
  await press('k1:s', GUEST); // host only
  await press('k1:a:easy', HOST); // full: the Duel has two seats
  await press('k1:j', STRANGER);
  // The lobby's moderation menu: the host's seat is refused, the guest's goes to the computer.
  const menu = await s.command(HOST, 'manage');
  await manageSeat(s, menu, HOST, { verb: 'replace-seat', table: lobby.id, player: 0 });
  await manageSeat(s, menu, HOST, { verb: 'replace-seat', table: lobby.id, player: 1 });
  await press('k1:c', HOST);
}

type SeatAction = Extract<ClickAction, { readonly player: number; readonly table: string }>;

/**
 * A game with a one-minute timer, on the bot's clock: the reminder, the automatic moves,
 * the computer taking the seat of a player who let the time run out three times, the
 * "I'm back" button and its answers; then the host cancels it with the command.
 */
async function timedGameWalk(s: Session): Promise<void> {
  const { discord } = s;
  const lobby = await s.command(HOST, 'start', s.channel, { 'turn-timer': 1 });
  await s.click(lobby, 'k1:j', GUEST);
  await s.click(lobby, 'k1:s', HOST);
  const threadId = lobby.id;
  await discord.waitFor(() => discord.thread(threadId) && boardCount(discord, threadId) > 0, 'the first board');
  await s.world.advance(30_000);
  await discord.waitFor(() => discord.messages(threadId).some((m) => m.content.startsWith('⏰')), 'the reminder');
  let back: FakeMessage | undefined;
  for (let timeouts = 0; !back; timeouts++) {
    if (timeouts > 8) throw new Error('nobody was replaced after 8 timeouts');
    const boards = boardCount(discord, threadId);
    await s.world.advance(60_000);
    await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the automatic move');
    back = discord.messages(threadId).find((m) => idOf(m, 'k1:ib:'));
  }
  const backId = mustHave(back, 'k1:ib:');
  const absent = decode(backId);
  const player = absent?.verb === 'back' && absent.player === 0 ? HOST : GUEST;
  await s.click(back, backId, STRANGER);
  await s.click(back, backId, player);
  for (const sub of ['cancel', 'status']) await s.command(HOST, sub, threadId);
}

/**
 * A game over days: /kingdomino notify with quiet hours and on deck (and its two
 * refusals), then a plan ahead in the second round, once the first is played: the
 * planning panel, a plan with a next choice, withdrawn, made again with "else the
 * lowest left" and played when its turn comes; the stats and the host's menu with
 * the players' pace, then the game cancelled and the notifications set back.
 */
async function daysWalk(s: Session): Promise<void> {
  const { discord } = s;
  const quiet = { 'direct-messages': false, 'quiet-from': 22, 'quiet-to': 7, 'time-zone': 'UTC+2' };
  await s.command(HOST, 'notify', s.channel, { ...quiet, 'on-deck': true });
  await s.command(GUEST, 'notify', s.channel, { 'direct-messages': false, 'quiet-from': 22 });
  await s.command(GUEST, 'notify', s.channel, { 'direct-messages': false, 'time-zone': 'Mars/Olympus' });
  const lobby = await s.command(HOST, 'start', s.channel, { pace: '1d' });
  await s.click(lobby, 'k1:j', GUEST);
  await s.click(lobby, 'k1:s', HOST);
  const threadId = lobby.id;
  await discord.waitFor(() => discord.thread(threadId) && boardCount(discord, threadId) > 0, 'the first board');
  for (let move = 0; move < 4; move++) await playTurn(s, threadId, liveTurn(discord, threadId)!, false);
  const turn = liveTurn(discord, threadId)!;
  const planner = turn.player.username === HOST ? GUEST : HOST;
  await s.click(turn.message, mustHave(turn.message, 'k1:pa'), turn.player); // nothing to plan: it is their turn
  const panel = await s.click(turn.message, mustHave(turn.message, 'k1:pa'), planner);
  await s.click(panel, mustHave(panel, `k1:pi:${threadId}:k:`), planner);
  await s.click(panel, mustHave(panel, `k1:pe:${threadId}:`), planner);
  await s.click(panel, mustHave(panel, `k1:px:${threadId}`), planner);
  const again = await s.click(turn.message, mustHave(turn.message, 'k1:pa'), planner);
  await s.click(again, mustHave(again, `k1:pi:${threadId}:k:`), planner);
  await s.click(again, mustHave(again, `k1:pe:${threadId}:-`), planner);
  for (let move = 0; move < 3 && liveTurn(discord, threadId)?.player.username !== planner; move++)
    await playTurn(s, threadId, liveTurn(discord, threadId)!, false);
  const planned = t('move.planned', {}, s.locale);
  expect(discord.messages(threadId).some((m) => m.content.includes(planned))).toBe(true);
  await s.command(HOST, 'stats');
  await s.command(HOST, 'manage', threadId);
  await s.command(HOST, 'cancel', threadId);
  await s.command(HOST, 'notify', s.channel, { ...quiet, 'quiet-to': 22, 'on-deck': false });
}

/** Choose the seat in the moderation menu, then press the action's button (forced: a refusal's button may be hidden). */
async function manageSeat(s: Session, menu: FakeMessage, user: string, action: SeatAction): Promise<void> {
  const chosen = await s.choose(menu, mustHave(menu, 'k1:ms:'), String(action.player), user);
  await s.click(chosen, encode(action), user, true);
}

interface Turn {
  readonly message: FakeMessage;
  readonly player: FakeUser;
  readonly button: string;
}

/** Buttons of another time or place, from a client that still shows them: each refused, nothing changed. */
async function refusedDuringTheGame(s: Session, message: FakeMessage): Promise<void> {
  for (const action of [{ verb: 'review', game: 1 }, { verb: 'rematch' }, { verb: 'join' }] as const)
    await s.click(message, encode(action), HOST, true);
  await s.click(message, 'k1:forged', HOST, true);
}

/** The newest turn message whose button is live: a human's turn (null: a computer's, or the game is over). */
function liveTurn(discord: FakeDiscord, threadId: string): Turn | null {
  for (const message of discord.messages(threadId).reverse()) {
    const button = idOf(message, 'k1:y:');
    const player = message.pinged[0];
    if (button && player) return { message, player: discord.user(player), button };
  }
  return null;
}

/** Every fine control of a placement panel once, the hint and another spot of the menu. */
async function panelWalk(s: Session, panel: FakeMessage, user: FakeUser): Promise<void> {
  for (let i = 0; i < 7; i++) {
    const previews = panel.buttons().filter((b) => b.customId?.startsWith('k1:v:'));
    const next = previews[i];
    if (next?.customId && !next.disabled) await s.click(panel, next.customId, user);
  }
  const hint = mustHave(panel, 'k1:h:');
  await s.click(panel, hint, user);
  await s.click(panel, hint, user, true); // once a turn
  await s.click(panel, mustHave(panel, 'k1:lo:'), user); // Left to come, from the panel
  const menu = panel.interactive().find((c) => c.customId?.startsWith('k1:m:'));
  const spots = (menu?.raw.options ?? []) as { value: string }[];
  const spot = spots[1] ?? spots[0];
  if (menu?.customId && spot) await s.choose(panel, menu.customId, spot.value, user);
}

/** One turn by clicks: the refusals first, then the panel (walked when asked), the move. */
async function playTurn(s: Session, threadId: string, turn: Turn, walk: boolean): Promise<void> {
  const { discord } = s;
  const boards = boardCount(discord, threadId);
  const other = turn.player.username === HOST ? GUEST : HOST;
  if (walk) {
    await s.click(turn.message, turn.button, STRANGER);
    await s.click(turn.message, turn.button, other);
    await s.click(turn.message, mustHave(turn.message, 'k1:lc:'), STRANGER); // Left to come, for anyone
  }
  const panel = await s.click(turn.message, turn.button, turn.player);
  if (walk && idOf(panel, 'k1:m:')) await panelWalk(s, panel, turn.player);
  const move = idOf(panel, 'k1:k:') ?? idOf(panel, 'k1:p:') ?? idOf(panel, 'k1:d:');
  if (!move) throw new Error(`nothing to press on the panel: ${panel.text}`);
  await s.click(panel, move, turn.player);
  await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the board after the move');
}

/** The game itself: played by clicks up to the first placements, then handed to the computer, to its end. */
async function gameWalk(s: Session): Promise<{ threadId: string; final: FakeMessage }> {
  const { discord } = s;
  const lobby = await s.command(HOST, 'start', s.channel, {
    harmony: true,
    'middle-kingdom': true,
    'balanced-opening': true,
    'turn-timer': 0,
  });
  await s.click(lobby, 'k1:j', GUEST);
  await s.click(lobby, 'k1:s', HOST);
  const threadId = lobby.id;
  await discord.waitFor(() => discord.thread(threadId) && boardCount(discord, threadId) > 0, 'the first board');
  // The opening picks (4), then two placements with every control of the panel.
  const turns: Turn[] = [];
  for (let move = 0; move < 6; move++) {
    const turn = liveTurn(discord, threadId);
    if (!turn) throw new Error(`no human turn: ${lastMessage(discord, threadId).text}`);
    await playTurn(s, threadId, turn, move === 0 || move === 4);
    turns.push(turn);
  }
  // The first turn's button, pressed from a client that still shows it.
  const first = turns[0]!;
  await s.click(first.message, first.button, first.player, true);
  await refusedDuringTheGame(s, first.message);
  for (const sub of ['status', 'record', 'replay', 'start']) await s.command(HOST, sub, threadId);
  await s.command(GUEST, 'cancel', threadId); // host only
  // Moderation: the guest's seat to the computer and back, the host role to the guest, then both seats to the computer.
  const menu = await s.command(HOST, 'manage', threadId);
  const seat = (verb: SeatAction['verb'], player: number): SeatAction => ({ verb, table: threadId, player });
  await manageSeat(s, menu, HOST, seat('replace-seat', 1));
  await manageSeat(s, menu, HOST, seat('replace-seat', 1)); // already replaced
  await manageSeat(s, menu, HOST, seat('restore-seat', 1));
  await manageSeat(s, menu, HOST, seat('restore-seat', 1)); // plays their own seat
  await manageSeat(s, menu, HOST, seat('make-host', 1));
  await manageSeat(s, menu, HOST, seat('replace-seat', 1)); // no host any more
  const guestMenu = await s.command(GUEST, 'manage', threadId);
  await manageSeat(s, guestMenu, GUEST, seat('make-host', 1)); // already the host
  await manageSeat(s, guestMenu, GUEST, seat('replace-seat', 0));
  // "I'm back" (shown after timeouts, which this walk does not wait for), pressed from a client that shows it:
  // only the absent player may, and not when the host handed the seat to the computer.
  const back = encode({ verb: 'back', player: 0 });
  await s.click(lastMessage(discord, threadId), back, STRANGER, true);
  await s.click(lastMessage(discord, threadId), back, HOST, true);
  await manageSeat(s, guestMenu, GUEST, seat('replace-seat', 1));
  const final = await discord.waitFor(
    () => discord.messages(threadId).find((m) => idOf(m, 'k1:w:')),
    'the final message',
    20_000,
  );
  return { threadId, final };
}

/** After the end: review, replay, record, rematch, stats and forgetting. */
async function afterTheGame(s: Session, threadId: string, final: FakeMessage): Promise<void> {
  const { discord } = s;
  const reviewed = await s.click(final, mustHave(final, 'k1:w:'), HOST);
  await s.click(reviewed, mustHave(reviewed, 'k1:wl:'), HOST);
  await s.click(final, mustHave(final, 'k1:w:'), STRANGER);
  await s.click(final, encode({ verb: 'review', game: 2 }), HOST, true);
  const replays = discord.messages(threadId).length;
  await (await discord.click(final, mustHave(final, 'k1:g:'), HOST)).response();
  await discord.waitFor(() => discord.messages(threadId).length > replays, 'the replay');
  await s.command(GUEST, 'replay', threadId);
  for (const sub of ['status', 'record', 'cancel']) await s.command(HOST, sub, threadId);
  const rematch = encode({ verb: 'rematch' });
  await s.click(final, rematch, STRANGER);
  const opened = await s.click(final, rematch, HOST);
  await s.click(final, rematch, GUEST, true); // the lobby is open already
  const lobby = discord.messages(s.channel).at(-1);
  if (!lobby || lobby.id === threadId) throw new Error(`no rematch lobby: ${opened.text}`);
  await s.click(lobby, 'k1:c', HOST);
  // The second time, there is nothing left to forget.
  for (const sub of ['stats', 'leaderboard', 'forget-me', 'forget-me']) await s.command(GUEST, sub);
}

/**
 * Ten minutes on (ARCHIVE_AFTER_S), the thread is archived and the game's first message in
 * the channel tells the result, with its own Rematch.
 */
async function archived(s: Session, threadId: string): Promise<void> {
  const { discord } = s;
  const first = discord.message(threadId);
  if (!first) throw new Error('the game has no first message');
  const edits = first.edits;
  // Its closing is due ARCHIVE_AFTER_S after the last post the game owes: the turn buttons cleared.
  await discord.waitFor(
    () => discord.messages(threadId).every((m) => !idOf(m, 'k1:y:') && !idOf(m, 'k1:ib:')),
    'the last turn buttons cleared',
  );
  await s.world.advance(600_000);
  await discord.waitFor(() => discord.thread(threadId)?.thread?.archived && first.edits > edits, 'the thread archived');
  await s.click(first, encode({ verb: 'rematch-here' }), STRANGER, true);
}

/** The server speaks `locale`, its players `reader` (another one), as on a server of mixed languages. */
async function session(locale: Locale, reader: Locale): Promise<void> {
  const { discord } = world;
  discord.setGuildLocale(discordLocale(locale));
  for (const name of USERS) discord.user(name).locale = discordLocale(reader);
  const s = new Session(world, locale);
  await commandsOutsideAGame(s);
  await lobbyWalk(s);
  await timedGameWalk(s);
  await daysWalk(s);
  const { threadId, final } = await gameWalk(s);
  await afterTheGame(s, threadId, final);
  await archived(s, threadId);
}

/** Each language once as the server's, once as the players'. */
const PAIRS = CHECKED.map((locale, i) => [locale, CHECKED[(i + 1) % CHECKED.length]!] as const);

it.each(PAIRS)('a %s server, players in %s: no English left in what the bot says', async (locale, reader) => {
  await session(locale, reader);
  await world.discord.assertClean();
  const said = everythingSaid(world.discord, locale);
  expect(said.length).toBeGreaterThan(100);
  expect(englishLeft(said, [locale, reader])).toEqual([]);
});

it.each(CHECKED)('%s: the check finds the English rules, and nothing in its own', (locale) => {
  const rules = (l: Locale): Said[] => [{ where: 'rules', text: rulesText(l) }];
  expect(englishLeft(rules(DEFAULT_LOCALE), [locale])).toHaveLength(1);
  expect(englishLeft(rules(locale), [locale])).toEqual([]);
});
