import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/transactions.js';

export interface RateLimitHit {
  hits: number;
  secondsLeft: number;
}

/**
 * Fixed-window counters in Postgres rather than process memory, so every API replica counts the same
 * attempts: the first hit opens a window of `windowMs` for its key. One statement, no lock held.
 */
@Injectable()
export class RateLimitRepository {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    // Prepared: the checkout counts every attempt.
    const rows = await this.db.preparedRows<{ hits: number; ms_left: string }>(
      'rate-limit-hit',
      `INSERT INTO rate_limit_buckets AS b (key, hits, expires_at)
       VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.hits + 1 END,
         expires_at = CASE WHEN b.expires_at <= now() THEN EXCLUDED.expires_at ELSE b.expires_at END
       RETURNING hits, ceil(extract(epoch FROM (expires_at - now())) * 1000) AS ms_left`,
      [key, windowMs],
    );
    const row = rows[0];
    if (row.hits === 1) {
      // A new window opened: a good moment to drop windows that closed, so the table holds live counters only.
      await this.db.rows(`DELETE FROM rate_limit_buckets WHERE expires_at < now() - interval '1 minute'`);
    }
    return { hits: row.hits, secondsLeft: Math.max(1, Math.ceil(Number(row.ms_left) / 1000)) };
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
