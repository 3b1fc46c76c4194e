/**
 * A game review, privately to the player who asked: the accuracy, the points lost,
 * every move with what it cost and what was better, and the costliest moves drawn
 * (what they played beside what the hard computer player suggests). And the Review
 * buttons of the final message: one, or one per game of a Dynasty.
 */
import { ButtonStyle } from 'discord.js';
import type { APIButtonComponentWithCustomId } from 'discord-api-types/v10';
import type { BaseMessageOptions } from 'discord.js';
import { ACCURATE_WITHIN } from '../../ai/index.js';
import { DYNASTY_GAMES, type Grid } from '../../game/index.js';
import { t } from '../../i18n/index.js';
import type { ReviewedChoice, TableReview, TableSeat } from '../../table/index.js';
import { CONTENT_MAX } from '../wire/limits.js';
import { button } from './components.js';
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
export function bestText(choice: ReviewedChoice, grid: Grid): string {
  const { placed, claim } = choice;
  if (placed.kind === 'place') {
    const where = placementText(grid, placed);
    return claim === null ? t('review.best.place', { where }) : t('review.best.placeTake', { where, claim });
  }
  if (placed.kind === 'discard')
    return claim === null ? t('review.best.discard') : t('review.best.discardTake', { claim });
  return t('review.best.take', { claim: claim ?? 0 });
}

function moveLine(m: ReviewedMove, number: number, grid: Grid, rounds: number): string {
  const params = { number, when: whenText(m, rounds), move: playedText(m, grid) };
  if (m.choices <= 1) return t('review.line.forced', params);
  if (m.loss <= 0) return t('review.line.best', params);
  return t('review.line.lost', { ...params, points: m.loss, best: bestText(m.best, grid) });
}

/** The picture's text description (its alt text). */
export function pictureText(m: ReviewedMove, number: number, grid: Grid, rounds: number): string {
  return t('review.alt', {
    number,
    when: whenText(m, rounds),
    move: playedText(m, grid),
    best: bestText(m.best, grid),
    points: m.loss,
  });
}

export interface ReviewInfo {
  readonly review: TableReview;
  readonly seats: readonly TableSeat[];
  readonly grid: Grid;
  /** Rounds of the game as the box counts them. */
  readonly rounds: number;
  /** The game's number in a Dynasty, else null. */
  readonly game: number | null;
  /** The costliest moves drawn, costliest first: the move (index in review.moves) and its picture. */
  readonly pictures: readonly { readonly index: number; readonly png: Buffer }[];
}

/** Lines joined, the move lines cut (with "and N more") when Discord's limit would be passed. */
function fit(head: readonly string[], moves: readonly string[], tail: readonly string[]): string {
  const join = (shown: readonly string[], more: number) =>
    [...head, ...shown, ...(more > 0 ? [t('review.more', { count: more })] : []), ...tail].join('\n');
  let shown = moves.length;
  while (shown > 0 && join(moves.slice(0, shown), moves.length - shown).length > CONTENT_MAX) shown--;
  return join(moves.slice(0, shown), moves.length - shown).slice(0, CONTENT_MAX);
}

export function reviewView(info: ReviewInfo): BaseMessageOptions {
  const { review, grid, rounds } = info;
  const name = seatName(info.seats, review.player);
  const title =
    info.game === null
      ? t('review.title', { name, score: review.finalScore })
      : t('review.titleDynasty', { name, score: review.finalScore, game: info.game });
  const weighed = review.moves.filter((m) => m.choices > 1);
  const accurate = weighed.filter((m) => m.loss < ACCURATE_WITHIN).length;
  const head = [
    title,
    review.accuracy === null
      ? t('review.noChoice')
      : t('review.accuracy', { accuracy: review.accuracy, accurate, moves: weighed.length }),
    t('review.lost', { points: review.lost }),
    t('review.moves'),
  ];
  const moves = review.moves.map((m, i) => moveLine(m, i + 1, grid, rounds));
  const samples = review.moves.reduce((sum, m) => sum + m.samples, 0);
  const tail = [
    info.pictures.length > 0 ? t('review.pictures', { count: info.pictures.length }) : t('review.noCostly'),
    t('review.searched', { seconds: Math.round(review.ms / 100) / 10, samples }),
  ];
  return {
    content: fit(head, moves, tail),
    files: info.pictures.map(({ index, png }) => {
      const m = review.moves[index] as ReviewedMove;
      return {
        attachment: png,
        name: reviewPictureName(index + 1),
        description: pictureText(m, index + 1, grid, rounds),
      };
    }),
    components: [],
    allowedMentions: { parse: [] },
  };
}
