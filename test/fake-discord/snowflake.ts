/**
 * Real-looking Discord snowflakes (17-19 digits): discord.js derives timestamps
 * and rate-limit buckets from ids, so short fake ids would mislead it.
 */
const DISCORD_EPOCH = 1_420_070_400_000n;
const MAX_INCREMENT = 0xfffn;

export class SnowflakeFactory {
  #lastMs = 0n;
  #increment = 0n;

  /** A new id, strictly greater than every id this factory made before. */
  next(now: number = Date.now()): string {
    let ms = BigInt(now) - DISCORD_EPOCH;
    if (ms <= this.#lastMs) {
      ms = this.#lastMs;
      this.#increment += 1n;
      if (this.#increment > MAX_INCREMENT) {
        ms += 1n;
        this.#increment = 0n;
      }
    } else {
      this.#increment = 0n;
    }
    this.#lastMs = ms;
    const worker = 1n << 17n;
    const processId = BigInt(process.pid & 0x1f) << 12n;
    return ((ms << 22n) | worker | processId | this.#increment).toString();
  }
}

/** When the id was made (ms since 1970), as Discord reads it. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
