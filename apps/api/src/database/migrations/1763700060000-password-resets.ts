import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset links. Only the SHA-256 of a link's token is kept (the token itself is 32 random bytes, so a hash
 * without a salt cannot be guessed back); a link is used by one conditional UPDATE that sets `used_at`, so two
 * requests with the same link cannot both change the password.
 */
export class PasswordResets1763700060000 implements MigrationInterface {
  name = 'PasswordResets1763700060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE password_resets (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_resets`);
  }
}
