/**
 * What a test or a bench may ask the running bot (started with an IPC channel and
 * BOT_CLOCK=ipc, as for the clock: clock.ts): `{ probe: true }` is answered with
 * `{ probed: figures }`, the counters the bot keeps (the store's loads and saves,
 * the driver's timers). Never in production: there is no IPC channel there.
 */
export function answerProbes(read: () => Readonly<Record<string, number>>): void {
  if (process.env.BOT_CLOCK !== 'ipc' || !process.send) return;
  process.on('message', (message: unknown) => {
    if ((message as { probe?: unknown } | null)?.probe === true) process.send?.({ probed: read() });
  });
}
