/**
 * How many taps a move costs, through the real panel: the bot as a child process
 * against the fake Discord (the e2e harness), every seat a human who wants to make
 * the move the hard computer player would choose (a strong player's intent). For
 * each move, the fewest taps the panel allows are planned (test/support/taps.ts),
 * then made by clicks; the move posted must be the one intended.
 *
 * ui.taps_per_move_p50/_p95: taps per move, "Your turn" included.
 * ui.best_spot_default_share: placements where the panel opened on a spot worth as
 * much as the best one.
 * ui.panel_height_px_at_400: the median panel opened on a placement (the application's
 * emojis uploaded, as `npm run deploy` does), as tall as a
 * phone 400 px wide shows it: its picture at that width, its text (LINE_PX a line of
 * CHARS_PER_LINE characters) and its rows of buttons or menu (ROW_PX a line; a row
 * of buttons wider than the message's width on the phone wraps onto more lines).
 * ui.thread_pictures_per_game: the pictures a one-human game against three computer
 * players posts in its thread, the score sheet included (52 with a board per move).
 */
import { openStore } from '../src/store/index.js';
import { EMOJI_ARTS, EMOJI_PREFIX } from '../src/discord/messages/emoji.js';
import { cursorOf, cursorText, decode, type Cursor } from '../src/discord/messages/codec.js';
import type { FakeMessage } from '../test/fake-discord/model.js';
import { boardCount, lastMessage, launch, playToEnd, startTable, userToPlay, yourTurnId } from '../test/e2e/harness.js';
import { planTaps, strongMove } from '../test/support/taps.js';

const GAMES: readonly { readonly players: readonly string[]; readonly options: Readonly<Record<string, boolean>> }[] = [
  { players: ['alice', 'bob', 'carol', 'dave'], options: {} },
  { players: ['alice', 'bob'], options: {} },
  { players: ['alice', 'bob'], options: { 'mighty-duel': true } },
  { players: ['alice', 'bob', 'carol'], options: {} },
];
const ROUNDS = Number(process.env.UI_BENCH_ROUNDS ?? 1);
/** Discord's phone app at 400 px wide: a row of buttons (40 px and the gap), a line of text. */
const PHONE_WIDTH = 400;
const ROW_PX = 48;
const LINE_PX = 22;
const CHARS_PER_LINE = 44;
/**
 * A button on the phone, as estimated: 16 px of padding each side, 7 px a character of
 * its label (14 px text), 26 px for an emoji of its own; 8 px between buttons; the
 * message's width is the phone's less the avatar's column and the margins (72 px).
 */
const BUTTON_PAD_PX = 32;
const CHAR_PX = 7;
const EMOJI_PX = 26;
const BUTTON_GAP_PX = 8;
const CONTENT_WIDTH = PHONE_WIDTH - 72;

function buttonWidth(button: Record<string, unknown>): number {
  const label = typeof button.label === 'string' ? [...button.label].length : 0;
  return BUTTON_PAD_PX + label * CHAR_PX + (button.emoji ? EMOJI_PX : 0);
}

/** The lines a row of components takes on the phone: a menu one, buttons as many as they wrap onto. */
function rowLines(row: unknown): number {
  const parts = ((row as { components?: Record<string, unknown>[] }).components ?? []).map(buttonWidth);
  let lines = 1;
  let used = 0;
  for (const width of parts) {
    if (used > 0 && used + BUTTON_GAP_PX + width > CONTENT_WIDTH) {
      lines++;
      used = 0;
    }
    used += (used > 0 ? BUTTON_GAP_PX : 0) + width;
  }
  return lines;
}

/** How tall the panel stands on a phone 400 px wide (estimated: see above). */
function panelHeightAt400(panel: FakeMessage): number {
  const picture = panel.pngs()[0];
  // A PNG's width and height: the first chunk (IHDR), bytes 16 to 23.
  const pictureH = picture ? (picture.bytes.readUInt32BE(20) * PHONE_WIDTH) / picture.bytes.readUInt32BE(16) : 0;
  const lines = panel.content
    .split('\n')
    .reduce((sum, line) => sum + Math.max(1, Math.ceil(line.replace(/\*\*/g, '').length / CHARS_PER_LINE)), 0);
  const rows = panel.components.reduce((sum, row) => sum + rowLines(row), 0);
  return Math.round(pictureH + lines * LINE_PX + rows * ROW_PX);
}

/** The spot the panel shows, as its Take (or Place here) buttons carry it. */
function shownSpot(panel: FakeMessage): Cursor | null {
  for (const b of panel.buttons()) {
    const action = b.customId ? decode(b.customId) : null;
    if (action?.verb === 'pick' && action.placed.kind === 'place') return cursorOf(action.placed);
    if (action?.verb === 'confirm') return action.at;
  }
  return null;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const world = await launch({ strict: true });
  const { discord } = world;
  // The bot as deployed: the tiles' art uploaded as the application's emojis, fetched at start.
  for (const art of EMOJI_ARTS) discord.addAppEmoji(`${EMOJI_PREFIX}${art}_0000`);
  await world.restart();
  const store = await openStore({ dataDir: world.dataDir });
  const taps: number[] = [];
  const onBest: boolean[] = [];
  const threadPictures: number[] = [];
  const heights: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const game of GAMES) {
        const [host, ...others] = game.players;
        const threadId = await startTable(discord, host!, others, game.options);
        for (let seed = 1; ; seed++) {
          const turn = lastMessage(discord, threadId);
          const user = userToPlay(discord, turn);
          if (!user) break;
          const loaded = await store.get(threadId);
          if (loaded.kind !== 'found' || loaded.table.status !== 'playing') throw new Error('no game in the store');
          const panel = await (await discord.click(turn, yourTurnId(turn), user)).reply();
          if (panel.pngs().length > 0) heights.push(panelHeightAt400(panel));
          const plan = planTaps(loaded.table.game, strongMove(loaded.table.game, seed), shownSpot(panel));
          if (plan.openedOnBest !== null) onBest.push(plan.openedOnBest);
          let count = 1;
          for (const tap of plan.taps) {
            if (tap.kind === 'menu') {
              const menu = panel.interactive().find((c) => c.type === 3)!;
              await (await discord.select(panel, menu.customId!, [tap.value], user)).reply();
            } else {
              await (await discord.click(panel, panel.button(tap.label).customId!, user)).reply();
            }
            count++;
          }
          const last = panel.buttons().find((b) => {
            const action = b.customId ? decode(b.customId) : null;
            if (b.disabled || !action) return false;
            if (action.verb === 'pick')
              return (
                action.domino === plan.claim &&
                (plan.at === null ||
                  (action.placed.kind === 'place' && cursorText(cursorOf(action.placed)) === cursorText(plan.at)))
              );
            if (action.verb === 'confirm')
              return plan.claim === null && plan.at !== null && cursorText(action.at) === cursorText(plan.at);
            return action.verb === 'discard' && plan.claim === null;
          });
          if (!last?.customId) throw new Error(`no button makes the intended move: ${panel.content}`);
          const boards = boardCount(discord, threadId);
          await (await discord.click(panel, last.customId, user)).reply();
          taps.push(count + 1);
          await discord.waitFor(() => boardCount(discord, threadId) > boards, 'the move');
        }
      }
    }
    const threadId = await startTable(discord, 'alice', [], { 'ai-seats': 3, 'ai-level': 'normal' });
    await playToEnd(discord, threadId);
    threadPictures.push(discord.messages(threadId).reduce((sum, m) => sum + m.pngs().length, 0));
    await discord.assertClean();
  } finally {
    await store.close();
    await world.close();
  }
  console.log(`ui.taps_per_move_p50: ${percentile(taps, 50)} taps`);
  console.log(`ui.taps_per_move_p95: ${percentile(taps, 95)} taps`);
  console.log(`ui.taps_per_move_mean: ${(taps.reduce((a, b) => a + b, 0) / taps.length).toFixed(2)} taps`);
  console.log(`ui.best_spot_default_share: ${((100 * onBest.filter(Boolean).length) / onBest.length).toFixed(1)} %`);
  console.log(`ui.moves_measured: ${taps.length} moves`);
  console.log(`ui.panel_height_px_at_400: ${percentile(heights, 50)} px`);
  console.log(`ui.thread_pictures_per_game: ${threadPictures[0]} pictures`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
