import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ButtonInteraction } from 'discord.js';
import { ACK_BUDGET_MS, answer, arrived, privately } from '../../src/discord/answer.js';

/** The calls a click's answer makes, in order. */
function click() {
  const calls: string[] = [];
  const record = (name: string) => async () => void calls.push(name);
  const interaction = {
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
