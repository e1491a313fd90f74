import { Injectable } from '@nestjs/common';
import { Database } from '../../database/transactions.js';

/**
 * What an e-mailed link does: choose a new password (`password-reset`, also the link a promotion sends to choose
 * one), confirm the account's address (`verify-email`), or move the account to the address it was sent to
 * (`change-email`).
 */
export type AccountTokenPurpose = 'password-reset' | 'verify-email' | 'change-email';

/** A used link: whose account, what it was for, and for the e-mail purposes the address it proves. */
export interface UsedAccountToken {
  userId: string;
  purpose: AccountTokenPurpose;
  email: string | null;
}

/**
 * The account_tokens table's SQL, all of it: the single-use links mailed to an account (password reset, e-mail
 * verification). Tokens are only ever handled as their SHA-256.
 */
@Injectable()
export class AccountTokensRepository {
  constructor(private readonly db: Database) {}

  async insert(
    userId: string,
    tokenHash: Buffer,
    validMinutes: number,
    purpose: AccountTokenPurpose = 'password-reset',
    email: string | null = null,
  ): Promise<void> {
    await this.db.transactionRows(
      `INSERT INTO account_tokens (token_hash, user_id, expires_at, purpose, email)
       VALUES ($1, $2, now() + make_interval(mins => $3), $4, $5)`,
      [tokenHash, userId, validMinutes, purpose, email],
    );
  }

  /**
   * Uses a link of one of these purposes: marks it used if it is unused and unexpired, in one statement, and answers
   * its user (and the address it proves); undefined for a link that is unknown, used, expired or for something else.
   * Two requests with one link: the second finds it used.
   */
  async use(tokenHash: Buffer, purposes: AccountTokenPurpose[] = ['password-reset']): Promise<UsedAccountToken | undefined> {
    const rows = await this.db.transactionRows<UsedAccountToken>(
      `UPDATE account_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = ANY($2::varchar[]) AND used_at IS NULL AND expires_at > now()
        RETURNING user_id AS "userId", purpose, email`,
      [tokenHash, purposes],
    );
    return rows[0];
  }

  /**
   * Retires the user's other links of this purpose (a new password, or a verified address, makes them moot) and
   * forgets links expired a day ago.
   */
  async retireAll(userId: string, purposes: AccountTokenPurpose[] = ['password-reset']): Promise<void> {
    await this.db.transactionRows(
      `UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = ANY($2::varchar[]) AND used_at IS NULL`,
      [userId, purposes],
    );
    await this.db.transactionRows(`DELETE FROM account_tokens WHERE expires_at < now() - interval '1 day'`);
  }
}
