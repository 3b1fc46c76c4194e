/** What the arena and learn command lines share: reading their arguments, and refusing them. */

export class UsageError extends Error {}

/** The arguments `read` makes of the command line, or null once it has printed why it refused them (exit code 2). */
export function readArgs<T>(read: (argv: readonly string[]) => T): T | null {
  try {
    return read(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
    return null;
  }
}

export function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} must be a positive integer (got "${text}")`);
  return n;
}
