import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts that keep customers: verified e-mail addresses, an address book, and erasure that keeps the books.
 *
 * - `users.email_verified_at`: when the owner of the address followed a link sent to it. The shop's people must have
 *   one (CHECK), so no promotion can skip it; staff already in place joined through an e-mailed invitation or were
 *   named by the operator (ADMIN_EMAIL), and are marked verified from this migration's run.
 * - `password_resets` becomes `account_tokens`, the one table of e-mailed single-use links: `purpose` says what a
 *   link does (a password reset, confirming the account's address, or moving the account to a new one) and `email`
 *   which address it confirms (for a move, the new address, which changes only when the link is followed). Only the SHA-256 of a token is kept, as before.
 * - `user_addresses`: the address book; at most one default per user (partial unique index).
 * - `orders.user_id` may be null: a deleted account's orders stay (anonymised) for the accounting retention,
 *   `anonymised_at` saying since when.
 */
export class Accounts1764000400000 implements MigrationInterface {
  name = 'Accounts1764000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`);
    await q.query(`UPDATE users SET email_verified_at = now() WHERE staff_role IS NOT NULL`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_staff_verified CHECK (staff_role IS NULL OR email_verified_at IS NOT NULL)`);

    await q.query(`ALTER TABLE password_resets RENAME TO account_tokens`);
    await q.query(`ALTER INDEX password_resets_user_idx RENAME TO account_tokens_user_idx`);
    await q.query(`ALTER TABLE account_tokens RENAME CONSTRAINT password_resets_pkey TO account_tokens_pkey`);
    await q.query(`ALTER TABLE account_tokens RENAME CONSTRAINT password_resets_user_id_fkey TO account_tokens_user_id_fkey`);
    await q.query(`
      ALTER TABLE account_tokens
        ADD COLUMN purpose varchar(16) NOT NULL DEFAULT 'password-reset' CHECK (purpose IN ('password-reset', 'verify-email', 'change-email')),
        ADD COLUMN email varchar(254),
        ADD CONSTRAINT account_tokens_verify_has_email CHECK (purpose = 'password-reset' OR email IS NOT NULL)`);

    await q.query(`
      CREATE TABLE user_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        address jsonb NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_addresses_user_idx ON user_addresses (user_id, created_at, id)`);
    await q.query(`CREATE UNIQUE INDEX user_addresses_one_default ON user_addresses (user_id) WHERE is_default`);

    await q.query(`ALTER TABLE orders ALTER COLUMN user_id DROP NOT NULL, ADD COLUMN anonymised_at timestamptz`);
    await q.query(`CREATE INDEX orders_anonymised_created_at_idx ON orders (created_at) WHERE anonymised_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_anonymised_created_at_idx`);
    // Anonymised orders have no buyer to give back: the earlier schema cannot hold them.
    await q.query(`DELETE FROM orders WHERE user_id IS NULL`);
    await q.query(`ALTER TABLE orders DROP COLUMN anonymised_at, ALTER COLUMN user_id SET NOT NULL`);
    await q.query(`DROP TABLE user_addresses`);
    await q.query(`DELETE FROM account_tokens WHERE purpose <> 'password-reset'`);
    await q.query(`ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_verify_has_email, DROP COLUMN email, DROP COLUMN purpose`);
    await q.query(`ALTER TABLE account_tokens RENAME CONSTRAINT account_tokens_user_id_fkey TO password_resets_user_id_fkey`);
    await q.query(`ALTER TABLE account_tokens RENAME CONSTRAINT account_tokens_pkey TO password_resets_pkey`);
    await q.query(`ALTER INDEX account_tokens_user_idx RENAME TO password_resets_user_idx`);
    await q.query(`ALTER TABLE account_tokens RENAME TO password_resets`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_staff_verified, DROP COLUMN email_verified_at`);
  }
}
