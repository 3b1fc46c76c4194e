/**
 * Acknowledging interactions within Discord's 3 seconds, whatever the work costs.
 * The work runs at once; if it is done within ACK_BUDGET_MS of the interaction's
 * arrival (what came before it, a channel fetched, a thread reopened, counts) the
 * answer goes out in one call (fast path), otherwise the interaction is deferred first
 * and the answer edited in when ready. Either way the user never sees "This
 * interaction failed".
 */
import { MessageFlags } from 'discord.js';
import { t } from '../../i18n/index.js';
import * as clock from '../../runtime/clock.js';
import type {
  BaseMessageOptions,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Interaction,
  Message,
  RepliableInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';

/** The clicks the bot answers: its buttons and its select menus. */
export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Leaves room for a slow network under Discord's 3 s limit, counted from the interaction's arrival. */
export const ACK_BUDGET_MS = 1500;

/** When each interaction being handled arrived (performance.now()), as the router saw it first. */
const arrivals = new WeakMap<Interaction, number>();
/** The same on the games' clock (runtime/clock.ts): its token's 15 minutes count from then. */
const arrivalTimes = new WeakMap<Interaction, number>();

/** The router notes an interaction as it arrives: its answer's budget counts from then. */
export function arrived(interaction: Interaction): void {
  if (arrivals.has(interaction)) return;
  arrivals.set(interaction, performance.now());
  arrivalTimes.set(interaction, clock.now());
}

/**
 * When the interaction arrived, on the games' clock: its token's time counts from then
 * (a test moves that clock forward; Discord's timestamps in ids would not follow).
 */
export function arrivedAt(interaction: Interaction): number {
  return arrivalTimes.get(interaction) ?? clock.now();
}

/** What is left of the answer budget (never below 0). */
function budgetLeft(interaction: Interaction): number {
  const since = performance.now() - (arrivals.get(interaction) ?? performance.now());
  return Math.max(0, ACK_BUDGET_MS - since);
}

/** How a click is answered: by changing the message it was on, or privately to the clicker. */
export type Answer =
  | { readonly kind: 'update'; readonly message: BaseMessageOptions }
  /**
   * A word to the clicker alone beside the message clicked, which is brought up to
   * date (`update`) or left as it is (null): a one-message game's buttons, whose
   * click's token then keeps that message's edits (followups.ts, editOriginal).
   */
  | { readonly kind: 'aside'; readonly update: BaseMessageOptions | null; readonly message: BaseMessageOptions }
  | { readonly kind: 'private'; readonly message: BaseMessageOptions }
  | { readonly kind: 'public'; readonly message: BaseMessageOptions };

/**
 * A step of a click's work: it goes on with a value, or stops with the refusal in the
 * user's words (the table layer's TableResult, once worded).
 */
export type Worded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: string };

/** A step of a click's work: it goes on with a value, or stops with the answer the user gets instead. */
export type OrAnswer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly answer: Answer };

export const privately = (content: string): Answer => ({ kind: 'private', message: { content, components: [] } });
export const updating = (message: BaseMessageOptions): Answer => ({ kind: 'update', message });
export const publicly = (message: BaseMessageOptions): Answer => ({ kind: 'public', message });
export const aside = (update: BaseMessageOptions | null, message: BaseMessageOptions): Answer => ({
  kind: 'aside',
  update,
  message,
});

/** The public message each answered interaction's `@original` is (followups.ts, AnsweredInteraction.original). */
const originals = new WeakMap<Interaction, string>();

/** The public message the interaction's `@original` is, when it answered with one. */
export function originalOf(interaction: Interaction): string | null {
  return originals.get(interaction) ?? null;
}

/** The interaction answered with this public message (a command's reply, made without answer()). */
export function answeredWith(interaction: Interaction, messageId: string): void {
  originals.set(interaction, messageId);
}

/** Interactions answered by launching the live board (followups.ts, AnsweredInteraction.launched). */
const launches = new WeakSet<Interaction>();

/** The interaction was answered with Discord's launch-activity response. */
export function answeredWithLaunch(interaction: Interaction): void {
  launches.add(interaction);
}

export function launchedBy(interaction: Interaction): boolean {
  return launches.has(interaction);
}

/** The kind of answer expected when the work is slow and we must defer before knowing. */
export type Expect = Answer['kind'];

const TIMEOUT = Symbol('timeout');

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const ephemeral = { flags: MessageFlags.Ephemeral } as const;

/** Answered in one call; the public message it made, if any. */
async function sendNow(interaction: RepliableInteraction, answer: Answer): Promise<Message | null> {
  if (answer.kind === 'update' && interaction.isMessageComponent()) {
    await interaction.update(answer.message);
    updatedOwn(interaction);
    return null;
  }
  if (answer.kind === 'aside' && interaction.isMessageComponent()) {
    if (answer.update) await interaction.update(answer.update);
    else await interaction.deferUpdate();
    updatedOwn(interaction);
    await interaction.followUp({ ...answer.message, ...ephemeral });
    return null;
  }
  if (answer.kind !== 'public') {
    await interaction.reply({ ...answer.message, ...ephemeral });
    return null;
  }
  const response = await interaction.reply({ ...answer.message, withResponse: true });
  const made = response.resource?.message ?? null;
  if (made) answeredWith(interaction, made.id);
  return made;
}

/** A click that updated its message: the token's `@original` is that message (when everyone sees it). */
function updatedOwn(interaction: RepliableInteraction): void {
  if (interaction.isMessageComponent() && !interaction.message.flags.has(MessageFlags.Ephemeral))
    answeredWith(interaction, interaction.message.id);
}

/**
 * A click expected to change its message defers that update (nothing shown meanwhile);
 * anything else defers privately ("thinking..." for the user alone): a public answer can
 * follow a private placeholder, while a private one (a refusal) could not replace a public
 * placeholder, and a follow-up of a deleted placeholder may never be seen.
 */
async function defer(interaction: RepliableInteraction, expect: Expect): Promise<void> {
  if (updates(expect) && interaction.isMessageComponent()) {
    updatesDeferred.add(interaction);
    await interaction.deferUpdate();
  } else await interaction.deferReply(ephemeral);
}

/** Answers that change the message clicked (deferred as an update). */
function updates(expect: Expect): boolean {
  return expect === 'update' || expect === 'aside';
}

/** Clicks whose update was deferred: they have no placeholder to edit (the click's message would be). */
const updatesDeferred = new WeakSet<Interaction>();

/**
 * A last private word whatever has been sent so far (an apology when a flow failed):
 * in the placeholder of a deferred reply, else as a message of its own. Never a
 * follow-up of an unedited placeholder, which Discord turns into an edit of it (public
 * if the placeholder was).
 */
export async function sayLast(interaction: RepliableInteraction, content: string): Promise<void> {
  const message = { content, components: [], files: [], embeds: [] };
  if (!interaction.deferred && !interaction.replied) await interaction.reply({ ...message, ...ephemeral });
  else if (interaction.deferred && !interaction.replied && !updatesDeferred.has(interaction))
    await interaction.editReply(message);
  else await interaction.followUp({ ...message, ...ephemeral });
}

/** After a defer: the answer edited in, or posted as a follow-up; the public message it made, if any. */
async function sendLate(interaction: RepliableInteraction, expect: Expect, answer: Answer): Promise<Message | null> {
  const updating = updates(expect) && interaction.isMessageComponent();
  if (updating && answer.kind === 'update') {
    await interaction.editReply(answer.message);
    updatedOwn(interaction);
    return null;
  }
  if (updating && answer.kind === 'aside') {
    if (answer.update) await interaction.editReply(answer.update);
    updatedOwn(interaction);
    await interaction.followUp({ ...answer.message, ...ephemeral });
    return null;
  }
  if (updating) {
    // No placeholder after a deferred update: a follow-up is a message of its own.
    const sent = await interaction.followUp({ ...answer.message, ...(answer.kind === 'private' ? ephemeral : {}) });
    return answer.kind === 'public' ? sent : null;
  }
  if (answer.kind !== 'public') {
    await interaction.editReply(answer.message);
    return null;
  }
  // The private placeholder says where the answer went; edited first, so the follow-up is a message of its own.
  await interaction.editReply({ content: t('answer.postedBelow'), components: [], files: [], embeds: [] });
  return interaction.followUp(answer.message);
}

/**
 * Run `work` and answer the interaction with its result, deferring first if it
 * takes longer than the budget. `expect` is what the answer will most likely be.
 */
export async function answer(
  interaction: ComponentInteraction | ChatInputCommandInteraction,
  expect: Expect,
  work: () => Promise<Answer>,
): Promise<void> {
  await answerMessage(interaction, expect, work);
}

/** As answer(), resolving with the public message the answer made, if it made one (its link is worth keeping). */
export async function answerMessage(
  interaction: ComponentInteraction | ChatInputCommandInteraction,
  expect: Expect,
  work: () => Promise<Answer>,
): Promise<Message | null> {
  const running = work();
  const quick = await within(running, budgetLeft(interaction));
  if (quick !== TIMEOUT) return sendNow(interaction, quick);
  await defer(interaction, expect);
  return sendLate(interaction, expect, await running);
}
