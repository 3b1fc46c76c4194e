/**
 * The interaction router: slash commands to their command module, buttons through
 * the custom_id codec to their flow, once the click is known to come from where its
 * button lives (origin.ts). Every interaction is answered, even when a flow fails:
 * the user sees a short apology, the log gets the details. While the bot is
 * stopping, new interactions get a short "restarting" answer and change nothing;
 * the ones already running are counted (InFlight) so the stop can let them finish.
 */
import { InteractionContextType, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { Channel, ChatInputCommandInteraction, GuildMember, Interaction } from 'discord.js';
import { inLocale, localeFor, t } from '../../i18n/index.js';
import { StoreError } from '../../store/index.js';
import { answer, arrived, privately, sayLast, type ComponentInteraction } from '../wire/answer.js';
import {
  cursor,
  decode,
  IN_AWAY,
  type AwayClick,
  type ClickAction,
  type Cursor,
  type TurnScope,
} from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { errorText, type LogContext, type Logger } from '../../runtime/log.js';
import { refetchAppEmojis, refusedEmoji } from './emojis.js';
import { HOME, judgeOrigin, messageFacts, type MessageFacts } from './origin.js';
import { addAi, cancelLobby, join, leave, removeAi, start, type LobbyClick } from '../handlers/lobby.js';
import { rematch } from '../handlers/rematch.js';
import { withThreadOpen } from '../services/archive.js';
import { editSeat, imBack, setClock, showSeat, type MenuClick } from '../handlers/moderation.js';
import { review, reviewList } from '../handlers/review.js';
import { gamesPage } from '../handlers/games.js';
import { postReplay } from '../handlers/replay.js';
import { openViewer, stepViewer } from '../handlers/viewer.js';
import { dailyClick, dailyShare } from '../handlers/daily.js';
import { showLeftToCome } from '../handlers/left.js';
import {
  confirmPlacement,
  discardDomino,
  movePreview,
  openPanel,
  pickDomino,
  showHint,
  undoLastMove,
} from '../handlers/panel.js';

export interface Command {
  readonly data: { readonly name: string; toJSON(): unknown };
  execute(interaction: ChatInputCommandInteraction, bot: Bot): Promise<void>;
}

/** What the player is told when a flow failed: storage trouble is worth naming, the rest is "try again". */
function apology(error: unknown): string {
  if (!(error instanceof StoreError)) return t('error.oops');
  if (error.code === 'missing') return t('error.gameMissing');
  if (error.code === 'corrupt') return t('error.gameCorrupt');
  if (error.code === 'unavailable' || error.code === 'contention') return t('error.storageBusy');
  return t('error.oops');
}

function contextOf(interaction: Interaction): LogContext {
  return { guild: interaction.guildId, channel: interaction.channelId, user: interaction.user.id };
}

function lobbyClick(interaction: ComponentInteraction, tableId: string): LobbyClick {
  const member = interaction.member as GuildMember | null;
  return {
    tableId,
    userId: interaction.user.id,
    userName: member?.displayName ?? interaction.user.globalName ?? interaction.user.username,
    moderator: interaction.memberPermissions?.has(PermissionFlagsBits.ManageThreads) ?? false,
  };
}

/** A click in the moderation menu, on the table its buttons name. */
function menuClick(interaction: ComponentInteraction, tableId: string): MenuClick {
  return {
    tableId,
    guildId: interaction.guildId,
    userId: interaction.user.id,
    moderator: lobbyClick(interaction, tableId).moderator,
  };
}

/** The seat chosen in the moderation menu's select, or null when the value is none of ours. */
function chosenSeat(interaction: ComponentInteraction): number | null {
  const value = interaction.isStringSelectMenu() && interaction.values.length === 1 ? interaction.values[0] : undefined;
  return value !== undefined && /^[0-3]$/.test(value) ? Number(value) : null;
}

/** The spot chosen in the panel's menu, or null when the value is none of ours. */
function chosenSpot(interaction: ComponentInteraction): Cursor | null {
  return interaction.isStringSelectMenu() && interaction.values.length === 1 ? cursor(interaction.values[0]) : null;
}

/** Where a turn's click acts: the table, the clicker, and where the panel's buttons lead. */
interface TurnPlace {
  readonly tableId: string;
  readonly userId: string;
  readonly scope?: TurnScope;
}

/** "Your turn" and the panel's clicks, on the table of the thread they are in or (away) the one they name. */
function onTurn(bot: Bot, interaction: ComponentInteraction, action: AwayClick, where: TurnPlace): Promise<void> {
  switch (action.verb) {
    case 'your-turn':
      return answer(interaction, 'private', () => openPanel(bot, { ...where, turn: action.turn }));
    case 'preview':
      return answer(interaction, 'update', () =>
        movePreview(bot, { ...where, turn: action.turn }, action.at, action.hint),
      );
    case 'spot': {
      const at = chosenSpot(interaction);
      return answer(interaction, at ? 'update' : 'private', async () =>
        at ? movePreview(bot, { ...where, turn: action.turn }, at, action.hint) : privately(t('error.forgedButton')),
      );
    }
    case 'hint':
      return answer(interaction, 'update', () => showHint(bot, { ...where, turn: action.turn }, action.at));
    case 'confirm':
      return answer(interaction, 'update', () => confirmPlacement(bot, { ...where, turn: action.turn }, action.at));
    case 'discard':
      return answer(interaction, 'update', () => discardDomino(bot, { ...where, turn: action.turn }));
    case 'pick':
      return answer(interaction, 'update', () =>
        pickDomino(bot, { ...where, turn: action.turn }, action.placed, action.domino),
      );
    case 'undo':
      return answer(interaction, 'update', () => undoLastMove(bot, { ...where, turn: action.turn }));
  }
}

function onComponent(bot: Bot, interaction: ComponentInteraction, action: ClickAction): Promise<void> {
  // Lobby buttons live on the lobby message (its id is the table's key); game buttons in the thread (same id).
  const onLobby = lobbyClick(interaction, interaction.message.id);
  const inThread = { tableId: interaction.channelId, userId: interaction.user.id };
  switch (action.verb) {
    case 'join':
      return answer(interaction, 'update', () => join(bot, onLobby));
    case 'leave':
      return answer(interaction, 'update', () => leave(bot, onLobby));
    case 'add-ai':
      return answer(interaction, 'update', () => addAi(bot, onLobby, action.level));
    case 'remove-ai':
      return answer(interaction, 'update', () => removeAi(bot, onLobby));
    case 'cancel':
      return answer(interaction, 'update', () => cancelLobby(bot, onLobby));
    case 'start':
      return answer(interaction, 'update', () => start(bot, onLobby, interaction));
    case 'your-turn':
    case 'preview':
    case 'spot':
    case 'hint':
    case 'confirm':
    case 'discard':
    case 'pick':
    case 'undo':
      return onTurn(bot, interaction, action, inThread);
    case 'away':
      // Away from the thread (a DM, /kingdomino games): the table is the click's; the seat and turn checks are the same.
      return onTurn(bot, interaction, action.click, {
        tableId: action.table,
        userId: interaction.user.id,
        scope: IN_AWAY(action.table),
      });
    case 'rematch':
      return answer(interaction, 'private', () =>
        rematch(bot, lobbyClick(interaction, interaction.channelId), interaction.message),
      );
    case 'rematch-here':
      return answer(interaction, 'private', () => rematch(bot, onLobby, interaction.message));
    case 'back': {
      const click = {
        ...inThread,
        player: action.player,
        messageId: interaction.message.id,
        messageContent: interaction.message.content,
      };
      return answer(interaction, 'update', () => imBack(bot, click));
    }
    case 'manage-seat':
      return answer(interaction, 'update', () =>
        showSeat(bot, menuClick(interaction, action.table), chosenSeat(interaction)),
      );
    case 'replace-seat':
      return answer(interaction, 'update', () =>
        editSeat(bot, menuClick(interaction, action.table), 'replace', action.player),
      );
    case 'restore-seat':
      return answer(interaction, 'update', () =>
        editSeat(bot, menuClick(interaction, action.table), 'restore', action.player),
      );
    case 'make-host':
      return answer(interaction, 'update', () =>
        editSeat(bot, menuClick(interaction, action.table), 'host', action.player),
      );
    case 'clock':
      return answer(interaction, 'update', () => setClock(bot, menuClick(interaction, action.table), action.pause));
    case 'games-page':
      return answer(interaction, 'update', () =>
        gamesPage(
          bot,
          { userId: interaction.user.id, guildId: interaction.guildId, locale: interaction.locale },
          action,
        ),
      );
    case 'review':
      return answer(interaction, 'private', () => review(bot, { ...inThread, game: action.game }));
    case 'review-list': {
      const open = action.slot === 'open';
      const click = { tableId: action.table, userId: interaction.user.id, game: action.game, page: action.page };
      return answer(interaction, open ? 'private' : 'update', () => reviewList(bot, click, open));
    }
    case 'replay':
      return postReplay(bot, interaction, { tableId: interaction.channelId, game: action.game });
    case 'replay-view':
      return answer(interaction, 'private', () =>
        openViewer(bot, { tableId: interaction.channelId, game: action.game }),
      );
    case 'replay-step':
      return answer(interaction, 'update', () =>
        stepViewer(bot, { tableId: action.table, game: action.game, move: action.move }),
      );
    case 'daily':
      return answer(interaction, 'update', () =>
        dailyClick(bot, interaction.user.id, action.click, chosenSpot(interaction)),
      );
    case 'daily-share':
      return answer(interaction, 'public', () => dailyShare(bot, interaction.user.id, action.day));
    case 'unseen':
      return answer(interaction, 'private', () =>
        showLeftToCome(bot, { tableId: interaction.channelId, turn: action.turn }),
      );
    case 'unseen-of':
      return answer(interaction, 'private', () => showLeftToCome(bot, { tableId: action.table, turn: action.turn }));
  }
}

/** The channel a click came from; a thread not in the cache is fetched (after a restart, an archived one may not be). */
async function channelOf(interaction: ComponentInteraction): Promise<Channel | null> {
  return interaction.channel ?? (await interaction.client.channels.fetch(interaction.channelId).catch(() => null));
}

/** The facts origin.ts judges a click by. */
function factsOf(interaction: ComponentInteraction, channel: Channel | null): MessageFacts {
  // Discord says where an interaction happened: the bot's DM with the user is BOT_DM.
  const inDm = interaction.context === InteractionContextType.BotDM;
  return messageFacts(interaction.message, channel?.isThread() ?? false, inDm);
}

/** A click whose custom_id we know: run its flow if it comes from where its button lives, else refuse it privately. */
async function onClick(bot: Bot, interaction: ComponentInteraction, action: ClickAction, log: Logger): Promise<void> {
  const channel = await channelOf(interaction);
  const facts = factsOf(interaction, channel);
  if (facts.ephemeral && facts.answers === null)
    log.info('a private message without interaction metadata: taken as the clicker’s own', {
      verb: action.verb,
      message: interaction.message.id,
    });
  const origin = judgeOrigin(action, facts, interaction.user.id);
  // A click from an archived thread (after the game) is answered with the thread open (services/archive.ts).
  if (origin.ok && HOME[action.verb] === 'thread')
    return withThreadOpen(bot, interaction.channelId, channel, () => onComponent(bot, interaction, action));
  if (origin.ok) return onComponent(bot, interaction, action);
  log.warn('click from the wrong place: refused', {
    verb: action.verb,
    home: origin.home,
    from: origin.from ?? 'nowhere',
    message: interaction.message.id,
  });
  return answer(interaction, 'private', async () => privately(t('origin.elsewhere')));
}

/** Last resort: answer somehow, so Discord never shows "This interaction failed". */
async function apologise(interaction: Interaction, error: unknown): Promise<void> {
  if (interaction.isRepliable()) await sayLast(interaction, apology(error));
}

/**
 * The interactions being handled now, so that a stop can let them finish; once it
 * is closed, new ones are turned away (route answers them "restarting").
 */
export class InFlight {
  #running = 0;
  #closed = false;

  /** How many interactions are being handled now. */
  get running(): number {
    return this.#running;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** From now on new interactions are turned away. */
  close(): void {
    this.#closed = true;
  }

  /** Count `work` as running until it settles. */
  track(work: Promise<void>): Promise<void> {
    this.#running += 1;
    return work.finally(() => {
      this.#running -= 1;
    });
  }
}

/** While stopping: a short private answer, nothing done. */
async function turnAway(interaction: Interaction, log: Logger): Promise<void> {
  if (!interaction.isRepliable()) return;
  log.info('interaction turned away: stopping');
  await interaction.reply({ content: t('stop.restarting'), flags: MessageFlags.Ephemeral });
}

/** Answer one interaction; `inFlight` (when given) counts it, and turns it away once closed. */
export async function route(
  bot: Bot,
  commands: ReadonlyMap<string, Command>,
  interaction: Interaction,
  inFlight?: InFlight,
): Promise<void> {
  arrived(interaction);
  // Whatever is said privately is said in the user's language; posts for everyone switch to the game's (locale.ts).
  return inLocale(localeFor(interaction.locale), () =>
    inFlight
      ? inFlight.track(handle(bot, commands, interaction, inFlight.closed))
      : handle(bot, commands, interaction, false),
  );
}

async function handle(
  bot: Bot,
  commands: ReadonlyMap<string, Command>,
  interaction: Interaction,
  stopping: boolean,
): Promise<void> {
  const log = bot.log.child(contextOf(interaction));
  try {
    if (stopping) {
      await turnAway(interaction, log);
    } else if (interaction.isChatInputCommand()) {
      const command = commands.get(interaction.commandName);
      log.debug('command', { command: interaction.commandName, sub: interaction.options.getSubcommand(false) });
      if (command) await command.execute(interaction, bot);
      else await interaction.reply({ content: t('error.unknownCommand'), flags: MessageFlags.Ephemeral });
    } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
      const action = decode(interaction.customId);
      log.debug('click', { customId: interaction.customId, message: interaction.message.id });
      if (action) await onClick(bot, interaction, action, log);
      else await answer(interaction, 'private', async () => privately(t('error.forgedButton')));
    }
    // Answered: the thread's next posts may go through this interaction's webhook (wire/followups.ts).
    if (interaction.isRepliable() && (interaction.replied || interaction.deferred)) bot.outbox.lend(interaction);
  } catch (error) {
    log.error('interaction failed', { error: errorText(error) });
    if (refusedEmoji(error)) void refetchAppEmojis(bot.client, log);
    await apologise(interaction, error).catch((e: unknown) =>
      log.error('could not even apologise', { error: errorText(e) }),
    );
  }
}
