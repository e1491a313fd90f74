import { Injectable } from '@nestjs/common';
import { Database } from '../../../database/transactions.js';

/** A member's two-factor row: the encrypted secret, whether a first code confirmed it, the last time step used. */
export interface TwoFactorRow {
  secretEncrypted: Buffer;
  enabled: boolean;
  lastTimeStep: number | null;
}

/** The user_two_factor and two_factor_recovery_codes tables' statements, all of them. */
@Injectable()
export class TwoFactorRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.db.rows<{ secretEncrypted: Buffer; enabled: boolean; lastTimeStep: string | null }>(
      `SELECT secret_encrypted AS "secretEncrypted", enabled_at IS NOT NULL AS enabled, last_time_step AS "lastTimeStep"
         FROM user_two_factor WHERE user_id = $1`,
      [userId],
    );
    return row && { ...row, lastTimeStep: row.lastTimeStep === null ? null : Number(row.lastTimeStep) };
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db.rows<{ left: number }>(
      `SELECT count(*)::int AS left FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return row.left;
  }

  /**
   * Starts (or starts again) an enrolment with a new secret; nothing when two-factor is on already (answers false):
   * a confirmed secret is replaced only by turning it off first.
   */
  async startEnrolment(userId: string, secretEncrypted: Buffer): Promise<boolean> {
    const rows = await this.db.rows(
      `INSERT INTO user_two_factor (user_id, secret_encrypted) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, last_time_step = NULL, created_at = now()
         WHERE user_two_factor.enabled_at IS NULL
       RETURNING user_id`,
      [userId, secretEncrypted],
    );
    return rows.length === 1;
  }

  /**
   * Turns a pending enrolment on with the time step of its first code, in the transaction in context, and replaces
   * the recovery codes; false when there was no pending enrolment (confirmed already, or never started).
   */
  async enable(userId: string, timeStep: number, recoveryCodeHashes: Buffer[]): Promise<boolean> {
    const rows = await this.db.transactionRows(
      `UPDATE user_two_factor SET enabled_at = now(), last_time_step = $2 WHERE user_id = $1 AND enabled_at IS NULL RETURNING user_id`,
      [userId, timeStep],
    );
    if (rows.length === 0) return false;
    await this.writeRecoveryCodes(userId, recoveryCodeHashes);
    return true;
  }

  /**
   * Records that a code of `timeStep` was used: one conditional UPDATE that only moves forward, so of two requests
   * with the same code (or an older one) only the first gets through.
   */
  async useTimeStep(userId: string, timeStep: number): Promise<boolean> {
    const rows = await this.db.rows(
      `UPDATE user_two_factor SET last_time_step = $2
        WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_time_step IS NULL OR last_time_step < $2)
       RETURNING user_id`,
      [userId, timeStep],
    );
    return rows.length === 1;
  }

  /**
   * Replaces every recovery code of a member with two-factor on (used or not), in the transaction in context; false
   * when it is not on. The two-factor row is locked first, so a concurrent turn-off cannot leave codes behind.
   */
  async replaceRecoveryCodes(userId: string, recoveryCodeHashes: Buffer[]): Promise<boolean> {
    const rows = await this.db.transactionRows(
      `SELECT user_id FROM user_two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL FOR UPDATE`,
      [userId],
    );
    if (rows.length === 0) return false;
    await this.writeRecoveryCodes(userId, recoveryCodeHashes);
    return true;
  }

  /**
   * Every stored secret (pending enrolments too), locked until the transaction in context ends: the key rotation
   * reads and rewrites them all at once, and an enrolment meanwhile waits rather than be overwritten.
   */
  lockAllSecrets(): Promise<{ userId: string; secretEncrypted: Buffer }[]> {
    return this.db.transactionRows(
      `SELECT user_id AS "userId", secret_encrypted AS "secretEncrypted" FROM user_two_factor ORDER BY user_id FOR UPDATE`,
    );
  }

  /** Stores a secret encrypted anew (same secret, another key), in the transaction in context. */
  async replaceSecret(userId: string, secretEncrypted: Buffer): Promise<void> {
    await this.db.transactionRows(`UPDATE user_two_factor SET secret_encrypted = $2 WHERE user_id = $1`, [userId, secretEncrypted]);
  }

  /** Uses up a recovery code (once: a conditional UPDATE); false for a wrong or used one. */
  async useRecoveryCode(userId: string, codeHash: Buffer): Promise<boolean> {
    const rows = await this.db.rows(
      `UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id`,
      [userId, codeHash],
    );
    return rows.length === 1;
  }

  /** Turns two-factor off (secret and recovery codes gone), in the transaction in context; false when it was not on or pending. */
  async remove(userId: string): Promise<boolean> {
    await this.db.transactionRows(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
    const rows = await this.db.transactionRows(
      `DELETE FROM user_two_factor WHERE user_id = $1 RETURNING enabled_at IS NOT NULL AS enabled`,
      [userId],
    );
    return rows.length === 1;
  }

  /** The member's recovery codes become `recoveryCodeHashes` (the old ones stop working), in the transaction in context. */
  private async writeRecoveryCodes(userId: string, recoveryCodeHashes: Buffer[]): Promise<void> {
    await this.db.transactionRows(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
    await this.db.transactionRows(`INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::bytea[])`, [
      userId,
      recoveryCodeHashes,
    ]);
  }
}
