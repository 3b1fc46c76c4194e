/**
 * Acknowledging interactions within Discord's 3 seconds, whatever the work costs.
 * The work runs at once; if it is done within ACK_BUDGET_MS of the interaction's
 * arrival (what came before it, a channel fetched, a thread reopened, counts) the
 * answer goes out in one call (fast path), otherwise the interaction is deferred first
 * and the answer edited in when ready. Either way the user never sees "This
 * interaction failed".
 */
import { MessageFlags } from 'discord.js';
import type {
  BaseMessageOptions,
  ButtonInteraction,
  ChatInputCommandInteraction,
  Interaction,
  RepliableInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';

/** The clicks the bot answers: its buttons and its select menus. */
export type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

/** Leaves room for a slow network under Discord's 3 s limit, counted from the interaction's arrival. */
export const ACK_BUDGET_MS = 1500;

/** When each interaction being handled arrived (performance.now()), as the router saw it first. */
const arrivals = new WeakMap<Interaction, number>();

/** The router notes an interaction as it arrives: its answer's budget counts from then. */
export function arrived(interaction: Interaction): void {
  if (!arrivals.has(interaction)) arrivals.set(interaction, performance.now());
}

/** What is left of the answer budget (never below 0). */
function budgetLeft(interaction: Interaction): number {
  const since = performance.now() - (arrivals.get(interaction) ?? performance.now());
  return Math.max(0, ACK_BUDGET_MS - since);
}

/** How a click is answered: by changing the message it was on, or privately to the clicker. */
export type Answer =
  | { readonly kind: 'update'; readonly message: BaseMessageOptions }
  | { readonly kind: 'private'; readonly message: BaseMessageOptions }
  | { readonly kind: 'public'; readonly message: BaseMessageOptions };

export const privately = (content: string): Answer => ({ kind: 'private', message: { content, components: [] } });
export const updating = (message: BaseMessageOptions): Answer => ({ kind: 'update', message });
export const publicly = (message: BaseMessageOptions): Answer => ({ kind: 'public', message });

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

async function sendNow(interaction: RepliableInteraction, answer: Answer): Promise<void> {
  if (answer.kind === 'update' && interaction.isMessageComponent()) {
    await interaction.update(answer.message);
    return;
  }
  const flags = answer.kind === 'public' ? undefined : MessageFlags.Ephemeral;
  await interaction.reply({ ...answer.message, ...(flags ? { flags } : {}) });
}

async function defer(interaction: RepliableInteraction, expect: Expect): Promise<void> {
  if (expect === 'update' && interaction.isMessageComponent()) await interaction.deferUpdate();
  else await interaction.deferReply(expect === 'public' ? {} : { flags: MessageFlags.Ephemeral });
}

/** After a defer: edit the deferred answer in, or follow up when the answer is of another kind. */
async function sendLate(interaction: RepliableInteraction, expect: Expect, answer: Answer): Promise<void> {
  const ephemeral = { flags: MessageFlags.Ephemeral } as const;
  if (expect === 'private' || answer.kind === expect || (expect === 'public' && answer.kind === 'update')) {
    await interaction.editReply(answer.message);
  } else if (expect === 'public') {
    // A private answer to what was deferred as public (e.g. a refusal): drop the placeholder.
    await interaction.deleteReply();
    await interaction.followUp({ ...answer.message, ...ephemeral });
  } else {
    await interaction.followUp({ ...answer.message, ...(answer.kind === 'private' ? ephemeral : {}) });
  }
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
  const running = work();
  const quick = await within(running, budgetLeft(interaction));
  if (quick !== TIMEOUT) {
    await sendNow(interaction, quick);
    return;
  }
  await defer(interaction, expect);
  await sendLate(interaction, expect, await running);
}
