import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ButtonInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import {
  ACK_BUDGET_MS,
  answer,
  answerMessage,
  arrived,
  privately,
  publicly,
  sayLast,
} from '../../src/discord/wire/answer.js';
import { t } from '../../src/i18n/index.js';

/** The calls a click's answer makes, in order. */
function click() {
  const calls: string[] = [];
  const record = (name: string) => async () => {
    calls.push(name);
    if (name === 'deferReply' || name === 'deferUpdate') Object.assign(interaction, { deferred: true });
    if (name === 'reply' || name === 'editReply' || name === 'followUp') Object.assign(interaction, { replied: true });
    return name === 'followUp' ? { url: 'https://discord.com/channels/1/2/3' } : undefined;
  };
  const interaction = {
    deferred: false,
    replied: false,
    isMessageComponent: () => true,
    reply: vi.fn(record('reply')),
    update: vi.fn(record('update')),
    deferReply: vi.fn(record('deferReply')),
    deferUpdate: vi.fn(record('deferUpdate')),
    editReply: vi.fn(record('editReply')),
    followUp: vi.fn(record('followUp')),
    deleteReply: vi.fn(record('deleteReply')),
  };
  return { calls, interaction: interaction as unknown as ButtonInteraction };
}

const slowWork = (ms: number) => () =>
  new Promise<ReturnType<typeof privately>>((resolve) => setTimeout(() => resolve(privately('done')), ms));

describe('the answer budget counts from the interaction’s arrival', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('work done within the budget is answered in one call', async () => {
    const { calls, interaction } = click();
    arrived(interaction);
    const done = answer(interaction, 'private', slowWork(ACK_BUDGET_MS - 100));
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS);
    await done;
    expect(calls).toEqual(['reply']);
  });

  it('time spent before the work (a channel fetched, a thread reopened) leaves less of it: deferred sooner', async () => {
    const { calls, interaction } = click();
    arrived(interaction);
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS - 200);
    const done = answer(interaction, 'private', slowWork(500));
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toEqual(['deferReply']);
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(calls).toEqual(['deferReply', 'editReply']);
  });

  it('arrived long ago: deferred at once', async () => {
    const { calls, interaction } = click();
    arrived(interaction);
    await vi.advanceTimersByTimeAsync(2 * ACK_BUDGET_MS);
    const done = answer(interaction, 'private', slowWork(50));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deferReply']);
    await vi.advanceTimersByTimeAsync(50);
    await done;
  });
});

describe('a slow answer is deferred privately unless it updates the click’s message', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a refusal after a slow public command is the placeholder itself: never a follow-up of a deleted one', async () => {
    const { calls, interaction } = click();
    arrived(interaction);
    const done = answer(interaction, 'public', slowWork(2 * ACK_BUDGET_MS));
    await vi.advanceTimersByTimeAsync(2 * ACK_BUDGET_MS);
    await done;
    expect(calls).toEqual(['deferReply', 'editReply']);
    expect(interaction.deferReply).toHaveBeenCalledWith({ flags: MessageFlags.Ephemeral });
  });

  it('a public answer after a private placeholder: the placeholder says so, the answer follows as a message of its own', async () => {
    const { calls, interaction } = click();
    arrived(interaction);
    const work = () =>
      new Promise<ReturnType<typeof publicly>>((resolve) =>
        setTimeout(() => resolve(publicly({ content: 'the board' })), 2 * ACK_BUDGET_MS),
      );
    const done = answerMessage(interaction, 'public', work);
    await vi.advanceTimersByTimeAsync(2 * ACK_BUDGET_MS);
    expect((await done)?.url).toBe('https://discord.com/channels/1/2/3');
    expect(calls).toEqual(['deferReply', 'editReply', 'followUp']);
    expect(interaction.editReply).toHaveBeenCalledWith(expect.objectContaining({ content: t('answer.postedBelow') }));
    expect(interaction.followUp).toHaveBeenCalledWith({ content: 'the board' });
  });

  it('the last word (an apology) goes in a deferred placeholder, never in the click’s own message', async () => {
    const placeholder = click();
    await placeholder.interaction.deferReply();
    await sayLast(placeholder.interaction, 'sorry');
    expect(placeholder.calls).toEqual(['deferReply', 'editReply']);

    const update = click();
    arrived(update.interaction);
    const done = answer(update.interaction, 'update', slowWork(2 * ACK_BUDGET_MS));
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS);
    await sayLast(update.interaction, 'sorry');
    expect(update.calls).toEqual(['deferUpdate', 'followUp']);
    await vi.advanceTimersByTimeAsync(ACK_BUDGET_MS);
    await done;

    const fresh = click();
    await sayLast(fresh.interaction, 'sorry');
    expect(fresh.calls).toEqual(['reply']);
  });
});
