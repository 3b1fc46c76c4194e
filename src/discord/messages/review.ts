/**
 * A game review, privately to the player who asked, made for a phone: the accuracy
 * and the grade counts, then the three costliest moves, each its own picture (in an
 * embed of its own, full width) with both moves' points now and the reasons in words;
 * the full move list, graded, behind a button, in pages within Discord's limits. And
 * the Review buttons of the final message: one, or one per game of a Dynasty.
 */
import { ButtonStyle } from 'discord.js';
import type { APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import type { APIEmbed, APIActionRowComponent, APIComponentInMessageActionRow } from 'discord-api-types/v10';
import type { BaseMessageOptions } from 'discord.js';
import {
  GRADES,
  gradeCounts,
  gradeOf,
  immediatePoints,
  reasonsOf,
  stateAt,
  type Grade,
  type ReviewFact,
} from '../../ai/index.js';
import { boxRound, DYNASTY_GAMES, type GameState, type Grid } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { FinishedTable, Move, TableReview, TableSeat } from '../../table/index.js';
import type { ReviewPicture, ReviewSeverity } from '../../render/review.js';
import { CONTENT_MAX } from '../wire/limits.js';
import type { ReviewListSlot } from './codec.js';
import { button, row } from './components.js';
import { placementText, seatName } from './text.js';

type ReviewedMove = TableReview['moves'][number];

/** The final message's Review buttons: one for a game, one per game for a Dynasty (its totals shown). */
export function reviewButtons(dynasty: boolean): APIButtonComponentWithCustomId[] {
  if (!dynasty) return [button(t('review.button'), { verb: 'review', game: 1 }, ButtonStyle.Primary)];
  return Array.from({ length: DYNASTY_GAMES }, (_, i) =>
    button(t('review.buttonGame', { game: i + 1 }), { verb: 'review', game: i + 1 }, ButtonStyle.Primary),
  );
}

export function reviewPictureName(number: number): string {
  return `review-${number}.png`;
}

/** "Round 3 of 12", or the opening picks. */
function whenText(m: ReviewedMove, rounds: number): string {
  return m.round === 0 ? t('picture.openingPicks') : t('picture.round', { round: m.round, rounds });
}

/** What the player did: "#23 at C3-C4, took #41". */
export function playedText(m: ReviewedMove, grid: Grid): string {
  const { placed, claim } = m.played;
  const domino = m.domino ?? 0;
  if (placed.kind === 'place') {
    const where = placementText(grid, placed);
    return claim === null
      ? t('review.move.place', { domino, where })
      : t('review.move.placeTake', { domino, where, claim });
  }
  if (placed.kind === 'discard')
    return claim === null ? t('review.move.discard', { domino }) : t('review.move.discardTake', { domino, claim });
  return t('review.move.take', { claim: claim ?? 0 });
}

/** What the hard player suggests instead: "D2-D3, take #30". */
export function bestText(choice: Move, grid: Grid): string {
  const { placed, claim } = choice;
  if (placed.kind === 'place') {
    const where = placementText(grid, placed);
    return claim === null ? t('review.best.place', { where }) : t('review.best.placeTake', { where, claim });
  }
  if (placed.kind === 'discard')
    return claim === null ? t('review.best.discard') : t('review.best.discardTake', { claim });
  return t('review.best.take', { claim: claim ?? 0 });
}

/** A grade in words: "Blunder". */
function gradeText(grade: Grade): string {
  return t(`review.grade.${grade}`);
}

/** How bad a grade is, for the picture's colour (the word always says it). */
function severityOf(grade: Grade | null): ReviewSeverity {
  if (grade === null || grade === 'best' || grade === 'good') return 'fine';
  return grade === 'inaccuracy' ? 'poor' : 'bad';
}

/** The words of one fact of a move (ai/review.ts reasonsOf): the one place reasons are said. */
export function factText(fact: ReviewFact): string {
  switch (fact.kind) {
    case 'territory': {
      const params = { terrain: fact.terrain, squares: fact.squares, crowns: fact.crowns };
      return fact.joins ? t('review.fact.joins', params) : t('review.fact.starts', params);
    }
    case 'walls':
      return t('review.fact.walls', { cells: fact.cells });
    case 'discard':
      return t('review.fact.discard', { domino: fact.domino });
    case 'claim':
      return t('review.fact.claim', { domino: fact.domino, crowns: fact.crowns, order: fact.order });
    case 'firstPickGivenUp':
      return t('review.fact.firstPickGivenUp');
  }
}

/**
 * A move's reasons in words. With none of its own: when the other move has none either,
 * the two differ in nothing seen at once; else this one only lacks what the other does.
 */
export function reasonTexts(facts: readonly ReviewFact[], other: readonly ReviewFact[] = []): string[] {
  if (facts.length > 0) return facts.map(factText);
  return [other.length === 0 ? t('review.fact.none') : t('review.fact.noneOwn')];
}

/** The grade scale, its thresholds read from GRADES (said once, in ai/review.ts). */
function scaleText(): string {
  const bound = (g: Grade) => GRADES.find(([x]) => x === g)?.[1] ?? 0;
  return t('review.scale', { good: bound('good'), inaccuracy: bound('inaccuracy'), mistake: bound('mistake') });
}

function moveLine(m: ReviewedMove, number: number, grid: Grid, rounds: number): string {
  const params = { number, when: whenText(m, rounds), move: playedText(m, grid) };
  const grade = gradeOf(m);
  if (grade === null) return t('review.line.forced', params);
  if (grade === 'best') return t('review.line.best', { ...params, grade: gradeText(grade) });
  return t('review.line.lost', { ...params, grade: gradeText(grade), points: m.loss, best: bestText(m.best, grid) });
}

/** The picture's text description (its alt text). */
export function pictureText(m: ReviewedMove, number: number, grid: Grid, rounds: number): string {
  return t('review.alt', {
    number,
    when: whenText(m, rounds),
    grade: gradeText(gradeOf(m) ?? 'best'),
    move: playedText(m, grid),
    best: bestText(m.best, grid),
    lost: lostText(m.loss),
  });
}

/** "6.4 points lost": the picture's words, said once (render/review.ts draws them). */
function lostText(points: number): string {
  return t('review.picture.lost', { points });
}

/** One of the costliest moves as the summary shows it: its picture and what the picture says, in words. */
export interface CostlyMove {
  /** Index in review.moves. */
  readonly index: number;
  readonly png: Buffer;
  /** Points each move scores at once (null: it places nothing). */
  readonly playedPoints: number | null;
  readonly bestPoints: number | null;
  readonly playedReasons: readonly string[];
  readonly bestReasons: readonly string[];
}

/**
 * One of the costliest moves before it is drawn: its points now and reasons in words
 * (read off the position just before it), and the picture that shows them. The one
 * place a costly move is put together (the Review button's answer, the bench).
 */
export function costlyMove(
  game: GameState,
  review: TableReview,
  m: ReviewedMove,
): { readonly words: Omit<CostlyMove, 'png'>; readonly picture: ReviewPicture } {
  const index = review.moves.indexOf(m);
  const state = stateAt(game, m.turn);
  if (!state) throw new Error(`no move starts at turn ${m.turn}`);
  const reasons = reasonsOf(state, m.played, m.best);
  const grade = gradeOf(m);
  const words = {
    index,
    playedPoints: immediatePoints(state, m.played),
    bestPoints: immediatePoints(state, m.best),
    playedReasons: reasonTexts(reasons.played, reasons.best),
    bestReasons: reasonTexts(reasons.best, reasons.played),
  };
  const picture: ReviewPicture = {
    state,
    number: index + 1,
    played: { move: m.played, points: words.playedPoints, reasons: words.playedReasons },
    best: { move: m.best, points: words.bestPoints, reasons: words.bestReasons },
    loss: m.loss,
    grade: gradeText(grade ?? 'best'),
    severity: severityOf(grade),
  };
  return { words, picture };
}

export interface ReviewInfo extends ReviewListInfo {
  /** The costliest moves drawn, costliest first. */
  readonly pictures: readonly CostlyMove[];
}

function titleText(info: Pick<ReviewInfo, 'review' | 'seats' | 'game'>): string {
  const name = seatName(info.seats, info.review.player);
  const score = info.review.finalScore;
  return info.game === null
    ? t('review.title', { name, score })
    : t('review.titleDynasty', { name, score, game: info.game });
}

/** "Best 6 · Good 4 · Inaccuracy 2 · Mistake 1 · Blunder 1". */
function countsText(counts: Record<Grade, number>): string {
  return GRADES.map(([g]) => t('review.count', { grade: gradeText(g), count: counts[g] })).join(' · ');
}

/** Either side of a costly move in words: "You (+1 now): starts a new mine: 1 square × 1 crown". */
function sideText(key: 'review.side.played' | 'review.side.best', points: number | null, reasons: readonly string[]) {
  const now = t('review.now', { points: points ?? 0 });
  return t(key, { now, placed: points === null ? 'no' : 'yes', reasons: reasons.join('; ') });
}

/** A costly move's embed: the move, its grade and loss, both sides in words, its picture full width. */
function costlyEmbed(c: CostlyMove, info: ReviewInfo): APIEmbed {
  const m = info.review.moves[c.index] as ReviewedMove;
  return {
    title: t('review.embed.title', {
      number: c.index + 1,
      when: whenText(m, info.rounds),
      grade: gradeText(gradeOf(m) ?? 'best'),
      lost: lostText(m.loss),
    }),
    description: [
      sideText('review.side.played', c.playedPoints, c.playedReasons),
      sideText('review.side.best', c.bestPoints, c.bestReasons),
    ].join('\n'),
    image: { url: `attachment://${reviewPictureName(c.index + 1)}` },
  };
}

/** The button that opens (or turns to) a page of the move list. */
function listButton(
  tableId: string,
  game: number,
  page: number,
  slot: ReviewListSlot,
  label: string,
  disabled = false,
): APIButtonComponentWithCustomId {
  return button(label, { verb: 'review-list', table: tableId, game, page, slot }, ButtonStyle.Secondary, disabled);
}

/** The review's head: whose game, its accuracy, its grades, the points lost. */
function summaryLines(info: ReviewListInfo): string[] {
  const { review } = info;
  const weighed = review.moves.filter((m) => m.choices > 1);
  const counts = gradeCounts(review.moves);
  return [
    titleText(info),
    review.accuracy === null
      ? t('review.noChoice')
      : t('review.accuracy', { accuracy: review.accuracy, accurate: counts.best + counts.good, moves: weighed.length }),
    countsText(counts),
    t('review.lost', { points: review.lost }),
  ];
}

/** The whole review as lines (the live board's): its head, then every move with its grade. */
export function reviewLines(info: ReviewListInfo): string[] {
  return [...summaryLines(info), ...allLines(info)];
}

/** The summary: accuracy and grades, the costliest moves each drawn in its own embed, the move list behind a button. */
export function reviewView(info: ReviewInfo): BaseMessageOptions {
  const { review } = info;
  const lines = [
    ...summaryLines(info),
    info.pictures.length > 0 ? t('review.pictures', { count: info.pictures.length }) : t('review.noCostly'),
    `-# ${scaleText()}`,
    t('review.searched', {
      seconds: Math.round(review.ms / 100) / 10,
      samples: review.moves.reduce((sum, m) => sum + m.samples, 0),
    }),
  ];
  return {
    content: lines.join('\n').slice(0, CONTENT_MAX),
    embeds: info.pictures.map((c) => costlyEmbed(c, info)),
    files: info.pictures.map((c) => ({
      attachment: c.png,
      name: reviewPictureName(c.index + 1),
      description: pictureText(review.moves[c.index] as ReviewedMove, c.index + 1, info.grid, info.rounds),
    })),
    components: [row(listButton(info.tableId, info.game ?? 1, 0, 'open', t('review.list.button')))],
    allowedMentions: { parse: [] },
  };
}

/** The move lines cut into pages that each fit Discord's 2000 characters with their header. */
export function listPages(lines: readonly string[], headRoom: number): string[][] {
  const pages: string[][] = [[]];
  let used = 0;
  for (const line of lines) {
    const page = pages[pages.length - 1] as string[];
    if (page.length > 0 && used + line.length + 1 > CONTENT_MAX - headRoom) {
      pages.push([line]);
      used = line.length + 1;
    } else {
      page.push(line);
      used += line.length + 1;
    }
  }
  return pages;
}

/** Room kept on every page for its title and page line. */
const LIST_HEAD_ROOM = 400;

export interface ReviewListInfo {
  readonly review: TableReview;
  readonly seats: readonly TableSeat[];
  readonly grid: Grid;
  /** Rounds of the game as the box counts them. */
  readonly rounds: number;
  /** The game's number in a Dynasty, else null. */
  readonly game: number | null;
  /** The table, for the move list's button. */
  readonly tableId: string;
}

/** What the review's views say of the game around the review itself. */
export function listInfo(table: FinishedTable, game: GameState, number: number, review: TableReview): ReviewListInfo {
  return {
    review,
    seats: table.seats,
    grid: game.options.grid,
    rounds: boxRound(game).rounds,
    game: table.dynasty ? number : null,
    tableId: table.id,
  };
}

/** The number of pages of a review's move list. */
export function listPageCount(info: ReviewListInfo): number {
  return listPages(allLines(info), LIST_HEAD_ROOM).length;
}

function allLines(info: ReviewListInfo): string[] {
  return info.review.moves.map((m, i) => moveLine(m, i + 1, info.grid, info.rounds));
}

/** Page `page` of the full move list, every move with its grade; ◀ ▶ when there is more than one page. */
export function reviewListView(info: ReviewListInfo, page: number): BaseMessageOptions {
  const pages = listPages(allLines(info), LIST_HEAD_ROOM);
  const shown = pages[page] ?? [];
  const game = info.game ?? 1;
  const head = [titleText(info), t('review.list.title', { page: page + 1, pages: pages.length })];
  const components: APIActionRowComponent<APIComponentInMessageActionRow>[] =
    pages.length > 1
      ? [
          row(
            listButton(info.tableId, game, Math.max(0, page - 1), 'prev', '◀', page === 0),
            listButton(info.tableId, game, Math.min(pages.length - 1, page + 1), 'next', '▶', page >= pages.length - 1),
          ),
        ]
      : [];
  return {
    content: [...head, ...shown].join('\n').slice(0, CONTENT_MAX),
    components,
    allowedMentions: { parse: [] },
  };
}
