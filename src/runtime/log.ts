/**
 * A small structured logger: one line per event on stderr, with the context that
 * lets an operator find the game (guild, channel, game, user). Secrets never go in:
 * callers pass ids and names only, and `redact` scrubs anything that looks like a
 * bot token from error messages before they are written.
 */
import type { LogLevel } from '../config.js';

export type LogContext = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface Logger {
  debug(message: string, context?: LogContext): void;
  info(message: string, context?: LogContext): void;
  warn(message: string, context?: LogContext): void;
  error(message: string, context?: LogContext): void;
  child(context: LogContext): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
/** Discord bot tokens: three dot-separated base64url parts. */
const TOKEN_LIKE = /[A-Za-z\d_-]{20,}\.[A-Za-z\d_-]{5,}\.[A-Za-z\d_-]{20,}/g;

export function redact(text: string): string {
  return text.replace(TOKEN_LIKE, '[redacted]');
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return redact(text);
}

function format(context: LogContext): string {
  return Object.entries(context)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${typeof v === 'string' && /\s/.test(v) ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}

export function createLogger(
  level: LogLevel,
  base: LogContext = {},
  write = (line: string) => process.stderr.write(line),
): Logger {
  const log = (at: LogLevel, message: string, context: LogContext = {}) => {
    if (RANK[at] < RANK[level]) return;
    const fields = format({ ...base, ...context });
    write(`${new Date().toISOString()} ${at.toUpperCase()} ${redact(message)}${fields ? ' ' + redact(fields) : ''}\n`);
  };
  return {
    debug: (m, c) => log('debug', m, c),
    info: (m, c) => log('info', m, c),
    warn: (m, c) => log('warn', m, c),
    error: (m, c) => log('error', m, c),
    child: (context) => createLogger(level, { ...base, ...context }, write),
  };
}
