/**
 * Each kind of click bound to its handler, and how it is answered: by updating the
 * message it was on, privately to the clicker, or publicly. The kinds themselves
 * (code, fields, where their buttons live) are declared in messages/codec.ts; the
 * compiler holds BINDINGS to every one of them, so a new button is its declaration
 * there and its line here. The router (router.ts) decodes a click, checks where it
 * comes from, builds its Actor once, and runs what is bound here.
 */
import { t } from '../../i18n/index.js';
import { answer, privately, type Answer, type ComponentInteraction, type Expect } from '../wire/answer.js';
import type { Actor } from '../wire/actor.js';
import {
  cursor,
  IN_AWAY,
  SEAT,
  type AwayClick,
  type ClickAction,
  type Cursor,
  type TurnScope,
  type Verb,
} from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { addAi, cancelLobby, join, leave, removeAi, start } from '../handlers/lobby.js';
import type { LobbyClick } from '../services/lobby.js';
import { rematch } from '../handlers/rematch.js';
import { leagueSignup } from '../handlers/league.js';
import { editSeat, imBack, setClock, showSeat, type MenuClick } from '../handlers/moderation.js';
import { review, reviewList } from '../handlers/review.js';
import { gamesPage } from '../handlers/games.js';
import { postReplay } from '../handlers/replay.js';
import { openViewer, stepViewer } from '../handlers/viewer.js';
import { dailyClick, dailyShare } from '../handlers/daily.js';
import { showLeftToCome } from '../handlers/left.js';
import { launchBoard } from '../handlers/board.js';
import { openPlan, planDropClick, planElseClick, planPanelClick } from '../handlers/plan.js';
import {
  tableBack,
  tableRematch,
  tableReplay,
  tableReview,
  tableShow,
  tableTurn,
  type AwayFromThreads,
} from '../handlers/one-message.js';
import {
  confirmPlacement,
  discardDomino,
  movePreview,
  openPanel,
  pickDomino,
  showHint,
  undoLastMove,
} from '../handlers/panel.js';

/** A click as its handler is given it: the bot, the interaction, the click decoded, and who clicked. */
export interface Click<A extends ClickAction = ClickAction> {
  readonly bot: Bot;
  readonly interaction: ComponentInteraction;
  readonly action: A;
  readonly actor: Actor;
}

/** How a click is answered: the kind of answer (known before the work, to defer in time), and the work. */
interface Answered<C> {
  readonly answer: Expect | ((click: C) => Expect);
  readonly run: (click: C) => Promise<Answer>;
}

/** A click whose handler answers the interaction itself (the replay's upload). */
interface AnswersItself<C> {
  readonly answer: 'itself';
  readonly run: (click: C) => Promise<void>;
}

type Binding<C> = Answered<C> | AnswersItself<C>;

/** Where a turn's click acts: the table, the clicker, and where the panel's buttons lead. */
interface TurnPlace {
  readonly tableId: string;
  readonly userId: string;
  readonly scope?: TurnScope;
}

/** A turn's click ("Your turn", the panel's, Undo) with the table it acts on: its thread's, or the one an away click names. */
interface TurnClick<A extends AwayClick> extends Click<A> {
  readonly where: TurnPlace;
}

/** The clicks of one verb. */
type Of<A extends ClickAction, V extends A['verb']> = Extract<A, { readonly verb: V }>;

/** The spot chosen in the panel's menu, or null when the value is none of ours. */
function chosenSpot(interaction: ComponentInteraction): Cursor | null {
  return interaction.isStringSelectMenu() && interaction.values.length === 1 ? cursor(interaction.values[0]) : null;
}

/** The seat chosen in the moderation menu's select, or null when the value is none of ours. */
function chosenSeat(interaction: ComponentInteraction): number | null {
  const value = interaction.isStringSelectMenu() && interaction.values.length === 1 ? interaction.values[0] : undefined;
  return SEAT.read(value) ?? null;
}

/** "Your turn", the panel's clicks and Undo, wherever they come from. */
const TURN_BINDINGS: { readonly [V in AwayClick['verb']]: Answered<TurnClick<Of<AwayClick, V>>> } = {
  'your-turn': { answer: 'private', run: ({ bot, action, where }) => openPanel(bot, { ...where, turn: action.turn }) },
  preview: {
    answer: 'update',
    run: ({ bot, action, where }) => movePreview(bot, { ...where, turn: action.turn }, action.at, action.hint),
  },
  spot: {
    answer: ({ interaction }) => (chosenSpot(interaction) ? 'update' : 'private'),
    run: async ({ bot, action, where, interaction }) => {
      const at = chosenSpot(interaction);
      return at
        ? movePreview(bot, { ...where, turn: action.turn }, at, action.hint)
        : privately(t('error.forgedButton'));
    },
  },
  hint: {
    answer: 'update',
    run: ({ bot, action, where }) => showHint(bot, { ...where, turn: action.turn }, action.at),
  },
  confirm: {
    answer: 'update',
    run: ({ bot, action, where }) => confirmPlacement(bot, { ...where, turn: action.turn }, action.at),
  },
  discard: { answer: 'update', run: ({ bot, action, where }) => discardDomino(bot, { ...where, turn: action.turn }) },
  pick: {
    answer: 'update',
    run: ({ bot, action, where }) => pickDomino(bot, { ...where, turn: action.turn }, action.placed, action.domino),
  },
  undo: { answer: 'update', run: ({ bot, action, where }) => undoLastMove(bot, { ...where, turn: action.turn }) },
};

/** The binding of a turn's click (one lookup, typed for that click). */
function turnBinding<A extends AwayClick>(action: A): Answered<TurnClick<A>> {
  return TURN_BINDINGS[action.verb as A['verb']] as unknown as Answered<TurnClick<A>>;
}

/** The kind of answer a click gets before its work is done. */
function expectOf<C>(binding: Answered<C>, click: C): Expect {
  return typeof binding.answer === 'function' ? binding.answer(click) : binding.answer;
}

/** A turn's click on the table of the thread it is in. */
function inThread<A extends AwayClick>(binding: Answered<TurnClick<A>>): Answered<Click<A>> {
  const where = (click: Click<A>): TurnClick<A> => ({
    ...click,
    where: { tableId: click.interaction.channelId, userId: click.actor.userId },
  });
  return { answer: (click) => expectOf(binding, where(click)), run: (click) => binding.run(where(click)) };
}

/** A turn's click away from its thread (a DM, /kingdomino games): the table is the click's; the checks are the same. */
function away(click: Click<Of<ClickAction, 'away'>>): TurnClick<AwayClick> {
  const { table, click: inner } = click.action;
  return { ...click, action: inner, where: { tableId: table, userId: click.actor.userId, scope: IN_AWAY(table) } };
}

/** The lobby's buttons are on the lobby message, whose id is the table's key. */
function onLobby(click: Click): LobbyClick {
  return { ...click.actor, tableId: click.interaction.message.id };
}

/** A game's buttons away from threads name their table; where they were clicked is checked against it. */
function awayFromThreads(click: Click, tableId: string): AwayFromThreads {
  const { interaction } = click;
  return { tableId, userId: click.actor.userId, messageId: interaction.message.id, channelId: interaction.channelId };
}

/** The moderation menu's buttons name their table. */
function inMenu(click: Click, tableId: string): MenuClick {
  return { ...click.actor, tableId, guildId: click.interaction.guildId };
}

const BINDINGS: { readonly [V in Verb]: Binding<Click<Of<ClickAction, V>>> } = {
  join: { answer: 'update', run: (click) => join(click.bot, onLobby(click)) },
  'league-join': {
    answer: 'update',
    run: (click) => leagueSignup(click.bot, click.interaction.message.id, click.actor, true),
  },
  'league-leave': {
    answer: 'update',
    run: (click) => leagueSignup(click.bot, click.interaction.message.id, click.actor, false),
  },
  leave: { answer: 'update', run: (click) => leave(click.bot, onLobby(click)) },
  'add-ai': { answer: 'update', run: (click) => addAi(click.bot, onLobby(click), click.action.level) },
  'remove-ai': { answer: 'update', run: (click) => removeAi(click.bot, onLobby(click)) },
  cancel: { answer: 'update', run: (click) => cancelLobby(click.bot, onLobby(click)) },
  start: { answer: 'update', run: (click) => start(click.bot, onLobby(click), click.interaction) },
  'your-turn': inThread(TURN_BINDINGS['your-turn']),
  preview: inThread(TURN_BINDINGS.preview),
  spot: inThread(TURN_BINDINGS.spot),
  hint: inThread(TURN_BINDINGS.hint),
  confirm: inThread(TURN_BINDINGS.confirm),
  discard: inThread(TURN_BINDINGS.discard),
  pick: inThread(TURN_BINDINGS.pick),
  undo: inThread(TURN_BINDINGS.undo),
  away: {
    answer: (click) => expectOf(turnBinding(click.action.click), away(click)),
    run: (click) => turnBinding(click.action.click).run(away(click)),
  },
  rematch: {
    answer: 'private',
    run: ({ bot, actor, interaction }) =>
      rematch(bot, { ...actor, tableId: interaction.channelId }, interaction.message),
  },
  'rematch-here': { answer: 'private', run: (click) => rematch(click.bot, onLobby(click), click.interaction.message) },
  back: {
    answer: 'update',
    run: ({ bot, action, actor, interaction }) =>
      imBack(bot, {
        tableId: interaction.channelId,
        userId: actor.userId,
        player: action.player,
        messageId: interaction.message.id,
      }),
  },
  'manage-seat': {
    answer: 'update',
    run: (click) => showSeat(click.bot, inMenu(click, click.action.table), chosenSeat(click.interaction)),
  },
  'replace-seat': {
    answer: 'update',
    run: (click) => editSeat(click.bot, inMenu(click, click.action.table), 'replace', click.action.player),
  },
  'restore-seat': {
    answer: 'update',
    run: (click) => editSeat(click.bot, inMenu(click, click.action.table), 'restore', click.action.player),
  },
  'make-host': {
    answer: 'update',
    run: (click) => editSeat(click.bot, inMenu(click, click.action.table), 'host', click.action.player),
  },
  clock: {
    answer: 'update',
    run: (click) => setClock(click.bot, inMenu(click, click.action.table), click.action.pause),
  },
  'games-page': {
    answer: 'update',
    run: ({ bot, action, actor, interaction }) =>
      gamesPage(bot, { userId: actor.userId, guildId: interaction.guildId, locale: interaction.locale }, action),
  },
  review: {
    answer: 'private',
    run: ({ bot, action, actor, interaction }) =>
      review(bot, { tableId: interaction.channelId, userId: actor.userId, game: action.game }),
  },
  'review-list': {
    answer: ({ action }) => (action.slot === 'open' ? 'private' : 'update'),
    run: ({ bot, action, actor }) =>
      reviewList(
        bot,
        { tableId: action.table, userId: actor.userId, game: action.game, page: action.page },
        action.slot === 'open',
      ),
  },
  board: { answer: 'itself', run: ({ bot, interaction }) => launchBoard(bot, interaction) },
  'board-here': { answer: 'itself', run: ({ bot, interaction }) => launchBoard(bot, interaction) },
  replay: {
    answer: 'itself',
    run: ({ bot, action, interaction }) =>
      postReplay(bot, interaction, { tableId: interaction.channelId, game: action.game }),
  },
  'replay-view': {
    answer: 'private',
    run: ({ bot, action, interaction }) => openViewer(bot, { tableId: interaction.channelId, game: action.game }),
  },
  'replay-step': {
    answer: 'update',
    run: ({ bot, action }) => stepViewer(bot, { tableId: action.table, game: action.game, move: action.move }),
  },
  daily: {
    answer: 'update',
    run: ({ bot, action, actor, interaction }) => dailyClick(bot, actor.userId, action.click, chosenSpot(interaction)),
  },
  'daily-share': {
    answer: 'public',
    run: ({ bot, action, actor }) => dailyShare(bot, actor.userId, action.day),
  },
  'table-turn': {
    answer: 'aside',
    run: (click) => tableTurn(click.bot, awayFromThreads(click, click.action.table), click.action.turn),
  },
  'table-show': { answer: 'update', run: (click) => tableShow(click.bot, awayFromThreads(click, click.action.table)) },
  'table-review': {
    answer: 'private',
    run: (click) => tableReview(click.bot, awayFromThreads(click, click.action.table), click.action.game),
  },
  'table-replay': {
    answer: 'private',
    run: (click) => tableReplay(click.bot, awayFromThreads(click, click.action.table), click.action.game),
  },
  'table-rematch': {
    answer: 'itself',
    run: (click) => tableRematch(click.bot, click.interaction, awayFromThreads(click, click.action.table), click.actor),
  },
  'table-back': {
    answer: 'update',
    run: (click) => tableBack(click.bot, awayFromThreads(click, click.action.table), click.action.player),
  },
  unseen: {
    answer: 'private',
    run: ({ bot, action, interaction }) => showLeftToCome(bot, { tableId: interaction.channelId, turn: action.turn }),
  },
  'unseen-of': {
    answer: 'private',
    run: ({ bot, action }) => showLeftToCome(bot, { tableId: action.table, turn: action.turn }),
  },
  plan: {
    answer: 'private',
    run: ({ bot, actor, interaction }) => openPlan(bot, { tableId: interaction.channelId, userId: actor.userId }),
  },
  'plan-of': {
    answer: 'private',
    run: ({ bot, action, actor }) => openPlan(bot, { tableId: action.table, userId: actor.userId }),
  },
  'plan-in': {
    answer: ({ action, interaction }) =>
      action.click.verb === 'hint' || (action.click.verb === 'spot' && !chosenSpot(interaction)) ? 'private' : 'update',
    run: ({ bot, action, actor, interaction }) =>
      planPanelClick(bot, { tableId: action.table, userId: actor.userId }, action.click, chosenSpot(interaction)),
  },
  'plan-else': {
    answer: 'update',
    run: ({ bot, action, actor }) => planElseClick(bot, { tableId: action.table, userId: actor.userId }, action.domino),
  },
  'plan-drop': {
    answer: 'update',
    run: ({ bot, action, actor }) => planDropClick(bot, { tableId: action.table, userId: actor.userId }),
  },
};

/** Run a click's handler and answer it as its binding says. */
export function runClick<A extends ClickAction>(click: Click<A>): Promise<void> {
  const binding = BINDINGS[click.action.verb as A['verb']] as unknown as Binding<Click<A>>;
  return binding.answer === 'itself'
    ? binding.run(click)
    : answer(click.interaction, expectOf(binding, click), () => binding.run(click));
}
