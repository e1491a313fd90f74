import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';

/** The password_resets table's SQL, all of it. Tokens are only ever handled as their SHA-256. */
@Injectable()
export class PasswordResetsRepository {
  constructor(private readonly db: Database) {}

  async insert(userId: string, tokenHash: Buffer, validMinutes: number): Promise<void> {
    await this.db.transactionRows(
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash, userId, validMinutes],
    );
  }

  /**
   * Uses a link: marks it used if it is unused and unexpired, in one statement, and answers its user; undefined for
   * a link that is unknown, used or expired. Two requests with one link: the second finds it used.
   */
  async use(tokenHash: Buffer): Promise<string | undefined> {
    const rows = await this.db.transactionRows<{ user_id: string }>(
      `UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id;
  }

  /** Retires the user's other links (a new password makes them moot) and forgets links expired a day ago. */
  async retireAll(userId: string): Promise<void> {
    await this.db.transactionRows(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
    await this.db.transactionRows(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
  }
}
