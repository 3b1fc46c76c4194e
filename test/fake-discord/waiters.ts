/**
 * Event-driven waiting: a probe is re-evaluated whenever the fake's state changes
 * (a request answered, a gateway event), never on a polling timer. A wait that
 * times out fails with what did arrive, so a failing test says why.
 */
export type Probe<T> = () => T | undefined | null | false;

interface Waiter {
  check(): void;
  fail(error: Error): void;
}

export class Waiters {
  readonly #waiters = new Set<Waiter>();
  #fatal: Error | null = null;

  constructor(
    private readonly defaultTimeoutMs: number,
    private readonly describeState: () => string,
  ) {}

  waitFor<T>(probe: Probe<T>, what: string, timeoutMs: number = this.defaultTimeoutMs): Promise<T> {
    if (this.#fatal) return Promise.reject(this.#fatal);
    let immediate: ReturnType<Probe<T>>;
    try {
      immediate = probe();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (immediate !== undefined && immediate !== null && immediate !== false) return Promise.resolve(immediate);
    const origin = new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        check: () => {
          let value: ReturnType<Probe<T>>;
          try {
            value = probe();
          } catch (error) {
            done();
            reject(error);
            return;
          }
          if (value === undefined || value === null || value === false) return;
          done();
          resolve(value);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        done();
        origin.message += `\n${this.describeState()}`;
        reject(origin);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.#waiters.delete(waiter);
      };
      this.#waiters.add(waiter);
    });
  }

  /** Something changed: let every waiter look again. */
  notify(): void {
    for (const waiter of [...this.#waiters]) waiter.check();
  }

  /** The world ended (the bot crashed, the fake closed): every wait fails now and later. */
  failAll(error: Error): void {
    this.#fatal ??= error;
    for (const waiter of [...this.#waiters]) waiter.fail(error);
  }
}
