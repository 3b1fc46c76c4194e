/** The store's typed failures: every exception leaving src/store is a StoreError. */

export type StoreErrorCode =
  /** create(): a table is already stored under this key. */
  | 'exists'
  /** update(): nothing is stored under this key (never created, deleted or expired). */
  | 'missing'
  /** update(): the stored value is not a table we can read; it was moved aside (see `quarantineKey`). */
  | 'corrupt'
  /** create()/update(): the table the caller produced is not a valid table; nothing was written. */
  | 'invalid'
  /** update(): other writers kept winning the compare-and-set; nothing was written. */
  | 'contention'
  /** The back-end failed or did not answer in time (disk full, database locked, Redis down). */
  | 'unavailable';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly details: { readonly key?: string; readonly quarantineKey?: string; readonly cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
}

/** Wraps any back-end failure as `unavailable`, keeping the original as `cause`. */
export function unavailable(what: string, cause: unknown): StoreError {
  if (cause instanceof StoreError) return cause;
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new StoreError('unavailable', `storage unavailable while ${what}: ${detail}`, { cause });
}

/** Rejects with `unavailable` when `promise` has not settled after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreError('unavailable', `storage did not answer within ${ms} ms while ${what}`)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } catch (error) {
    throw unavailable(what, error);
  } finally {
    clearTimeout(timer);
  }
}
