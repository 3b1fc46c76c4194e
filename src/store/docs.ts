/**
 * JSON documents under Keyv keys (SQLite or Redis alike), as the daily deal, the
 * leagues and the seasons keep theirs: each checked as it is read (an unreadable one
 * reads as none), each call within the store's deadline, one lock per key in this process.
 */
import type { Keyv } from 'keyv';
import { withTimeout } from './errors.js';
import { KeyedLock } from './lock.js';

export class JsonDocs {
  readonly lock = new KeyedLock();

  constructor(
    private readonly keyv: Keyv<string>,
    private readonly timeoutMs: number,
  ) {}

  async read<T>(key: string, check: (v: unknown) => v is T): Promise<T | null> {
    const text = await withTimeout(this.keyv.get(key), this.timeoutMs, `reading ${key}`);
    if (text === undefined) return null;
    try {
      const value: unknown = JSON.parse(text);
      return check(value) ? value : null;
    } catch {
      return null;
    }
  }

  async write(key: string, value: unknown, ttlMs?: number): Promise<void> {
    await withTimeout(this.keyv.set(key, JSON.stringify(value), ttlMs), this.timeoutMs, `writing ${key}`);
  }

  async remove(key: string): Promise<void> {
    await withTimeout(this.keyv.delete(key), this.timeoutMs, `deleting ${key}`);
  }
}
