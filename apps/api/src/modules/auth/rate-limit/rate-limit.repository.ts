import { Injectable } from '@nestjs/common';
import { Database, type StatementColumns } from '../../../database/transactions.js';

export interface RateLimitHit {
  hits: number;
  secondsLeft: number;
}

/** One hit on key $1 with a window of $2 ms: the count in the window, and the window's time left in ms. */
const HIT = `INSERT INTO rate_limit_buckets AS b (key, hits, expires_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.hits + 1 END,
         expires_at = CASE WHEN b.expires_at <= now() THEN EXCLUDED.expires_at ELSE b.expires_at END
       RETURNING hits, ceil(extract(epoch FROM (expires_at - now())) * 1000) AS ms_left`;

interface HitRow {
  hits: number;
  ms_left: string;
}

function toHit(row: HitRow): RateLimitHit & { opened: boolean } {
  return { hits: row.hits, secondsLeft: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)), opened: row.hits === 1 };
}

/**
 * Fixed-window counters in Postgres rather than process memory, so every API replica counts the same
 * attempts: the first hit opens a window of `windowMs` for its key. One statement; its row stays locked until the
 * transaction it runs in ends (on its own: at once; in a checkout's reservation: at its commit, so one user's
 * concurrent checkouts take turns there).
 */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const counted = await this.count(key, windowMs);
    if (counted.opened) await this.dropClosedWindows();
    return { hits: counted.hits, secondsLeft: counted.secondsLeft };
  }

  /**
   * Counts one hit on `key` (prepared: the checkout counts every attempt), in the transaction in context if any;
   * `opened` when it opened a new window, the moment to {@link dropClosedWindows} (after that transaction: the
   * delete locks other keys' rows, which a checkout's transaction must not hold).
   */
  async count(key: string, windowMs: number): Promise<RateLimitHit & { opened: boolean }> {
    const [row] = await this.db.preparedRows<HitRow>('rate-limit-hit', HIT, [key, windowMs]);
    return toHit(row);
  }

  /**
   * Counts one hit on `key` and, in the same statement (one round trip), runs `then` only when the count is within
   * `limit`: `then` is a data-modifying statement that reads `FROM admitted` (one row when admitted, none past the
   * limit) and whose own parameters start at $4 (`then.values`). `hit` is the count, `done` how many rows `then`
   * returned. Prepared under `name`, which must stand for this one `then`. `also`, another module's read carried as
   * columns of the result (whatever the count), is answered as `read`. For the checkout: its attempt counted, its
   * Idempotency-Key claimed and its pricing rules read in the reservation's first statement (docs/performance.md,
   * "Checkout statements").
   */
  async countThen<T = undefined>(
    name: string,
    key: string,
    windowMs: number,
    limit: number,
    then: { sql: string; values: unknown[] },
    also?: StatementColumns<T>,
  ): Promise<{ hit: RateLimitHit & { opened: boolean }; done: number; read: T | undefined }> {
    const first = 4 + then.values.length;
    const [row] = await this.db.preparedRows<HitRow & { done: number }>(
      also ? `${name}+${also.name}` : name,
      `WITH hit AS (${HIT}), admitted AS (SELECT FROM hit WHERE hit.hits <= $3), step AS (${then.sql})
       SELECT hit.hits, hit.ms_left, (SELECT count(*) FROM step)::int AS done${also ? `, ${also.sql(first)}` : ''} FROM hit`,
      [key, windowMs, limit, ...then.values, ...(also?.values ?? [])],
    );
    return { hit: toHit(row), done: row.done, read: also?.read(row as unknown as Record<string, unknown>) };
  }

  /** Drops the windows that closed over a minute ago, so the table holds live counters only. */
  async dropClosedWindows(): Promise<void> {
    await this.db.rows(`DELETE FROM rate_limit_buckets WHERE expires_at < now() - interval '1 minute'`);
  }

  /** The current window's count for `key` without counting a hit (0 when no window is open). */
  async peek(key: string): Promise<RateLimitHit> {
    const rows = await this.db.rows<{ hits: number; ms_left: string }>(
      `SELECT hits, ceil(extract(epoch FROM (expires_at - now())) * 1000) AS ms_left
       FROM rate_limit_buckets WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    const row = rows[0];
    return row ? { hits: row.hits, secondsLeft: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) } : { hits: 0, secondsLeft: 0 };
  }

  /** Takes one hit back from `key`'s open window (an attempt that turned out to be no threat). */
  async refund(key: string): Promise<void> {
    await this.db.rows(`UPDATE rate_limit_buckets SET hits = greatest(hits - 1, 0) WHERE key = $1 AND expires_at > now()`, [key]);
  }

  /** Closes `key`'s window (a successful sign-in forgets the attempts before it). */
  async clear(key: string): Promise<void> {
    await this.db.rows(`DELETE FROM rate_limit_buckets WHERE key = $1`, [key]);
  }
}
