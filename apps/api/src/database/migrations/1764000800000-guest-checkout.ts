import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Guest checkout (docs/payments.md, "Guest checkout"): an order without an account carries the guest's e-mail and
 * the SHA-256 of its link's random token (never the token). The buyer's e-mail kept on every order (`user_email`,
 * what admins search by) comes from the guest's e-mail for such an order. Once someone confirms an account at that
 * address, its guest orders join the account (`user_id` set; the e-mail and link stay).
 *
 * Idempotency-Keys of a guest belong to a name-based id made from the guest's e-mail (see guest-buyer.ts), not to a
 * user row, so the keys' reference to users goes. A key outlives a deleted account by at most the keys' keeping time
 * (24 hours): its answer holds an order id and amounts, no personal data.
 */
export class GuestCheckout1764000800000 implements MigrationInterface {
  name = 'GuestCheckout1764000800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN guest_email varchar(254), ADD COLUMN guest_token_hash bytea`);
    await q.query(`CREATE UNIQUE INDEX orders_guest_token_hash_key ON orders (guest_token_hash) WHERE guest_token_hash IS NOT NULL`);
    // The join on a confirmed address: only orders no account owns yet.
    await q.query(`CREATE INDEX orders_guest_email_unowned_idx ON orders (guest_email) WHERE user_id IS NULL AND guest_email IS NOT NULL`);
    await q.query(`
      CREATE OR REPLACE FUNCTION orders_fill_user_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_email IS NULL THEN
          NEW.user_email := coalesce(NEW.guest_email, (SELECT email FROM users WHERE id = NEW.user_id));
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`ALTER TABLE payment_idempotency_keys DROP CONSTRAINT payment_idempotency_keys_user_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM payment_idempotency_keys k WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = k.user_id)`);
    await q.query(
      `ALTER TABLE payment_idempotency_keys ADD CONSTRAINT payment_idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`,
    );
    await q.query(`
      CREATE OR REPLACE FUNCTION orders_fill_user_email() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.user_email IS NULL THEN
          NEW.user_email := (SELECT email FROM users WHERE id = NEW.user_id);
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`DROP INDEX orders_guest_email_unowned_idx, orders_guest_token_hash_key`);
    await q.query(`ALTER TABLE orders DROP COLUMN guest_token_hash, DROP COLUMN guest_email`);
  }
}
