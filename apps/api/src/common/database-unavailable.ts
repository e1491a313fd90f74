/**
 * Recognises failures that mean "the database cannot serve right now" (unreachable, frozen, restarting,
 * too slow), as opposed to a bug or a bad query: those become 503 SERVICE_UNAVAILABLE with Retry-After.
 */

/** SQLSTATE classes/codes for an unavailable or overloaded server, or a statement cut by a time limit. */
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-5]|53300|53400)$/;
const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
]);
/** node-postgres' own messages when a connection cannot be made or a query outlives query_timeout. */
const UNAVAILABLE_MESSAGE =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connection timeout|Connection is closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** Seconds a client should wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Returns a short label of the cause (for the log) when `error` means the database is unavailable, else undefined. */
export function databaseUnavailableCause(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(e.code)) return e.code === '57014' ? 'statement timeout (57014)' : `postgres ${e.code}`;
    if (UNAVAILABLE_SYSCALL.has(e.code)) return `connection ${e.code}`;
  }
  if (typeof e.message === 'string') {
    const match = UNAVAILABLE_MESSAGE.exec(e.message);
    if (match) return match[0].toLowerCase();
  }
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  for (const inner of nested) {
    const cause = databaseUnavailableCause(inner, depth + 1);
    if (cause) return cause;
  }
  return undefined;
}

/**
 * One log line per cause per interval, with how many requests it hit, instead of a stack trace per
 * request: during an outage thousands of requests fail for the same reason.
 */
export class ThrottledCauseLog {
  private readonly counts = new Map<string, { count: number; since: number; logged: boolean }>();

  constructor(
    private readonly write: (line: string) => void,
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  record(cause: string): void {
    const now = this.now();
    const entry = this.counts.get(cause);
    if (!entry || now - entry.since >= this.intervalMs) {
      const previous =
        entry && entry.count > (entry.logged ? 1 : 0)
          ? ` (${entry.count - 1} more in the last ${Math.round((now - entry.since) / 1000)} s)`
          : '';
      this.write(`Database unavailable: ${cause}${previous}`);
      this.counts.set(cause, { count: 1, since: now, logged: true });
      return;
    }
    entry.count += 1;
  }
}
