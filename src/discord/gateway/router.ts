/**
 * The interaction router: slash commands to their command module, buttons through
 * the custom_id codec to the handler bound to their verb (clicks.ts), once the click
 * is known to come from where its button lives (origin.ts); who clicked is read once
 * (wire/actor.ts). Every interaction is answered, even when a flow fails: the user
 * sees a short apology, the log gets the details. While the bot is
 * stopping, new interactions get a short "restarting" answer and change nothing;
 * the ones already running are counted (InFlight) so the stop can let them finish.
 */
import { InteractionContextType, MessageFlags } from 'discord.js';
import type { Channel, ChatInputCommandInteraction, Interaction } from 'discord.js';
import { inLocale, localeFor, t } from '../../i18n/index.js';
import { StoreError } from '../../store/index.js';
import {
  answer,
  arrived,
  arrivedAt,
  launchedBy,
  originalOf,
  privately,
  sayLast,
  type ComponentInteraction,
} from '../wire/answer.js';
import { actorOf } from '../wire/actor.js';
import { reachOf } from '../wire/context.js';
import { decode, type ClickAction } from '../messages/codec.js';
import type { Bot } from '../bot.js';
import { errorText, type LogContext, type Logger } from '../../runtime/log.js';
import { refetchAppEmojis, refusedEmoji } from './emojis.js';
import { HOME, judgeOrigin, messageFacts, type MessageFacts } from './origin.js';
import { runClick } from './clicks.js';
import { withThreadOpen } from '../services/archive.js';

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

/**
 * The channel a click came from; a thread not in the cache is fetched (after a restart,
 * an archived one may not be). Where the bot is no member (a group DM, a server without
 * it) Discord would refuse the fetch: what the click says is all there is.
 */
async function channelOf(interaction: ComponentInteraction): Promise<Channel | null> {
  if (interaction.channel || reachOf(interaction) !== 'server') return interaction.channel;
  return interaction.client.channels.fetch(interaction.channelId).catch(() => null);
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
  const click = { bot, interaction, action, actor: actorOf(interaction) };
  // A click from an archived thread (after the game) is answered with the thread open (services/archive.ts).
  if (origin.ok && HOME[action.verb] === 'thread')
    return withThreadOpen(bot, interaction.channelId, channel, () => runClick(click));
  if (origin.ok) return runClick(click);
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
    if (interaction.isRepliable() && (interaction.replied || interaction.deferred))
      bot.places.lend({
        applicationId: interaction.applicationId,
        token: interaction.token,
        channelId: interaction.channelId,
        arrivedAt: arrivedAt(interaction),
        original: originalOf(interaction),
        launched: launchedBy(interaction),
      });
  } catch (error) {
    log.error('interaction failed', { error: errorText(error) });
    if (refusedEmoji(error)) void refetchAppEmojis(bot.client, log);
    await apologise(interaction, error).catch((e: unknown) =>
      log.error('could not even apologise', { error: errorText(e) }),
    );
  }
}
