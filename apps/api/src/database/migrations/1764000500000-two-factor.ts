import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (docs/security.md, "Two-factor sign-in"). One row per member who began or finished enrolment:
 * the TOTP secret encrypted (AES-256-GCM; the key is not in the database), `enabled_at` set by the first good code,
 * and the time step of the last code accepted, so a code cannot be used twice (a conditional UPDATE moves it only
 * forward). Recovery codes: only their SHA-256 (each is 50 random bits), used once by a conditional UPDATE.
 */
export class TwoFactor1764000500000 implements MigrationInterface {
  name = 'TwoFactor1764000500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_two_factor (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_encrypted bytea NOT NULL,
        enabled_at timestamptz,
        last_time_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE two_factor_recovery_codes (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE two_factor_recovery_codes`);
    await q.query(`DROP TABLE user_two_factor`);
  }
}
