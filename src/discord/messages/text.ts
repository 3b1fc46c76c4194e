/** Words and labels shared by the views: terrains, dominoes, seats, rules, moves, refusals. */
import { boxRound, domino, placementName, type GameState, type Grid, type Half, type Pos } from '../../game/index.js';
import { t, type MessageKey } from '../../i18n/index.js';
import { buttonEmoji, labelEmoji, textEmoji, type AppEmoji } from './emoji.js';
import { pictureName, playerMarker, rejectionText } from './pictures.js';
import {
  correspondencePace,
  turnLimitS,
  replayNote,
  type MoveNote,
  type Pace,
  type Occasion,
  type Refusal,
  type TableSeat,
  type TableSettings,
} from '../../table/index.js';

/** "🌲 Forest 👑": a half's terrain with its crowns, in message text (the tiles' own art once uploaded). */
export function terrainLabel(h: Half): string {
  const terrain = `${textEmoji(h.terrain)} ${t(`terrain.${h.terrain}`)}`;
  return h.crowns > 0 ? `${terrain} ${textEmoji('crown').repeat(h.crowns)}` : terrain;
}

/** A half's terrain and crowns in a button label or a menu option, where Discord draws no custom emoji. */
export function terrainPlain(h: Half): string {
  const glyph = labelEmoji(h.terrain);
  const terrain = glyph ? `${glyph} ${t(`terrain.${h.terrain}`)}` : t(`terrain.${h.terrain}`);
  return h.crowns > 0 ? `${terrain} ${(labelEmoji('crown') ?? '').repeat(h.crowns)}` : terrain;
}

/** "#41 🌾 Wheat + 🌲 Forest 👑": number, both terrains, crowns on the half that has them (message text). */
export function dominoLabel(n: number): string {
  const d = domino(n);
  return `#${n} ${terrainLabel(d.a)} + ${terrainLabel(d.b)}`;
}

/** The button emoji of a domino: its crowned half's tile (half a's without crowns), or none before a deploy. */
export function dominoEmoji(n: number): AppEmoji | null {
  const d = domino(n);
  return buttonEmoji(d.b.crowns > d.a.crowns ? d.b.terrain : d.a.terrain);
}

/**
 * How the pictures show this seat, when it is not by its name: a name the font
 * cannot draw is drawn as its seat label ("Player 3"), so the text names it too.
 */
function pictureAlias(seat: TableSeat, player: number): string | null {
  const drawn = pictureName(seat.name, player);
  return drawn === seat.name ? null : drawn === t('player.fallback', { number: player + 1 }) ? drawn : null;
}

/** The seat's colour (as on the pictures) before what names it. */
function marked(seats: readonly TableSeat[], player: number, naming: (seat: TableSeat) => string): string {
  const seat = seats[player];
  if (!seat) return t('player.fallback', { number: player + 1 });
  const alias = pictureAlias(seat, player);
  const name = naming(seat);
  return `${playerMarker(player)} ${alias ? t('seat.alias', { name, alias }) : name}`;
}

/** A seat as text: humans are mentioned, AI seats named; its colour first, as on the pictures. */
export function seatText(seats: readonly TableSeat[], player: number): string {
  return marked(seats, player, (seat) =>
    seat.kind === 'human' ? `<@${seat.userId}>` : t('seat.ai', { name: seat.name }),
  );
}

/** A seat by name only (for text that must not ping anyone). */
export function seatName(seats: readonly TableSeat[], player: number): string {
  return marked(seats, player, (seat) => t(seat.kind === 'human' ? 'seat.name' : 'seat.aiName', { name: seat.name }));
}

/** "Round 3 of 12", or the opening picks, as the box counts rounds (and the pictures say). */
export function roundText(game: GameState): string {
  const { round, rounds } = boxRound(game);
  return round === 0 ? t('picture.openingPicks') : t('picture.round', { round, rounds });
}

const playerName = seatName;

/** The rules chosen, in one line; options that only apply to some player counts say so. */
export function rulesLine(table: { readonly settings: TableSettings; readonly seats: readonly TableSeat[] }): string {
  const { settings } = table;
  const players = table.seats.length;
  const timerS = turnLimitS(table);
  const parts: string[] = [t(settings.mightyDuel ? 'rulesLine.mightyDuel' : 'rulesLine.grid5')];
  if (settings.harmony) parts.push(t('rulesLine.harmony'));
  if (settings.middleKingdom) parts.push(t('rulesLine.middleKingdom'));
  if (settings.dynasty) parts.push(t('rulesLine.dynasty'));
  if (settings.threePlayerClassic)
    parts.push(t(players === 3 ? 'rulesLine.threePlayerClassic' : 'rulesLine.threePlayerClassicUnused'));
  if (settings.balancedOpening)
    parts.push(t(players === 2 ? 'rulesLine.balancedOpening' : 'rulesLine.balancedOpeningUnused'));
  const pace = correspondencePace(settings);
  if (pace) parts.push(t('rulesLine.pace', { pace: t(PACE_KEYS[pace]) }));
  else parts.push(timerS > 0 ? t('rulesLine.timer', { duration: durationText(timerS) }) : t('rulesLine.noTimer'));
  return parts.join(t('rulesLine.separator'));
}

/** The catalogue's name of each pace (its choice in the start command, the rules line). */
export const PACE_KEYS: Readonly<Record<Pace, MessageKey>> = {
  live: 'pace.live',
  '12h': 'pace.halfDay',
  '1d': 'pace.oneDay',
  '3d': 'pace.threeDays',
};

/** A player's usual time to move, rounded up: "45 min", "3 h", "2 days". */
export function paceWithin(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return t('pace.within.minutes', { count: minutes });
  const hours = Math.ceil(minutes / 60);
  return hours < 48
    ? t('pace.within.hours', { count: hours })
    : t('pace.within.days', { count: Math.ceil(hours / 24) });
}

/** A seat's line with its player's pace after it, when known. */
export function withPace(line: string, note: string | null): string {
  return note === null ? line : `${line} · ${note}`;
}

/** "usually moves within 3 hours" for a player of a game over days whose pace is known, else nothing. */
export function paceNote(seat: TableSeat | undefined, settings: TableSettings): string | null {
  if (seat?.kind !== 'human' || seat.paceMs === undefined || !correspondencePace(settings)) return null;
  return t('pace.usually', { within: paceWithin(seat.paceMs) });
}

/** A moment as Discord shows it in each reader's own time zone and language: "in 5 hours". */
export function relativeTime(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:R>`;
}

export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (seconds % 60 === 0) return t('duration.minutes', { minutes });
  return seconds > 60
    ? t('duration.minutesSeconds', { minutes, seconds: seconds % 60 })
    : t('duration.seconds', { seconds });
}

export function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

const OCCASIONS: Record<Occasion, MessageKey> = {
  begins: 'game.begins',
  'next-game': 'game.nextOfDynasty',
  again: 'game.again',
};

/** Why a board is posted when no move was made. */
export function occasionText(occasion: Occasion): string {
  return t(OCCASIONS[occasion]);
}

/** "Dynasty, game 2 of 3", or null outside a Dynasty. */
export function dynastyHeader(progress: { readonly game: number; readonly of: number } | null): string | null {
  return progress ? t('dynasty.header', { game: progress.game, of: progress.of }) : null;
}

/** "C3-C4": where the domino would go, half a first, in the cell names drawn on the pictures. */
export function placementText(grid: Grid, at: { readonly a: Pos; readonly b: Pos }): string {
  return placementName(grid, at.a, at.b);
}

/** What one move did, e.g. "Ana placed #23 at C3-C4 for +6 and took #41", and "(time ran out...)" when the bot made it. */
export function describeMove(note: MoveNote, seats: readonly TableSeat[], grid: Grid): string {
  const parts: string[] = [];
  if (note.placed?.kind === 'place' && note.domino !== null) {
    parts.push(
      t('move.placed', {
        domino: note.domino,
        where: placementText(grid, note.placed),
        gain: signed(note.placed.gain),
      }),
    );
  } else if (note.placed?.kind === 'discard' && note.domino !== null) {
    parts.push(t('move.discarded', { domino: note.domino }));
  }
  if (note.claim !== null) parts.push(t('move.took', { domino: note.claim }));
  const what = parts.length === 2 ? t('list.and', { first: parts[0]!, second: parts[1]! }) : parts.join('');
  const sentence = t('move.sentence', { who: playerName(seats, note.player), what });
  if (note.planned) return `${sentence} ${t('move.planned')}`;
  return note.timedOut ? `${sentence} ${t('move.timedOut')}` : sentence;
}

/**
 * A replay's caption for the state after move `move` (0: before the first): what
 * that move did, in the thread's own words (describeMove).
 */
export function replayCaption(states: readonly GameState[], move: number, seats: readonly TableSeat[]): string {
  const before = states[move - 1];
  const after = states[move];
  const note = before && after ? replayNote(before, after) : null;
  return note && after ? describeMove(note, seats, after.options.grid) : t('replay.view.start');
}

/**
 * Every frame's caption for the replay GIF: replayCaption without Discord's markup
 * (bold, and the emoji markers the picture fonts do not draw).
 */
export function replayPictureCaptions(states: readonly GameState[], seats: readonly TableSeat[]): string[] {
  return states.map((_, move) =>
    replayCaption(states, move, seats)
      .replace(/\*\*/g, '')
      .replace(/\p{Extended_Pictographic}\uFE0F?\s*/gu, ''),
  );
}

const REFUSALS: Record<Exclude<Refusal['code'], 'not-your-turn' | 'seat-count' | 'illegal-move'>, MessageKey> = {
  'not-started': 'game.notStarted',
  'already-started': 'game.alreadyStarted',
  over: 'game.over',
  cancelled: 'game.cancelled',
  'not-seated': 'refusal.notSeated',
  'host-only': 'refusal.hostOnly',
  'stale-turn': 'refusal.staleTurn',
  'already-seated': 'refusal.alreadySeated',
  'table-full': 'refusal.tableFull',
  'not-at-table': 'refusal.notAtTable',
  'host-cannot-leave': 'refusal.hostCannotLeave',
  'no-ai-seat': 'refusal.noAiSeat',
  'lobby-has-cancel': 'refusal.lobbyHasCancel',
  'nothing-to-place': 'refusal.nothingToPlace',
  'seat-replaced': 'refusal.seatReplaced',
  'undo-too-late': 'refusal.undoTooLate',
  'no-plans': 'refusal.noPlans',
  'nothing-to-plan': 'refusal.nothingToPlan',
};

/** A refusal as the user reads it. */
export function refusalText(refusal: Refusal, seats: readonly TableSeat[]): string {
  switch (refusal.code) {
    case 'not-your-turn':
      return t('refusal.notYourTurn', { player: playerName(seats, refusal.player) });
    case 'seat-count':
      return refusal.min === refusal.max
        ? t('refusal.seatCountExact', { count: refusal.min })
        : t('refusal.seatCount', { min: refusal.min, max: refusal.max });
    case 'illegal-move':
      return t('refusal.illegalMove', { reason: rejectionText(refusal.rejection) });
    default:
      return t(REFUSALS[refusal.code]);
  }
}
